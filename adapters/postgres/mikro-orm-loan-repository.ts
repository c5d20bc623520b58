/**
 * The loans module's repositories over PostgreSQL (tables of loans-schema.ts), in the caller's
 * transaction (the EntityManager resolves to the unit of work's fork).
 *
 * Guarantees
 * - `findById` locks the loan row (`FOR UPDATE`) inside a transaction, so two repayments or two
 *   decisions of one loan are serialised and neither overwrites the other's total.
 * - `LoanCollections.add` inserts with ON CONFLICT DO NOTHING on (member, key): of two racing
 *   requests with one key, the second waits for the first's row and answers `exists`.
 * - `LoanCollections.listRequestedOlderThan` answers the least recently polled first and marks
 *   them polled, so the polling job asks about every collection awaiting the provider in turn.
 * - Amounts round-trip exactly as integer centimes; a schedule is stored and read whole, and so is
 *   the assessment a key facts statement was computed from.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import type { CreditAssessmentResult, CreditFactor, CreditRating } from '../../core/credit/scorecard.ts';
import type { Instalment, KeyFacts } from '../../core/loans/amortisation.ts';
import type { Loan, LoanStatus } from '../../core/loans/loan.ts';
import type {
  KeyFactsStatement,
  KeyFactsStatementRepository,
  LoanCollection,
  LoanCollectionRepository,
  LoanRepayment,
  LoanRepository,
  RepaymentScope,
} from '../../core/loans/ports.ts';
import { Money } from '../../core/money/money.ts';
import type { MobileMoneyProvider } from '../../core/payments/ports.ts';
import { runPrepared } from './prepared-statements.ts';
import { readDecisionReason, storeDecisionReason, type StoredDecisionReason } from './stored-decision-reason.ts';
import type { DecisionReason } from '../../core/loans/decision-reason.ts';

const money = (centimes: string | number) => Money.ofCentimes(Number(centimes));

interface StoredInstalment {
  number: number;
  dueDate: string;
  amount: number;
  interest: number;
  principal: number;
  balanceAfter: number;
}

const storeInstalment = (i: Instalment): StoredInstalment => ({
  number: i.number,
  dueDate: i.dueDate,
  amount: i.amount.centimes,
  interest: i.interest.centimes,
  principal: i.principal.centimes,
  balanceAfter: i.balanceAfter.centimes,
});

const readInstalment = (i: StoredInstalment): Instalment => ({
  number: i.number,
  dueDate: i.dueDate,
  amount: money(i.amount),
  interest: money(i.interest),
  principal: money(i.principal),
  balanceAfter: money(i.balanceAfter),
});

interface LoanDbRow extends StoredDecisionReason {
  id: string;
  member_id: string;
  amount_centimes: string;
  term_months: number;
  purpose: string;
  annual_rate_bps: number;
  credit_score: number;
  status: LoanStatus;
  applied_at: Date;
  decided_at: Date | null;
  disbursed_at: Date | null;
  schedule: StoredInstalment[];
  total_paid_centimes: string;
  application_key: string | null;
  decided_by: string | null;
}

function reasonOf(row: LoanDbRow): { decisionReason: DecisionReason } | undefined {
  const decisionReason = readDecisionReason(row);
  return decisionReason && { decisionReason };
}

function toLoan(row: LoanDbRow): Loan {
  return {
    id: row.id,
    memberId: row.member_id,
    amount: money(row.amount_centimes),
    termMonths: row.term_months,
    purpose: row.purpose,
    annualRateBps: row.annual_rate_bps,
    creditScore: row.credit_score,
    status: row.status,
    appliedAt: new Date(row.applied_at),
    ...(row.decided_at ? { decidedAt: new Date(row.decided_at) } : {}),
    ...(row.disbursed_at ? { disbursedAt: new Date(row.disbursed_at) } : {}),
    schedule: row.schedule.map(readInstalment),
    totalPaid: money(row.total_paid_centimes),
    ...(row.application_key === null ? {} : { applicationKey: row.application_key }),
    ...(reasonOf(row) ?? {}),
    ...(row.decided_by === null ? {} : { decidedBy: row.decided_by }),
  };
}

export class MikroOrmLoanRepository implements LoanRepository {
  constructor(private readonly em: EntityManager) {}

  private async select(where: string, params: unknown[], suffix = ''): Promise<Loan[]> {
    const rows = await this.em.execute<LoanDbRow[]>(`select * from loans where ${where} ${suffix}`, params);
    return rows.map(toLoan);
  }

  async findById(id: string): Promise<Loan | undefined> {
    const lock = this.em.isInTransaction() ? 'for update' : '';
    return (await this.select('id = ?', [id], lock))[0];
  }

  async findByMember(memberId: string): Promise<Loan[]> {
    // Prepared: the dashboard reads a member's loans in several of its calls (bench:dashboard).
    return (await runPrepared<LoanDbRow>(this.em, 'select * from loans where member_id = $1 order by applied_at desc, id', [memberId])).map(toLoan);
  }

  async findByApplicationKey(memberId: string, applicationKey: string): Promise<Loan | undefined> {
    return (await this.select('member_id = ? and application_key = ?', [memberId, applicationKey]))[0];
  }

  findPending(): Promise<Loan[]> {
    return this.select(`status = 'pending'`, [], 'order by applied_at, id');
  }

  findDisbursed(): Promise<Loan[]> {
    return this.select(`status in ('active', 'overdue')`, [], 'order by applied_at, id');
  }

  async save(loan: Loan): Promise<void> {
    const reason = storeDecisionReason(loan.decisionReason);
    await this.em.execute(
      `insert into loans (id, member_id, amount_centimes, term_months, purpose, annual_rate_bps, credit_score, status, applied_at, decided_at, disbursed_at, schedule, total_paid_centimes, application_key, decision_reason, decision_reason_code, decision_reason_params, decided_by)
       values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?::jsonb, ?, ?, ?, ?, ?::jsonb, ?)
       on conflict (id) do update set status = excluded.status, decided_at = excluded.decided_at, disbursed_at = excluded.disbursed_at,
         schedule = excluded.schedule, total_paid_centimes = excluded.total_paid_centimes, decision_reason = excluded.decision_reason,
         decision_reason_code = excluded.decision_reason_code, decision_reason_params = excluded.decision_reason_params,
         decided_by = excluded.decided_by`,
      [
        loan.id,
        loan.memberId,
        loan.amount.centimes,
        loan.termMonths,
        loan.purpose,
        loan.annualRateBps,
        loan.creditScore,
        loan.status,
        loan.appliedAt,
        loan.decidedAt ?? null,
        loan.disbursedAt ?? null,
        JSON.stringify(loan.schedule.map(storeInstalment)),
        loan.totalPaid.centimes,
        loan.applicationKey ?? null,
        reason.decision_reason,
        reason.decision_reason_code,
        reason.decision_reason_params === null ? null : JSON.stringify(reason.decision_reason_params),
        loan.decidedBy ?? null,
      ],
    );
  }

  async findRepayment(provider: MobileMoneyProvider, providerReference: string): Promise<LoanRepayment | undefined> {
    return (await this.repayments('provider = ? and provider_reference = ?', [provider, providerReference]))[0];
  }

  /** The loan's confirmed repayments, oldest first: its payment history. */
  listRepayments(loanId: string): Promise<LoanRepayment[]> {
    return this.repayments('loan_id = ?', [loanId], 'order by received_at, id');
  }

  async saveRepayment(r: LoanRepayment): Promise<void> {
    await this.em.execute(
      `insert into loan_repayments (id, loan_id, provider, provider_reference, amount_centimes, interest_centimes, principal_centimes, received_at) values (?, ?, ?, ?, ?, ?, ?, ?)`,
      [r.id, r.loanId, r.provider, r.providerReference, r.amount.centimes, r.interest.centimes, r.principal.centimes, r.receivedAt],
    );
  }

  private async repayments(where: string, params: unknown[], suffix = ''): Promise<LoanRepayment[]> {
    const rows = await this.em.execute<
      { id: string; loan_id: string; provider: MobileMoneyProvider; provider_reference: string; amount_centimes: string; interest_centimes: string; principal_centimes: string; received_at: Date }[]
    >(`select * from loan_repayments where ${where} ${suffix}`, params);
    return rows.map((r) => ({
      id: r.id,
      loanId: r.loan_id,
      provider: r.provider,
      providerReference: r.provider_reference,
      amount: money(r.amount_centimes),
      interest: money(r.interest_centimes),
      principal: money(r.principal_centimes),
      receivedAt: new Date(r.received_at),
    }));
  }
}

