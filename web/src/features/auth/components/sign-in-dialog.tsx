import { Eye, EyeOff, KeyRound, Loader2, Mail } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import type * as z from 'zod/mini';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../../components/ui/dialog.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { toast } from '../../../hooks/use-toast.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { LANGUAGE_STORAGE_KEY, LANGUAGES, type LanguageCode } from '../../../lib/languages.ts';
import { serverErrorText, translateServerText } from '../../../lib/server-text.ts';
import type { AuthSession } from '../../../lib/session.ts';
import { useRequestPasswordReset } from '../api/account-security.ts';
import { GOOGLE_SIGN_IN_PATH, useGoogleStatus } from '../api/get-google-status.ts';
import { loginInputSchema, useLogin } from '../api/login.ts';
import { registerInputSchema, useRegister } from '../api/register.ts';
import { useRequestMagicLink } from '../api/request-magic-link.ts';
import { storeSessionWithWelcome } from './complete-sign-in.ts';
import { Field } from '../../../components/field.tsx';

export type SignInMode = 'login' | 'register';

interface FormValues {
  email: string;
  password: string;
  confirmPassword: string;
  firstName: string;
  lastName: string;
  phone: string;
  language: LanguageCode;
}

const EMPTY_FORM: FormValues = {
  email: '',
  password: '',
  confirmPassword: '',
  firstName: '',
  lastName: '',
  phone: '',
  language: 'en',
};

type FieldErrors = Partial<Record<keyof FormValues, string>>;

function fieldErrors(error: z.core.$ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const field = issue.path[0] as keyof FormValues | undefined;
    if (field !== undefined && errors[field] === undefined) errors[field] = issue.message;
  }
  return errors;
}

type MagicLinkState = { kind: 'idle' } | { kind: 'sent'; message: string } | { kind: 'failed'; message: string };

export interface SignInDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  initialMode: SignInMode;
  onSuccess?: () => void;
}

/** The sign-in / create-account dialog (spec part 1 §2.2, §4, §5, §8). */
export function SignInDialog({ open, onOpenChange, initialMode, onSuccess }: SignInDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {open && (
        <DialogContent closeLabel={t('common.close')} data-testid="dialog-sign-in" aria-describedby="sign-in-description">
          <SignInForm initialMode={initialMode} {...(onSuccess ? { onSuccess } : {})} />
        </DialogContent>
      )}
    </Dialog>
  );
}

