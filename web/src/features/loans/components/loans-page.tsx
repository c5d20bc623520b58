import { CalendarClock, Gauge, HandCoins, Landmark, LogIn, Plus, Sparkles, Wallet } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import { EmptyState } from '../../../components/empty-state.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { StatCard } from '../../../components/ui/stat-card.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs.tsx';
import { useFormatters } from '../../../hooks/use-formatters.ts';
import { toast } from '../../../hooks/use-toast.ts';
import { useLoanSummary } from '../api/get-loan-summary.ts';
import type { LoanRecommendation } from '../api/loan-schemas.ts';
import { DEFAULT_LOAN_FORM, formFromRecommendation, type LoanForm } from '../loan-form.ts';
import { ApplyTab } from './apply-tab.tsx';
import { CreditScoreTab } from './credit-score-tab.tsx';
import { MyLoansTab } from './my-loans-tab.tsx';
import { RecommendationsTab } from './recommendations-tab.tsx';

export type LoansTab = 'my-loans' | 'apply' | 'recommendations' | 'credit-score';

/**
 * /loans (spec part 2 §2): the summary cards, then the member's loans, the application, the
 * recommendations and the credit score. Signed out, each tab asks to sign in and the loan actions
 * answer with the 'Sign In Required' toast.
 */
export function LoansPage({ signedIn, onSignIn, phoneNumber }: { signedIn: boolean; onSignIn: () => void; phoneNumber: string | null | undefined }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const [tab, setTab] = useState<LoansTab>('my-loans');
  // Remounting the form with a new key is how a chosen recommendation replaces what was typed.
  const [form, setForm] = useState<{ values: LoanForm; version: number }>({ values: DEFAULT_LOAN_FORM, version: 0 });
  const summaryQuery = useLoanSummary({ enabled: signedIn });
  const summary = summaryQuery.data;
  // A disabled query (signed out) stays pending for ever: only a signed-in member waits for figures.
  const summaryPending = signedIn && summaryQuery.isPending;

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
          {...(summary ? { hint: t('loans.summary.available', { amount: format.money(summary.availableCredit) }) } : summaryPending ? { hint: '' } : {})}
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
          hint={summary?.creditRating ? t(`loans.ratings.${summary.creditRating}`) : t('loans.summary.noScore')}
          pending={summaryPending}
          icon={Gauge}
          testId="stat-loans-credit-score"
        />
      </section>

      <Tabs value={tab} onValueChange={(value) => setTab(value as LoansTab)}>
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
            <ApplyTab key={form.version} initial={form.values} availableCredit={summary?.availableCredit} onApplied={() => setTab('my-loans')} />
          ) : (
            prompt
          )}
        </TabsContent>
        <TabsContent value="recommendations">{signedIn ? <RecommendationsTab onChoose={choose} onCheckCreditScore={openCreditScore} /> : prompt}</TabsContent>
        <TabsContent value="credit-score">{signedIn ? <CreditScoreTab /> : prompt}</TabsContent>
      </Tabs>
    </div>
  );
}
