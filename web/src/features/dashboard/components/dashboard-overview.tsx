import { ArrowRight, BookOpen, Bot, CalendarClock, Flame, Gauge, HandCoins, Lightbulb, PiggyBank, Sparkles, Users, Wallet } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import { Link } from 'react-router-dom';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { LoadingText, SkeletonLine, SkeletonRows } from '../../../components/skeleton.tsx';
import { StatCard } from '../../../components/ui/stat-card.tsx';
import { CreditRatingText } from '../../../components/credit-rating.tsx';
import { StatementDownloads } from '../../../components/statement-downloads.tsx';
import { useFormatters } from '../../../hooks/use-formatters.ts';
import { useDashboardSummary } from '../api/get-dashboard-summary.ts';
import { recentActivity } from '../recent-activity.ts';

export interface ActivityTontine {
  id: string;
  name: string;
  status?: string | null | undefined;
  createdAt?: string | null | undefined;
}

export interface ActivityLoan {
  id: string;
  amount: string;
  status: 'pending' | 'approved' | 'rejected' | 'active' | 'overdue' | 'repaid';
  appliedAt: string;
}

/** The member's lending figures, read by the route from the loans feature; undefined while they load. */
export interface LendingFigures {
  activeLoanCount: number;
  /** What may be borrowed (GET /api/loans/eligibility): below the minimum, the card says so. */
  borrowing: { eligible: boolean; availableCredit: string; belowMinimum: boolean; minimumLoan: string };
  /** The latest credit assessment; null before the first. */
  credit: { score: number; rating: 'Excellent' | 'Good' | 'Fair' | 'Poor' | 'Very Poor'; firstRecommendation: string | undefined } | null;
  suggestedLoan: { purpose: string; amount: string } | undefined;
  loans: readonly ActivityLoan[];
}

/**
 * The signed-in dashboard's Overview (spec part 1 §2.4). Every figure is the member's real data
 * (DOMAIN.md); what is not known (a credit score before the first assessment, a figure whose call
 * failed) reads '—', never a sample value, and nothing is rated that has no record (no on-time
 * rate before the first paid contribution). A figure on its way shows a skeleton (skeleton.tsx),
 * never '—' nor an empty-state sentence: loading is not "nothing".
 */
