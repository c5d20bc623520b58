/**
 * ListTurnSwaps: a member sees the turn swaps proposed in their group.
 *
 * Guarantees
 * - For the group's members only (`not_a_member`); someone else's personal savings is
 *   `tontine_not_found` (tontine-access.ts).
 */
import { ok, type Result } from '../shared/result.ts';
import type { TontineRepository } from './ports.ts';
import type { TurnSwap } from './tontine.ts';
import { memberTontine, type TontineAccessError } from './tontine-access.ts';

export interface ListTurnSwapsDeps {
  tontines: Pick<TontineRepository, 'get'>;
}

export interface ListTurnSwapsInput {
  tontineId: string;
  userId: string;
}

export class ListTurnSwaps {
  constructor(private readonly deps: ListTurnSwapsDeps) {}

  async execute(input: ListTurnSwapsInput): Promise<Result<readonly TurnSwap[], TontineAccessError>> {
    const member = memberTontine(await this.deps.tontines.get(input.tontineId), input.userId);
    return member.ok ? ok(member.value.swaps) : member;
  }
}