interface CollectionDbRow {
  id: string;
  loan_id: string;
  member_id: string;
  idempotency_key: string;
  reference: string;
  provider: MobileMoneyProvider;
  msisdn: string;
  scope: RepaymentScope;
  amount_centimes: string;
  status: LoanCollection['status'];
  requested_at: Date;
  settled_at: Date | null;
  failure_reason: string | null;
}

function toCollection(row: CollectionDbRow): LoanCollection {
  return {
    id: row.id,
    loanId: row.loan_id,
    memberId: row.member_id,
    idempotencyKey: row.idempotency_key,
    reference: row.reference,
    provider: row.provider,
    msisdn: row.msisdn,
    scope: row.scope,
    amount: money(row.amount_centimes),
    status: row.status,
    requestedAt: new Date(row.requested_at),
    ...(row.settled_at ? { settledAt: new Date(row.settled_at) } : {}),
    ...(row.failure_reason === null ? {} : { failureReason: row.failure_reason }),
  };
}

export class MikroOrmLoanCollections implements LoanCollectionRepository {
  constructor(private readonly em: EntityManager) {}

  private async select(where: string, params: unknown[], suffix = ''): Promise<LoanCollection[]> {
    return (await this.em.execute<CollectionDbRow[]>(`select * from loan_collections where ${where} ${suffix}`, params)).map(toCollection);
  }

