import { useQueryClient } from '@tanstack/react-query';
import { Loader2, MessageSquareText, Smartphone, UserRound } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { Field } from '../../../components/field.tsx';
import { SkeletonRows } from '../../../components/skeleton.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { toast } from '../../../hooks/use-toast.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { serverErrorText } from '../../../lib/server-text.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { spacedPhone, ussdAccessQueryOptions, useSendUssdAccessCode, useSetUpUssdAccess, useUssdAccess, WrongUssdCode, type UssdAccess } from '../api/ussd-access.ts';

/**
 * USSD access on /security (issue 31): the member proves that the phone number of their account is
 * theirs with a code sent to it by SMS, and chooses the PIN a basic phone will ask for. Until then
 * USSD does not open this account from that number (docs/decisions/0060-one-phone-number-one-member.md).
 */
export function UssdAccessCard() {
  const { t } = useTranslation();
  const access = useUssdAccess();
  return (
    <Card className="p-6" data-testid="card-ussd-access">
      <h2 className="flex flex-wrap items-center gap-2 text-lg font-semibold">
        <Smartphone className="size-5 text-primary" />
        {t('security.ussd.title')}
        {access.data?.status === 'set_up' && <Badge variant="success">{t('security.ussd.setUpBadge')}</Badge>}
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">{t('security.ussd.description')}</p>
      {access.isPending ? (
        <SkeletonRows count={1} className="mt-5" rowRounded="rounded-xl" rowClassName="h-16" testId="skeleton-ussd-access" />
      ) : access.isError ? (
        <p role="alert" className="mt-5 text-sm text-destructive">
          {t('security.ussd.loadFailed')}
        </p>
      ) : (
        <UssdAccessState access={access.data} />
      )}
    </Card>
  );
}

function UssdAccessState({ access }: { access: UssdAccess }) {
  const { t } = useTranslation();
  const [codeSent, setCodeSent] = useState(access.codeExpiresAt !== null);
  const phone = access.phoneNumber === null ? '' : spacedPhone(access.phoneNumber);
  switch (access.status) {
    case 'no_phone':
    case 'not_rwandan':
      return (
        <ToProfile text={access.status === 'no_phone' ? t('security.ussd.noPhone') : t('security.ussd.notRwandan', { phone })} />
      );
    case 'other_account':
      return <ToProfile text={t('security.ussd.otherAccount', { phone })} />;
    case 'set_up':
      return codeSent ? (
        <CodeForm phone={phone} onRestart={() => setCodeSent(false)} />
      ) : (
        <div className="mt-5 grid gap-4">
          <p className="text-sm" data-testid="text-ussd-set-up">
            {t('security.ussd.setUpText', { phone })}
          </p>
          <SendCodeButton phone={phone} label={t('security.ussd.changePin')} variant="outline" onSent={() => setCodeSent(true)} />
        </div>
      );
    case 'not_set_up':
      return codeSent ? (
        <CodeForm phone={phone} onRestart={() => setCodeSent(false)} />
      ) : (
        <div className="mt-5 grid gap-4">
          <p className="text-sm" data-testid="text-ussd-not-set-up">
            {t('security.ussd.notSetUpText', { phone })}
          </p>
          <SendCodeButton phone={phone} label={t('security.ussd.sendCode')} onSent={() => setCodeSent(true)} />
        </div>
      );
  }
}

function ToProfile({ text }: { text: string }) {
  const { t } = useTranslation();
  return (
    <div className="mt-5 grid gap-4">
      <p className="text-sm" data-testid="text-ussd-needs-profile">
        {text}
      </p>
      <Button variant="outline" size="tall" align="start" className="justify-self-start" asChild>
        <Link to="/profile" data-testid="link-ussd-profile">
          <UserRound />
          <span className="min-w-0 whitespace-normal text-left">{t('security.ussd.toProfile')}</span>
        </Link>
      </Button>
    </div>
  );
}

