import { AlertCircle, Clock, HandCoins, Lightbulb, MessageSquare, Store, TrendingUp, Users, Wallet } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import { Link } from 'react-router-dom';
import { LoadingRegion, Skeleton } from '../../../components/skeleton.tsx';
import { StatusBadge } from '../../../components/status-badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { StatCard } from '../../../components/ui/stat-card.tsx';
import { useFormatters } from '../../../hooks/use-formatters.ts';
import { isMerchantCategory } from '../../../lib/registration-rules.ts';
import { agentRecommendations } from '../agent-dashboard-figures.ts';
import type { Commission } from '../api/agent-schemas.ts';
import { useAgentDashboard } from '../api/get-agent-dashboard.ts';

/**
 * /agent/dashboard (spec part 2 §2): the agent's summary, four figures, merchants onboarded,
 * commissions earned and pending, projected earnings, and the compliance-review banner while
 * accreditation is pending. A failed load (not an agent) offers registration.
 */
export function AgentDashboardPage() {
  const { t } = useTranslation();
  const format = useFormatters();
  const dashboard = useAgentDashboard();

  if (dashboard.isPending) {
    return (
      <LoadingRegion className="mx-auto grid max-w-6xl grid-cols-1 gap-6 px-4 py-10 sm:px-6 lg:px-8" label={t('agentDashboard.loading')} testId="skeleton-agent-dashboard">
        <div className="grid gap-2">
          <Skeleton className="h-9 w-56 max-w-full" />
          <Skeleton className="h-6 w-72 max-w-full" />
        </div>
        <div className="grid grid-cols-1 gap-4 min-[420px]:grid-cols-2 lg:grid-cols-4">
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} rounded="rounded-2xl" className="h-32" />
          ))}
        </div>
        <div className="grid gap-6 lg:grid-cols-2">
          <Skeleton rounded="rounded-2xl" className="h-64" />
          <Skeleton rounded="rounded-2xl" className="h-64" />
        </div>
      </LoadingRegion>
    );
  }
  if (dashboard.isError) {
    return (
      <div className="mx-auto grid max-w-2xl gap-4 px-4 py-10">
        <div role="alert" className="flex gap-3 rounded-xl border border-destructive/50 p-4 text-destructive" data-testid="alert-agent-dashboard-failed">
          <AlertCircle className="size-5 shrink-0" />
          <p className="text-sm">{t('agentDashboard.loadFailed')}</p>
        </div>
        <Button asChild className="justify-self-start">
          <Link to="/agent/register" data-testid="button-register-agent">
            {t('agentDashboard.registerAsAgent')}
          </Link>
        </Button>
      </div>
    );
  }

  const { agent, stats, recentMerchants, recentCommissions, pendingCommissions } = dashboard.data;
  const categoryText = (category: string | null | undefined) => (category && isMerchantCategory(category) ? t(`merchantRegister.categories.${category}`) : '—');
  const status = agent.accreditationStatus ?? 'pending';
  const recommendations = agentRecommendations(stats.totalMerchantsOnboarded, recentMerchants);

  return (
    <div className="mx-auto grid max-w-6xl grid-cols-1 gap-6 px-4 py-10 sm:px-6 lg:px-8">
      <header className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div className="min-w-0">
          <h1 className="text-3xl font-bold tracking-tight" data-testid="text-agent-dashboard-title">
            {t('agentDashboard.title')}
          </h1>
          <div className="mt-2 flex flex-wrap items-center gap-2 text-muted-foreground">
            {agent.businessName && <span className="font-medium text-foreground">{agent.businessName}</span>}
            <span data-testid="text-agent-code">
              {t('agentDashboard.agentCode')}: <span className="font-mono">{agent.agentCode ?? '—'}</span>
            </span>
            {agent.district && <span>· {agent.district}</span>}
            <StatusBadge status={status} testId="badge-agent-status" />
          </div>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button asChild>
            <Link to="/merchant/register" data-testid="link-onboard-merchant">
              <Store />
              {t('agentDashboard.onboardMerchant')}
            </Link>
          </Button>
          <Button asChild variant="outline">
            <Link to="/ai-chat" data-testid="link-agent-ai-chat">
              <MessageSquare />
              {t('agentDashboard.askAi')}
            </Link>
          </Button>
        </div>
      </header>

      {status === 'pending' && (
        <div role="status" className="flex gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-900 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-200" data-testid="banner-agent-pending">
          <Clock className="size-5 shrink-0" />
          <div>
            <p className="font-semibold">{t('agentDashboard.pendingTitle')}</p>
            <p className="text-sm">{t('agentDashboard.pendingText')}</p>
          </div>
        </div>
      )}

      <section className="grid grid-cols-1 gap-4 min-[420px]:grid-cols-2 lg:grid-cols-4">
        <StatCard
          label={t('agentDashboard.merchantsOnboarded')}
          value={stats.totalMerchantsOnboarded}
          hint={t('agentDashboard.activeCount', { count: stats.activeMerchants })}
          icon={Users}
          testId="stat-merchants-onboarded"
        />
        <StatCard label={t('agentDashboard.totalEarned')} value={format.money(stats.totalEarned)} hint={t('agentDashboard.earnedHint')} icon={Wallet} testId="stat-total-earned" />
        <StatCard label={t('agentDashboard.pendingEarnings')} value={format.money(stats.pendingEarnings)} hint={t('agentDashboard.pendingHint')} icon={HandCoins} testId="stat-pending-earnings" />
        <StatCard
          label={t('agentDashboard.projected')}
          value={format.money(stats.projectedEarnings)}
          hint={t('agentDashboard.projectedHint')}
          icon={TrendingUp}
          testId="stat-projected-earnings"
        />
      </section>

      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <Panel title={t('agentDashboard.recentMerchants')} testId="card-recent-merchants">
          {recentMerchants.length === 0 ? (
            <Empty text={t('agentDashboard.noMerchants')} testId="empty-merchants" />
          ) : (
            <ul className="divide-y divide-border">
              {recentMerchants.map((merchant) => (
                <li key={merchant.id} className="flex items-center justify-between gap-3 py-3" data-testid={`row-merchant-${merchant.merchantCode}`}>
                  <div className="min-w-0">
                    <p className="break-words font-medium">{merchant.businessName}</p>
                    <p className="break-words text-xs text-muted-foreground">
                      <span className="font-mono">{merchant.merchantCode}</span> · {categoryText(merchant.merchantCategory)} · {format.date(merchant.createdAt)}
                    </p>
                  </div>
                  <StatusBadge status={merchant.merchantStatus} />
                </li>
              ))}
            </ul>
          )}
        </Panel>
        <Panel title={t('agentDashboard.recommendations')} testId="card-agent-recommendations">
          {recommendations.length === 0 ? (
            <Empty text={t('agentDashboard.noRecommendations')} testId="empty-recommendations" />
          ) : (
            <ul className="grid gap-3">
              {recommendations.map((recommendation) => (
                <li key={recommendation.key} className="flex gap-3 text-sm">
                  <Lightbulb className="mt-0.5 size-4 shrink-0 text-primary" />
                  <span>{'count' in recommendation ? t(`agentDashboard.${recommendation.key}`, { count: recommendation.count }) : t(`agentDashboard.${recommendation.key}`)}</span>
                </li>
              ))}
            </ul>
          )}
        </Panel>
        {/* Apart: Recent Commissions are the paid ones (what Total Earned counts), Pending the ones the next payout pays. */}
        <Panel title={t('agentDashboard.recentCommissions')} hint={t('agentDashboard.paidHint')} testId="card-recent-commissions">
          {recentCommissions.length === 0 ? <Empty text={t('agentDashboard.noCommissions')} testId="empty-commissions" /> : <CommissionList commissions={recentCommissions} total={stats.paidCommissions} />}
        </Panel>
        <Panel title={t('agentDashboard.pendingCommissions')} hint={t('agentDashboard.pendingHint')} testId="card-pending-commissions">
          {pendingCommissions.length === 0 ? <Empty text={t('agentDashboard.noPending')} testId="empty-pending-commissions" /> : <CommissionList commissions={pendingCommissions} total={stats.pendingCommissions} />}
        </Panel>
      </div>
    </div>
  );
}

