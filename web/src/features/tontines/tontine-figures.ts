/**
 * What a tontine card and the list page compute (spec part 1 §2.7, §3, §9).
 *
 * Guarantees:
 * - pool = contributionAmount × currentCycle and target = contributionAmount × maxMembers, in
 *   integer centimes; an unreadable amount gives null (shown '—'), never a made-up figure.
 * - Spots left come from the server when it says so, else maxMembers − members, never below 0;
 *   joining is possible only with at least one spot left.
 * - At most 4 avatars are shown; the rest are counted in a +N overflow.
 * - Search matches the name or the description, ignoring case and surrounding spaces; an empty
 *   search matches everything.
 */
import { parseCentimes, type Centimes } from '../../lib/money.ts';

export const MAX_AVATARS = 4;

interface Figures {
  contributionAmount: string;
  currentCycle?: number | null | undefined;
  maxMembers: number;
}

export function poolCentimes(tontine: Figures): Centimes | null {
  const contribution = parseCentimes(tontine.contributionAmount);
  return contribution === null ? null : contribution * (tontine.currentCycle ?? 0);
}

export function targetCentimes(tontine: Figures): Centimes | null {
  const contribution = parseCentimes(tontine.contributionAmount);
  return contribution === null ? null : contribution * tontine.maxMembers;
}

export function spotsLeft(tontine: { maxMembers: number; spotsLeft?: number | null | undefined; members?: readonly unknown[] | null | undefined }): number {
  const left = tontine.spotsLeft ?? tontine.maxMembers - (tontine.members?.length ?? 0);
  return Math.max(0, left);
}

export function avatarStack<T>(members: readonly T[]): { shown: T[]; overflow: number } {
  return { shown: members.slice(0, MAX_AVATARS), overflow: Math.max(0, members.length - MAX_AVATARS) };
}

export function matchesSearch(tontine: { name: string; description?: string | null | undefined }, search: string): boolean {
  const needle = search.trim().toLowerCase();
  if (needle === '') return true;
  return tontine.name.toLowerCase().includes(needle) || (tontine.description ?? '').toLowerCase().includes(needle);
}

/** matchScore 0..1 → whole percent for "92% match". */
export function matchPercent(matchScore: number): number {
  return Math.round(Math.min(1, Math.max(0, matchScore)) * 100);
}

/** Initials when the server sent none: first letters of the first two words. */
export function initialsFromName(name: string): string {
  return (
    name
      .trim()
      .split(/\s+/)
      .slice(0, 2)
      .map((word) => word.charAt(0))
      .join('')
      .toUpperCase() || '?'
  );
}
