/**
 * Who may see a tontine, and who may see what only its members see: the one rule every read and
 * every change of a group applies before anything else.
 *
 * Guarantees
 * - Personal savings (maxMembers = 1) are private: to anyone but their owner (signed out
 *   included) they are `tontine_not_found`, exactly like an id that names no group, so no answer
 *   tells that they exist.
 * - What is for a group's members only (its chat, contributions, payout order, turn swaps) is
 *   `not_a_member` to a signed-in user outside it, once the group itself is visible to them.
 */
import { err, ok, type Result } from '../shared/result.ts';
import type { Tontine } from './tontine.ts';

export type TontineAccessError = 'tontine_not_found' | 'not_a_member';

/** The group as this viewer (null when signed out) may see it. */
export function visibleTontine(tontine: Tontine | undefined, viewerId: string | null): Result<Tontine, 'tontine_not_found'> {
  if (!tontine || (tontine.isPersonalSavings && tontine.creatorId !== viewerId)) return err('tontine_not_found');
  return ok(tontine);
}

/** The group, when this user may see it and is one of its members. */
export function memberTontine(tontine: Tontine | undefined, userId: string): Result<Tontine, TontineAccessError> {
  const visible = visibleTontine(tontine, userId);
  if (!visible.ok) return visible;
  return visible.value.isMember(userId) ? visible : err('not_a_member');
}
