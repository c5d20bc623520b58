/**
 * ShowKeyFacts: show the key facts statement of a loan before the member applies (BNR Regulation 02/2016 on
 * disclosure for fixed-term credit): amount, term, annual rate, APR, every fee, total interest,
 * total cost and the instalment schedule.
 *
 * Guarantees
 * - The statement is computed from the same rules as the loan it announces: the member's rate
 *   band from an assessment of their records made now (the scorecard, not a score recorded
 *   earlier), the exact amortisation, as if disbursed today in Kigali.
 * - The statement keeps that assessment: the application is decided on it (ApplyForLoan), so the
 *   rate shown and the rate lent are one.
 * - Every statement shown is recorded with its instant, so its acceptance can be proven later.
 * - The application is validated first, with the same codes and messages as an application.
 */
import type { CreditHistories } from '../credit/ports.ts';
import { assessCreditHistory, type CreditAssessmentResult } from '../credit/scorecard.ts';
import type { Money } from '../money/money.ts';
import type { Clock, IdGenerator } from '../shared/clock.ts';
import { kigaliDateOf } from '../shared/calendar.ts';
import { err, ok, type Result } from '../shared/result.ts';
import type { UnitOfWork } from '../shared/unit-of-work.ts';
import { keyFacts } from './amortisation.ts';
import { annualRateForScore, validateLoanApplication, type LoanApplication, type LoanApplicationError } from './loan-terms.ts';
import type { KeyFactsStatement, KeyFactsStatementRepository } from './ports.ts';

/** A statement is accepted within a day of being shown; after that it is shown again. */
export const KEY_FACTS_VALID_MS = 24 * 60 * 60_000;

export interface ShowKeyFactsDeps {
  histories: CreditHistories;
  statements: KeyFactsStatementRepository;
  uow: UnitOfWork;
  clock: Clock;
  ids: IdGenerator;
}

export type ShowKeyFactsInput = LoanApplication & { memberId: string };

/** The statement of `principal` over `termMonths` at the rate of `assessment`, shown at `now`. */
export function keyFactsStatement(input: {
  id: string;
  memberId: string;
  principal: Money;
  termMonths: number;
  assessment: CreditAssessmentResult;
  now: Date;
}): KeyFactsStatement {
  const facts = keyFacts({ principal: input.principal, annualRateBps: annualRateForScore(input.assessment.score), termMonths: input.termMonths }, kigaliDateOf(input.now));
  return { id: input.id, memberId: input.memberId, facts, shownAt: input.now, assessment: input.assessment };
}

export class ShowKeyFacts {
  constructor(private readonly deps: ShowKeyFactsDeps) {}

  async execute(input: ShowKeyFactsInput): Promise<Result<KeyFactsStatement, LoanApplicationError | 'member_not_found'>> {
    const { histories, statements, uow, clock, ids } = this.deps;
    const application = validateLoanApplication(input);
    if (!application.ok) return application;
    return uow.run(async () => {
      const history = await histories.historyOf(input.memberId);
      if (!history) return err('member_not_found');
      const now = clock.now();
      const statement = keyFactsStatement({
        id: ids.newId(),
        memberId: input.memberId,
        principal: application.value.amount,
        termMonths: application.value.termMonths,
        assessment: assessCreditHistory(history, now),
        now,
      });
      await statements.save(statement);
      return ok(statement);
    });
  }
}
