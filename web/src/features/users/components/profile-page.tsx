import { BookOpen, Camera, KeyRound, LayoutDashboard, Loader2, Mail, Pencil, RefreshCw, ScanFace, IdCard, ShieldCheck, Users, type LucideIcon } from 'lucide-react';
import { useState, type ChangeEvent, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import { Link } from 'react-router-dom';
import { Field } from '../../../components/field.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { LoadingRegion, Skeleton } from '../../../components/skeleton.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { useFormatters } from '../../../hooks/use-formatters.ts';
import { toast } from '../../../hooks/use-toast.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { cn } from '../../../lib/cn.ts';
import { failureText } from '../../../lib/server-text.ts';
import { PHOTO_ACCEPT, photoProblem, uploadFailureText } from '../../../lib/uploads.ts';
import { useProfile, type Profile } from '../api/get-profile.ts';
import { useUser } from '../api/get-user.ts';
import { useUpdateProfile } from '../api/update-profile.ts';
import { useUpdateProfilePhoto } from '../api/update-profile-photo.ts';
import { displayName } from '../display-name.ts';
import { applyEdits, fieldsOf, profileChanges, profileErrors, type EditableField, type ProfileFieldErrors, type ProfileFields } from '../profile-form.ts';
import { UserAvatar } from './user-avatar.tsx';
import { YourDataCard } from './your-data-card.tsx';
import { localeFormats } from '../../../lib/locale-format.ts';

/** Where "Start Verification" leads: the dashboard, opened on its Verification tab. */
export const VERIFICATION_TAB_PATH = '/dashboard?tab=verification';

/**
 * /profile (spec part 2, Profile page), signed in: the photo, personal information with view and
 * edit modes (saved on the server, so the edit follows the member everywhere), the real state of
 * security and verification, the member's data (export, consents, deletion), and quick actions.
 */
export function ProfilePage() {
  const { t } = useTranslation();
  const profile = useProfile({ enabled: true });

  return (
    <div className="mx-auto grid w-full max-w-4xl min-w-0 gap-6 px-4 py-10 sm:px-6">
      <section>
        <h1 className="text-3xl font-bold tracking-tight" data-testid="text-profile-title">
          {t('profile.title')}
        </h1>
        <p className="mt-2 text-muted-foreground">{t('profile.subtitle')}</p>
      </section>
      {profile.isPending ? (
        <LoadingRegion className="grid gap-6" testId="skeleton-profile">
          <Skeleton rounded="rounded-2xl" className="h-36" />
          <Skeleton rounded="rounded-2xl" className="h-96" />
        </LoadingRegion>
      ) : profile.isError ? (
        <Card role="alert" className="flex flex-wrap items-center justify-between gap-3 p-6 text-sm" data-testid="state-profile-error">
          <p className="text-destructive">{t('profile.loadError')}</p>
          <Button variant="outline" size="sm" onClick={() => void profile.refetch()}>
            <RefreshCw />
            {t('profile.retry')}
          </Button>
        </Card>
      ) : (
        <>
          <PhotoCard profile={profile.data} />
          <PersonalInformation profile={profile.data} />
          <SecurityAndVerification profile={profile.data} />
          <YourDataCard />
          <QuickActions />
        </>
      )}
    </div>
  );
}

function initialsOf(profile: Profile): string {
  return `${profile.firstName.charAt(0)}${profile.lastName.charAt(0)}`.toUpperCase() || profile.email.charAt(0).toUpperCase();
}

function PhotoCard({ profile }: { profile: Profile }) {
  const { t, i18n } = useTranslation();
  const { data: user } = useUser({ enabled: true });
  const upload = useUpdateProfilePhoto();
  const name = displayName(profile, null) || profile.email;
  const memberSince = user ? localeFormats(i18n.language).date(new Date(user.createdAt), 'monthYear') : null;

  const picked = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const problem = photoProblem(file);
    if (problem) return toast({ variant: 'destructive', title: t('profile.toast.photoFailed'), description: t(`uploads.problem.${problem}`) });
    upload.mutate(file, {
      onSuccess: () => toast({ title: t('profile.toast.photoUpdated') }),
      onError: (error) => toast({ variant: 'destructive', title: t('profile.toast.photoFailed'), description: uploadFailureText(i18n, error, t('profile.toast.photoFailedDescription')) }),
    });
  };

  return (
    <Card className="flex flex-col items-center gap-4 p-6 text-center sm:flex-row sm:text-left" data-testid="card-profile-photo">
      <div className="relative shrink-0">
        <UserAvatar
          photoUrl={profile.profilePhotoUrl}
          initials={initialsOf(profile)}
          alt={name}
          className="size-24 border-4 border-card bg-secondary text-3xl font-semibold text-secondary-foreground shadow-sm"
          testId="avatar-profile-page"
        />
        {upload.isPending && (
          <span className="absolute inset-0 flex items-center justify-center rounded-full bg-background/70">
            <Loader2 className="size-6 animate-spin" aria-label={t('profile.photo.uploading')} />
          </span>
        )}
      </div>
      <div className="grid min-w-0 gap-2">
        <p className="break-words text-xl font-semibold" data-testid="text-profile-page-name">
          {name}
        </p>
        <p className="break-all text-sm text-muted-foreground">{profile.email}</p>
        {memberSince && <p className="text-sm text-muted-foreground">{t('profile.memberSince', { date: memberSince })}</p>}
        <div className="flex flex-wrap items-center justify-center gap-2 sm:justify-start">
          <Button asChild variant="outline" size="sm" className={cn('focus-within:ring-2 focus-within:ring-ring focus-within:ring-offset-2', upload.isPending && 'pointer-events-none opacity-50')}>
            <label>
              <Camera />
              {upload.isPending ? t('profile.photo.uploading') : t('profile.photo.change')}
              <input type="file" accept={PHOTO_ACCEPT} className="sr-only" onChange={picked} disabled={upload.isPending} data-testid="input-profile-photo" />
            </label>
          </Button>
        </div>
        <p className="text-xs text-muted-foreground">{t('profile.photo.hint')}</p>
      </div>
    </Card>
  );
}

