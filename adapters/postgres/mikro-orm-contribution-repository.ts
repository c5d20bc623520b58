/**
 * MikroOrmContributionRepository: the core ContributionRepository over `contributions`, with each
 * contribution's payment attempts stored as `payments` rows (kind contribution).
 *
 * Guarantees
 * - `findById`, `findByIds` and `findByPaymentReferences` lock the contribution rows (SELECT … FOR UPDATE, in id
 *   order) and only then read their attempts: every change to one contribution and its payments runs one at a
 *   time, so 1,000 identical callbacks complete it once and two requests cannot both start a
 *   payment. Only the contribution is locked, never its tontine or pool.
 * - The lists (`listByTontine`, `listByTontines`, `listByMember`) hold contributions only; a
 *   group's late fines are listed by `listFinesOf`. `countPendingInCycles` counts no fine.
 * - `save` upserts the contributions and their attempts: an attempt is a payment keyed by its
 *   provider reference (UNIQUE with the provider) and by the member's idempotency key (UNIQUE per
 *   member); the payment's id is the reference when the reference is a UUID.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import { Contribution, type PaymentAttempt } from '../../core/contributions/contribution.ts';
import type { ContributionRepository, CycleOf } from '../../core/contributions/ports.ts';
import { Money } from '../../core/money/money.ts';
import type { MobileMoneyProvider } from '../../core/payments/ports.ts';
import { formatDate, parseDate } from '../../core/shared/calendar.ts';
import type { Clock, IdGenerator } from '../../core/shared/clock.ts';
import { invariant } from '../../core/shared/result.ts';
import { UUID_PATTERN } from './mikro-orm-tontine-repository.ts';
import { sqlArray } from './sql-array.ts';
import { runPrepared } from './prepared-statements.ts';

interface ContributionDbRow {
  id: string;
  tontine_id: string;
  member_id: string;
  cycle: number;
  amount_centimes: string;
  due_date: string;
  status: string;
  /** A Date, or its ISO 8601 text when read as JSON. */
  paid_at: Date | string | null;
  payment_method: string | null;
  payment_reference: string | null;
  fine_of: string | null;
  /** A Date, or its ISO 8601 text when read as JSON. */
  posted_at: Date | string | null;
  waiver: StoredWaiver | null;
}

/** A fine's waiver as stored (`contributions.waiver`): the instant as ISO text. */
type StoredWaiver = { kind: 'admin'; userId: string; reason: string; at: string } | { kind: 'decision'; proposalId: string; at: string };

interface AttemptDbRow {
  contribution_id: string;
  idempotency_key: string;
  reference: string;
  provider: string;
  phone_number: string;
  amount_centimes: string;
  /** A Date, or its ISO 8601 text when read as JSON. */
  created_at: Date | string;
  status: 'pending' | 'successful' | 'failed';
  provider_transaction_id: string | null;
  reason: string | null;
}

const SELECT_CONTRIBUTION = `select id, tontine_id, member_id, cycle, amount_centimes::text as amount_centimes, due_date::text as due_date,
  status, paid_at, payment_method, payment_reference, fine_of, posted_at, waiver from contributions`;

/**
 * Contributions with their payment attempts in one statement (a USSD menu step and the dashboard
 * read them on every request). For reads only: a statement that waited for a row lock would see
 * the attempts as of its start, missing one committed meanwhile (READ COMMITTED re-reads only the
 * locked rows); the locking reads take the attempts after their lock, in a statement of their own.
 */
export const SELECT_CONTRIBUTION_WITH_ATTEMPTS = `select id, tontine_id, member_id, cycle, amount_centimes::text as amount_centimes, due_date::text as due_date,
  status, paid_at, payment_method, payment_reference, fine_of, posted_at, waiver,
  (select coalesce(json_agg(json_build_object('contribution_id', p.contribution_id, 'idempotency_key', p.idempotency_key, 'reference', p.reference,
            'provider', p.provider, 'phone_number', p.phone_number, 'amount_centimes', p.amount_centimes::text, 'created_at', p.created_at,
            'status', p.status, 'provider_transaction_id', p.provider_transaction_id, 'reason', p.reason) order by p.created_at, p.id), '[]')
     from payments p where p.kind = 'contribution' and p.contribution_id = contributions.id) as attempts
  from contributions`;

