/**
 * ShowPayoutOrder: a member sees in which order the group's members are paid, and how that order
 * was made (the draw's seed, so anyone can re-check it, or the join order).
 *
 * Guarantees
 * - For the group's members only (`not_a_member`); someone else's personal savings is
 *   `tontine_not_found` (tontine-access.ts).
 * - Members are named in full (the reader is a member).
 */
import { ok, type Result } from '../shared/result.ts';
import { fullName } from './member-names.ts';
import type { MemberProfiles, TontineRepository } from './ports.ts';
import { memberTontine, type TontineAccessError } from './tontine-access.ts';

export interface ShowPayoutOrderDeps {
  tontines: Pick<TontineRepository, 'get'>;
  profiles: MemberProfiles;
}

export interface ShowPayoutOrderInput {
  tontineId: string;
  userId: string;
}

export interface PayoutOrder {
  order: { memberId: string; name: string; position: number }[];
  /** The draw's seed; null while the order is the join order. */
  seed: string | null;
  method: 'draw' | 'join_order';
}

export class ShowPayoutOrder {
  constructor(private readonly deps: ShowPayoutOrderDeps) {}

  async execute(input: ShowPayoutOrderInput): Promise<Result<PayoutOrder, TontineAccessError>> {
    const member = memberTontine(await this.deps.tontines.get(input.tontineId), input.userId);
    if (!member.ok) return member;
    const tontine = member.value;
    const profiles = await this.deps.profiles.profiles(tontine.payoutOrder);
    return ok({
      order: tontine.payoutOrder.map((memberId, i) => ({ memberId, name: fullName(profiles.get(memberId)), position: i + 1 })),
      seed: tontine.draw?.seed ?? null,
      method: tontine.draw ? 'draw' : 'join_order',
    });
  }
}