  async add(c: LoanCollection): Promise<'added' | 'exists'> {
    const rows = await this.em.execute<{ id: string }[]>(
      `insert into loan_collections (id, loan_id, member_id, idempotency_key, reference, provider, msisdn, scope, amount_centimes, status, requested_at)
       values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) on conflict (member_id, idempotency_key) do nothing returning id`,
      [c.id, c.loanId, c.memberId, c.idempotencyKey, c.reference, c.provider, c.msisdn, c.scope, c.amount.centimes, c.status, c.requestedAt],
    );
    return rows.length === 1 ? 'added' : 'exists';
  }

  async findByKey(memberId: string, idempotencyKey: string): Promise<LoanCollection | undefined> {
    return (await this.select('member_id = ? and idempotency_key = ?', [memberId, idempotencyKey]))[0];
  }

  async findByReference(reference: string): Promise<LoanCollection | undefined> {
    const lock = this.em.isInTransaction() ? 'for update' : '';
    return (await this.select('reference = ?', [reference], lock))[0];
  }

  listByLoan(loanId: string): Promise<LoanCollection[]> {
    return this.select('loan_id = ?', [loanId], 'order by requested_at, id');
  }

  /** Up to `limit` collections still awaiting the provider, requested before `instant`; marked polled at `now`. */
  async listRequestedOlderThan(instant: Date, limit: number, now: Date): Promise<LoanCollection[]> {
    const rows = await this.em.execute<CollectionDbRow[]>(
      `update loan_collections set last_polled_at = ? where id in (
         select id from loan_collections where status = 'requested' and requested_at < ?
         order by last_polled_at nulls first, requested_at, id limit ? for update skip locked)
       returning *`,
      [now, instant, limit],
    );
    return rows.map(toCollection);
  }

  async save(c: LoanCollection): Promise<void> {
    await this.em.execute(`update loan_collections set status = ?, settled_at = ?, failure_reason = ? where id = ?`, [
      c.status,
      c.settledAt ?? null,
      c.failureReason ?? null,
      c.id,
    ]);
  }
}

interface StoredKeyFacts {
  principal: number;
  termMonths: number;
  annualRateBps: number;
  monthlyPayment: number;
  numberOfInstalments: number;
  totalInterest: number;
  upfrontFees: number;
  totalRepayable: number;
  totalCostOfCredit: number;
  aprBps: number;
  schedule: StoredInstalment[];
}

