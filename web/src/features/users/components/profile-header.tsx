import { Briefcase, CalendarDays, Mail, Phone } from 'lucide-react';
import { Link } from 'react-router-dom';
import { useTranslation } from '../../../lib/use-translation.ts';
import { LoadingText, Skeleton } from '../../../components/skeleton.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { useUser } from '../api/get-user.ts';
import { displayName } from '../display-name.ts';
import { UserAvatar } from './user-avatar.tsx';
import { localeFormats } from '../../../lib/locale-format.ts';

/** The signed-in dashboard's profile header (spec part 1 §2.4): photo, e-mail, phone, profession, member since. */
export function ProfileHeader() {
  const { t, i18n } = useTranslation();
  const { data: user, isPending, isError } = useUser({ enabled: true });

  if (isPending) {
    // The header's own shape (banner, photo, name, details), so the cards below stay put when it fills in.
    return (
      <Card className="overflow-hidden" aria-busy="true" data-testid="skeleton-profile-header">
        <LoadingText />
        <Skeleton rounded="rounded-none" className="h-20" />
        <div className="flex flex-col gap-4 px-6 pb-6 sm:flex-row sm:items-end">
          <Skeleton rounded="rounded-full" className="-mt-10 size-20 shrink-0 border-4 border-card" />
          <div className="grid flex-1 gap-2">
            <Skeleton className="h-8 w-48" />
            {/* The four details (e-mail, phone, profession, member since) wrap as the real ones do. */}
            <div className="flex flex-wrap gap-x-5 gap-y-1">
              <Skeleton className="h-5 w-56" />
              <Skeleton className="h-5 w-40" />
              <Skeleton className="h-5 w-36" />
              <Skeleton className="h-5 w-48" />
            </div>
          </div>
        </div>
      </Card>
    );
  }
  if (isError) {
    return (
      <Card tone="error" className="p-6 text-sm" role="alert">
        {t('dashboard.profileError')}
      </Card>
    );
  }

  // The server's account, not the copy stored at sign-in: an edit on another device shows here.
  const name = displayName(user, user);
  const initials = name
    .split(/\s+/)
    .map((part) => part.charAt(0))
    .join('')
    .slice(0, 2)
    .toUpperCase();
  const memberSince = localeFormats(i18n.language).date(new Date(user.createdAt), 'monthYear');

  return (
    <Card className="overflow-hidden" data-testid="card-profile-header">
      <div className="h-20 bg-gradient-to-r from-primary to-accent/70" />
      <div className="flex flex-col gap-4 px-6 pb-6 sm:flex-row sm:items-end">
        <UserAvatar
          photoUrl={user.profilePhotoUrl}
          initials={initials}
          className="-mt-10 size-20 shrink-0 border-4 border-card bg-secondary text-2xl font-semibold text-secondary-foreground"
          testId="avatar-profile-header"
        />
        <div className="grid gap-2">
          <h1 className="text-2xl font-semibold tracking-tight" data-testid="text-profile-name">
            {name}
          </h1>
          <ul className="flex flex-wrap gap-x-5 gap-y-1 text-sm text-muted-foreground">
            {/* An e-mail address is one long "word": it wraps anywhere rather than being cut at 360 px. */}
            <li className="flex min-w-0 items-center gap-1.5">
              <Mail className="size-4 shrink-0" />
              <span className="min-w-0 wrap-anywhere">{user.email}</span>
            </li>
            <li className="flex items-center gap-1.5">
              <Phone className="size-4" />
              {user.phoneNumber || t('dashboard.noPhone')}
            </li>
            <li className="flex items-center gap-1.5">
              <Briefcase className="size-4" />
              {user.profession || (
                // The profile page is where it is set: the empty state says the next step.
                <Link to="/profile" className="text-primary underline-offset-4 hover:underline max-sm:inline-flex max-sm:min-h-11 max-sm:items-center" data-testid="link-add-profession">
                  {t('dashboard.addProfession')}
                </Link>
              )}
            </li>
            <li className="flex items-center gap-1.5">
              <CalendarDays className="size-4" />
              {t('dashboard.memberSince', { date: memberSince })}
            </li>
          </ul>
        </div>
      </div>
    </Card>
  );
}
