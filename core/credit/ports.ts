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

/**
 * The version of the scoring consent's words (web `loans.consentScoring`, USSD loan menu): a new
 * text means a new version, recorded with each consent given from then on.
 */
export const SCORING_CONSENT_VERSION = '2026-11-22';

/**
 * A member's consent to be scored on their own records (asked before the first assessment).
 * Withdrawn (Law 058/2021 Art. 8, core/data-rights/withdraw-consent.ts), it is no consent: no
 * assessment runs until the member gives it again, which records a new instant.
 */
export interface ScoringConsents {
  /** The instant of the consent in force; undefined when never given or withdrawn. */
  consentedAt(memberId: string): Promise<Date | undefined>;
  /** Records the consent once while in force (a later call keeps the first instant); after a withdrawal, gives it anew. */
  record(memberId: string, at: Date): Promise<void>;
  /** Withdraws the consent in force; answers whether there was one. */
  withdraw(memberId: string, at: Date): Promise<boolean>;
}