const ATTEMPT_STATUS = { pending: 'requested', successful: 'succeeded', failed: 'failed' } as const;
const PAYMENT_STATUS = { requested: 'pending', succeeded: 'successful', failed: 'failed' } as const;

export class MikroOrmContributionRepository implements ContributionRepository {
  constructor(
    private readonly em: EntityManager,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
  ) {}

  async findById(id: string): Promise<Contribution | undefined> {
    return (await this.findByIds([id])).get(id);
  }

  async findByIds(ids: readonly string[]): Promise<ReadonlyMap<string, Contribution>> {
    const valid = [...new Set(ids)].filter((id) => UUID_PATTERN.test(id));
    if (valid.length === 0) return new Map();
    // In id order, so two transactions locking overlapping sets never deadlock.
    const rows = await runPrepared<ContributionDbRow>(this.em, `${SELECT_CONTRIBUTION} where id = any($1::uuid[]) order by id for update`, [sqlArray(valid)]);
    return new Map((await this.hydrate(rows)).map((c) => [c.id, c]));
  }

  /** Without a lock, for reading. */
  async get(id: string): Promise<Contribution | undefined> {
    if (!UUID_PATTERN.test(id)) return undefined;
    return withAttempts(await this.em.execute<ContributionWithAttemptsRow[]>(`${SELECT_CONTRIBUTION_WITH_ATTEMPTS} where id = ?`, [id]))[0];
  }

  async findByPaymentReferences(providerReferences: readonly string[]): Promise<ReadonlyMap<string, Contribution>> {
    if (providerReferences.length === 0) return new Map();
    // One round trip finds and locks the contributions the references belong to, in id order, so
    // two transactions locking overlapping sets never deadlock.
    const rows = await runPrepared<ContributionDbRow>(this.em,
      `${SELECT_CONTRIBUTION} where id in (select contribution_id from payments where reference = any($1::varchar[]) and kind = 'contribution') order by id for update`,
      [sqlArray([...new Set(providerReferences)])],
    );
    const found = new Map<string, Contribution>();
    for (const contribution of await this.hydrate(rows)) {
      for (const attempt of contribution.attempts) found.set(attempt.providerReference, contribution);
    }
    return new Map(providerReferences.flatMap((reference) => (found.has(reference) ? [[reference, found.get(reference)!] as const] : [])));
  }

  async listByTontine(tontineId: string): Promise<Contribution[]> {
    if (!UUID_PATTERN.test(tontineId)) return [];
    return withAttempts(await this.em.execute<ContributionWithAttemptsRow[]>(`${SELECT_CONTRIBUTION_WITH_ATTEMPTS} where tontine_id = ? and fine_of is null order by cycle, due_date, id`, [tontineId]));
  }

  async listFinesOf(tontineId: string): Promise<Contribution[]> {
    if (!UUID_PATTERN.test(tontineId)) return [];
    return withAttempts(await runPrepared<ContributionWithAttemptsRow>(this.em, `${SELECT_CONTRIBUTION_WITH_ATTEMPTS} where tontine_id = $1 and fine_of is not null order by due_date, cycle, id`, [tontineId]));
  }

  async listByTontines(tontineIds: readonly string[]): Promise<Contribution[]> {
    const valid = [...new Set(tontineIds)].filter((id) => UUID_PATTERN.test(id));
    if (valid.length === 0) return [];
    return withAttempts(await runPrepared<ContributionWithAttemptsRow>(this.em, `${SELECT_CONTRIBUTION_WITH_ATTEMPTS} where tontine_id = any($1::uuid[]) and fine_of is null order by tontine_id, cycle, due_date, id`, [sqlArray(valid)]));
  }

  async listByMember(memberId: string): Promise<Contribution[]> {
    if (!UUID_PATTERN.test(memberId)) return [];
    return withAttempts(await runPrepared<ContributionWithAttemptsRow>(this.em, `${SELECT_CONTRIBUTION_WITH_ATTEMPTS} where member_id = $1 and fine_of is null order by due_date, cycle, id`, [memberId]));
  }