const FIELD_LABELS: Record<EditableField, 'profile.personal.firstName' | 'profile.personal.lastName' | 'profile.personal.phone' | 'profile.personal.address' | 'profile.personal.profession'> = {
  firstName: 'profile.personal.firstName',
  lastName: 'profile.personal.lastName',
  phoneNumber: 'profile.personal.phone',
  address: 'profile.personal.address',
  profession: 'profile.personal.profession',
};

function PersonalInformation({ profile }: { profile: Profile }) {
  const { t, i18n } = useTranslation();
  const format = useFormatters();
  const update = useUpdateProfile();
  const saved = fieldsOf(profile);
  const [editing, setEditing] = useState(false);
  const [edited, setEdited] = useState<ProfileFields>(saved);
  const [errors, setErrors] = useState<Partial<Record<EditableField, string>>>({});

  const startEditing = () => {
    setEdited(saved);
    setErrors({});
    setEditing(true);
  };
  // Cancel restores the saved values (spec part 2).
  const cancel = () => {
    setEdited(saved);
    setErrors({});
    setEditing(false);
  };
  const change = (field: EditableField) => (event: ChangeEvent<HTMLInputElement>) => {
    setEdited((current) => ({ ...current, [field]: event.target.value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };
  const done = () => {
    setEditing(false);
    toast({ title: t('profile.toast.updated'), description: t('profile.toast.updatedDescription') });
  };

  const save = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const changes = profileChanges(saved, applyEdits(saved, edited));
    const problems: ProfileFieldErrors = profileErrors(changes);
    if (Object.keys(problems).length > 0) {
      return setErrors(Object.fromEntries(Object.entries(problems).map(([field, problem]) => [field, t(`profile.errors.${problem}`)])));
    }
    if (Object.keys(changes).length === 0) return done();
    update.mutate(changes, {
      onSuccess: done,
      onError: (error) => {
        const message = failureText(i18n, error, t('profile.toast.failedDescription'));
        // A refused phone number is shown on its field as well.
        if (error instanceof ApiError && (error.code === 'phone_number_invalid' || error.code === 'phone_taken')) setErrors({ phoneNumber: message });
        toast({ variant: 'destructive', title: t('profile.toast.failed'), description: message });
      },
    });
  };

  const view: Array<{ label: string; value: string | null; testId: string }> = [
    { label: t('profile.personal.firstName'), value: profile.firstName, testId: 'text-profile-first-name' },
    { label: t('profile.personal.lastName'), value: profile.lastName, testId: 'text-profile-last-name' },
    { label: t('profile.personal.email'), value: profile.email, testId: 'text-profile-email' },
    { label: t('profile.personal.phone'), value: profile.phoneNumber, testId: 'text-profile-phone' },
    { label: t('profile.personal.address'), value: profile.address, testId: 'text-profile-address' },
    { label: t('profile.personal.profession'), value: profile.profession ?? null, testId: 'text-profile-profession' },
    { label: t('profile.personal.dateOfBirth'), value: profile.dateOfBirth === null ? null : format.date(profile.dateOfBirth), testId: 'text-profile-dob' },
  ];

  return (
    <Card className="grid gap-5 p-6" data-testid="card-personal-information" data-mode={editing ? 'edit' : 'view'}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-lg font-semibold">{t('profile.personal.title')}</h2>
        {!editing && (
          <Button variant="outline" size="sm" onClick={startEditing} data-testid="button-edit-profile">
            <Pencil />
            {t('profile.personal.edit')}
          </Button>
        )}
      </div>
      {editing ? (
        <form className="grid gap-4" onSubmit={save} noValidate data-testid="form-profile">
          <div className="grid gap-4 sm:grid-cols-2">
            {(['firstName', 'lastName'] as const).map((field) => (
              <Field
                key={field}
                id={`profile-${field}`}
                label={t(FIELD_LABELS[field])}
                value={edited[field]}
                onChange={change(field)}
                error={errors[field]}
                autoComplete={field === 'firstName' ? 'given-name' : 'family-name'}
                maxLength={100}
                data-testid={`input-profile-${field}`}
              />
            ))}
          </div>
          <Field
            id="profile-email"
            label={t('profile.personal.email')}
            value={profile.email}
            readOnly
            disabled
            hint={t('profile.personal.emailReadOnly')}
            error={undefined}
            data-testid="input-profile-email"
          />
          <Field
            id="profile-phoneNumber"
            label={t('profile.personal.phone')}
            value={edited.phoneNumber}
            onChange={change('phoneNumber')}
            error={errors.phoneNumber}
            hint={t('profile.personal.phoneHint')}
            type="tel"
            autoComplete="tel"
            maxLength={32}
            data-testid="input-profile-phoneNumber"
          />
          <Field
            id="profile-address"
            label={t('profile.personal.address')}
            value={edited.address}
            onChange={change('address')}
            error={errors.address}
            autoComplete="street-address"
            maxLength={255}
            data-testid="input-profile-address"
          />
          <Field
            id="profile-profession"
            label={t(FIELD_LABELS.profession)}
            value={edited.profession}
            onChange={change('profession')}
            error={errors.profession}
            hint={t('profile.personal.professionHint')}
            autoComplete="organization-title"
            maxLength={100}
            data-testid="input-profile-profession"
          />
          <Field
            id="profile-dob"
            label={t('profile.personal.dateOfBirth')}
            value={profile.dateOfBirth === null ? t('profile.personal.notSet') : format.date(profile.dateOfBirth)}
            readOnly
            disabled
            hint={t('profile.personal.dobReadOnly')}
            error={undefined}
            data-testid="input-profile-dob"
          />
          <div className="flex flex-wrap gap-2">
            <Button type="submit" disabled={update.isPending} data-testid="button-save-profile">
              {update.isPending && <Loader2 className="animate-spin" />}
              {update.isPending ? t('profile.personal.saving') : t('profile.personal.save')}
            </Button>
            <Button type="button" variant="outline" onClick={cancel} disabled={update.isPending} data-testid="button-cancel-profile">
              {t('profile.personal.cancel')}
            </Button>
          </div>
        </form>
      ) : (
        <dl className="grid gap-4 sm:grid-cols-2">
          {view.map(({ label, value, testId }) => (
            <div key={testId} className="grid min-w-0 gap-1">
              <dt className="text-sm text-muted-foreground">{label}</dt>
              {/* wrap-anywhere, not break-words: an e-mail address is one long "word" and must wrap at 360 px. */}
              <dd className={cn('wrap-anywhere font-medium', value === null && 'text-muted-foreground')} data-testid={testId}>
                {value ?? t('profile.personal.notSet')}
              </dd>
            </div>
          ))}
        </dl>
      )}
    </Card>
  );
}

function SecurityAndVerification({ profile }: { profile: Profile }) {
  const { t } = useTranslation();
  return (
    <Card className="grid gap-4 p-6" data-testid="card-security-verification">
      <h2 className="text-lg font-semibold">{t('profile.security.title')}</h2>
      <ul className="grid gap-3">
        <StatusRow icon={Mail} label={t('profile.security.email')} testId="row-email">
          <Badge variant={profile.emailVerified ? 'success' : 'outline'}>{profile.emailVerified ? t('profile.security.emailVerified') : t('profile.security.emailNotVerified')}</Badge>
        </StatusRow>
        <VerificationRow icon={IdCard} label={t('profile.security.nationalId')} verified={profile.nidaVerified} testId="row-nida" />
        <VerificationRow icon={ScanFace} label={t('profile.security.face')} verified={profile.kycVerified} testId="row-kyc" />
        <StatusRow icon={KeyRound} label={t('profile.security.password')} testId="row-password">
          <Button asChild variant="outline" size="sm">
            <Link to="/security" data-testid="link-profile-security">
              {t('profile.security.manage')}
            </Link>
          </Button>
        </StatusRow>
      </ul>
    </Card>
  );
}

function StatusRow({ icon: Icon, label, testId, children }: { icon: LucideIcon; label: string; testId: string; children: ReactNode }) {
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-border p-3" data-testid={testId}>
      <span className="flex min-w-0 items-center gap-2 font-medium">
        <Icon className="size-5 shrink-0 text-primary" aria-hidden="true" />
        {label}
      </span>
      <span className="flex flex-wrap items-center gap-2">{children}</span>
    </li>
  );
}

function VerificationRow({ icon, label, verified, testId }: { icon: LucideIcon; label: string; verified: boolean; testId: string }) {
  const { t } = useTranslation();
  return (
    <StatusRow icon={icon} label={label} testId={testId}>
      {verified ? (
        <Badge variant="success" data-testid={`status-${testId}`}>
          <ShieldCheck className="size-3" aria-hidden="true" />
          {t('verification.verified')}
        </Badge>
      ) : (
        <>
          <Badge variant="outline" data-testid={`status-${testId}`}>
            {t('verification.notVerified')}
          </Badge>
          <Button asChild size="sm">
            <Link to={VERIFICATION_TAB_PATH} data-testid={`button-start-verification-${testId.replace('row-', '')}`}>
              {t('profile.security.startVerification')}
            </Link>
          </Button>
        </>
      )}
    </StatusRow>
  );
}

function QuickActions() {
  const { t } = useTranslation();
  const actions = [
    { to: '/dashboard', label: t('nav.dashboard'), icon: LayoutDashboard, testId: 'link-quick-dashboard' },
    { to: '/tontines', label: t('nav.tontines'), icon: Users, testId: 'link-quick-tontines' },
    { to: '/education', label: t('nav.education'), icon: BookOpen, testId: 'link-quick-education' },
  ];
  return (
    <Card className="grid gap-4 p-6" data-testid="card-quick-actions">
      <h2 className="text-lg font-semibold">{t('profile.quickActions.title')}</h2>
      <div className="grid gap-3 sm:grid-cols-3">
        {actions.map(({ to, label, icon: Icon, testId }) => (
          <Button key={to} asChild variant="outline" size="tall" align="start">
            <Link to={to} data-testid={testId}>
              <Icon />
              {label}
            </Link>
          </Button>
        ))}
      </div>
    </Card>
  );
}
