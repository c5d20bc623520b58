import { useQueryClient } from '@tanstack/react-query';
import { KeyRound, Loader2, LogIn, LogOut, MonitorSmartphone, ShieldCheck } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import { EmptyState } from '../../../components/empty-state.tsx';
import { SkeletonRows } from '../../../components/skeleton.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { toast, toastAfterReload } from '../../../hooks/use-toast.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { relativeTimeText } from '../../../lib/relative-time-text.ts';
import { serverErrorText } from '../../../lib/server-text.ts';
import { clearSession } from '../../../lib/session.ts';
import {
  changePasswordInputSchema,
  deviceName,
  sessionsQueryOptions,
  useChangePassword,
  useLogoutEverywhere,
  useRevokeSession,
  useSessions,
  type ChangePasswordInput,
  type MemberSession,
} from '../api/account-security.ts';
import { Field } from '../../../components/field.tsx';
import { UssdAccessCard } from './ussd-access-card.tsx';

/** /security: set up USSD access (issue 31), change the password, see and end sessions, sign out everywhere (issue 11). */
export function SecurityPage({ signedIn, onSignIn }: { signedIn: boolean; onSignIn: () => void }) {
  const { t } = useTranslation();
  // One column no wider than the screen: a long device name truncates instead of widening every card (Kinyarwanda).
  return (
    <div className="mx-auto grid max-w-3xl grid-cols-[minmax(0,1fr)] gap-8 px-4 py-10 sm:px-6">
      <section>
        <h1 className="flex items-center gap-2 text-3xl font-bold tracking-tight" data-testid="text-security-title">
          <ShieldCheck className="size-7 text-primary" />
          {t('security.title')}
        </h1>
        <p className="mt-2 text-muted-foreground">{t('security.subtitle')}</p>
      </section>
      {signedIn ? (
        <>
          <UssdAccessCard />
          <ChangePasswordCard />
          <SessionsCard />
          <SignOutEverywhereCard />
        </>
      ) : (
        <EmptyState title={t('security.signIn.title')} text={t('security.signIn.text')} testId="state-security-sign-in">
          <Button onClick={onSignIn} data-testid="button-security-sign-in">
            <LogIn />
            {t('header.signIn')}
          </Button>
        </EmptyState>
      )}
    </div>
  );
}

const EMPTY_PASSWORDS: ChangePasswordInput = { currentPassword: '', newPassword: '', confirmPassword: '' };

function ChangePasswordCard() {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const { mutate, isPending } = useChangePassword();
  const [values, setValues] = useState(EMPTY_PASSWORDS);
  const [errors, setErrors] = useState<Partial<Record<keyof ChangePasswordInput, string>>>({});

  const update = (field: keyof ChangePasswordInput) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = changePasswordInputSchema(t).safeParse(values);
    if (!parsed.success) {
      const next: typeof errors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as keyof ChangePasswordInput | undefined;
        if (field !== undefined) next[field] ??= issue.message;
      }
      return setErrors(next);
    }
    mutate(parsed.data, {
      onSuccess: () => {
        setValues(EMPTY_PASSWORDS);
        toast({ title: t('security.password.changed'), description: t('security.password.changedDescription') });
        void queryClient.invalidateQueries({ queryKey: sessionsQueryOptions().queryKey });
      },
      onError: (error) => {
        const text = error instanceof ApiError ? serverErrorText(i18n, error) : '';
        if (error instanceof ApiError && error.code === 'current_password_incorrect') setErrors({ currentPassword: text });
        else toast({ variant: 'destructive', title: t('security.password.failed'), description: text || t('security.password.error') });
      },
    });
  };

  return (
    <Card className="p-6">
      <h2 className="flex items-center gap-2 text-lg font-semibold">
        <KeyRound className="size-5 text-primary" />
        {t('security.password.title')}
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">{t('security.password.description')}</p>
      <form className="mt-5 grid gap-4" onSubmit={submit} noValidate data-testid="form-change-password">
        <Field
          id="currentPassword"
          type="password"
          label={t('security.password.current')}
          autoComplete="current-password"
          value={values.currentPassword}
          onChange={(e) => update('currentPassword')(e.target.value)}
          error={errors.currentPassword}
          data-testid="input-current-password"
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            id="newPassword"
            type="password"
            label={t('security.password.new')}
            autoComplete="new-password"
            value={values.newPassword}
            onChange={(e) => update('newPassword')(e.target.value)}
            error={errors.newPassword}
            data-testid="input-new-password"
          />
          <Field
            id="confirmPassword"
            type="password"
            label={t('security.password.confirm')}
            autoComplete="new-password"
            value={values.confirmPassword}
            onChange={(e) => update('confirmPassword')(e.target.value)}
            error={errors.confirmPassword}
            data-testid="input-confirm-new-password"
          />
        </div>
        <Button type="submit" className="justify-self-start" disabled={isPending} data-testid="button-change-password">
          {isPending && <Loader2 className="animate-spin" />}
          {isPending ? t('security.password.submitting') : t('security.password.submit')}
        </Button>
      </form>
    </Card>
  );
}

