import { BarChart3, MessageSquare, ShieldCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import { Link } from 'react-router-dom';
import { StatusBadge } from '../../../components/status-badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { LoadingRegion, Skeleton } from '../../../components/skeleton.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { useFormatters } from '../../../hooks/use-formatters.ts';
import { useMyMerchant } from '../api/get-my-merchant.ts';
import { isMerchantCategory, spaced } from '../merchant-form.ts';
import { BusinessAnalyticsCard } from './business-analytics-card.tsx';
import { ComingSoonCard } from './coming-soon-card.tsx';

/**
 * /merchant/dashboard (spec part 2 §2): the business, its merchant and KYB badges, the KYB
 * notice while pending, analytics from real sales, the profile and the BNR compliance card.
 */
export function MerchantDashboardPage() {
  const { t } = useTranslation();
  const format = useFormatters();
  const { data: merchant, isPending, isError } = useMyMerchant({ enabled: true });

  if (isPending) {
    // The specification's loading text stays, visible, above the page's shape.
    return (
      <LoadingRegion className="mx-auto grid max-w-6xl grid-cols-1 gap-6 px-4 py-10 sm:px-6 lg:px-8" label={t('merchantDashboard.loading')} showLabel testId="skeleton-merchant-dashboard">
        <div className="grid gap-2">
          <Skeleton className="h-9 w-64 max-w-full" />
          <Skeleton className="h-7 w-48" />
          <Skeleton className="h-6 w-40" />
        </div>
        <Skeleton rounded="rounded-2xl" className="h-56" />
        <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
          <Skeleton rounded="rounded-2xl" className="h-80" />
          <Skeleton rounded="rounded-2xl" className="h-56" />
        </div>
      </LoadingRegion>
    );
  }
  if (isError || !merchant) {
    return (
      <div className="mx-auto grid max-w-2xl justify-items-center gap-4 px-4 py-16 text-center" data-testid="state-merchant-dashboard-failed">
        <p className="text-muted-foreground">{t('merchantDashboard.loadFailed')}</p>
        <Button asChild>
          <Link to="/merchant/register" data-testid="button-register-business">
            {t('merchantDashboard.registerBusiness')}
          </Link>
        </Button>
      </div>
    );
  }

  const category = merchant.merchantCategory ?? '';
  const compliance = [
    { key: 'tin', label: t('merchantDashboard.tin'), value: merchant.tin },
    { key: 'trade-license', label: t('merchantDashboard.tradeLicense'), value: merchant.tradeLicenseNumber },
    { key: 'rdb', label: t('merchantDashboard.rdb'), value: merchant.rdbRegistrationNumber },
  ].filter((item) => Boolean(item.value));

  return (
    <div className="mx-auto grid max-w-6xl grid-cols-1 gap-6 px-4 py-10 sm:px-6 lg:px-8">
      <header className="grid gap-2">
        <h1 className="text-3xl font-bold tracking-tight" data-testid="text-merchant-dashboard-title">
          {t('merchantDashboard.title')}
        </h1>
        <p className="break-words text-lg text-muted-foreground" data-testid="text-business-name">
          {merchant.businessName}
        </p>
        <div className="flex flex-wrap gap-2">
          <StatusBadge status={merchant.merchantStatus} testId="badge-merchant-status" />
          <StatusBadge status={merchant.kybStatus} label={(text) => t('merchantDashboard.kybBadge', { status: text })} testId="badge-kyb-status" />
        </div>
      </header>

      {merchant.kybStatus === 'pending' && (
        <div role="status" className="flex gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-200" data-testid="notice-kyb-pending">
          <ShieldCheck className="size-5 shrink-0" />
          <p>{t('merchantDashboard.kybPending')}</p>
        </div>
      )}

      {merchant.id !== undefined && (
        <BusinessAnalyticsCard merchantId={merchant.id}>
          <Button asChild variant="outline">
            <Link to="/ai-chat" data-testid="link-ai-business-advice">
              <MessageSquare />
              {t('merchantDashboard.getAdvice')}
            </Link>
          </Button>
          <Button asChild>
            <Link to="/merchant/payments" data-testid="link-payment-analytics">
              <BarChart3 />
              {t('merchantDashboard.viewAnalytics')}
            </Link>
          </Button>
        </BusinessAnalyticsCard>
      )}

      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <Card className="p-5" data-testid="card-business-profile">
          <h2 className="mb-3 text-lg font-semibold">{t('merchantDashboard.profileTitle')}</h2>
          <dl className="grid gap-3 text-sm">
            <Row label={t('merchantDashboard.merchantCode')} testId="text-merchant-code">
              <span className="font-mono">{merchant.merchantCode ?? '—'}</span>
            </Row>
            <Row label={t('merchantDashboard.category')} testId="text-merchant-category">
              <span className="capitalize">{isMerchantCategory(category) ? t(`merchantRegister.categories.${category}`) : spaced(category) || '—'}</span>
            </Row>
            <Row label={t('merchantDashboard.address')} testId="text-merchant-address">
              {[merchant.businessAddress, merchant.district].filter(Boolean).join(', ') || '—'}
            </Row>
            <Row label={t('merchantDashboard.phoneNumber')} testId="text-merchant-phone">
              {merchant.phoneNumber ?? '—'}
            </Row>
            <Row label={t('merchantDashboard.email')} testId="text-merchant-email">
              {merchant.email ?? '—'}
            </Row>
            <Row label={t('merchantDashboard.memberSince')} testId="text-merchant-since">
              {format.date(merchant.createdAt)}
            </Row>
          </dl>
        </Card>
        <div className="grid min-w-0 content-start gap-6">
          {compliance.length > 0 && (
            <Card className="p-5" data-testid="card-bnr-compliance">
              <h2 className="mb-3 flex items-center gap-2 text-lg font-semibold">
                <ShieldCheck className="size-5 text-primary" />
                {t('merchantDashboard.complianceTitle')}
              </h2>
              <dl className="grid gap-3 text-sm">
                {compliance.map((item) => (
                  <Row key={item.key} label={item.label} testId={`text-compliance-${item.key}`}>
                    <span className="font-mono">{item.value}</span>
                  </Row>
                ))}
              </dl>
            </Card>
          )}
          <ComingSoonCard />
        </div>
      </div>
    </div>
  );
}

function Row({ label, testId, children }: { label: string; testId: string; children: ReactNode }) {
  return (
    <div className="grid gap-0.5 sm:grid-cols-[10rem_1fr] sm:gap-3">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="min-w-0 break-words font-medium" data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}
