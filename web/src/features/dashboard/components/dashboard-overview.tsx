import { ArrowRight, BookOpen, Bot, CalendarClock, Flame, Gauge, HandCoins, Lightbulb, PiggyBank, Sparkles, Users, Wallet } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { StatCard } from '../../../components/ui/stat-card.tsx';
import { useFormatters } from '../../../hooks/use-formatters.ts';
import { useCreditScore } from '../api/get-credit-score.ts';
import { useDashboardSummary } from '../api/get-dashboard-summary.ts';
import { useLoanRecommendations } from '../api/get-loan-recommendations.ts';
import { useLoans } from '../api/get-loans.ts';
import { recentActivity } from '../recent-activity.ts';

export interface ActivityTontine {
  id: string;
  name: string;
  status?: string | null | undefined;
  createdAt?: string | null | undefined;
}

const ACTIVE_LOAN_STATUSES = new Set(['active', 'overdue']);

/**
 * The signed-in dashboard's Overview (spec part 1 §2.4). Every figure is the member's real data
 * (DOMAIN.md); what does not exist yet (loans, a credit score) reads '—', never a sample value.
 */
export function DashboardOverview({ profileHeader, tontines, onOpenAssistant }: { profileHeader: ReactNode; tontines: readonly ActivityTontine[]; onOpenAssistant: () => void }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const summary = useDashboardSummary({ enabled: true }).data;
  const loans = useLoans({ enabled: true }).data;
  const credit = useCreditScore({ enabled: true }).data;
  const loanRecommendations = useLoanRecommendations({ enabled: true }).data ?? [];
  const activeLoans = loans === undefined || loans === null ? null : loans.filter((loan) => ACTIVE_LOAN_STATUSES.has(loan.status)).length;
  const activity = recentActivity(tontines, loans ?? []);
  const firstRecommendation = credit?.recommendations?.[0];

  return (
    <div className="grid gap-6">
      {profileHeader}

      <section className="grid grid-cols-2 gap-4 lg:grid-cols-4">
        <StatCard label={t('dashboard.totalSavings')} value={summary ? format.money(summary.totalSavings) : '—'} icon={PiggyBank} testId="stat-dashboard-total-savings" />
        <StatCard label={t('dashboard.activeTontines')} value={summary?.activeTontines ?? '—'} icon={Users} testId="stat-dashboard-active-tontines" />
        <StatCard
          label={t('dashboard.creditScore')}
          value={credit ? credit.score : '—'}
          hint={credit ? credit.rating : t('overview.noScoreYet')}
          icon={Gauge}
          testId="stat-dashboard-credit-score"
        />
        <StatCard
          label={t('dashboard.activeLoans')}
          value={activeLoans ?? '—'}
          {...(activeLoans === null ? { hint: t('overview.loansLater') } : {})}
          icon={Wallet}
          testId="stat-dashboard-active-loans"
        />
      </section>

      <Card className="bg-gradient-to-br from-hero-from to-hero-to p-5" data-testid="card-ai-insights">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 className="flex items-center gap-2 font-semibold">
            <Sparkles className="size-5 text-primary" />
            {t('overview.insightsTitle')}
          </h2>
          <Button size="sm" variant="outline" onClick={onOpenAssistant} data-testid="button-insights-assistant">
            <Bot />
            {t('overview.askAssistant')}
          </Button>
        </div>
        <ul className="mt-4 grid gap-2 text-sm">
          <li>
            {summary?.onTimeRate === null || summary === undefined
              ? t('overview.insightNoHistory')
              : t('overview.insightOnTime', { percent: Math.round(summary.onTimeRate) })}
          </li>
          <li>{credit?.maxLoanAmount ? t('overview.insightLoanLimit', { amount: format.money(credit.maxLoanAmount) }) : t('overview.insightNoLimit')}</li>
          {loanRecommendations[0] && (
            <li>{t('overview.insightLoanRecommendation', { purpose: loanRecommendations[0].purpose, amount: format.money(loanRecommendations[0].amount) })}</li>
          )}
        </ul>
      </Card>

      <section className="grid gap-4 md:grid-cols-3">
        <StatCard
          label={t('overview.savingsStreak')}
          value={summary ? summary.savingsStreakMonths : '—'}
          hint={t('overview.streakHint')}
          icon={Flame}
          testId="stat-savings-streak"
        />
        <StatCard
          label={t('overview.nextPayment')}
          value={summary?.nextPayment ? format.money(summary.nextPayment.amount) : '—'}
          hint={summary?.nextPayment ? `${format.date(summary.nextPayment.dueDate)} · ${summary.nextPayment.tontineName}` : t('overview.nothingDue')}
          icon={CalendarClock}
          testId="stat-next-payment"
        />
        <StatCard
          label={t('overview.availableCredit')}
          value={credit?.maxLoanAmount ? format.money(credit.maxLoanAmount) : '—'}
          hint={credit?.maxLoanAmount ? t('overview.availableCreditHint') : t('overview.noScoreYet')}
          icon={HandCoins}
          testId="stat-available-credit"
        />
      </section>

      <div className="grid gap-6 lg:grid-cols-3">
        <Card className="p-5 lg:col-span-2" data-testid="card-recent-activity">
          <h2 className="font-semibold">{t('overview.recentActivity')}</h2>
          {activity.length === 0 ? (
            <p className="mt-4 text-sm text-muted-foreground">{t('overview.noActivity')}</p>
          ) : (
            <ul className="mt-4 divide-y divide-border">
              {activity.map((entry) =>
                entry.kind === 'tontine' ? (
                  <li key={`t-${entry.item.id}`} className="flex items-center gap-3 py-3">
                    <span className="flex size-9 items-center justify-center rounded-full bg-primary/10 text-primary">
                      <Users className="size-4" />
                    </span>
                    <Link to={`/tontines/${entry.item.id}`} className="min-w-0 flex-1 truncate font-medium hover:underline">
                      {t('overview.activityTontine', { name: entry.item.name })}
                    </Link>
                    <span className="text-xs text-muted-foreground">{format.date(entry.at)}</span>
                  </li>
                ) : (
                  <li key={`l-${entry.item.id}`} className="flex items-center gap-3 py-3">
                    <span className="flex size-9 items-center justify-center rounded-full bg-accent/20 text-accent-foreground">
                      <HandCoins className="size-4" />
                    </span>
                    <span className="min-w-0 flex-1 truncate font-medium">
                      {t('overview.activityLoan', { amount: format.money(entry.item.amount), status: entry.item.status })}
                    </span>
                    <span className="text-xs text-muted-foreground">{format.date(entry.at)}</span>
                  </li>
                ),
              )}
            </ul>
          )}
        </Card>

        <Card className="flex flex-col gap-3 p-5" data-testid="card-assistant-chat">
          <h2 className="flex items-center gap-2 font-semibold">
            <Bot className="size-5 text-primary" />
            {t('overview.assistantTitle')}
          </h2>
          <p className="text-sm text-muted-foreground">{t('overview.assistantText')}</p>
          <Button className="mt-auto" onClick={onOpenAssistant} data-testid="button-open-assistant">
            {t('overview.startChat')}
          </Button>
        </Card>
      </div>

      <div className="grid gap-6 lg:grid-cols-2">
        <Card className="p-5" data-testid="card-quick-actions">
          <h2 className="font-semibold">{t('overview.quickActions')}</h2>
          <div className="mt-4 grid gap-2 sm:grid-cols-2">
            <QuickLink to="/tontines" icon={Users} label={t('overview.actionTontines')} />
            <QuickLink to="/loans" icon={HandCoins} label={t('overview.actionLoan')} />
            <QuickLink to="/education" icon={BookOpen} label={t('overview.actionLearn')} />
            <Button variant="outline" className="justify-start" onClick={onOpenAssistant} data-testid="button-quick-assistant">
              <Bot />
              {t('overview.askAssistant')}
            </Button>
          </div>
        </Card>
        <Card className="p-5" data-testid="card-ai-recommendation">
          <h2 className="flex items-center gap-2 font-semibold">
            <Lightbulb className="size-5 text-accent" />
            {t('overview.recommendationTitle')}
          </h2>
          <p className="mt-3 text-sm text-muted-foreground">{firstRecommendation ?? t('overview.noRecommendation')}</p>
        </Card>
      </div>
    </div>
  );
}

function QuickLink({ to, icon: Icon, label }: { to: string; icon: typeof Users; label: string }) {
  return (
    <Button asChild variant="outline" className="justify-start">
      <Link to={to}>
        <Icon />
        <span className="flex-1 text-left">{label}</span>
        <ArrowRight className="opacity-50" />
      </Link>
    </Button>
  );
}
