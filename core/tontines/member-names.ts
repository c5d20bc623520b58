/**
 * How a member is named to others (spec part 1 §3; the privacy rule of the savings API).
 *
 * Guarantees
 * - A member's public face is name, avatar and initials: never a phone number or an e-mail.
 * - The full name only to the group's own members; to anyone else (signed out, or not in the
 *   group) the first name and the initial of the last name ("Aline M.").
 * - A member whose profile is gone is "Former member" (initials "?").
 */
import type { MemberProfile } from './ports.ts';
import type { Tontine } from './tontine.ts';

const FORMER_MEMBER = 'Former member';

export function fullName(profile: MemberProfile | undefined): string {
  return profile ? `${profile.firstName} ${profile.lastName}`.trim() : FORMER_MEMBER;
}

/** The name shown outside the group: first name and the last name's initial ("Aline M."). */
export function publicName(profile: MemberProfile | undefined): string {
  if (!profile) return FORMER_MEMBER;
  // The first code point, not code unit: a name may start outside the Basic Multilingual Plane.
  const [initial] = Array.from(profile.lastName.trim());
  return initial ? `${profile.firstName.trim()} ${initial.toUpperCase()}.` : profile.firstName.trim();
}

/** `text` cut to `max` code points, the cut marked by a final '.' (a space or hyphen before it dropped): a name that must fit an SMS. */
export function clip(text: string, max: number): string {
  const chars = Array.from(text);
  return chars.length <= max ? text : `${chars.slice(0, max - 1).join('').replace(/[\s-]+$/, '')}.`;
}

/** `publicName` with the first name cut to `firstNameMax` (an SMS): the initial that tells two Aminas apart is kept. */
export function shortPublicName(profile: MemberProfile | undefined, firstNameMax: number): string {
  return publicName(profile && { ...profile, firstName: clip(profile.firstName.trim(), firstNameMax) });
}

/** How this viewer (null when signed out) sees the names of this group's members. */
export function memberNamer(tontine: Tontine, viewerId: string | null): (profile: MemberProfile | undefined) => string {
  return viewerId !== null && tontine.isMember(viewerId) ? fullName : publicName;
}

export function initialsOf(profile: MemberProfile | undefined): string {
  if (!profile) return '?';
  return `${profile.firstName.charAt(0)}${profile.lastName.charAt(0)}`.toUpperCase();
}

export interface TontineMemberEntry {
  userId: string;
  name: string;
  avatar: string | null;
  initials: string;
  isAdmin: boolean;
}

/** The members of a group as this viewer sees them. */
export function tontineMemberEntries(tontine: Tontine, profiles: ReadonlyMap<string, MemberProfile>, viewerId: string | null): TontineMemberEntry[] {
  const nameOf = memberNamer(tontine, viewerId);
  return tontine.members.map((m) => {
    const profile = profiles.get(m.userId);
    return { userId: m.userId, name: nameOf(profile), avatar: profile?.profilePhotoUrl ?? null, initials: initialsOf(profile), isAdmin: tontine.isAdmin(m.userId) };
  });
}
