import { CalendarClock, Gauge, HandCoins, Landmark, LogIn, Plus, Sparkles, Wallet } from 'lucide-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useTranslation } from '../../../lib/use-translation.ts';
import { EmptyState } from '../../../components/empty-state.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { StatCard } from '../../../components/ui/stat-card.tsx';
import { CreditRatingText } from '../../../components/credit-rating.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs.tsx';
import { useFormatters } from '../../../hooks/use-formatters.ts';
import { parseCentimes } from '../../../lib/money.ts';
import { toast } from '../../../hooks/use-toast.ts';
import { useLoanEligibility } from '../api/get-loan-eligibility.ts';
import { useLoanSummary } from '../api/get-loan-summary.ts';
import type { LoanRecommendation } from '../api/loan-schemas.ts';
import { DEFAULT_LOAN_FORM, formFromRecommendation, type LoanForm } from '../loan-form.ts';
import { ApplyTab } from './apply-tab.tsx';
import { CreditScoreTab } from './credit-score-tab.tsx';
import { MyLoansTab } from './my-loans-tab.tsx';
import { RecommendationsTab } from './recommendations-tab.tsx';

const TABS = ['my-loans', 'apply', 'recommendations', 'credit-score'] as const;
export type LoansTab = (typeof TABS)[number];
const isTab = (value: string | null): value is LoansTab => (TABS as readonly (string | null)[]).includes(value);

/**
 * /loans (spec part 2 §2): the summary cards, then the member's loans, the application, the
 * recommendations and the credit score. Signed out, each tab asks to sign in and the loan actions
 * answer with the 'Sign In Required' toast. The tab is in the address: `?tab=apply` (the dashboard
 * and the assistant lead there) opens what borrowing needs. What may be borrowed is shown with the eligibility
 * (GET /api/loans/eligibility): below the minimum loan, it says so.
 */