  /** Contributions of each cycle still unpaid, as committed now (no lock): one query for all; a late fine is no part of its cycle. */
  async countPendingInCycles(cycles: readonly CycleOf[]): Promise<number[]> {
    if (cycles.length === 0) return [];
    const rows = await runPrepared<{ tontine_id: string; cycle: number; n: string }>(this.em,
      `select c.tontine_id, c.cycle, count(*)::text as n from contributions c
       join unnest($1::uuid[], $2::int[]) as asked(tontine_id, cycle) on asked.tontine_id = c.tontine_id and asked.cycle = c.cycle
       where c.status = 'pending' and c.fine_of is null group by c.tontine_id, c.cycle`,
      [sqlArray(cycles.map((c) => c.tontineId)), sqlArray(cycles.map((c) => c.cycle))],
    );
    const counts = new Map(rows.map((r) => [`${r.tontine_id}:${r.cycle}`, Number(r.n)]));
    return cycles.map((c) => counts.get(`${c.tontineId}:${c.cycle}`) ?? 0);
  }

  async save(contributions: readonly Contribution[]): Promise<void> {
    if (contributions.length === 0) return;
    const now = this.clock.now();
    const attempts = contributions.flatMap((c) => c.attempts.map((a) => ({ c, a, status: PAYMENT_STATUS[a.status] })));
    // The contributions and their payment attempts in one statement (one round trip): a
    // data-modifying CTE always runs, whether or not the outer statement reads it. A row that did
    // not change is not written again (a new attempt leaves its contribution as it was).
    await runPrepared(this.em,
      `with saved_contributions as (
         insert into contributions (id, tontine_id, member_id, cycle, amount_centimes, due_date, status, paid_at, payment_method, payment_reference, fine_of, posted_at, waiver)
         select * from unnest($1::uuid[], $2::uuid[], $3::uuid[], $4::int[], $5::bigint[], $6::date[], $7::text[], $8::timestamptz[], $9::text[], $10::varchar[], $25::uuid[], $27::timestamptz[], $26::jsonb[])
         on conflict (id) do update set status = excluded.status, paid_at = excluded.paid_at,
           payment_method = excluded.payment_method, payment_reference = excluded.payment_reference, waiver = excluded.waiver
         where (contributions.status, contributions.paid_at, contributions.payment_method, contributions.payment_reference, contributions.waiver)
           is distinct from (excluded.status, excluded.paid_at, excluded.payment_method, excluded.payment_reference, excluded.waiver)
       )
       insert into payments (id, kind, provider, reference, member_id, idempotency_key, contribution_id, tontine_id, amount_centimes, phone_number, status, created_at, completed_at,
         provider_transaction_id, reason)
       select id, 'contribution', provider, reference, member_id, idempotency_key, contribution_id, tontine_id, amount_centimes, phone_number, status, created_at, completed_at,
         provider_transaction_id, reason
       from unnest($11::uuid[], $12::varchar[], $13::varchar[], $14::uuid[], $15::varchar[], $16::uuid[], $17::uuid[], $18::bigint[], $19::varchar[], $20::varchar[], $21::timestamptz[], $22::timestamptz[],
         $23::varchar[], $24::text[])
         as a(id, provider, reference, member_id, idempotency_key, contribution_id, tontine_id, amount_centimes, phone_number, status, created_at, completed_at,
           provider_transaction_id, reason)
       on conflict (reference, provider) do update set status = excluded.status,
         completed_at = coalesce(payments.completed_at, excluded.completed_at),
         provider_transaction_id = coalesce(payments.provider_transaction_id, excluded.provider_transaction_id),
         reason = coalesce(payments.reason, excluded.reason)
       where (payments.status, payments.provider_transaction_id, payments.reason)
         is distinct from (excluded.status, coalesce(payments.provider_transaction_id, excluded.provider_transaction_id), coalesce(payments.reason, excluded.reason))`,
      [
        sqlArray(contributions.map((c) => c.id)),
        sqlArray(contributions.map((c) => c.tontineId)),
        sqlArray(contributions.map((c) => c.memberId)),
        sqlArray(contributions.map((c) => c.cycle)),
        sqlArray(contributions.map((c) => c.amount.centimes)),
        sqlArray(contributions.map((c) => formatDate(c.dueDate))),
        sqlArray(contributions.map((c) => c.status)),
        sqlArray(contributions.map((c) => c.paidAt?.toISOString() ?? null)),
        sqlArray(contributions.map((c) => c.paymentMethod)),
        sqlArray(contributions.map((c) => c.paymentReference)),
        sqlArray(attempts.map(({ a }) => (UUID_PATTERN.test(a.providerReference) ? a.providerReference : this.ids.newId()))),
        sqlArray(attempts.map(({ a }) => a.provider)),
        sqlArray(attempts.map(({ a }) => a.providerReference)),
        sqlArray(attempts.map(({ c }) => c.memberId)),
        sqlArray(attempts.map(({ a }) => a.idempotencyKey)),
        sqlArray(attempts.map(({ c }) => c.id)),
        sqlArray(attempts.map(({ c }) => c.tontineId)),
        sqlArray(attempts.map(({ a }) => a.amount.centimes)),
        sqlArray(attempts.map(({ a }) => a.msisdn)),
        sqlArray(attempts.map(({ status }) => status)),
        sqlArray(attempts.map(({ a }) => a.requestedAt.toISOString())),
        sqlArray(attempts.map(({ status }) => (status === 'pending' ? null : now.toISOString()))),
        sqlArray(attempts.map(({ a }) => a.providerTransactionId ?? null)),
        sqlArray(attempts.map(({ a }) => a.failureReason ?? null)),
        sqlArray(contributions.map((c) => c.fineOf)),
        sqlArray(contributions.map((c) => c.waiver && JSON.stringify({ ...c.waiver, at: c.waiver.at.toISOString() }))),
        sqlArray(contributions.map((c) => c.postedAt?.toISOString() ?? null)),
      ],
    );
  }

