/**
 * ShowKeyFacts: show the key facts statement of a loan before the member applies (BNR Regulation 02/2016 on
 * disclosure for fixed-term credit): amount, term, annual rate, APR, every fee, total interest,
 * total cost and the instalment schedule.
 *
 * Guarantees
 * - The statement is computed from the same rules as the loan it announces: the member's rate
 *   band from their latest score, the exact amortisation, as if disbursed today in Kigali.
 * - Every statement shown is recorded with its instant, so its acceptance can be proven later.
 * - The application is validated first, with the same codes and messages as an application.
 */
import type { Clock, IdGenerator } from '../shared/clock.ts';
import { kigaliDateOf } from '../shared/calendar.ts';
import { err, ok, type Result } from '../shared/result.ts';
import type { UnitOfWork } from '../shared/unit-of-work.ts';
import { keyFacts } from './amortisation.ts';
import { annualRateForScore, validateLoanApplication, type LoanApplication, type LoanApplicationError } from './loan-terms.ts';
import type { Borrowers, KeyFactsStatement, KeyFactsStatementRepository } from './ports.ts';

/** A statement is accepted within a day of being shown; after that it is shown again. */
export const KEY_FACTS_VALID_MS = 24 * 60 * 60_000;

export interface ShowKeyFactsDeps {
  borrowers: Borrowers;
  statements: KeyFactsStatementRepository;
  uow: UnitOfWork;
  clock: Clock;
  ids: IdGenerator;
}

export type ShowKeyFactsInput = LoanApplication & { memberId: string };

export class ShowKeyFacts {
  constructor(private readonly deps: ShowKeyFactsDeps) {}

  async execute(input: ShowKeyFactsInput): Promise<Result<KeyFactsStatement, LoanApplicationError | 'member_not_found'>> {
    const { borrowers, statements, uow, clock, ids } = this.deps;
    const application = validateLoanApplication(input);
    if (!application.ok) return application;
    return uow.run(async () => {
      const profile = await borrowers.profileOf(input.memberId);
      if (!profile) return err('member_not_found');
      const now = clock.now();
      const facts = keyFacts(
        { principal: application.value.amount, annualRateBps: annualRateForScore(profile.creditScore), termMonths: application.value.termMonths },
        kigaliDateOf(now),
      );
      const statement: KeyFactsStatement = { id: ids.newId(), memberId: input.memberId, facts, shownAt: now };
      await statements.save(statement);
      return ok(statement);
    });
  }
}
