import { Eye, EyeOff, KeyRound, Loader2, MailWarning } from 'lucide-react';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { serverErrorText } from '../../../lib/server-text.ts';
import { resetPasswordInputSchema, useConfirmPasswordReset } from '../api/account-security.ts';
import { storeSessionWithWelcome } from './complete-sign-in.ts';
import { Field } from '../../../components/field.tsx';

function tokenFromFragment(hash: string): string | null {
  return new URLSearchParams(hash.replace(/^#/, '')).get('token');
}

type Errors = Partial<Record<'newPassword' | 'confirmPassword', string>>;

/**
 * /auth/reset-password#token=…: choose a new password with an e-mailed reset link. The token
 * travels in the fragment (never in server logs) and leaves the address bar at once; it is sent
 * only with the new password, so a mail scanner opening the link cannot use it up.
 */
export function ResetPasswordPage({ onSignIn }: { onSignIn: () => void }) {
  const { t, i18n } = useTranslation();
  // Read at the first render; the effect then takes the fragment out of the address bar.
  const [token] = useState(() => tokenFromFragment(window.location.hash));
  useEffect(() => {
    window.history.replaceState(null, '', window.location.pathname + window.location.search);
  }, []);
  const [values, setValues] = useState({ newPassword: '', confirmPassword: '' });
  const [errors, setErrors] = useState<Errors>({});
  const [showPassword, setShowPassword] = useState(false);
  const [failure, setFailure] = useState<string | null>(token ? null : t('auth.resetPage.invalid'));
  const { mutate, isPending } = useConfirmPasswordReset();

  const update = (field: keyof typeof values) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = resetPasswordInputSchema(t).safeParse(values);
    if (!parsed.success) {
      const next: Errors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as keyof Errors | undefined;
        if (field !== undefined) next[field] ??= issue.message;
      }
      return setErrors(next);
    }
    mutate(
      { token: token ?? '', password: parsed.data.newPassword },
      {
        onSuccess: (session) => {
          void storeSessionWithWelcome(session, { title: t('auth.resetPage.done'), description: t('auth.resetPage.doneDescription') }).then(() => window.location.replace('/'));
        },
        onError: (error) => setFailure((error instanceof ApiError && serverErrorText(i18n, error)) || t('auth.resetPage.invalid')),
      },
    );
  };

  const passwordToggle = (
    <button
      type="button"
      onClick={() => setShowPassword((shown) => !shown)}
      aria-label={showPassword ? t('auth.hidePassword') : t('auth.showPassword')}
      aria-pressed={showPassword}
      className="absolute inset-y-0 right-0 flex w-10 max-sm:w-11 items-center justify-center rounded-r-lg text-muted-foreground hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring cursor-pointer"
    >
      {showPassword ? <EyeOff className="size-4" /> : <Eye className="size-4" />}
    </button>
  );

  return (
    <div className="mx-auto flex min-h-[60vh] max-w-md items-center px-4 py-16">
      <Card className="w-full p-8">
        {failure === null ? (
          <form className="grid gap-4" onSubmit={submit} noValidate data-testid="form-reset-password">
            <div className="grid justify-items-center gap-2 text-center">
              <span className="flex size-12 items-center justify-center rounded-full bg-primary/10 text-primary">
                <KeyRound className="size-6" />
              </span>
              <h1 className="text-xl font-semibold">{t('auth.resetPage.title')}</h1>
              <p className="text-sm text-muted-foreground">{t('auth.resetPage.description')}</p>
            </div>
            <Field
              id="newPassword"
              type={showPassword ? 'text' : 'password'}
              label={t('auth.resetPage.newPassword')}
              autoComplete="new-password"
              value={values.newPassword}
              onChange={(e) => update('newPassword')(e.target.value)}
              error={errors.newPassword}
              trailing={passwordToggle}
              data-testid="input-new-password"
            />
            <Field
              id="confirmPassword"
              type={showPassword ? 'text' : 'password'}
              label={t('auth.resetPage.confirmPassword')}
              autoComplete="new-password"
              value={values.confirmPassword}
              onChange={(e) => update('confirmPassword')(e.target.value)}
              error={errors.confirmPassword}
              data-testid="input-confirm-new-password"
            />
            <Button type="submit" size="lg" className="w-full" disabled={isPending} data-testid="button-reset-password">
              {isPending && <Loader2 className="animate-spin" />}
              {isPending ? t('auth.resetPage.submitting') : t('auth.resetPage.submit')}
            </Button>
          </form>
        ) : (
          <div className="grid justify-items-center gap-4 text-center">
            <span className="flex size-12 items-center justify-center rounded-full bg-destructive/10 text-destructive">
              <MailWarning className="size-6" />
            </span>
            <h1 className="text-xl font-semibold">{t('auth.resetPage.failedTitle')}</h1>
            <p className="text-muted-foreground" data-testid="text-reset-invalid">
              {failure}
            </p>
            <Button onClick={onSignIn} data-testid="button-reset-sign-in">
              {t('auth.resetPage.requestNew')}
            </Button>
          </div>
        )}
      </Card>
    </div>
  );
}