  /** After a lock: the attempts in a statement of their own, which sees every one committed before the lock was granted. */
  private async hydrate(rows: ContributionDbRow[]): Promise<Contribution[]> {
    if (rows.length === 0) return [];
    const attempts = await runPrepared<AttemptDbRow>(this.em,
      `select contribution_id, idempotency_key, reference, provider, phone_number, amount_centimes::text as amount_centimes, created_at, status,
         provider_transaction_id, reason
       from payments where kind = 'contribution' and contribution_id = any($1::uuid[]) order by created_at, id`,
      [sqlArray(rows.map((r) => r.id))],
    );
    const byContribution = new Map<string, AttemptDbRow[]>();
    for (const a of attempts) byContribution.set(a.contribution_id, [...(byContribution.get(a.contribution_id) ?? []), a]);
    return rows.map((row) => contributionOf(row, byContribution.get(row.id) ?? []));
  }
}

export type ContributionWithAttemptsRow = ContributionDbRow & { attempts: AttemptDbRow[] };

/** Contributions read with `SELECT_CONTRIBUTION_WITH_ATTEMPTS` (also as JSON: every instant is read with `new Date`). */
export function withAttempts(rows: readonly ContributionWithAttemptsRow[]): Contribution[] {
  return rows.map((row) => contributionOf(row, row.attempts));
}

function contributionOf(row: ContributionDbRow, attempts: AttemptDbRow[]): Contribution {
  const dueDate = parseDate(row.due_date);
  invariant(dueDate, `contribution ${row.id} has due date ${row.due_date}`);
  return Object.assign(Object.create(Contribution.prototype) as Contribution, {
    id: row.id,
    tontineId: row.tontine_id,
    memberId: row.member_id,
    cycle: row.cycle,
    amount: Money.ofCentimes(Number(row.amount_centimes)),
    dueDate,
    status_: row.status,
    paidAt_: row.paid_at && new Date(row.paid_at),
    paymentMethod_: row.payment_method,
    paymentReference_: row.payment_reference,
    fineOf: row.fine_of,
    postedAt: row.posted_at && new Date(row.posted_at),
    waiver_: row.waiver && { ...row.waiver, at: new Date(row.waiver.at) },
    attempts_: attempts.map(
      (a): PaymentAttempt => ({
        idempotencyKey: a.idempotency_key,
        providerReference: a.reference,
        provider: a.provider as MobileMoneyProvider,
        msisdn: a.phone_number,
        amount: Money.ofCentimes(Number(a.amount_centimes)),
        requestedAt: new Date(a.created_at),
        status: ATTEMPT_STATUS[a.status],
        ...(a.provider_transaction_id === null ? {} : { providerTransactionId: a.provider_transaction_id }),
        ...(a.reason === null ? {} : { failureReason: a.reason }),
      }),
    ),
  });
}