function SessionsCard() {
  const { t } = useTranslation();
  const sessions = useSessions({ enabled: true });
  return (
    <Card className="p-6">
      <h2 className="flex items-center gap-2 text-lg font-semibold">
        <MonitorSmartphone className="size-5 text-primary" />
        {t('security.sessions.title')}
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">{t('security.sessions.description')}</p>
      {sessions.isPending ? (
        <SkeletonRows count={2} className="mt-5" rowRounded="rounded-xl" rowClassName="h-20" testId="skeleton-sessions" />
      ) : sessions.isError ? (
        <p role="alert" className="mt-5 text-sm text-destructive">
          {t('security.sessions.loadFailed')}
        </p>
      ) : (
        <ul className="mt-5 grid gap-3" data-testid="list-sessions">
          {sessions.data.map((session) => (
            <SessionRow key={session.id} session={session} />
          ))}
        </ul>
      )}
    </Card>
  );
}

function SessionRow({ session }: { session: MemberSession }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const { mutate, isPending } = useRevokeSession();
  const { browser, system } = deviceName(session.userAgent);
  const device =
    browser !== null && system !== null ? t('security.sessions.on', { browser, system }) : (browser ?? system ?? t('security.sessions.unknownDevice'));

  const revoke = () =>
    mutate(session.id, {
      onSuccess: () => {
        toast({ title: t('security.sessions.revoked'), description: t('security.sessions.revokedDescription') });
        void queryClient.invalidateQueries({ queryKey: sessionsQueryOptions().queryKey });
      },
      onError: (error) => {
        toast({
          variant: 'destructive',
          title: t('security.sessions.revokeFailed'),
          description: error instanceof ApiError ? serverErrorText(i18n, error) : undefined,
        });
        // Refused most often because it ended elsewhere meanwhile: the list reads again, without it.
        void queryClient.invalidateQueries({ queryKey: sessionsQueryOptions().queryKey });
      },
    });

  return (
    <li className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-border px-4 py-3" data-testid={`session-${session.id}`}>
      <div className="grid min-w-0 gap-0.5">
        <span className="flex items-center gap-2 font-medium">
          <span className="truncate" title={session.userAgent ?? undefined}>
            {device}
          </span>
          {session.current && <Badge variant="success">{t('security.sessions.current')}</Badge>}
        </span>
        <span className="text-xs text-muted-foreground">
          {t('security.sessions.started', { time: relativeTimeText(t, i18n.language, new Date(session.createdAt)) })} ·{' '}
          {t('security.sessions.lastActive', { time: relativeTimeText(t, i18n.language, new Date(session.lastSeenAt)) })}
          {session.ipAddress !== null && <> · {t('security.sessions.address', { ip: session.ipAddress })}</>}
        </span>
      </div>
      {!session.current && (
        <Button variant="outline" size="sm" onClick={revoke} disabled={isPending} data-testid={`button-revoke-${session.id}`}>
          {isPending ? <Loader2 className="animate-spin" /> : <LogOut />}
          {t('security.sessions.revoke')}
        </Button>
      )}
    </li>
  );
}

function SignOutEverywhereCard() {
  const { t, i18n } = useTranslation();
  const { mutate, isPending } = useLogoutEverywhere();
  const signOutEverywhere = () =>
    mutate(undefined, {
      onSuccess: () => {
        clearSession();
        toastAfterReload({ title: t('security.everywhere.done'), description: t('security.everywhere.doneDescription') });
        window.location.replace('/');
      },
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: t('security.everywhere.title'),
          description: (error instanceof ApiError && serverErrorText(i18n, error)) || t('security.everywhere.failed'),
        }),
    });
  return (
    <Card className="flex flex-wrap items-center justify-between gap-4 p-6">
      <div className="grid max-w-md gap-1">
        <h2 className="text-lg font-semibold">{t('security.everywhere.title')}</h2>
        <p className="text-sm text-muted-foreground">{t('security.everywhere.description')}</p>
      </div>
      <Button variant="destructive" onClick={signOutEverywhere} disabled={isPending} data-testid="button-logout-everywhere">
        {isPending ? <Loader2 className="animate-spin" /> : <LogOut />}
        {isPending ? t('security.everywhere.working') : t('security.everywhere.action')}
      </Button>
    </Card>
  );
}
