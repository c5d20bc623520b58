import { CheckCircle2, Clock, Coins, Download, ExternalLink, FileSpreadsheet, Loader2, QrCode, Wallet } from 'lucide-react';
import { Fragment, useState } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import { Link } from 'react-router-dom';
import { EmptyState } from '../../../components/empty-state.tsx';
import { SelectField } from '../../../components/select-field.tsx';
import { LoadingRegion, Skeleton, SkeletonRows } from '../../../components/skeleton.tsx';
import { StatusBadge } from '../../../components/status-badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { StatCard } from '../../../components/ui/stat-card.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs.tsx';
import { useFormatters } from '../../../hooks/use-formatters.ts';
import { toast } from '../../../hooks/use-toast.ts';
import { formatRwf, parseCentimes } from '../../../lib/money.ts';
import { failureText } from '../../../lib/server-text.ts';
import { downloadQr } from '../api/download-qr.ts';
import { downloadMerchantCsv, type ExportKind } from '../api/export-csv.ts';
import { useGenerateQr } from '../api/generate-qr.ts';
import { useMerchantQr } from '../api/get-merchant-qr.ts';
import { useMerchantSettlements } from '../api/get-merchant-settlements.ts';
import { useMerchantTransactions } from '../api/get-merchant-transactions.ts';
import { useUserMerchants } from '../api/get-user-merchants.ts';
import type { Merchant, MerchantTransaction } from '../api/merchant-schemas.ts';
import { customerLabel, defaultExportPeriod, exportFileName, isExportPeriodValid, qrFileName } from '../merchant-figures.ts';
import { transactionStatusText, type TransactionStatusText } from '../transaction-status.ts';
import { BusinessAnalyticsCard } from './business-analytics-card.tsx';

/** A batch withheld something for working capital ("0.00" or absent when not). */
const isWithheld = (amount: string | null | undefined): amount is string => amount !== null && amount !== undefined && Number(amount) > 0;

/**
 * /merchant/payments (spec part 2 §2): the merchant selector, four figures, the QR code, the
 * transactions and the settlements, CSV exports for a period and analytics from real sales.
 */
export function MerchantPaymentsPage() {
  const { t } = useTranslation();
  const merchants = useUserMerchants({ enabled: true });
  const [selectedId, setSelectedId] = useState<string | null>(null);

  const list = merchants.data ?? [];
  // The first merchant is the default (spec part 2 §2).
  const selected = list.find((merchant) => merchant.id === selectedId) ?? list[0] ?? null;

  return (
    <div className="mx-auto grid max-w-6xl grid-cols-1 gap-6 px-4 py-10 sm:px-6 lg:px-8">
      <header className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div className="min-w-0">
          <h1 className="text-3xl font-bold tracking-tight" data-testid="text-merchant-payments-title">
            {t('merchantPayments.title')}
          </h1>
          <p className="mt-2 text-muted-foreground">{t('merchantPayments.subtitle')}</p>
        </div>
        {list.length > 1 && selected !== null && (
          <div className="w-full sm:w-72">
            <SelectField
              id="merchant-selector"
              label={t('merchantPayments.selectMerchant')}
              error={undefined}
              options={list.map((merchant) => ({ value: merchant.id, label: merchant.businessName }))}
              value={selected.id}
              onChange={(event) => setSelectedId(event.target.value)}
              data-testid="select-merchant"
            />
          </div>
        )}
      </header>
      {merchants.isPending ? (
        <LoadingRegion className="grid gap-6" testId="skeleton-merchant-payments">
          <div className="grid grid-cols-1 gap-4 min-[420px]:grid-cols-2 lg:grid-cols-4">
            {[0, 1, 2, 3].map((i) => (
              <Skeleton key={i} rounded="rounded-2xl" className="h-32" />
            ))}
          </div>
          <Skeleton className="h-11 w-full max-w-sm" />
          <Skeleton rounded="rounded-2xl" className="h-[30rem]" />
        </LoadingRegion>
      ) : merchants.isError ? (
        // Not "no merchant account": a merchant whose list did not arrive would be told to register again.
        <p role="alert" className="rounded-xl border border-destructive/40 px-4 py-3 text-sm text-destructive" data-testid="alert-merchant-payments-failed">
          {t('merchantPayments.loadFailed')}
        </p>
      ) : selected === null ? (
        <EmptyState title={t('merchantPayments.noAccount')} text={t('merchantPayments.noAccountText')} testId="state-no-merchant-account">
          <Button asChild>
            <Link to="/merchant/register" data-testid="button-register-merchant">
              {t('merchantPayments.registerAsMerchant')}
            </Link>
          </Button>
        </EmptyState>
      ) : (
        <MerchantPayments key={selected.id} merchant={selected} />
      )}
    </div>
  );
}

