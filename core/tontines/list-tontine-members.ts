/**
 * ListTontineMembers: a viewer sees who is in a group.
 *
 * Guarantees
 * - Someone else's personal savings, or an id of no group, is `tontine_not_found` (tontine-access.ts).
 * - Each member with their public profile; names as member-names.ts lets this viewer see them.
 */
import { ok, type Result } from '../shared/result.ts';
import { tontineMemberEntries, type TontineMemberEntry } from './member-names.ts';
import type { MemberProfiles, TontineRepository } from './ports.ts';
import { visibleTontine } from './tontine-access.ts';

export interface ListTontineMembersDeps {
  tontines: Pick<TontineRepository, 'get'>;
  profiles: MemberProfiles;
}

export interface ListTontineMembersInput {
  tontineId: string;
  /** Null when signed out. */
  viewerId: string | null;
}

export type ListTontineMembersError = 'tontine_not_found';

export class ListTontineMembers {
  constructor(private readonly deps: ListTontineMembersDeps) {}

  async execute(input: ListTontineMembersInput): Promise<Result<TontineMemberEntry[], ListTontineMembersError>> {
    const visible = visibleTontine(await this.deps.tontines.get(input.tontineId), input.viewerId);
    if (!visible.ok) return visible;
    const tontine = visible.value;
    const profiles = await this.deps.profiles.profiles(tontine.members.map((m) => m.userId));
    return ok(tontineMemberEntries(tontine, profiles, input.viewerId));
  }
}