export function DashboardOverview({
  profileHeader,
  tontines,
  lending,
  onOpenAssistant,
  onAssistantIntent,
}: {
  profileHeader: ReactNode;
  /** The member's groups; undefined while they load. */
  tontines: readonly ActivityTontine[] | undefined;
  /** The lending figures: undefined with `pending` while they load, undefined alone if a call failed. */
  lending: { figures: LendingFigures | undefined; pending: boolean };
  onOpenAssistant: () => void;
  /** The pointer or focus reached an assistant button: its dialog's code may start loading. */
  onAssistantIntent: () => void;
}) {
  const { t } = useTranslation();
  const format = useFormatters();
  const summaryQuery = useDashboardSummary({ enabled: true });
  const summary = summaryQuery.data;
  const summaryPending = summaryQuery.isPending;
  const lendingPending = lending.pending;
  const figures = lending.figures;
  const credit = figures?.credit;
  const activityPending = tontines === undefined || lendingPending;
  const activity = recentActivity(tontines ?? [], figures?.loans ?? []);
  const firstRecommendation = credit?.firstRecommendation;

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
      {profileHeader}

      <section className="grid grid-cols-2 gap-4 lg:grid-cols-4">
        <StatCard label={t('dashboard.totalSavings')} value={summary ? format.money(summary.totalSavings) : '—'} pending={summaryPending} icon={PiggyBank} testId="stat-dashboard-total-savings" />
        <StatCard label={t('dashboard.activeTontines')} value={summary?.activeTontines ?? '—'} pending={summaryPending} icon={Users} testId="stat-dashboard-active-tontines" />
        <StatCard
          label={t('dashboard.creditScore')}
          value={credit ? credit.score : '—'}
          hint={credit ? <CreditRatingText rating={credit.rating} testId="text-dashboard-rating" /> : t('overview.noScoreYet')}
          pending={lendingPending}
          icon={Gauge}
          testId="stat-dashboard-credit-score"
        />
        <StatCard
          label={t('dashboard.activeLoans')}
          value={figures?.activeLoanCount ?? '—'}
          pending={lendingPending}
          icon={Wallet}
          testId="stat-dashboard-active-loans"
        />
      </section>

      <Card tone="hero" className="p-5" data-testid="card-ai-insights">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 className="flex items-center gap-2 font-semibold">
            <Sparkles className="size-5 text-primary" />
            {t('overview.insightsTitle')}
          </h2>
          <Button size="sm" variant="outline" onClick={onOpenAssistant} onPointerEnter={onAssistantIntent} onFocus={onAssistantIntent} data-testid="button-insights-assistant">
            <Bot />
            {t('overview.askAssistant')}
          </Button>
        </div>
        <ul className="mt-4 grid gap-2 text-sm" aria-busy={summaryPending || lendingPending || undefined}>
          {/* Each line once its figures are in: while they load, "no history" or "no assessment" would be a guess. */}
          {(summaryPending || lendingPending) && (
            <li>
              <LoadingText />
            </li>
          )}
          {summaryPending && (
            <li>
              <SkeletonLine width="w-72" />
            </li>
          )}
          {summary && (
            <li data-testid="insight-on-time">
              {summary.onTimeRate === null
                ? t('overview.insightNoHistory')
                : t('overview.insightOnTime', { percent: Math.round(summary.onTimeRate) })}
            </li>
          )}
          {lendingPending && (
            <li>
              <SkeletonLine width="w-64" />
            </li>
          )}
          {figures && (
            <li data-testid="insight-loan-limit">
              {figures.borrowing.eligible ? t('overview.insightLoanLimit', { amount: format.money(figures.borrowing.availableCredit) }) : t('overview.insightCannotBorrow')}
            </li>
          )}
          {figures?.suggestedLoan && (
            <li>{t('overview.insightLoanRecommendation', { purpose: figures.suggestedLoan.purpose, amount: format.money(figures.suggestedLoan.amount) })}</li>
          )}
        </ul>
      </Card>

      <section className="grid grid-cols-[minmax(0,1fr)] gap-4 md:grid-cols-3">
        <StatCard
          label={t('overview.savingsStreak')}
          value={summary ? summary.savingsStreakMonths : '—'}
          hint={t('overview.streakHint')}
          pending={summaryPending}
          icon={Flame}
          testId="stat-savings-streak"
        />
        <StatCard
          label={t('overview.nextPayment')}
          value={summary?.nextPayment ? format.money(summary.nextPayment.amount) : '—'}
          hint={summary?.nextPayment ? `${format.date(summary.nextPayment.dueDate)} · ${summary.nextPayment.tontineName}` : t('overview.nothingDue')}
          pending={summaryPending}
          icon={CalendarClock}
          testId="stat-next-payment"
        />
        <StatCard
          label={t('overview.availableCredit')}
          value={figures ? format.money(figures.borrowing.availableCredit) : '—'}
          hint={<AvailableCreditHint borrowing={figures?.borrowing} />}
          pending={lendingPending}
          icon={HandCoins}
          testId="stat-available-credit"
        />
      </section>

      <div className="grid grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-3">
        <Card className="p-5 lg:col-span-2" data-testid="card-recent-activity">
          <h2 className="font-semibold">{t('overview.recentActivity')}</h2>
          {activityPending ? (
            <SkeletonRows count={3} className="mt-4" rowClassName="h-[3.75rem]" testId="skeleton-recent-activity" />
          ) : activity.length === 0 ? (
            <p className="mt-4 text-sm text-muted-foreground">{t('overview.noActivity')}</p>
          ) : (
            <ul className="mt-4 divide-y divide-border">
              {activity.map((entry) =>
                entry.kind === 'tontine' ? (
                  <li key={`t-${entry.item.id}`} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-3">
                    <span className="flex size-9 items-center justify-center rounded-full bg-primary/10 text-primary">
                      <Users className="size-4" />
                    </span>
                    <Link to={`/tontines/${entry.item.id}`} className="min-w-0 flex-1 break-words font-medium hover:underline max-sm:py-2.5">
                      {t('overview.activityTontine', { name: entry.item.name })}
                    </Link>
                    <span className="shrink-0 text-xs text-muted-foreground max-sm:basis-full max-sm:pl-12">{format.date(entry.at)}</span>
                  </li>
                ) : (
                  <li key={`l-${entry.item.id}`} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-3">
                    <span className="flex size-9 items-center justify-center rounded-full bg-accent/20 text-accent-foreground">
                      <HandCoins className="size-4" />
                    </span>
                    <span className="min-w-0 flex-1 break-words font-medium">
                      {t('overview.activityLoan', { amount: format.money(entry.item.amount), status: t(`loans.status.${entry.item.status}`) })}
                    </span>
                    <span className="shrink-0 text-xs text-muted-foreground max-sm:basis-full max-sm:pl-12">{format.date(entry.at)}</span>
                  </li>
                ),
              )}
            </ul>
          )}
          <div className="mt-4 border-t pt-4">
            <StatementDownloads path="/api/statements/me" fileName="ikimina-statement" label={t('statements.member')} testId="statement-member" />
          </div>
        </Card>

        <Card className="flex flex-col gap-3 p-5" data-testid="card-assistant-chat">
          <h2 className="flex items-center gap-2 font-semibold">
            <Bot className="size-5 text-primary" />
            {t('overview.assistantTitle')}
          </h2>
          <p className="text-sm text-muted-foreground">{t('overview.assistantText')}</p>
          <Button className="mt-auto" onClick={onOpenAssistant} onPointerEnter={onAssistantIntent} onFocus={onAssistantIntent} data-testid="button-open-assistant">
            {t('overview.startChat')}
          </Button>
        </Card>
      </div>

      <div className="grid grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-2">
        <Card className="p-5" data-testid="card-quick-actions">
          <h2 className="font-semibold">{t('overview.quickActions')}</h2>
          <div className="mt-4 grid gap-2 sm:grid-cols-2">
            <QuickLink to="/tontines" icon={Users} label={t('overview.actionTontines')} />
            <QuickLink to="/loans" icon={HandCoins} label={t('overview.actionLoan')} />
            <QuickLink to="/education" icon={BookOpen} label={t('overview.actionLearn')} />
            <Button variant="outline" size="tall" align="start" onClick={onOpenAssistant} onPointerEnter={onAssistantIntent} onFocus={onAssistantIntent} data-testid="button-quick-assistant">
              <Bot />
              <span className="min-w-0 whitespace-normal text-left">{t('overview.askAssistant')}</span>
            </Button>
          </div>
        </Card>
        <Card className="p-5" data-testid="card-ai-recommendation">
          <h2 className="flex items-center gap-2 font-semibold">
            <Lightbulb className="size-5 text-accent" />
            {t('overview.recommendationTitle')}
          </h2>
          {lendingPending ? (
            <p className="mt-3 text-sm" aria-busy="true">
              <LoadingText />
              <SkeletonLine width="w-full" />
            </p>
          ) : (
            <p className="mt-3 text-sm text-muted-foreground">{firstRecommendation ?? t('overview.noRecommendation')}</p>
          )}
        </Card>
      </div>
    </div>
  );
}

function QuickLink({ to, icon: Icon, label }: { to: string; icon: typeof Users; label: string }) {
  return (
    <Button asChild variant="outline" size="tall" align="start">
      <Link to={to}>
        <Icon />
        {/* The label wraps rather than widen the page at 360 px (a long Kinyarwanda label did). */}
        <span className="min-w-0 flex-1 whitespace-normal text-left">{label}</span>
        <ArrowRight className="opacity-50" />
      </Link>
    </Button>
  );
}

/** Under the available credit: the rule when the member may borrow; otherwise why not yet, leading to the checklist. */
function AvailableCreditHint({ borrowing }: { borrowing: LendingFigures['borrowing'] | undefined }) {
  const { t } = useTranslation();
  const format = useFormatters();
  if (borrowing === undefined || borrowing.eligible) return t('overview.availableCreditHint');
  return (
    <Link to="/loans?tab=apply" className="font-medium text-amber-700 underline-offset-4 hover:underline dark:text-amber-400" data-testid="link-available-credit-needs">
      {borrowing.belowMinimum ? t('overview.availableBelowMinimum', { minimum: format.money(borrowing.minimumLoan) }) : t('overview.availableNotYet')}
    </Link>
  );
}