function SignInForm({ initialMode, onSuccess }: { initialMode: SignInMode; onSuccess?: () => void }) {
  const { t, i18n } = useTranslation();
  const [mode, setMode] = useState<SignInMode>(initialMode);
  const [values, setValues] = useState<FormValues>(() => ({
    ...EMPTY_FORM,
    language: (LANGUAGES.find((l) => l.code === i18n.language)?.code ?? 'en') as LanguageCode,
  }));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [showPassword, setShowPassword] = useState(false);
  const [magicLink, setMagicLink] = useState<MagicLinkState>({ kind: 'idle' });
  const googleStatus = useGoogleStatus();
  const loginMutation = useLogin();
  const registerMutation = useRegister();
  const magicLinkMutation = useRequestMagicLink();
  const resetMutation = useRequestPasswordReset();
  const isPending = loginMutation.isPending || registerMutation.isPending;
  const isRegister = mode === 'register';

  const update = (field: keyof FormValues) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const switchMode = (next: SignInMode) => {
    setMode(next);
    setErrors({});
    setMagicLink({ kind: 'idle' });
  };

  const succeed = (session: AuthSession, welcome: { title: string; description: string }) => {
    void storeSessionWithWelcome(session, welcome).then(() => {
      onSuccess?.();
      window.location.reload();
    });
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isRegister) {
      const parsed = registerInputSchema(t).safeParse(values);
      if (!parsed.success) return setErrors(fieldErrors(parsed.error));
      registerMutation.mutate(parsed.data, {
        onSuccess: (session) => {
          // The language chosen at registration becomes the interface language too.
          localStorage.setItem(LANGUAGE_STORAGE_KEY, parsed.data.language);
          succeed(session, { title: t('auth.toast.welcome'), description: t('auth.toast.accountCreated') });
        },
        onError: (error) =>
          toast({
            variant: 'destructive',
            title: t('auth.toast.registrationFailed'),
            description:
              error instanceof ApiError
                ? serverErrorText(i18n, error) || t('auth.registrationFallback')
                : t('auth.toast.registrationError'),
          }),
      });
      return;
    }
    const parsed = loginInputSchema(t).safeParse(values);
    if (!parsed.success) return setErrors(fieldErrors(parsed.error));
    loginMutation.mutate(parsed.data, {
      onSuccess: (session) => succeed(session, { title: t('auth.toast.welcomeBack'), description: t('auth.toast.loggedIn') }),
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: t('auth.toast.loginFailed'),
          description:
            error instanceof ApiError ? serverErrorText(i18n, error) || t('auth.loginFallback') : t('auth.toast.loginError'),
        }),
    });
  };

  /** The e-mail field checked on its own, for the two e-mailed links; null (and its error shown) when invalid. */
  const emailForLink = (): string | null => {
    const email = loginInputSchema(t).shape.email.safeParse(values.email);
    if (email.success) return email.data;
    setErrors((current) => ({ ...current, email: email.error.issues[0]?.message }));
    return null;
  };

  const sendMagicLink = () => {
    const email = emailForLink();
    if (email === null) return;
    magicLinkMutation.mutate(email, {
      onSuccess: ({ message }) => setMagicLink({ kind: 'sent', message: translateServerText(i18n, 'magic_link_sent', message) }),
      onError: (error) =>
        setMagicLink({
          kind: 'failed',
          message: (error instanceof ApiError && serverErrorText(i18n, error)) || t('auth.magicLinkFailed'),
        }),
    });
  };

  // The answer shows in the same place as the sign-in link's: one e-mailed link at a time.
  const sendPasswordReset = () => {
    const email = emailForLink();
    if (email === null) return;
    resetMutation.mutate(email, {
      onSuccess: ({ message }) => setMagicLink({ kind: 'sent', message: translateServerText(i18n, 'password_reset_sent', message) }),
      onError: (error) =>
        setMagicLink({
          kind: 'failed',
          message: (error instanceof ApiError && serverErrorText(i18n, error)) || t('auth.forgotPasswordFailed'),
        }),
    });
  };

  const passwordToggle = (
    <button
      type="button"
      onClick={() => setShowPassword((shown) => !shown)}
      aria-label={showPassword ? t('auth.hidePassword') : t('auth.showPassword')}
      aria-pressed={showPassword}
      data-testid="button-toggle-password"
      className="absolute inset-y-0 right-0 flex w-10 max-sm:w-11 items-center justify-center rounded-r-lg text-muted-foreground hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring cursor-pointer"
    >
      {showPassword ? <EyeOff className="size-4" /> : <Eye className="size-4" />}
    </button>
  );

  return (
    <div className="grid gap-5">
      <div className="grid gap-1.5 pr-6">
        <DialogTitle className="text-xl font-semibold tracking-tight" data-testid="text-sign-in-title">
          {isRegister ? t('auth.registerTitle') : t('auth.loginTitle')}
        </DialogTitle>
        <DialogDescription id="sign-in-description" className="text-sm text-muted-foreground">
          {isRegister ? t('auth.registerDescription') : t('auth.loginDescription')}
        </DialogDescription>
      </div>

      {googleStatus.data === true && (
        <>
          <Button
            type="button"
            variant="outline"
            className="w-full"
            data-testid="button-google-sign-in"
            onClick={() => window.location.assign(GOOGLE_SIGN_IN_PATH)}
          >
            <GoogleMark />
            {t('auth.continueWithGoogle')}
          </Button>
          <div className="flex items-center gap-3 text-xs uppercase tracking-wide text-muted-foreground">
            <span className="h-px flex-1 bg-border" />
            {t('auth.or')}
            <span className="h-px flex-1 bg-border" />
          </div>
        </>
      )}

      <form className="grid gap-4" onSubmit={submit} noValidate data-testid={`form-${mode}`}>
        {isRegister && (
          <div className="grid gap-4 sm:grid-cols-2">
            <Field
              id="firstName"
              label={t('auth.firstName')}
              autoComplete="given-name"
              value={values.firstName}
              onChange={(e) => update('firstName')(e.target.value)}
              error={errors.firstName}
              data-testid="input-first-name"
            />
            <Field
              id="lastName"
              label={t('auth.lastName')}
              autoComplete="family-name"
              value={values.lastName}
              onChange={(e) => update('lastName')(e.target.value)}
              error={errors.lastName}
              data-testid="input-last-name"
            />
          </div>
        )}
        <Field
          id="email"
          type="email"
          label={t('auth.email')}
          placeholder={t('auth.emailPlaceholder')}
          autoComplete="email"
          value={values.email}
          onChange={(e) => update('email')(e.target.value)}
          error={errors.email}
          data-testid="input-email"
        />
        <Field
          id="password"
          type={showPassword ? 'text' : 'password'}
          label={t('auth.password')}
          autoComplete={isRegister ? 'new-password' : 'current-password'}
          value={values.password}
          onChange={(e) => update('password')(e.target.value)}
          error={errors.password}
          trailing={passwordToggle}
          data-testid="input-password"
        />
        {isRegister && (
          <>
            <Field
              id="confirmPassword"
              type={showPassword ? 'text' : 'password'}
              label={t('auth.confirmPassword')}
              autoComplete="new-password"
              value={values.confirmPassword}
              onChange={(e) => update('confirmPassword')(e.target.value)}
              error={errors.confirmPassword}
              data-testid="input-confirm-password"
            />
            <Field
              id="phone"
              type="tel"
              label={t('auth.phone')}
              placeholder={t('auth.phonePlaceholder')}
              autoComplete="tel"
              value={values.phone}
              onChange={(e) => update('phone')(e.target.value)}
              error={errors.phone}
              data-testid="input-phone"
            />
            <div className="grid gap-1.5">
              <Label htmlFor="language">{t('auth.language')}</Label>
              <select
                id="language"
                value={values.language}
                onChange={(e) => update('language')(e.target.value)}
                data-testid="select-language"
                className="h-10 w-full cursor-pointer rounded-lg border border-input bg-background px-3 text-sm shadow-xs focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
              >
                {LANGUAGES.map((language) => (
                  <option key={language.code} value={language.code}>
                    {language.label}
                  </option>
                ))}
              </select>
            </div>
          </>
        )}

        <Button type="submit" size="lg" className="mt-1 w-full" disabled={isPending} data-testid="button-submit-auth">
          {isPending && <Loader2 className="animate-spin" />}
          {isRegister
            ? isPending
              ? t('auth.creatingAccount')
              : t('auth.createAccount')
            : isPending
              ? t('auth.signingIn')
              : t('auth.signIn')}
        </Button>
      </form>

      {!isRegister && (
        <div className="grid gap-2">
          <Button
            type="button"
            variant="ghost"
            size="tall"
            className="w-full text-primary"
            onClick={sendMagicLink}
            disabled={magicLinkMutation.isPending}
            data-testid="button-magic-link"
          >
            <Mail />
            <span className="min-w-0 whitespace-normal text-center">{magicLinkMutation.isPending ? t('auth.magicLinkSending') : t('auth.magicLinkAction')}</span>
          </Button>
          <Button
            type="button"
            variant="ghost"
            size="tall"
            className="w-full text-muted-foreground"
            onClick={sendPasswordReset}
            disabled={resetMutation.isPending}
            data-testid="button-forgot-password"
          >
            <KeyRound />
            <span className="min-w-0 whitespace-normal text-center">{resetMutation.isPending ? t('auth.forgotPasswordSending') : t('auth.forgotPassword')}</span>
          </Button>
          {magicLink.kind === 'sent' && (
            <p role="status" className="rounded-lg bg-secondary px-3 py-2 text-sm text-secondary-foreground" data-testid="text-magic-link-sent">
              {magicLink.message}
            </p>
          )}
          {magicLink.kind === 'failed' && (
            <p role="alert" className="rounded-lg bg-destructive/10 px-3 py-2 text-sm text-destructive" data-testid="text-magic-link-error">
              {magicLink.message}
            </p>
          )}
        </div>
      )}

      <p className="text-center text-sm text-muted-foreground">
        {isRegister ? t('auth.haveAccount') : t('auth.noAccount')}{' '}
        <button
          type="button"
          className="font-medium text-primary underline-offset-4 hover:underline cursor-pointer max-sm:inline-flex max-sm:min-h-11 max-sm:items-center"
          onClick={() => switchMode(isRegister ? 'login' : 'register')}
          data-testid={isRegister ? 'link-switch-to-login' : 'link-switch-to-register'}
        >
          {isRegister ? t('auth.signInLink') : t('auth.createOne')}
        </button>
      </p>
    </div>
  );
}

function GoogleMark() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true">
      <path fill="#4285F4" d="M22.56 12.25c0-.78-.07-1.53-.2-2.25H12v4.26h5.92a5.06 5.06 0 0 1-2.2 3.32v2.77h3.57c2.08-1.92 3.27-4.74 3.27-8.1z" />
      <path fill="#34A853" d="M12 23c2.97 0 5.46-.98 7.28-2.66l-3.57-2.77c-.98.66-2.23 1.06-3.71 1.06-2.86 0-5.29-1.93-6.16-4.53H2.18v2.84A11 11 0 0 0 12 23z" />
      <path fill="#FBBC05" d="M5.84 14.1a6.6 6.6 0 0 1 0-4.2V7.06H2.18a11 11 0 0 0 0 9.88l3.66-2.84z" />
      <path fill="#EA4335" d="M12 5.38c1.62 0 3.06.56 4.21 1.64l3.15-3.15C17.45 2.09 14.97 1 12 1A11 11 0 0 0 2.18 7.06l3.66 2.84c.87-2.6 3.3-4.52 6.16-4.52z" />
    </svg>
  );
}
