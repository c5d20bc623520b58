import { BarChart3, MessageSquare, ShieldCheck, ShieldX } from 'lucide-react';
import { useTranslation } from '../../../lib/use-translation.ts';
import { Link } from 'react-router-dom';
import { StatusBadge } from '../../../components/status-badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { LoadingRegion, Skeleton } from '../../../components/skeleton.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { useFormatters } from '../../../hooks/use-formatters.ts';
import { useMyMerchant } from '../api/get-my-merchant.ts';
import { isMerchantCategory } from '../../../lib/registration-rules.ts';
import { spaced } from '../merchant-form.ts';
import { statusReasonText } from '../status-reason-text.ts';
import { BusinessAnalyticsCard } from './business-analytics-card.tsx';
import { ComplianceCard } from './compliance-card.tsx';
import { MonthlyFiguresCard } from './monthly-figures-card.tsx';
import { WorkingCapitalCard } from './working-capital-card.tsx';
import { DetailRow } from './detail-row.tsx';

/**
 * /merchant/dashboard (spec part 2 §2): the business, its merchant and KYB badges, the KYB
 * notice while pending with what it means (an admin verifies, usually within 24-48 hours; no
 * payment until then), the rejection's reason or the suspension, analytics from real sales, the
 * profile and the BNR compliance card (editable while KYB is pending).
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
  const reason = statusReasonText(t, merchant);

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
          <div className="grid min-w-0 gap-2">
            <p>{t('merchantDashboard.kybPending')}</p>
            {/* What the spec's notice leaves unsaid: who verifies, how long, what customers see meanwhile, how the owner hears. */}
            <p data-testid="text-pending-explanation">{t('merchantDashboard.pendingExplanation')}</p>
            <a href="#bnr-compliance" className="justify-self-start font-medium underline underline-offset-4" data-testid="link-compliance">
              {t('merchantDashboard.complianceLink')}
            </a>
          </div>
        </div>
      )}
      {merchant.kybStatus === 'rejected' && (
        <div role="alert" className="flex gap-3 rounded-xl border border-destructive/50 p-4 text-sm text-destructive" data-testid="notice-kyb-rejected">
          <ShieldX className="size-5 shrink-0" />
          <div className="grid min-w-0 gap-1">
            <p>{t('merchantDashboard.rejectedNotice')}</p>
            {reason && <p className="break-words" data-testid="text-status-reason">{t('merchantDashboard.statusReason', { reason })}</p>}
          </div>
        </div>
      )}
      {merchant.merchantStatus === 'suspended' && (
        <div role="alert" className="flex gap-3 rounded-xl border border-destructive/50 p-4 text-sm text-destructive" data-testid="notice-merchant-suspended">
          <ShieldX className="size-5 shrink-0" />
          <div className="grid min-w-0 gap-1">
            <p>{t('merchantDashboard.suspendedNotice')}</p>
            {reason && <p className="break-words" data-testid="text-status-reason">{t('merchantDashboard.statusReason', { reason })}</p>}
          </div>
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
            <DetailRow label={t('merchantDashboard.merchantCode')} testId="text-merchant-code">
              <span className="font-mono">{merchant.merchantCode ?? '—'}</span>
            </DetailRow>
            <DetailRow label={t('merchantDashboard.category')} testId="text-merchant-category">
              <span className="capitalize">{isMerchantCategory(category) ? t(`merchantRegister.categories.${category}`) : spaced(category) || '—'}</span>
            </DetailRow>
            <DetailRow label={t('merchantDashboard.address')} testId="text-merchant-address">
              {[merchant.businessAddress, merchant.district].filter(Boolean).join(', ') || '—'}
            </DetailRow>
            <DetailRow label={t('merchantDashboard.phoneNumber')} testId="text-merchant-phone">
              {merchant.phoneNumber ?? '—'}
            </DetailRow>
            <DetailRow label={t('merchantDashboard.email')} testId="text-merchant-email">
              {merchant.email ?? '—'}
            </DetailRow>
            <DetailRow label={t('merchantDashboard.memberSince')} testId="text-merchant-since">
              {format.date(merchant.createdAt)}
            </DetailRow>
          </dl>
        </Card>
        <div className="grid min-w-0 content-start gap-6">
          {merchant.id !== undefined && <MonthlyFiguresCard merchantId={merchant.id} />}
          {merchant.id !== undefined && <WorkingCapitalCard merchantId={merchant.id} />}
          <ComplianceCard merchant={merchant} />
        </div>
      </div>
    </div>
  );
}
