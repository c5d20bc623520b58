import { AlertTriangle, CalendarClock, CheckCircle2, Clock, Percent, Wallet } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import type { TFunction } from '../../../lib/i18n.ts';
import { Skeleton, SkeletonRows } from '../../../components/skeleton.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { StatCard } from '../../../components/ui/stat-card.tsx';
import { useFormatters } from '../../../hooks/use-formatters.ts';
import { useMyContributions, type Contribution } from '../api/get-my-contributions.ts';
import { effectiveStatus, isDue, panelFigures } from '../contribution-status.ts';
import { ContributionStatusBadge } from './contribution-status-badge.tsx';

/** The panel while the contributions load: its four figures and its two lists, each in its place. */
function ContributionsSkeleton() {
  const { t } = useTranslation();
  return (
    <div className="grid gap-6" aria-busy="true" data-testid="skeleton-contributions">
      <section className="grid grid-cols-2 gap-4 lg:grid-cols-4">
        <StatCard label={t('contributions.stats.totalContributed')} value={null} pending icon={Wallet} testId="stat-total-contributed" />
        <StatCard label={t('contributions.stats.pendingAmount')} value={null} pending icon={Clock} testId="stat-pending-amount" />
        <StatCard label={t('contributions.stats.upcoming')} value={null} hint="" pending icon={CalendarClock} testId="stat-upcoming" />
        <StatCard label={t('contributions.stats.onTimeRate')} value={null} pending icon={Percent} testId="stat-on-time-rate" />
      </section>
      <div className="grid gap-6 lg:grid-cols-2">
        {[t('contributions.upcomingTitle'), t('contributions.recentTitle')].map((title) => (
          <Card key={title} className="p-5">
            <h2 className="font-semibold">{title}</h2>
            <SkeletonRows count={2} className="mt-4" rowClassName="h-14" />
          </Card>
        ))}
      </div>
    </div>
  );
}

/** The contributions panel (spec part 1 §2.5); `renderPay` puts the Pay action on what is due. */
export function ContributionsPanel({ renderPay }: { renderPay: (contribution: Contribution) => ReactNode }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const { data, isPending, isError } = useMyContributions({ enabled: true });

  if (isPending) return <ContributionsSkeleton />;
  if (isError) return <p role="alert" className="text-sm text-destructive">{t('contributions.loadFailed')}</p>;

  const now = new Date();
  const figures = panelFigures(data, now);

  return (
    <div className="grid gap-6" data-testid="panel-contributions">
      <section className="grid grid-cols-2 gap-4 lg:grid-cols-4">
        <StatCard label={t('contributions.stats.totalContributed')} value={format.centimes(figures.totalContributed)} icon={Wallet} testId="stat-total-contributed" />
        <StatCard label={t('contributions.stats.pendingAmount')} value={format.centimes(figures.pendingAmount)} icon={Clock} testId="stat-pending-amount" />
        <StatCard
          label={t('contributions.stats.upcoming')}
          value={format.centimes(figures.upcomingAmount)}
          hint={t('contributions.stats.upcomingCount', { count: figures.upcoming.length })}
          icon={CalendarClock}
          testId="stat-upcoming"
        />
        <StatCard label={t('contributions.stats.onTimeRate')} value={figures.onTimeRate === null ? '—' : `${figures.onTimeRate}%`} icon={Percent} testId="stat-on-time-rate" />
      </section>

      {figures.overdue.length > 0 && (
        <Card tone="alert" className="p-5" data-testid="card-overdue">
          <h2 className="flex items-center gap-2 font-semibold text-destructive">
            <AlertTriangle className="size-5" />
            {t('contributions.overdueTitle')}
          </h2>
          <p className="mt-1 text-sm text-muted-foreground">{t('contributions.overdueText')}</p>
          <Rows items={figures.overdue} now={now} renderPay={renderPay} date="due" />
        </Card>
      )}

      <div className="grid gap-6 lg:grid-cols-2">
        <Card className="p-5" data-testid="card-upcoming">
          <h2 className="flex items-center gap-2 font-semibold">
            <CalendarClock className="size-5 text-primary" />
            {t('contributions.upcomingTitle')}
          </h2>
          {figures.upcoming.length === 0 ? (
            <p className="mt-4 text-sm text-muted-foreground">{t('contributions.upcomingEmpty')}</p>
          ) : (
            <Rows items={figures.upcoming} now={now} renderPay={renderPay} date="due" />
          )}
        </Card>
        <Card className="p-5" data-testid="card-recent">
          <h2 className="flex items-center gap-2 font-semibold">
            <CheckCircle2 className="size-5 text-primary" />
            {t('contributions.recentTitle')}
          </h2>
          {figures.recent.length === 0 ? (
            <p className="mt-4 text-sm text-muted-foreground">{t('contributions.recentEmpty')}</p>
          ) : (
            <Rows items={figures.recent} now={now} renderPay={renderPay} date="paid" />
          )}
        </Card>
      </div>
    </div>
  );
}

function Rows({ items, now, renderPay, date }: { items: Contribution[]; now: Date; renderPay: (c: Contribution) => ReactNode; date: 'due' | 'paid' }) {
  const { t } = useTranslation();
  const format = useFormatters();
  return (
    <ul className="mt-4 divide-y divide-border">
      {items.map((contribution) => (
        <li key={contribution.id} className="flex flex-wrap items-center gap-3 py-3" data-testid={`row-contribution-${contribution.id}`}>
          <div className="min-w-0 flex-1">
            <p className="break-words font-medium">{contribution.tontineName ?? '—'}</p>
            <p className="text-xs text-muted-foreground">
              {date === 'due'
                ? t('contributions.dueOn', { date: format.date(contribution.dueDate) })
                : t('contributions.paidOn', { date: format.date(contribution.paidDate) })}
              {contribution.paymentMethod ? ` · ${paymentMethodText(t, contribution.paymentMethod)}` : ''}
            </p>
          </div>
          <span className="font-semibold tabular-nums">{format.money(contribution.amount)}</span>
          <ContributionStatusBadge status={effectiveStatus(contribution, now)} testId={`status-contribution-${contribution.id}`} />
          {isDue(contribution, now) && renderPay(contribution)}
        </li>
      ))}
    </ul>
  );
}

/** How a contribution was paid, in words; a method this client does not know shows as nothing rather than a code. */
function paymentMethodText(t: TFunction, method: string): string {
  return method === 'mobile_money' || method === 'card' || method === 'pot_deduction' ? t(`contributions.paymentMethods.${method}`) : '—';
}