function MerchantPayments({ merchant }: { merchant: Merchant }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const transactions = useMerchantTransactions(merchant.id);
  const settlements = useMerchantSettlements(merchant.id);
  const statistics = transactions.data?.statistics;
  const pending = settlements.data?.pending;
  const zero = format.money('0.00');

  return (
    <>
      <section className="grid grid-cols-1 gap-4 min-[420px]:grid-cols-2 lg:grid-cols-4">
        <StatCard
          label={t('merchantPayments.totalRevenue')}
          value={statistics ? format.money(statistics.totalRevenue) : zero}
          hint={t('merchantPayments.transactionCount', { count: statistics?.totalTransactions ?? 0 })}
          pending={transactions.isPending}
          icon={Coins}
          testId="stat-total-revenue"
        />
        <StatCard
          label={t('merchantPayments.netRevenue')}
          value={statistics ? format.money(statistics.netRevenue) : zero}
          hint={
            t('merchantPayments.afterFees', { amount: statistics ? format.money(statistics.totalFees) : zero }) +
            (isWithheld(statistics?.withheldForWorkingCapital) ? ` · ${t('merchantPayments.withheldLine')}: ${format.money(statistics.withheldForWorkingCapital)}` : '')
          }
          pending={transactions.isPending}
          icon={Wallet}
          testId="stat-net-revenue"
        />
        <StatCard label={t('merchantPayments.completed')} value={statistics?.completedTransactions ?? 0} hint={t('merchantPayments.successfulPayments')} pending={transactions.isPending} icon={CheckCircle2} testId="stat-completed" />
        <StatCard
          label={t('merchantPayments.pendingSettlement')}
          value={pending ? format.money(pending.amount) : zero}
          hint={t('merchantPayments.transactionCount', { count: pending?.transactionCount ?? 0 })}
          pending={settlements.isPending}
          icon={Clock}
          testId="stat-pending-settlement"
        />
      </section>

      <Tabs defaultValue="qr" className="min-w-0">
        <TabsList>
          <TabsTrigger value="qr" data-testid="tab-qr">
            {t('merchantPayments.tabQr')}
          </TabsTrigger>
          <TabsTrigger value="transactions" data-testid="tab-transactions">
            {t('merchantPayments.tabTransactions')}
          </TabsTrigger>
          <TabsTrigger value="settlements" data-testid="tab-settlements">
            {t('merchantPayments.tabSettlements')}
          </TabsTrigger>
        </TabsList>
        <TabsContent value="qr">
          <QrPanel merchant={merchant} />
        </TabsContent>
        <TabsContent value="transactions">
          <TransactionsPanel merchantId={merchant.id} />
        </TabsContent>
        <TabsContent value="settlements">
          <SettlementsPanel merchantId={merchant.id} />
        </TabsContent>
      </Tabs>

      <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-[2fr_1fr]">
        <BusinessAnalyticsCard merchantId={merchant.id} />
        <div className="grid min-w-0 content-start gap-6">
          <ExportCard merchant={merchant} />
        </div>
      </div>
    </>
  );
}