/** The assessment a statement was computed from (`loan_key_facts.assessment`), amounts in centimes. */
interface StoredAssessment {
  score: number;
  rating: CreditRating;
  maxLoanCentimes: number;
  factors: CreditFactor[];
  recommendations: string[];
  modelVersion: string;
}

export class MikroOrmKeyFactsStatements implements KeyFactsStatementRepository {
  constructor(private readonly em: EntityManager) {}

  private async select(where: string, params: unknown[]): Promise<KeyFactsStatement | undefined> {
    const rows = await this.em.execute<
      { id: string; member_id: string; facts: StoredKeyFacts; assessment: StoredAssessment | null; shown_at: Date; accepted_at: Date | null; loan_id: string | null }[]
    >(
      `select * from loan_key_facts where ${where}`,
      params,
    );
    const row = rows[0];
    if (!row) return undefined;
    const f = row.facts;
    const facts: KeyFacts = {
      principal: money(f.principal),
      termMonths: f.termMonths,
      annualRateBps: f.annualRateBps,
      monthlyPayment: money(f.monthlyPayment),
      numberOfInstalments: f.numberOfInstalments,
      totalInterest: money(f.totalInterest),
      upfrontFees: money(f.upfrontFees),
      totalRepayable: money(f.totalRepayable),
      totalCostOfCredit: money(f.totalCostOfCredit),
      aprBps: f.aprBps,
      schedule: f.schedule.map(readInstalment),
    };
    return {
      id: row.id,
      memberId: row.member_id,
      facts,
      shownAt: new Date(row.shown_at),
      ...(row.assessment ? { assessment: readAssessment(row.assessment) } : {}),
      ...(row.accepted_at ? { acceptedAt: new Date(row.accepted_at) } : {}),
      ...(row.loan_id === null ? {} : { loanId: row.loan_id }),
    };
  }

  findById(id: string): Promise<KeyFactsStatement | undefined> {
    return this.select('id = ?', [id]);
  }

  findByLoan(loanId: string): Promise<KeyFactsStatement | undefined> {
    return this.select('loan_id = ?', [loanId]);
  }

  async save(s: KeyFactsStatement): Promise<void> {
    const f = s.facts;
    const stored: StoredKeyFacts = {
      principal: f.principal.centimes,
      termMonths: f.termMonths,
      annualRateBps: f.annualRateBps,
      monthlyPayment: f.monthlyPayment.centimes,
      numberOfInstalments: f.numberOfInstalments,
      totalInterest: f.totalInterest.centimes,
      upfrontFees: f.upfrontFees.centimes,
      totalRepayable: f.totalRepayable.centimes,
      totalCostOfCredit: f.totalCostOfCredit.centimes,
      aprBps: f.aprBps,
      schedule: f.schedule.map(storeInstalment),
    };
    const assessment: StoredAssessment | null = s.assessment
      ? {
          score: s.assessment.score,
          rating: s.assessment.rating,
          maxLoanCentimes: s.assessment.maxLoanAmount.centimes,
          factors: [...s.assessment.factors],
          recommendations: [...s.assessment.recommendations],
          modelVersion: s.assessment.modelVersion,
        }
      : null;
    await this.em.execute(
      `insert into loan_key_facts (id, member_id, facts, assessment, shown_at, accepted_at, loan_id) values (?, ?, ?::jsonb, ?::jsonb, ?, ?, ?)
       on conflict (id) do update set accepted_at = excluded.accepted_at, loan_id = excluded.loan_id`,
      [s.id, s.memberId, JSON.stringify(stored), assessment === null ? null : JSON.stringify(assessment), s.shownAt, s.acceptedAt ?? null, s.loanId ?? null],
    );
  }
}

function readAssessment(a: StoredAssessment): CreditAssessmentResult {
  return { score: a.score, rating: a.rating, maxLoanAmount: money(a.maxLoanCentimes), factors: a.factors, recommendations: a.recommendations, modelVersion: a.modelVersion };
}
