/**
 * CreateTontine: a member creates a group (or their personal savings, maxMembers = 1) and is its
 * first member and admin. Personal savings are active at once, with their first contribution due.
 *
 * Guarantees
 * - The terms are checked by `checkTontineTerms`; before them, a positive contribution with
 *   centimes is refused (`contribution_amount_not_whole_francs`): mobile money moves whole francs.
 * - The creator may set the group's late fine (late-fine.ts, checked after the terms); a rule out
 *   of bounds, or one for personal savings, is `late_fine_invalid`.
 */
import type { ContributionRepository } from '../contributions/ports.ts';
import { Money } from '../money/money.ts';
import type { Clock, IdGenerator } from '../shared/clock.ts';
import { err, ok, type Result } from '../shared/result.ts';
import type { UnitOfWork } from '../shared/unit-of-work.ts';
import { contributionsAtStart } from './contribution-schedule.ts';
import type { TontineRepository } from './ports.ts';
import { Tontine } from './tontine.ts';
import { checkTontineTerms, type TontineTermsError, type TontineTermsInput } from './tontine-terms.ts';
import { checkLateFine, type LateFineError, type LateFineInput, type LateFineRule } from './late-fine.ts';

export type CreateTontineError = TontineTermsError | 'contribution_amount_not_whole_francs' | LateFineError;

export class CreateTontine {
  constructor(
    private readonly deps: {
      tontines: TontineRepository;
      contributions: ContributionRepository;
      uow: UnitOfWork;
      clock: Clock;
      ids: IdGenerator;
    },
  ) {}

  execute(input: TontineTermsInput & { creatorId: string; lateFine?: LateFineInput | null }): Promise<Result<Tontine, CreateTontineError>> {
    const { tontines, contributions, uow, clock, ids } = this.deps;
    const amount = Money.parseDecimal(input.contributionAmount);
    if (amount.ok && amount.value.isPositive() && !amount.value.isWholeFrancs()) return Promise.resolve(err('contribution_amount_not_whole_francs'));
    const terms = checkTontineTerms(input);
    if (!terms.ok) return Promise.resolve(terms);
    let lateFine: LateFineRule | null = null;
    if (input.lateFine) {
      const checked = checkLateFine(input.lateFine);
      if (!checked.ok || terms.value.maxMembers === 1) return Promise.resolve(err('late_fine_invalid'));
      lateFine = checked.value;
    }
    return uow.run(async () => {
      const tontine = Tontine.create({ ...terms.value, id: ids.newId(), creatorId: input.creatorId, now: clock.now(), lateFine });
      await tontines.save(tontine);
      if (tontine.status === 'active') await contributions.save(contributionsAtStart(tontine, ids));
      return ok(tontine);
    });
  }
}
