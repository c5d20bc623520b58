import { Check, CheckCircle2, Clock, Copy, Loader2, Smartphone, Store, XCircle } from 'lucide-react';
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
import { readPayAmount, readPayForm, type PayFormError } from '../merchant-figures.ts';
import { PayByCardButton } from '../../../components/pay-by-card-button.tsx';

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
  } else if (merchant.data.standing === 'awaiting_verification' || merchant.data.businessName == null) {
    // Registered, not verified yet: nothing about the business but that (the server sends no more).
    body = (
      <Notice title={t('pay.awaitingTitle')} text={t('pay.awaitingText')} testId="state-pay-awaiting-verification" tone="waiting">
        <MerchantCode code={merchant.data.merchantCode} />
      </Notice>
    );
  } else if (!merchant.data.acceptingPayments) {
    body = (
      <Notice title={t('pay.unavailableTitle')} text={t('pay.unavailableText', { name: merchant.data.businessName })} testId="state-pay-unavailable">
        <MerchantCode code={merchant.data.merchantCode} />
      </Notice>
    );
  } else {
    body = <PayFlow merchant={{ ...merchant.data, businessName: merchant.data.businessName }} />;
  }

  return (
    <div className="mx-auto grid w-full max-w-md gap-6 px-4 py-8 sm:py-12">
      <Card className="grid gap-5 p-5 sm:p-7">{body}</Card>
    </div>
  );
}

/** Stands for the code in its sentence, so that the words around it keep each language's punctuation. */
const CODE_PLACE = '\u0000';

/** "Merchant code: X", the code never broken at its hyphen (it is typed into USSD as shown). */
function MerchantCode({ code, small = false }: { code: string; small?: boolean }) {
  const { t } = useTranslation();
  const [before, after] = t('pay.merchantCode', { code: CODE_PLACE }).split(CODE_PLACE);
  return (
    <p className={small ? 'font-mono text-xs text-muted-foreground' : 'font-mono text-sm text-muted-foreground'} data-testid="text-pay-merchant-code">
      {before}
      <span className="whitespace-nowrap">{code}</span>
      {after}
    </p>
  );
}

function Notice({ title, text, testId, tone = 'refused', children }: { title: string; text: string; testId: string; tone?: 'refused' | 'waiting'; children?: ReactNode }) {
  return (
    <div className="flex flex-col items-center gap-3 py-6 text-center" role="alert" data-testid={testId}>
      {tone === 'waiting' ? <Clock className="size-12 text-amber-600" /> : <XCircle className="size-12 text-destructive" />}
      <h1 className="text-xl font-semibold">{title}</h1>
      <p className="text-sm text-muted-foreground">{text}</p>
      {children}
    </div>
  );
}

/** A merchant the pay page shows by name (verified). */
type NamedMerchant = PayMerchant & { businessName: string };

function PayFlow({ merchant }: { merchant: NamedMerchant }) {
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
        <MerchantCode code={merchant.merchantCode} small />
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
      <PayByCardButton
        disabled={pay.isPending}
        request={() => {
          // A card needs the amount only: the number is for a mobile-money prompt.
          const read = readPayAmount(amount);
          setErrors(read.ok ? {} : { amount: read.error });
          const customerName = name.trim();
          return read.ok ? { purpose: 'merchant', merchantCode: merchant.merchantCode, amount: read.value, ...(customerName ? { customerName } : {}) } : null;
        }}
      />
    </>
  );
}

function Receipt({ payment, merchant, onAnother }: { payment: CustomerPayment; merchant: NamedMerchant; onAnother: () => void }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const at = payment.completedAt ?? payment.createdAt;
  const rows: Array<[string, ReactNode, string]> = [
    [t('pay.receiptMerchant'), <span className="break-words">{payment.merchant?.businessName ?? merchant.businessName}</span>, 'merchant'],
    [t('pay.receiptAmount'), format.money(payment.amount), 'amount'],
    [t('pay.receiptReference'), <CopyableReference reference={payment.receiptReference} />, 'reference'],
    [t('pay.receiptDate'), at ? `${format.date(at)} ${format.time(at)}` : '—', 'date'],
    [t('pay.receiptPhone'), <span className="whitespace-nowrap">{payment.customerPhoneNumber ?? '—'}</span>, 'phone'],
  ];
  return (
    <div className="grid gap-4" role="status" data-testid="state-pay-receipt">
      <div className="flex flex-col items-center gap-2 text-center">
        <CheckCircle2 className="size-12 text-emerald-600" />
        <h2 className="text-lg font-semibold">{t('pay.receiptTitle')}</h2>
      </div>
      <dl className="grid gap-2 rounded-xl border p-4 text-sm">
        {rows.map(([label, value, key]) => (
          <div key={key} className="flex items-center justify-between gap-3">
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

/** The receipt's reference, short enough for one line at 360 px, with a button that copies it (to quote to the merchant or support). */
function CopyableReference({ reference }: { reference: string }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  const copy = () => {
    navigator.clipboard?.writeText(reference).then(
      () => setCopied(true),
      () => setCopied(false),
    );
  };
  return (
    <span className="inline-flex items-center gap-1">
      <span className="select-all whitespace-nowrap font-mono" data-testid="text-receipt-reference">
        {reference}
      </span>
      <Button type="button" variant="ghost" size="icon-sm" onClick={copy} aria-label={copied ? t('pay.referenceCopied') : t('pay.copyReference')} title={copied ? t('pay.referenceCopied') : t('pay.copyReference')} data-testid="button-copy-reference">
        {copied ? <Check /> : <Copy />}
      </Button>
    </span>
  );
}
