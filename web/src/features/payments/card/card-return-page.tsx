import { useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, CheckCircle2, Clock, Loader2, XCircle } from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { useFormatters } from '../../../hooks/use-formatters.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useCardPayment, type CardPayment } from '../../../lib/card-payment.ts';
import { BACK_PREFIX } from '../../../components/pay-by-card-button.tsx';

/** How long the page waits on a pending payment before saying it will be updated later. */
const PATIENCE_MS = 60_000;

const HOME: Record<CardPayment['purpose'], string> = { contribution: '/dashboard', loan_repayment: '/loans', working_capital: '/merchant/dashboard', merchant: '/' };

/**
 * /payments/card/return: where the card processor sends the payer back. Its query (`status`,
 * `tx_ref`, `transaction_id`) is a hint only: the page shows the server's state of the payment
 * (GET /api/payments/card/{reference}, which asks the processor itself while it is pending),
 * polled every 2 s until it is settled. A "cancelled" hint says the payer left the checkout; the
 * payment is still shown as the server has it.
 */
export function CardReturnPage() {
  const { t } = useTranslation();
  const format = useFormatters();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const reference = params.get('tx_ref') ?? '';
  const hint = params.get('status');
  const payment = useCardPayment(reference);
  const status = payment.data?.status;

  useEffect(() => {
    // A settled payment changes the figures every screen shows.
    if (status === 'successful') void queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] !== '/api/payments/card' });
  }, [status]);

  let back = HOME[payment.data?.purpose ?? 'merchant'];
  try {
    back = sessionStorage.getItem(BACK_PREFIX + reference) ?? back;
  } catch {
    // No storage: the purpose's home.
  }
  // Re-read at each poll: past a minute, a pending payment is said to be updated later.
  const [since] = useState(() => Date.now());
  const stale = status === 'pending' && payment.dataUpdatedAt - since > PATIENCE_MS;

  let body: ReactNode;
  if (reference === '' || payment.isError) {
    body = <State icon={<XCircle className="size-12 text-destructive" />} title={t('payments.card.notFound')} testId="state-card-not-found" />;
  } else if (!payment.data) {
    body = <State icon={<Loader2 className="size-12 animate-spin text-primary" />} title={t('payments.card.confirming')} testId="state-card-loading" />;
  } else if (status === 'successful') {
    body = <State icon={<CheckCircle2 className="size-12 text-emerald-600" />} title={t('payments.card.successTitle')} text={t('payments.card.successText', { amount: format.money(payment.data.amount) })} testId="state-card-successful" />;
  } else if (status === 'failed') {
    body = <State icon={<XCircle className="size-12 text-destructive" />} title={t('payments.card.failedTitle')} text={t('payments.card.failedText')} testId="state-card-failed" />;
  } else if (hint === 'cancelled') {
    body = <State icon={<XCircle className="size-12 text-muted-foreground" />} title={t('payments.card.cancelledTitle')} text={t('payments.card.cancelledText')} testId="state-card-cancelled" />;
  } else {
    body = (
      <State
        icon={<Clock className="size-12 motion-safe:animate-pulse text-primary" />}
        title={t('payments.card.confirming')}
        text={stale ? t('payments.card.stillPending') : undefined}
        testId="state-card-pending"
      />
    );
  }

  return (
    <div className="mx-auto grid w-full max-w-md gap-6 px-4 py-8 sm:py-12">
      <Card className="grid gap-5 p-5 sm:p-7">
        <h1 className="text-xl font-semibold">{t('payments.card.returnTitle')}</h1>
        {body}
        <Button asChild variant="outline">
          <Link to={back} data-testid="link-card-back">
            <ArrowLeft />
            {t('payments.card.back')}
          </Link>
        </Button>
      </Card>
    </div>
  );
}

function State({ icon, title, text, testId }: { icon: ReactNode; title: string; text?: string | undefined; testId: string }) {
  return (
    <div className="flex flex-col items-center gap-3 py-4 text-center" role="status" data-testid={testId}>
      {icon}
      <p className="text-lg font-semibold">{title}</p>
      {text && <p className="max-w-sm text-sm text-muted-foreground">{text}</p>}
    </div>
  );
}