function QrPanel({ merchant }: { merchant: Merchant }) {
  const { t, i18n } = useTranslation();
  const qr = useMerchantQr(merchant.id);
  const generate = useGenerateQr();
  const qrCodeUrl = qr.data ?? null;

  const onGenerate = () =>
    generate.mutate(merchant.id, {
      onSuccess: () => toast({ title: t('merchantPayments.qrSuccessTitle'), description: t('merchantPayments.qrSuccessText') }),
      onError: (error) => toast({ variant: 'destructive', title: t('merchantPayments.qrErrorTitle'), description: failureText(i18n, error, t('merchantPayments.qrErrorText')) }),
    });

  if (qr.isPending) {
    return (
      <LoadingRegion testId="skeleton-qr">
        <Skeleton rounded="rounded-2xl" className="h-[30rem]" />
      </LoadingRegion>
    );
  }
  // A business awaiting KYB may print its QR already; what a customer who scans it meets is said beside it.
  const awaiting = merchant.merchantStatus === 'pending' ? <AwaitingVerificationNotice /> : null;
  if (qrCodeUrl === null) {
    return (
      <div className="grid gap-4">
        {awaiting}
        <EmptyState title={t('merchantPayments.noQr')} text={t('merchantPayments.noQrText')} testId="state-no-qr">
          <Button onClick={onGenerate} disabled={generate.isPending} data-testid="button-generate-qr">
            {generate.isPending ? <Loader2 className="animate-spin" /> : <QrCode />}
            {generate.isPending ? t('merchantPayments.generating') : t('merchantPayments.generate')}
          </Button>
        </EmptyState>
      </div>
    );
  }
  return (
    <Card className="flex flex-col items-center gap-4 p-6 text-center" data-testid="card-qr">
      {awaiting}
      <img src={qrCodeUrl} alt={t('merchantPayments.qrAlt', { name: merchant.businessName })} width={300} height={300} className="aspect-square w-full max-w-[300px] rounded-lg border bg-white" data-testid="img-qr" />
      <p className="font-mono text-lg font-semibold" data-testid="text-qr-merchant-code">
        {merchant.merchantCode}
      </p>
      <p className="max-w-sm text-sm text-muted-foreground">{t('merchantPayments.qrHint')}</p>
      <div className="flex flex-wrap justify-center gap-2">
        <Button onClick={() => void downloadQr(qrCodeUrl, qrFileName(merchant.merchantCode))} data-testid="button-download-qr">
          <Download />
          {t('merchantPayments.download')}
        </Button>
        <Button asChild variant="outline">
          <Link to={`/pay/${encodeURIComponent(merchant.merchantCode)}`} data-testid="link-pay-page">
            <ExternalLink />
            {t('merchantPayments.payPage')}
          </Link>
        </Button>
      </div>
    </Card>
  );
}

/** The QR tab of a business awaiting KYB: the code works once an admin verifies it, and what the pay page says meanwhile. */
function AwaitingVerificationNotice() {
  const { t } = useTranslation();
  return (
    <div role="status" className="flex gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4 text-left text-sm text-amber-900 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-200" data-testid="notice-qr-awaiting-verification">
      <Clock className="size-5 shrink-0" />
      <div className="grid min-w-0 gap-1">
        <p className="font-semibold">{t('merchantPayments.awaitingTitle')}</p>
        <p>{t('merchantPayments.awaitingText')}</p>
      </div>
    </div>
  );
}