function Panel({ title, hint, testId, children }: { title: string; hint?: string; testId: string; children: ReactNode }) {
  return (
    <Card className="p-5" data-testid={testId}>
      <h2 className={hint === undefined ? 'mb-3 text-lg font-semibold' : 'text-lg font-semibold'}>{title}</h2>
      {hint !== undefined && <p className="mb-3 text-xs text-muted-foreground">{hint}</p>}
      {children}
    </Card>
  );
}

function Empty({ text, testId }: { text: string; testId: string }) {
  return (
    <p className="py-6 text-center text-sm text-muted-foreground" data-testid={testId}>
      {text}
    </p>
  );
}

/** Each row names the merchant and the sale the commission was earned on; the newest 10 of `total`. */
function CommissionList({ commissions, total }: { commissions: Commission[]; total: number }) {
  const { t } = useTranslation();
  const format = useFormatters();
  return (
    <>
      <ul className="divide-y divide-border">
        {commissions.map((commission) => (
          <li key={commission.id} className="flex items-center justify-between gap-3 py-3" data-testid={`row-commission-${commission.id}`}>
            <div className="min-w-0">
              <p className="break-words font-medium" data-testid={`text-commission-merchant-${commission.id}`}>
                {commission.merchant.businessName}
              </p>
              <p className="text-xs text-muted-foreground" data-testid={`text-commission-sale-${commission.id}`}>
                {t('agentDashboard.commissionOnSale', { amount: format.money(commission.sale.amount), date: format.date(commission.sale.at) })}
              </p>
            </div>
            <div className="flex shrink-0 flex-col items-end gap-1">
              <span className="font-semibold tabular-nums" data-testid={`text-commission-amount-${commission.id}`}>
                {format.money(commission.amount)}
              </span>
              <StatusBadge status={commission.status} />
            </div>
          </li>
        ))}
      </ul>
      {total > commissions.length && (
        <p className="pt-2 text-xs text-muted-foreground" data-testid="text-commissions-shown">
          {t('agentDashboard.newestOf', { shown: commissions.length, count: total })}
        </p>
      )}
    </>
  );
}
