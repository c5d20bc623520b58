import { CheckCircle2, Loader2, Smartphone, Store, XCircle } from 'lucide-react';
import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useSearchParams } from 'react-router-dom';
import { Field } from '../../../components/field.tsx';
import { MobileMoneyFailed, MobileMoneyWaiting } from '../../../components/mobile-money-approval.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { useFormatters } from '../../../hooks/use-formatters.ts';
import { toast } from '../../../hooks/use-toast.ts';
import { PHONE_EXAMPLE } from '../../../lib/registration-rules.ts';
import { attemptFor, type RequestAttempt } from '../../../lib/request-attempt.ts';
import { failureText } from '../../../lib/server-text.ts';
import type { CustomerPayment, PayMerchant } from '../api/merchant-schemas.ts';
import { useCustomerPayment, usePayMerchant, usePayMerchantMutation } from '../api/public-pay.ts';
import { readPayForm, type PayFormError } from '../merchant-figures.ts';

/**
 * /pay/{merchantCode}: where a customer lands from the merchant's QR code. No account: the amount
 * and a mobile-money number, then the prompt on their phone and its live state (polled every 2 s),
 * then a receipt. A merchant that does not accept payments says so plainly.
 */
export function PayPage({ merchantCode }: { merchantCode: string }) {
  const { t } = useTranslation();
  const merchant = usePayMerchant(merchantCode);

  let body: ReactNode;
  if (merchant.isPending) {
    body = (
      <p className="flex items-center justify-center gap-2 py-10 text-muted-foreground" role="status">
        <Loader2 className="size-5 animate-spin" />
        {t('pay.loading')}
      </p>
    );
  } else if (merchant.isError || merchant.data === null) {
    body = <Notice title={t('pay.notFoundTitle')} text={t('pay.notFoundText', { code: merchantCode })} testId="state-pay-not-found" />;
  } else if (!merchant.data.acceptingPayments) {
    body = (
      <Notice title={t('pay.unavailableTitle')} text={t('pay.unavailableText', { name: merchant.data.businessName })} testId="state-pay-unavailable">
        <p className="font-mono text-sm text-muted-foreground">{t('pay.merchantCode', { code: merchant.data.merchantCode })}</p>
      </Notice>
    );
  } else {
    body = <PayFlow merchant={merchant.data} />;
  }

  return (
    <div className="mx-auto grid w-full max-w-md gap-6 px-4 py-8 sm:py-12">
      <Card className="grid gap-5 p-5 sm:p-7">{body}</Card>
    </div>
  );
}

function Notice({ title, text, testId, children }: { title: string; text: string; testId: string; children?: ReactNode }) {
  return (
    <div className="flex flex-col items-center gap-3 py-6 text-center" role="alert" data-testid={testId}>
      <XCircle className="size-12 text-destructive" />
      <h1 className="text-xl font-semibold">{title}</h1>
      <p className="text-sm text-muted-foreground">{text}</p>
      {children}
    </div>
  );
}

