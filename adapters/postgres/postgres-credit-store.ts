/**
 * The credit module's stores over PostgreSQL: recorded assessments, scoring consents, and the
 * instalment reminders already sent (tables of loans-schema.ts), in the caller's transaction.
 *
 * Guarantees
 * - An assessment is stored whole (score, rating, limit, factors, advice, model version, instant)
 *   and read back equal; `latestFor` is the most recent by instant.
 * - A consent is recorded once; recording it again keeps the first instant. A withdrawn consent
 *   (withdrawn_at set) is none; recording it after the withdrawal gives it anew (new instant,
 *   the current text version).
 * - `recordReminderOnce` inserts the reminder key or finds it there: of two replicas racing to send
 *   one reminder, the second learns it is not new, so the notice is written once.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import { SCORING_CONSENT_VERSION, type CreditAssessment, type CreditAssessmentRepository, type ScoringConsents } from '../../core/credit/ports.ts';
import type { CreditFactor, CreditRating } from '../../core/credit/scorecard.ts';
import type { LoanReminderNotices } from '../../core/loans/ports.ts';
import { Money } from '../../core/money/money.ts';
import { sqlArray } from './sql-array.ts';
import { runPrepared } from './prepared-statements.ts';

interface AssessmentDbRow {
  id: string;
  member_id: string;
  score: number;
  rating: CreditRating;
  max_loan_centimes: string;
  factors: CreditFactor[];
  recommendations: string[];
  model_version: string;
  assessed_at: Date;
}

export class PostgresCreditAssessments implements CreditAssessmentRepository {
  constructor(private readonly em: EntityManager) {}

  async save(a: CreditAssessment): Promise<void> {
    await this.em.execute(
      `insert into credit_assessments (id, member_id, score, rating, max_loan_centimes, factors, recommendations, model_version, assessed_at) values (?, ?, ?, ?, ?, ?::jsonb, ?::jsonb, ?, ?)`,
      [a.id, a.memberId, a.score, a.rating, a.maxLoanAmount.centimes, JSON.stringify(a.factors), JSON.stringify(a.recommendations), a.modelVersion, a.assessedAt],
    );
  }

  async latestFor(memberId: string): Promise<CreditAssessment | undefined> {
    const rows = await runPrepared<AssessmentDbRow>(this.em, 'select * from credit_assessments where member_id = $1 order by assessed_at desc, id desc limit 1', [memberId]);
    const row = rows[0];
    return (
      row && {
        id: row.id,
        memberId: row.member_id,
        score: row.score,
        rating: row.rating,
        maxLoanAmount: Money.ofCentimes(Number(row.max_loan_centimes)),
        factors: row.factors,
        recommendations: row.recommendations,
        modelVersion: row.model_version,
        assessedAt: new Date(row.assessed_at),
      }
    );
  }
}

export class PostgresScoringConsents implements ScoringConsents {
  constructor(private readonly em: EntityManager) {}

  async consentedAt(memberId: string): Promise<Date | undefined> {
    const rows = await this.em.execute<{ consented_at: Date }[]>(`select consented_at from credit_scoring_consents where member_id = ? and withdrawn_at is null`, [memberId]);
    return rows[0] ? new Date(rows[0].consented_at) : undefined;
  }

  async record(memberId: string, at: Date): Promise<void> {
    await this.em.execute(
      `insert into credit_scoring_consents (member_id, consented_at, text_version) values (?, ?, ?)
       on conflict (member_id) do update set consented_at = excluded.consented_at, text_version = excluded.text_version, withdrawn_at = null
       where credit_scoring_consents.withdrawn_at is not null`,
      [memberId, at, SCORING_CONSENT_VERSION],
    );
  }

  async withdraw(memberId: string, at: Date): Promise<boolean> {
    const result = await this.em.execute<{ affectedRows: number }>(`update credit_scoring_consents set withdrawn_at = ? where member_id = ? and withdrawn_at is null`, [at, memberId], 'run');
    return result.affectedRows > 0;
  }
}

export class PostgresLoanReminderNotices implements LoanReminderNotices {
  constructor(private readonly em: EntityManager) {}

  async sentKeys(keys: readonly string[]): Promise<Set<string>> {
    if (keys.length === 0) return new Set();
    const rows = await this.em.execute<{ key: string }[]>(`select key from loan_reminder_notices where key = any(?::text[])`, [sqlArray(keys)]);
    return new Set(rows.map((r) => r.key));
  }

  /** True when this call recorded it (send the reminder now); false when it was sent before. */
  async recordOnce(key: string, at: Date): Promise<boolean> {
    const rows = await this.em.execute<{ key: string }[]>(`insert into loan_reminder_notices (key, sent_at) values (?, ?) on conflict (key) do nothing returning key`, [key, at]);
    return rows.length === 1;
  }
}