export function LoansPage({ signedIn, onSignIn, phoneNumber }: { signedIn: boolean; onSignIn: () => void; phoneNumber: string | null | undefined }) {
  const { t } = useTranslation();
  const format = useFormatters();
  // The tab is in the address (`?tab=apply`), so a link, a reload or the back button keeps it.
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get('tab');
  const tab: LoansTab = isTab(requested) ? requested : 'my-loans';
  const setTab = (value: LoansTab) =>
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === 'my-loans') next.delete('tab');
        else next.set('tab', value);
        return next;
      },
      { replace: true },
    );
  // Remounting the form with a new key is how a chosen recommendation replaces what was typed.
  const [form, setForm] = useState<{ values: LoanForm; version: number }>({ values: DEFAULT_LOAN_FORM, version: 0 });
  const summaryQuery = useLoanSummary({ enabled: signedIn });
  const summary = summaryQuery.data;
  // A disabled query (signed out) stays pending for ever: only a signed-in member waits for figures.
  const summaryPending = signedIn && summaryQuery.isPending;
  const eligibilityQuery = useLoanEligibility({ enabled: signedIn });
  const eligibility = eligibilityQuery.data;
  const eligibilityState = { data: eligibility, pending: eligibilityQuery.isPending, failed: eligibilityQuery.isError };
  /** What may be borrowed, in words that never offer a figure below the minimum as a loan. */
  const availableHint = eligibility
    ? eligibility.belowMinimum
      ? t('loans.summary.belowMinimum', { amount: format.money(eligibility.availableCredit) })
      : eligibility.eligible
        ? t('loans.summary.available', { amount: format.money(eligibility.availableCredit) })
        : t('loans.summary.availableNotYet', { amount: format.money(eligibility.availableCredit) })
    : '';

  const signInRequired = (description: string) => toast({ variant: 'destructive', title: t('loans.toast.signInRequired'), description });
  const openApply = () => {
    setTab('apply');
    if (!signedIn) signInRequired(t('loans.toast.signInToApply'));
  };
  const openCreditScore = () => {
    setTab('credit-score');
    if (!signedIn) signInRequired(t('loans.toast.signInToAssess'));
  };
  const choose = (recommendation: LoanRecommendation) => {
    setForm((current) => ({ values: formFromRecommendation(recommendation), version: current.version + 1 }));
    setTab('apply');
  };

  // Untouched by a recommendation, the form starts at no more than what may be borrowed now.
  const borrowable = eligibility?.eligible ? Math.floor((parseCentimes(eligibility.maximumLoan) ?? 0) / 100) : undefined;
  const suggestedForm = form.version === 0 && borrowable !== undefined ? { ...form.values, amount: Math.min(form.values.amount, borrowable) } : form.values;

  const prompt = (
    <EmptyState title={t('loans.signIn.title')} text={t('loans.signIn.text')} testId="state-loans-sign-in">
      <Button onClick={onSignIn} data-testid="button-loans-sign-in">
        <LogIn />
        {t('header.signIn')}
      </Button>
    </EmptyState>
  );

  return (
    <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:px-6 lg:px-8">
      <section className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-3xl font-bold tracking-tight" data-testid="text-loans-title">
            {t('loans.title')}
          </h1>
          <p className="mt-2 max-w-2xl text-muted-foreground">{t('loans.subtitle')}</p>
        </div>
        <Button size="lg" onClick={openApply} data-testid="button-apply-loan">
          <Plus />
          {t('loans.applyForLoan')}
        </Button>
      </section>

      <section className="grid grid-cols-2 gap-4 lg:grid-cols-4">
        <StatCard label={t('loans.summary.totalBorrowed')} value={summary ? format.money(summary.totalBorrowed) : '—'} pending={summaryPending} icon={Landmark} testId="stat-total-borrowed" />
        <StatCard
          label={t('loans.summary.activeLoans')}
          value={summary?.activeLoanCount ?? 0}
          {...(eligibility ? { hint: <span data-testid="text-available-hint">{availableHint}</span> } : signedIn && eligibilityQuery.isPending ? { hint: '' } : {})}
          pending={summaryPending}
          icon={Wallet}
          testId="stat-active-loans"
        />
        <StatCard
          label={t('loans.summary.nextPayment')}
          value={summary?.nextPaymentDate ? format.money(summary.nextPaymentAmount) : '—'}
          hint={summary?.nextPaymentDate ? t('loans.summary.dueOn', { date: format.date(summary.nextPaymentDate) }) : t('loans.summary.nothingDue')}
          pending={summaryPending}
          icon={CalendarClock}
          testId="stat-next-loan-payment"
        />
        <StatCard
          label={t('loans.summary.creditScore')}
          value={summary?.creditScore ?? '—'}
          hint={summary?.creditRating ? <CreditRatingText rating={summary.creditRating} testId="text-summary-rating" /> : t('loans.summary.noScore')}
          pending={summaryPending}
          icon={Gauge}
          testId="stat-loans-credit-score"
        />
      </section>

      <Tabs value={tab} onValueChange={(value) => isTab(value) && setTab(value)}>
        <TabsList>
          <TabsTrigger value="my-loans" data-testid="tab-my-loans">
            <HandCoins />
            {t('loans.tabs.myLoans')}
          </TabsTrigger>
          <TabsTrigger value="apply" data-testid="tab-apply">
            <Plus />
            {t('loans.tabs.apply')}
          </TabsTrigger>
          <TabsTrigger value="recommendations" data-testid="tab-recommendations">
            <Sparkles />
            {t('loans.tabs.recommendations')}
          </TabsTrigger>
          <TabsTrigger value="credit-score" data-testid="tab-credit-score">
            <Gauge />
            {t('loans.tabs.creditScore')}
          </TabsTrigger>
        </TabsList>

        <TabsContent value="my-loans">{signedIn ? <MyLoansTab onApplyFirst={openApply} phoneNumber={phoneNumber} /> : prompt}</TabsContent>
        <TabsContent value="apply">
          {signedIn ? (
            // Remounted when what may be borrowed is first known (or changes), so the form starts within it.
            <ApplyTab key={`${form.version}:${borrowable ?? ''}`} initial={suggestedForm} eligibility={eligibilityState} onApplied={() => setTab('my-loans')} onSeeMyLoans={() => setTab('my-loans')} />
          ) : (
            prompt
          )}
        </TabsContent>
        <TabsContent value="recommendations">{signedIn ? <RecommendationsTab onChoose={choose} onCheckCreditScore={openCreditScore} /> : prompt}</TabsContent>
        <TabsContent value="credit-score">{signedIn ? <CreditScoreTab minimumLoan={eligibility?.minimumLoan} onSeeWhatIsNeeded={() => setTab('apply')} /> : prompt}</TabsContent>
      </Tabs>
    </div>
  );
}
