/** Ports of the credit module. */
import type { CreditAssessmentResult, CreditHistory } from './scorecard.ts';

/** The member's real history, gathered from contributions, loans, identity and groups. */
export interface CreditHistories {
  historyOf(memberId: string): Promise<CreditHistory | undefined>;
}

/** One recorded assessment: the result, the model version that produced it, and when. */
export interface CreditAssessment extends CreditAssessmentResult {
  readonly id: string;
  readonly memberId: string;
  readonly assessedAt: Date;
}

export interface CreditAssessmentRepository {
  save(assessment: CreditAssessment): Promise<void>;
  latestFor(memberId: string): Promise<CreditAssessment | undefined>;
}

/** A member's consent to be scored on their own records (asked before the first assessment). */
export interface ScoringConsents {
  consentedAt(memberId: string): Promise<Date | undefined>;
  /** Records the consent once; a later call keeps the first instant. */
  record(memberId: string, at: Date): Promise<void>;
}
