/**
 * CreateTontine: a member creates a group (or their personal savings, maxMembers = 1) and is its
 * first member and admin. Personal savings are active at once, with their first contribution due.
 *
 * Guarantees
 * - The terms are checked by `checkTontineTerms`; before them, a positive contribution with
 *   centimes is refused (`contribution_amount_not_whole_francs`): mobile money moves whole francs.
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

export type CreateTontineError = TontineTermsError | 'contribution_amount_not_whole_francs';

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

  execute(input: TontineTermsInput & { creatorId: string }): Promise<Result<Tontine, CreateTontineError>> {
    const { tontines, contributions, uow, clock, ids } = this.deps;
    const amount = Money.parseDecimal(input.contributionAmount);
    if (amount.ok && amount.value.isPositive() && !amount.value.isWholeFrancs()) return Promise.resolve(err('contribution_amount_not_whole_francs'));
    const terms = checkTontineTerms(input);
    if (!terms.ok) return Promise.resolve(terms);
    return uow.run(async () => {
      const tontine = Tontine.create({ ...terms.value, id: ids.newId(), creatorId: input.creatorId, now: clock.now() });
      await tontines.save(tontine);
      if (tontine.status === 'active') await contributions.save(contributionsAtStart(tontine, ids));
      return ok(tontine);
    });
  }
}
