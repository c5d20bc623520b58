import type { SessionProfile, SessionUser } from '../../lib/session.ts';

type Named = { firstName?: string | null | undefined; lastName?: string | null | undefined } | null;

/** The profile's name, else the user's, else the e-mail address. */
export function displayName(profile: Named, user: (Named & { email?: string }) | SessionUser | null): string {
  const first = profile?.firstName || user?.firstName || '';
  const last = profile?.lastName || user?.lastName || '';
  const full = `${first} ${last}`.trim();
  return full || user?.email || '';
}

/** Up to two letters for the avatar: first and last initials, else the e-mail's first letter. */
export function initialsOf(profile: SessionProfile | null, user: SessionUser | null): string {
  const first = profile?.firstName || user?.firstName || '';
  const last = profile?.lastName || user?.lastName || '';
  const initials = `${first.charAt(0)}${last.charAt(0)}`.toUpperCase();
  return initials || (user?.email.charAt(0).toUpperCase() ?? '?');
}
