/**
 * Working capital over PostgreSQL (tables of Migration20261128411000), in the caller's
 * transaction. Amounts are integer centimes (bigint); the key facts as shown are kept whole in
 * `key_facts` (jsonb, amounts as centimes), their fee, APR and fee model version also in columns.
 *
 * Guarantees
 * - `add` relies on the partial unique index (one open advance per merchant): a lost race answers
 *   `working_capital_open`, never a 500. `repayments.add` relies on the unique reference.
 * - `repayingFor` locks the rows (`FOR UPDATE`) until the unit of work ends, so a settlement and a
 *   mobile-money repayment of one advance book one after the other, never over what is owed.
 * - An id that cannot exist (not a UUID) finds nothing.
 * - Sales history: completed merchant payments without a reversal (standing sales).
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import { Money } from '../../core/money/money.ts';
import type { MobileMoneyProvider } from '../../core/payments/ports.ts';
import type { MerchantSalesHistory, WorkingCapitalCollection, WorkingCapitalCollections, WorkingCapitalLoans, WorkingCapitalRepayment, WorkingCapitalRepayments } from '../../core/working-capital/ports.ts';
import type { Sale, WorkingCapitalKeyFacts, WorkingCapitalLoan } from '../../core/working-capital/working-capital.ts';

type Row = Record<string, unknown>;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const money = (v: unknown) => Money.ofCentimes(Number(v));
const dateOrUndefined = (v: unknown) => (v === null || v === undefined ? undefined : new Date(v as Date));
const MONEY_FACTS = ['amount', 'fee', 'totalRepayable', 'expectedWeeklyRepayment', 'minimumEvery60Days', 'earlyRepaymentFee'] as const;

function factsToJson(f: WorkingCapitalKeyFacts): string {
  const out: Record<string, unknown> = { ...f };
  for (const k of MONEY_FACTS) out[k] = f[k].centimes;
  return JSON.stringify(out);
}

function factsFromJson(raw: unknown): WorkingCapitalKeyFacts {
  const json = (typeof raw === 'string' ? JSON.parse(raw) : raw) as Record<string, unknown>;
  const out: Record<string, unknown> = { ...json };
  for (const k of MONEY_FACTS) out[k] = money(json[k]);
  return out as unknown as WorkingCapitalKeyFacts;
}

function toLoan(r: Row): WorkingCapitalLoan {
  return {
    id: String(r.id),
    merchantId: String(r.merchant_id),
    ownerId: String(r.owner_id),
    status: r.status as WorkingCapitalLoan['status'],
    keyFacts: factsFromJson(r.key_facts),
    basis: { payments: Number(r.basis_payments), netSales: money(r.basis_net_sales_centimes), days: Number(r.basis_days) },
    repaid: money(r.repaid_centimes),
    createdAt: new Date(r.created_at as Date),
    acceptedAt: dateOrUndefined(r.accepted_at),
    disbursedAt: dateOrUndefined(r.disbursed_at),
    dueAt: dateOrUndefined(r.due_at),
    reviewReason: r.review_reason === null ? undefined : String(r.review_reason),
    remindedWindow: Number(r.reminded_window),
  };
}

const toRepayment = (r: Row): WorkingCapitalRepayment => ({
  id: String(r.id),
  loanId: String(r.loan_id),
  source: r.source as WorkingCapitalRepayment['source'],
  reference: String(r.reference),
  amount: money(r.amount_centimes),
  principal: money(r.principal_centimes),
  fee: money(r.fee_centimes),
  at: new Date(r.at as Date),
});

export class PostgresWorkingCapital implements WorkingCapitalLoans, MerchantSalesHistory {
  constructor(private readonly em: EntityManager) {}

  async findById(id: string) {
    if (!UUID.test(id)) return undefined;
    const rows = await this.em.execute<Row[]>(`select * from working_capital_loans where id = ?`, [id]);
    return rows[0] && toLoan(rows[0]);
  }

  async listByMerchant(merchantId: string) {
    if (!UUID.test(merchantId)) return [];
    return (await this.em.execute<Row[]>(`select * from working_capital_loans where merchant_id = ? order by created_at desc, id`, [merchantId])).map(toLoan);
  }

  /** `on conflict … do nothing` on the partial unique index: the loser of a race inserts nothing. */
  async add(l: WorkingCapitalLoan): Promise<'added' | 'working_capital_open'> {
    const rows = await this.em.execute<Row[]>(
      `insert into working_capital_loans (id, merchant_id, owner_id, status, amount_centimes, fee_centimes, fee_bps, fee_model_version, apr_bps, key_facts,
         basis_payments, basis_net_sales_centimes, basis_days, repaid_centimes, created_at, accepted_at, disbursed_at, due_at, review_reason, reminded_window)
       values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?::jsonb, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
       on conflict (merchant_id) where status in ('pending', 'approved', 'active', 'overdue') do nothing returning id`,
      [l.id, l.merchantId, l.ownerId, l.status, l.keyFacts.amount.centimes, l.keyFacts.fee.centimes, l.keyFacts.feeBps, l.keyFacts.feeModelVersion, l.keyFacts.aprBps, factsToJson(l.keyFacts),
        l.basis.payments, l.basis.netSales.centimes, l.basis.days, l.repaid.centimes, l.createdAt, l.acceptedAt ?? null, l.disbursedAt ?? null, l.dueAt ?? null, l.reviewReason ?? null, l.remindedWindow],
    );
    return rows.length ? 'added' : 'working_capital_open';
  }

  /** The key facts, amounts and basis are fixed at application: only what changes later is written. */
  async save(l: WorkingCapitalLoan): Promise<void> {
    await this.em.execute(
      `update working_capital_loans set status = ?, repaid_centimes = ?, accepted_at = ?, disbursed_at = ?, due_at = ?, review_reason = ?, reminded_window = ?, updated_at = now() where id = ?`,
      [l.status, l.repaid.centimes, l.acceptedAt ?? null, l.disbursedAt ?? null, l.dueAt ?? null, l.reviewReason ?? null, l.remindedWindow, l.id],
    );
  }

  async repayingFor(merchantIds: readonly string[]) {
    const ids = merchantIds.filter((id) => UUID.test(id));
    if (!ids.length) return [];
    const rows = await this.em.execute<Row[]>(`select * from working_capital_loans where merchant_id = any(?::uuid[]) and status in ('active', 'overdue') order by merchant_id for update`, [`{${ids.join(',')}}`]);
    return rows.map(toLoan);
  }

  async listPending() {
    return (await this.em.execute<Row[]>(`select * from working_capital_loans where status = 'pending' order by created_at, id`)).map(toLoan);
  }

  async listRepaying() {
    return (await this.em.execute<Row[]>(`select * from working_capital_loans where status in ('active', 'overdue') order by disbursed_at, id`)).map(toLoan);
  }

  // ---- repayments ----

  async addRepayment(r: WorkingCapitalRepayment): Promise<'added' | 'exists'> {
    const rows = await this.em.execute<Row[]>(
      `insert into working_capital_repayments (id, loan_id, source, reference, amount_centimes, principal_centimes, fee_centimes, at) values (?, ?, ?, ?, ?, ?, ?, ?)
       on conflict (reference) do nothing returning id`,
      [r.id, r.loanId, r.source, r.reference, r.amount.centimes, r.principal.centimes, r.fee.centimes, r.at],
    );
    return rows.length ? 'added' : 'exists';
  }

  async listByLoan(loanId: string) {
    if (!UUID.test(loanId)) return [];
    return (await this.em.execute<Row[]>(`select * from working_capital_repayments where loan_id = ? order by at, id`, [loanId])).map(toRepayment);
  }

  async listByReferences(references: readonly string[]) {
    if (!references.length) return [];
    return (await this.em.execute<Row[]>(`select * from working_capital_repayments where reference = any(?::text[]) order by at, id`, [`{${references.map((r) => `"${r.replaceAll('"', '')}"`).join(',')}}`])).map(toRepayment);
  }

  // ---- sales history ----

  async salesOf(merchantId: string, since: Date): Promise<{ sales: Sale[]; firstSaleAt: Date | undefined }> {
    if (!UUID.test(merchantId)) return { sales: [], firstSaleAt: undefined };
    const standing = `t.merchant_id = ? and t.status = 'completed' and t.completed_at is not null
      and not exists (select 1 from merchant_payment_reversals r where r.transaction_id = t.id)`;
    const rows = await this.em.execute<Row[]>(`select t.completed_at, t.net_amount_centimes from merchant_transactions t where ${standing} and t.completed_at >= ?`, [merchantId, since]);
    const first = await this.em.execute<Row[]>(`select min(t.completed_at) as first from merchant_transactions t where ${standing}`, [merchantId]);
    return { sales: rows.map((r) => ({ completedAt: new Date(r.completed_at as Date), netAmount: money(r.net_amount_centimes) })), firstSaleAt: dateOrUndefined(first[0]?.first) };
  }
}

/** The repayments side as its own port object (its `add` is the repayments'). */
export class PostgresWorkingCapitalRepayments implements WorkingCapitalRepayments {
  constructor(private readonly store: PostgresWorkingCapital) {}
  add(r: WorkingCapitalRepayment) {
    return this.store.addRepayment(r);
  }
  listByLoan(loanId: string) {
    return this.store.listByLoan(loanId);
  }
  listByReferences(references: readonly string[]) {
    return this.store.listByReferences(references);
  }
}

const toCollection = (r: Row): WorkingCapitalCollection => ({
  id: String(r.id),
  loanId: String(r.loan_id),
  reference: String(r.reference),
  provider: r.provider as MobileMoneyProvider,
  msisdn: String(r.msisdn),
  amount: money(r.amount_centimes),
  status: r.status as WorkingCapitalCollection['status'],
  requestedAt: new Date(r.requested_at as Date),
  settledAt: dateOrUndefined(r.settled_at),
  ...(r.idempotency_key == null ? {} : { idempotencyKey: String(r.idempotency_key) }),
});

/** Repayment collections (working_capital_collections). */
export class PostgresWorkingCapitalCollections implements WorkingCapitalCollections {
  constructor(private readonly em: EntityManager) {}

  async add(c: WorkingCapitalCollection): Promise<'added' | 'exists'> {
    const rows = await this.em.execute<Row[]>(
      `insert into working_capital_collections (id, loan_id, reference, provider, msisdn, amount_centimes, status, requested_at, settled_at, idempotency_key) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
       on conflict (loan_id, idempotency_key) where idempotency_key is not null do nothing returning id`,
      [c.id, c.loanId, c.reference, c.provider, c.msisdn, c.amount.centimes, c.status, c.requestedAt, c.settledAt ?? null, c.idempotencyKey ?? null],
    );
    return rows.length === 1 ? 'added' : 'exists';
  }

  async save(c: WorkingCapitalCollection): Promise<void> {
    await this.em.execute(`update working_capital_collections set status = ?, settled_at = ? where id = ?`, [c.status, c.settledAt ?? null, c.id]);
  }

  async findByReference(reference: string) {
    const rows = await this.em.execute<Row[]>(`select * from working_capital_collections where reference = ? for update`, [reference]);
    return rows[0] && toCollection(rows[0]);
  }

  async listByLoan(loanId: string) {
    if (!UUID.test(loanId)) return [];
    return (await this.em.execute<Row[]>(`select * from working_capital_collections where loan_id = ? order by requested_at desc`, [loanId])).map(toCollection);
  }

  async listPendingOlderThan(instant: Date, limit: number, now: Date) {
    const rows = await this.em.execute<Row[]>(
      `update working_capital_collections set last_polled_at = ? where id in (
         select id from working_capital_collections where status = 'requested' and requested_at < ? order by last_polled_at nulls first, requested_at limit ?)
       returning provider, reference, amount_centimes, requested_at`,
      [now, instant, limit],
    );
    return rows.map((r) => ({ provider: r.provider as MobileMoneyProvider, transactionReference: String(r.reference), amount: money(r.amount_centimes), requestedAt: new Date(r.requested_at as Date) }));
  }
}