function PayFlow({ merchant }: { merchant: PayMerchant }) {
  const { t, i18n } = useTranslation();
  const format = useFormatters();
  const [searchParams] = useSearchParams();
  const [amount, setAmount] = useState(() => searchParams.get('amount')?.replace(/\D/g, '') ?? '');
  const [phone, setPhone] = useState('');
  const [name, setName] = useState('');
  const [errors, setErrors] = useState<Partial<Record<'amount' | 'phone', PayFormError>>>({});
  const [paymentId, setPaymentId] = useState<string | null>(null);
  const attempt = useRef<RequestAttempt<{ amount: string; phoneNumber: string; customerName: string }> | null>(null);
  const pay = usePayMerchantMutation();
  const { data: payment } = useCustomerPayment(paymentId);
  const status = payment?.status ?? (paymentId === null ? null : 'pending');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const read = readPayForm(amount, phone);
    if (!read.ok) {
      setErrors(read.errors);
      return;
    }
    setErrors({});
    const customerName = name.trim();
    const current = attemptFor(attempt.current, { amount: String(read.value.amount), phoneNumber: read.value.phoneNumber, customerName }, () => crypto.randomUUID());
    attempt.current = current;
    pay.mutate(
      { merchantCode: merchant.merchantCode, amount: read.value.amount, phoneNumber: read.value.phoneNumber, customerName: customerName === '' ? null : customerName, idempotencyKey: current.key },
      {
        onSuccess: (answer) => {
          current.answered = true;
          setPaymentId(answer.id);
        },
        onError: (error) => toast({ variant: 'destructive', title: t('payments.failedTitle'), description: failureText(i18n, error, t('payments.requestFailed')) }),
      },
    );
  };

  const heading = (
    <header className="flex items-center gap-3">
      <span className="flex size-11 shrink-0 items-center justify-center rounded-full bg-primary/10 text-primary">
        <Store className="size-5" />
      </span>
      <div className="min-w-0">
        <h1 className="break-words text-xl font-semibold" data-testid="text-pay-title">
          {t('pay.title', { name: merchant.businessName })}
        </h1>
        <p className="font-mono text-xs text-muted-foreground">{t('pay.merchantCode', { code: merchant.merchantCode })}</p>
      </div>
    </header>
  );

  if (status === 'completed' && payment) {
    return (
      <>
        {heading}
        <Receipt payment={payment} merchant={merchant} onAnother={() => {
          setPaymentId(null);
          setAmount('');
        }} />
      </>
    );
  }
  if (status === 'pending') {
    return (
      <>
        {heading}
        <MobileMoneyWaiting phone={payment?.customerPhoneNumber ?? phone} done={false} />
      </>
    );
  }
  if (status === 'failed') {
    return (
      <>
        {heading}
        <MobileMoneyFailed reason={payment?.reason} onRetry={() => setPaymentId(null)} />
      </>
    );
  }
  return (
    <>
      {heading}
      <p className="text-sm text-muted-foreground">{t('pay.noAccount')}</p>
      <form className="grid gap-4" onSubmit={submit} noValidate data-testid="form-pay">
        <Field
          id="pay-amount"
          label={t('pay.amount')}
          inputMode="numeric"
          autoComplete="off"
          value={amount}
          onChange={(event) => setAmount(event.target.value)}
          error={errors.amount !== undefined ? t(`pay.${errors.amount}`) : undefined}
          hint={t('pay.amountHint')}
          data-testid="input-pay-amount"
        />
        <Field
          id="pay-phone"
          type="tel"
          label={t('pay.phone')}
          hint={t('pay.phoneHint')}
          placeholder="+250 7XX XXX XXX"
          autoComplete="tel"
          value={phone}
          onChange={(event) => setPhone(event.target.value)}
          error={errors.phone !== undefined ? t(`pay.${errors.phone}`, { phone: PHONE_EXAMPLE }) : undefined}
          data-testid="input-pay-phone"
        />
        <Field id="pay-name" label={t('pay.name')} autoComplete="name" value={name} onChange={(event) => setName(event.target.value)} error={undefined} data-testid="input-pay-name" />
        <Button type="submit" size="lg" disabled={pay.isPending} data-testid="button-pay-submit">
          {pay.isPending ? <Loader2 className="animate-spin" /> : <Smartphone />}
          {/^\d+$/.test(amount.trim()) ? t('pay.submit', { amount: format.money(amount.trim()) }) : t('payments.pay')}
        </Button>
      </form>
    </>
  );
}

function Receipt({ payment, merchant, onAnother }: { payment: CustomerPayment; merchant: PayMerchant; onAnother: () => void }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const at = payment.completedAt ?? payment.createdAt;
  const rows: Array<[string, ReactNode, string]> = [
    [t('pay.receiptMerchant'), payment.merchant?.businessName ?? merchant.businessName, 'merchant'],
    [t('pay.receiptAmount'), format.money(payment.amount), 'amount'],
    [t('pay.receiptReference'), <span className="break-all font-mono text-xs">{payment.transactionReference}</span>, 'reference'],
    [t('pay.receiptDate'), at ? `${format.date(at)} ${format.time(at)}` : '—', 'date'],
    [t('pay.receiptPhone'), payment.customerPhoneNumber ?? '—', 'phone'],
  ];
  return (
    <div className="grid gap-4" role="status" data-testid="state-pay-receipt">
      <div className="flex flex-col items-center gap-2 text-center">
        <CheckCircle2 className="size-12 text-emerald-600" />
        <h2 className="text-lg font-semibold">{t('pay.receiptTitle')}</h2>
      </div>
      <dl className="grid gap-2 rounded-xl border p-4 text-sm">
        {rows.map(([label, value, key]) => (
          <div key={key} className="flex justify-between gap-3">
            <dt className="text-muted-foreground">{label}</dt>
            <dd className="min-w-0 text-right font-medium" data-testid={`receipt-${key}`}>
              {value}
            </dd>
          </div>
        ))}
      </dl>
      <Button variant="outline" onClick={onAnother} data-testid="button-pay-another">
        {t('pay.another')}
      </Button>
    </div>
  );
}