function SendCodeButton({ phone, label, variant, onSent }: { phone: string; label: string; variant?: 'outline'; onSent: () => void }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const { mutate, isPending } = useSendUssdAccessCode();
  const send = () =>
    mutate(undefined, {
      onSuccess: () => {
        toast({ title: t('security.ussd.codeSent'), description: t('security.ussd.codeSentDescription', { phone }) });
        onSent();
      },
      onError: (error) => {
        const code = error instanceof ApiError ? error.code : undefined;
        const text = code === 'rate_limited' ? t('security.ussd.tooManyCodes') : error instanceof ApiError ? serverErrorText(i18n, error) : '';
        toast({ variant: 'destructive', title: t('security.ussd.codeNotSent'), description: text || t('security.ussd.error') });
        // The profile may have changed elsewhere: show where the account stands now.
        void queryClient.invalidateQueries({ queryKey: ussdAccessQueryOptions().queryKey });
      },
    });
  return (
    // Tall: the label wraps on a narrow phone instead of widening the card (a French label is ~300 px).
    <Button variant={variant} size="tall" align="start" className="justify-self-start" onClick={send} disabled={isPending} data-testid="button-ussd-send-code">
      {isPending ? <Loader2 className="animate-spin" /> : <MessageSquareText />}
      <span className="min-w-0 whitespace-normal text-left">{label}</span>
    </Button>
  );
}

interface CodeFormValues {
  code: string;
  pin: string;
  pinAgain: string;
}
const EMPTY: CodeFormValues = { code: '', pin: '', pinAgain: '' };

function CodeForm({ phone, onRestart }: { phone: string; onRestart: () => void }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const { mutate, isPending } = useSetUpUssdAccess();
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<keyof CodeFormValues, string>>>({});

  const update = (field: keyof CodeFormValues) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value.replace(/\D/g, '') }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const next: typeof errors = {};
    if (!/^\d{6}$/.test(values.code)) next.code = t('security.ussd.codeInvalid');
    if (!/^\d{5}$/.test(values.pin)) next.pin = t('security.ussd.pinFormat');
    else if (values.pinAgain !== values.pin) next.pinAgain = t('security.ussd.pinMismatch');
    if (Object.keys(next).length > 0) return setErrors(next);
    mutate(
      { code: values.code, pin: values.pin },
      {
        onSuccess: (access) => {
          queryClient.setQueryData(ussdAccessQueryOptions().queryKey, access);
          setValues(EMPTY);
          toast({ title: t('security.ussd.done'), description: t('security.ussd.doneDescription', { phone }) });
          onRestart();
        },
        onError: (error) => {
          if (error instanceof WrongUssdCode) {
            setValues((current) => ({ ...current, code: '' }));
            return setErrors({ code: error.attemptsLeft > 0 ? t('security.ussd.codeWrong', { count: error.attemptsLeft }) : t('security.ussd.codeUsedUp') });
          }
          const code = error instanceof ApiError ? error.code : undefined;
          if (code === 'ussd_access_code_expired') return setErrors({ code: t('security.ussd.codeExpired') });
          if (code === 'pin_weak') return setErrors({ pin: t('security.ussd.pinWeak') });
          if (code === 'pin_format') return setErrors({ pin: t('security.ussd.pinFormat') });
          if (code === 'phone_taken') void queryClient.invalidateQueries({ queryKey: ussdAccessQueryOptions().queryKey });
          toast({ variant: 'destructive', title: t('security.ussd.failed'), description: (error instanceof ApiError && serverErrorText(i18n, error)) || t('security.ussd.error') });
        },
      },
    );
  };

  return (
    <form className="mt-5 grid gap-4" onSubmit={submit} noValidate data-testid="form-ussd-access">
      <p className="text-sm" data-testid="text-ussd-code-sent">
        {t('security.ussd.enterCode', { phone })}
      </p>
      <Field
        id="ussdCode"
        label={t('security.ussd.code')}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        value={values.code}
        onChange={(e) => update('code')(e.target.value)}
        error={errors.code}
        data-testid="input-ussd-code"
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          id="ussdPin"
          type="password"
          label={t('security.ussd.pin')}
          hint={t('security.ussd.pinHint')}
          inputMode="numeric"
          autoComplete="new-password"
          maxLength={5}
          value={values.pin}
          onChange={(e) => update('pin')(e.target.value)}
          error={errors.pin}
          data-testid="input-ussd-pin"
        />
        <Field
          id="ussdPinAgain"
          type="password"
          label={t('security.ussd.pinAgain')}
          inputMode="numeric"
          autoComplete="new-password"
          maxLength={5}
          value={values.pinAgain}
          onChange={(e) => update('pinAgain')(e.target.value)}
          error={errors.pinAgain}
          data-testid="input-ussd-pin-again"
        />
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" size="tall" disabled={isPending} data-testid="button-ussd-set-up">
          {isPending && <Loader2 className="animate-spin" />}
          <span className="min-w-0 whitespace-normal text-left">{isPending ? t('security.ussd.submitting') : t('security.ussd.submit')}</span>
        </Button>
        <SendCodeButton phone={phone} label={t('security.ussd.sendAgain')} variant="outline" onSent={() => setErrors({})} />
      </div>
    </form>
  );
}