function TransactionsPanel({ merchantId }: { merchantId: string }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const { data, isPending } = useMerchantTransactions(merchantId);
  if (isPending) return <BusinessRowsSkeleton testId="skeleton-transactions" />;
  const transactions = data?.transactions ?? [];
  const status = (transaction: MerchantTransaction) => transactionStatusText(t, format.date, transaction);
  if (transactions.length === 0) return <EmptyState title={t('merchantPayments.noTransactions')} text={t('merchantPayments.noTransactionsText')} testId="state-no-transactions" />;
  return (
    <>
    <ul className="grid gap-3 sm:hidden" data-testid="list-transactions">
      {transactions.map((transaction) => (
        <li key={transaction.id} className="grid gap-2 rounded-xl border p-4 text-sm" data-testid={`card-transaction-${transaction.transactionReference}`}>
          <div className="flex items-start justify-between gap-3">
            <div className="min-w-0">
              <p className="font-mono text-xs" data-testid="text-transaction-reference">{transaction.receiptReference}</p>
              <p className="text-muted-foreground">{format.date(transaction.createdAt)} · {customerLabel(transaction) ?? t('merchantPayments.notAvailable')}</p>
            </div>
            <span className={`shrink-0 ${TONE[status(transaction).tone]}`} data-testid="text-transaction-status">
              {status(transaction).label}
            </span>
          </div>
          <StatusNote status={status(transaction)} />
          <dl className={`grid grid-cols-3 gap-2 tabular-nums ${reversedClass(transaction)}`}>
            <div>
              <dt className="text-xs text-muted-foreground">{t('merchantPayments.amount')}</dt>
              <dd className="font-medium">{format.money(transaction.amount)}</dd>
            </div>
            <div>
              <dt className="text-xs text-muted-foreground">{t('merchantPayments.fee')}</dt>
              <dd>{format.money(transaction.merchantFee)}</dd>
            </div>
            <div>
              <dt className="text-xs text-muted-foreground">{t('merchantPayments.net')}</dt>
              <dd>{format.money(transaction.netAmount)}</dd>
            </div>
          </dl>
          <p className="text-xs text-muted-foreground">{t('merchantPayments.mobileMoney')}</p>
        </li>
      ))}
    </ul>
    <div className="hidden overflow-x-auto rounded-xl border sm:block" data-testid="table-transactions">
      <table className="w-full min-w-[760px] text-left text-sm">
        <thead className="bg-muted/50 text-xs uppercase text-muted-foreground">
          <tr>
            <th className="px-3 py-2">{t('merchantPayments.reference')}</th>
            <th className="px-3 py-2">{t('merchantPayments.date')}</th>
            <th className="px-3 py-2">{t('merchantPayments.customer')}</th>
            <th className="px-3 py-2">{t('merchantPayments.method')}</th>
            <th className="px-3 py-2 text-right">{t('merchantPayments.amount')}</th>
            <th className="px-3 py-2 text-right">{t('merchantPayments.fee')}</th>
            <th className="px-3 py-2 text-right">{t('merchantPayments.net')}</th>
            <th className="px-3 py-2">{t('merchantPayments.status')}</th>
          </tr>
        </thead>
        <tbody className="divide-y">
          {transactions.map((transaction) => (
            <tr key={transaction.id} data-testid={`row-transaction-${transaction.transactionReference}`}>
              <td className="whitespace-nowrap px-3 py-2 font-mono text-xs" data-testid="cell-reference">{transaction.receiptReference}</td>
              <td className="whitespace-nowrap px-3 py-2">{format.date(transaction.createdAt)}</td>
              <td className="px-3 py-2" data-testid="cell-customer">
                {customerLabel(transaction) ?? t('merchantPayments.notAvailable')}
              </td>
              <td className="px-3 py-2">{t('merchantPayments.mobileMoney')}</td>
              <td className={`whitespace-nowrap px-3 py-2 text-right tabular-nums ${reversedClass(transaction)}`} data-testid="cell-amount">
                {format.money(transaction.amount)}
              </td>
              <td className={`whitespace-nowrap px-3 py-2 text-right tabular-nums ${reversedClass(transaction)}`} data-testid="cell-fee">
                {format.money(transaction.merchantFee)}
              </td>
              <td className={`whitespace-nowrap px-3 py-2 text-right tabular-nums ${reversedClass(transaction)}`} data-testid="cell-net">
                {format.money(transaction.netAmount)}
              </td>
              <td className={`px-3 py-2 ${TONE[status(transaction).tone]}`} data-testid="cell-status">
                {status(transaction).label}
                <StatusNote status={status(transaction)} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
    </>
  );
}

/** A reversed payment's figures are struck through: the payer was refunded, the net taken back. */
const reversedClass = (transaction: MerchantTransaction) => (transaction.status === 'reversed' ? 'text-muted-foreground line-through' : '');

const TONE = { done: 'font-semibold text-emerald-700 dark:text-emerald-400', waiting: 'font-semibold text-amber-700 dark:text-amber-400', over: 'text-muted-foreground' } as const;

/** The line under a payment's status: when and why it was reversed, or when its card refund was asked. */
function StatusNote({ status }: { status: TransactionStatusText }) {
  if (!status.note) return null;
  return (
    <span className="block min-w-44 max-w-64 text-xs font-normal text-muted-foreground" data-testid={status.tone === 'waiting' ? 'text-refund-pending' : 'text-reversal'}>
      {status.note}
    </span>
  );
}

/** A list's rows on their way: a card's height on a phone, a table row's from `sm` up. */
function BusinessRowsSkeleton({ testId }: { testId: string }) {
  return <SkeletonRows count={3} rowRounded="rounded-xl" rowClassName="h-32 sm:h-10" testId={testId} />;
}

function SettlementsPanel({ merchantId }: { merchantId: string }) {
  const { t, i18n } = useTranslation();
  const format = useFormatters();
  const { data, isPending } = useMerchantSettlements(merchantId);
  if (isPending) return <BusinessRowsSkeleton testId="skeleton-settlements" />;
  const rwf = (amount: string, currency: string | null | undefined) => formatRwf(parseCentimes(amount), i18n.language, currency ?? t('common.rwf'));
  const settlements = data?.settlements ?? [];
  const pending = data?.pending;
  const pendingBox =
    pending !== undefined && (parseCentimes(pending.amount) ?? 0) > 0 ? (
      <div className="flex gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-200" data-testid="box-pending-settlement">
        <Clock className="size-5 shrink-0" />
        <div>
          <p className="font-semibold">{t('merchantPayments.pendingSettlement')}</p>
          <p>{t('merchantPayments.pendingBox', { amount: format.money(pending.amount), count: pending.transactionCount })}</p>
        </div>
      </div>
    ) : null;
  return (
    <div className="grid gap-4">
      {pendingBox}
      {settlements.length === 0 ? (
        <EmptyState title={t('merchantPayments.noSettlements')} text={t('merchantPayments.noSettlementsText')} testId="state-no-settlements" />
      ) : (
        <>
        <ul className="grid gap-3 sm:hidden" data-testid="list-settlements">
          {settlements.map((settlement) => (
            <li key={settlement.id} className="grid gap-2 rounded-xl border p-4 text-sm" data-testid={`card-settlement-${settlement.batchReference}`}>
              <div className="flex items-start justify-between gap-3">
                <p className="min-w-0 break-all font-mono text-xs">{settlement.batchReference}</p>
                <StatusBadge status={settlement.status} />
              </div>
              <p className="text-muted-foreground">
                {t('merchantPayments.period')}: {format.date(settlement.settlementPeriodStart)} - {format.date(settlement.settlementPeriodEnd)}
              </p>
              <p className="flex justify-between gap-3">
                <span>
                  {t('merchantPayments.transactions')}: {settlement.totalTransactions ?? 0}
                </span>
                <span className="font-semibold tabular-nums">{rwf(settlement.totalAmount, settlement.currency)}</span>
              </p>
              {settlement.negativeLines.map((line) => (
                <p key={line.transactionId} className="flex justify-between gap-3 text-xs text-muted-foreground" data-testid={`line-reversal-${line.transactionId}`}>
                  <span className="min-w-0 break-all">
                    {t('merchantPayments.reversalLine', { reference: line.receiptReference })}: {line.reason}
                  </span>
                  <span className="shrink-0 tabular-nums">{rwf(line.amount, settlement.currency)}</span>
                </p>
              ))}
              {isWithheld(settlement.withheldForWorkingCapital) && (
                <p className="flex justify-between gap-3 text-xs text-muted-foreground" data-testid={`line-withheld-${settlement.batchReference}`}>
                  <span>{t('merchantPayments.withheldLine')}</span>
                  <span className="shrink-0 tabular-nums">{rwf(`-${settlement.withheldForWorkingCapital}`, settlement.currency)}</span>
                </p>
              )}
              <p className="text-xs text-muted-foreground">
                <span>{t('merchantPayments.mobileMoney')}</span> · {format.date(settlement.createdAt)}
              </p>
            </li>
          ))}
        </ul>
        <div className="hidden overflow-x-auto rounded-xl border sm:block" data-testid="table-settlements">
          <table className="w-full min-w-[720px] text-left text-sm">
            <thead className="bg-muted/50 text-xs uppercase text-muted-foreground">
              <tr>
                <th className="px-3 py-2">{t('merchantPayments.reference')}</th>
                <th className="px-3 py-2">{t('merchantPayments.period')}</th>
                <th className="px-3 py-2 text-right">{t('merchantPayments.transactions')}</th>
                <th className="px-3 py-2 text-right">{t('merchantPayments.amount')}</th>
                <th className="px-3 py-2">{t('merchantPayments.method')}</th>
                <th className="px-3 py-2">{t('merchantPayments.status')}</th>
                <th className="px-3 py-2">{t('merchantPayments.date')}</th>
              </tr>
            </thead>
            <tbody className="divide-y">
              {settlements.map((settlement) => (
                <Fragment key={settlement.id}>
                <tr data-testid={`row-settlement-${settlement.batchReference}`}>
                  <td className="whitespace-nowrap px-3 py-2 font-mono text-xs">{settlement.batchReference}</td>
                  <td className="whitespace-nowrap px-3 py-2">
                    {format.date(settlement.settlementPeriodStart)} - {format.date(settlement.settlementPeriodEnd)}
                  </td>
                  <td className="px-3 py-2 text-right tabular-nums">{settlement.totalTransactions ?? 0}</td>
                  <td className="whitespace-nowrap px-3 py-2 text-right tabular-nums" data-testid="cell-settlement-amount">
                    {rwf(settlement.totalAmount, settlement.currency)}
                    {(settlement.totalReversals ?? 0) > 0 && settlement.reversedAmount && (
                      <span className="block text-xs text-muted-foreground" data-testid="text-settlement-reversed">
                        {t('merchantPayments.reversedInBatch', { amount: rwf(`-${settlement.reversedAmount}`, settlement.currency), count: settlement.totalReversals })}
                      </span>
                    )}
                  </td>
                  <td className="px-3 py-2">{t('merchantPayments.mobileMoney')}</td>
                  <td className="px-3 py-2">
                    <StatusBadge status={settlement.status} testId="badge-settlement-status" />
                  </td>
                  <td className="whitespace-nowrap px-3 py-2">{format.date(settlement.createdAt)}</td>
                </tr>
                {/* Its negative lines: the reversed payments it nets (already taken off its amount). */}
                {settlement.negativeLines.map((line) => (
                  <tr key={line.transactionId} className="bg-muted/30 text-xs text-muted-foreground" data-testid={`row-reversal-${line.transactionId}`}>
                    <td className="px-3 py-2 font-mono" colSpan={3}>
                      {t('merchantPayments.reversalLine', { reference: line.receiptReference })}
                    </td>
                    <td className="whitespace-nowrap px-3 py-2 text-right tabular-nums">{rwf(line.amount, settlement.currency)}</td>
                    <td className="px-3 py-2" colSpan={2}>
                      {line.reason}
                    </td>
                    <td className="whitespace-nowrap px-3 py-2">{line.reversedAt ? format.date(line.reversedAt) : '—'}</td>
                  </tr>
                ))}
                {/* Withheld before the payout for working capital: taken off what was paid, not off the amount. */}
                {isWithheld(settlement.withheldForWorkingCapital) && (
                  <tr className="bg-muted/30 text-xs text-muted-foreground" data-testid={`row-withheld-${settlement.batchReference}`}>
                    <td className="px-3 py-2" colSpan={3}>
                      {t('merchantPayments.withheldLine')}
                    </td>
                    <td className="whitespace-nowrap px-3 py-2 text-right tabular-nums">{rwf(`-${settlement.withheldForWorkingCapital}`, settlement.currency)}</td>
                    <td className="px-3 py-2" colSpan={3} />
                  </tr>
                )}
                </Fragment>
              ))}
            </tbody>
          </table>
        </div>
        </>
      )}
    </div>
  );
}

function ExportCard({ merchant }: { merchant: Merchant }) {
  const { t } = useTranslation();
  const [period, setPeriod] = useState(() => defaultExportPeriod(new Date()));
  const [busy, setBusy] = useState<ExportKind | null>(null);
  const valid = isExportPeriodValid(period);

  const exportCsv = async (kind: ExportKind) => {
    setBusy(kind);
    try {
      await downloadMerchantCsv(merchant.id, kind, period.from, period.to, exportFileName(merchant.merchantCode, kind, period));
    } catch {
      toast({ variant: 'destructive', title: t('merchantPayments.exportFailedTitle'), description: t('merchantPayments.exportFailedText') });
    } finally {
      setBusy(null);
    }
  };

  return (
    <Card className="grid gap-4 p-5" data-testid="card-export">
      <div>
        <h2 className="flex items-center gap-2 text-lg font-semibold">
          <FileSpreadsheet className="size-5 text-primary" />
          {t('merchantPayments.exportTitle')}
        </h2>
        <p className="text-sm text-muted-foreground">{t('merchantPayments.exportText')}</p>
      </div>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-1">
        <div className="grid min-w-0 gap-1.5">
          <Label htmlFor="export-from">{t('merchantPayments.from')}</Label>
          <Input id="export-from" type="date" value={period.from} max={period.to} onChange={(event) => setPeriod({ ...period, from: event.target.value })} aria-invalid={!valid} data-testid="input-export-from" />
        </div>
        <div className="grid min-w-0 gap-1.5">
          <Label htmlFor="export-to">{t('merchantPayments.to')}</Label>
          <Input id="export-to" type="date" value={period.to} min={period.from} onChange={(event) => setPeriod({ ...period, to: event.target.value })} aria-invalid={!valid} data-testid="input-export-to" />
        </div>
      </div>
      {!valid && (
        <p role="alert" className="text-sm font-medium text-destructive" data-testid="error-export-period">
          {t('merchantPayments.periodInvalid')}
        </p>
      )}
      <div className="grid gap-2">
        <Button variant="outline" disabled={!valid || busy !== null} onClick={() => void exportCsv('transactions')} data-testid="button-export-transactions">
          {busy === 'transactions' ? <Loader2 className="animate-spin" /> : <Download />}
          {t('merchantPayments.exportTransactions')}
        </Button>
        <Button variant="outline" disabled={!valid || busy !== null} onClick={() => void exportCsv('settlements')} data-testid="button-export-settlements">
          {busy === 'settlements' ? <Loader2 className="animate-spin" /> : <Download />}
          {t('merchantPayments.exportSettlements')}
        </Button>
      </div>
    </Card>
  );
}
