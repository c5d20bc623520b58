/**
 * MikroOrmContributionRepository: the core ContributionRepository over `contributions`, with each
 * contribution's payment attempts stored as `payments` rows (kind contribution).
 *
 * Guarantees
 * - `findById` and `findByPaymentReference` lock the contribution row (SELECT … FOR UPDATE) and
 *   only then read its attempts: every change to one contribution and its payments runs one at a
 *   time, so 1,000 identical callbacks complete it once and two requests cannot both start a
 *   payment. Only the contribution is locked, never its tontine or pool.
 * - `save` upserts the contributions and their attempts: an attempt is a payment keyed by its
 *   provider reference (UNIQUE with the provider) and by the member's idempotency key (UNIQUE per
 *   member); the payment's id is the reference when the reference is a UUID.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import { Contribution, type PaymentAttempt } from '../../core/contributions/contribution.ts';
import type { ContributionRepository } from '../../core/contributions/ports.ts';
import { Money } from '../../core/money/money.ts';
import type { MobileMoneyProvider } from '../../core/payments/ports.ts';
import { formatDate, parseDate } from '../../core/shared/calendar.ts';
import type { Clock, IdGenerator } from '../../core/shared/clock.ts';
import { invariant } from '../../core/shared/result.ts';
import { UUID_PATTERN } from './mikro-orm-tontine-repository.ts';
import { sqlArray } from './sql-array.ts';

interface ContributionDbRow {
  id: string;
  tontine_id: string;
  member_id: string;
  cycle: number;
  amount_centimes: string;
  due_date: string;
  status: string;
  paid_at: Date | null;
  payment_method: string | null;
  payment_reference: string | null;
}

interface AttemptDbRow {
  contribution_id: string;
  idempotency_key: string;
  reference: string;
  provider: string;
  phone_number: string;
  amount_centimes: string;
  created_at: Date;
  status: 'pending' | 'successful' | 'failed';
}

const SELECT_CONTRIBUTION = `select id, tontine_id, member_id, cycle, amount_centimes::text as amount_centimes, due_date::text as due_date,
  status, paid_at, payment_method, payment_reference from contributions`;

const ATTEMPT_STATUS = { pending: 'requested', successful: 'succeeded', failed: 'failed' } as const;
const PAYMENT_STATUS = { requested: 'pending', succeeded: 'successful', failed: 'failed' } as const;

export class MikroOrmContributionRepository implements ContributionRepository {
  constructor(
    private readonly em: EntityManager,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
  ) {}

  async findById(id: string): Promise<Contribution | undefined> {
    if (!UUID_PATTERN.test(id)) return undefined;
    return (await this.hydrate(await this.em.execute<ContributionDbRow[]>(`${SELECT_CONTRIBUTION} where id = ? for update`, [id])))[0];
  }

  /** Without a lock, for reading. */
  async get(id: string): Promise<Contribution | undefined> {
    if (!UUID_PATTERN.test(id)) return undefined;
    return (await this.hydrate(await this.em.execute<ContributionDbRow[]>(`${SELECT_CONTRIBUTION} where id = ?`, [id])))[0];
  }

  async findByPaymentReference(providerReference: string): Promise<Contribution | undefined> {
    // One round trip finds and locks the contribution the reference belongs to.
    const rows = await this.em.execute<ContributionDbRow[]>(
      `${SELECT_CONTRIBUTION} where id = (select contribution_id from payments where reference = ? and kind = 'contribution' limit 1) for update`,
      [providerReference],
    );
    return (await this.hydrate(rows))[0];
  }

  async listByTontine(tontineId: string): Promise<Contribution[]> {
    if (!UUID_PATTERN.test(tontineId)) return [];
    return this.hydrate(await this.em.execute<ContributionDbRow[]>(`${SELECT_CONTRIBUTION} where tontine_id = ? order by cycle, due_date, id`, [tontineId]));
  }

  async listByMember(memberId: string): Promise<Contribution[]> {
    if (!UUID_PATTERN.test(memberId)) return [];
    return this.hydrate(await this.em.execute<ContributionDbRow[]>(`${SELECT_CONTRIBUTION} where member_id = ? order by due_date, cycle, id`, [memberId]));
  }

  /** Contributions of one cycle still unpaid, as committed now (no lock). */
  async countPendingInCycle(tontineId: string, cycle: number): Promise<number> {
    const rows = await this.em.execute<{ n: string }[]>(
      `select count(*)::text as n from contributions where tontine_id = ? and cycle = ? and status = 'pending'`,
      [tontineId, cycle],
    );
    return Number(rows[0]?.n ?? 0);
  }

  async save(contributions: readonly Contribution[]): Promise<void> {
    if (contributions.length === 0) return;
    const now = this.clock.now();
    const attempts = contributions.flatMap((c) => c.attempts.map((a) => ({ c, a, status: PAYMENT_STATUS[a.status] })));
    // The contributions and their payment attempts in one statement (one round trip): a
    // data-modifying CTE always runs, whether or not the outer statement reads it.
    await this.em.execute(
      `with saved_contributions as (
         insert into contributions (id, tontine_id, member_id, cycle, amount_centimes, due_date, status, paid_at, payment_method, payment_reference)
         select * from unnest(?::uuid[], ?::uuid[], ?::uuid[], ?::int[], ?::bigint[], ?::date[], ?::text[], ?::timestamptz[], ?::text[], ?::varchar[])
         on conflict (id) do update set status = excluded.status, paid_at = excluded.paid_at,
           payment_method = excluded.payment_method, payment_reference = excluded.payment_reference
       )
       insert into payments (id, kind, provider, reference, member_id, idempotency_key, contribution_id, tontine_id, amount_centimes, phone_number, status, created_at, completed_at)
       select id, 'contribution', provider, reference, member_id, idempotency_key, contribution_id, tontine_id, amount_centimes, phone_number, status, created_at, completed_at
       from unnest(?::uuid[], ?::varchar[], ?::varchar[], ?::uuid[], ?::varchar[], ?::uuid[], ?::uuid[], ?::bigint[], ?::varchar[], ?::varchar[], ?::timestamptz[], ?::timestamptz[])
         as a(id, provider, reference, member_id, idempotency_key, contribution_id, tontine_id, amount_centimes, phone_number, status, created_at, completed_at)
       on conflict (reference, provider) do update set status = excluded.status,
         completed_at = coalesce(payments.completed_at, excluded.completed_at)
       where payments.status is distinct from excluded.status`,
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
      ],
    );
  }

  private async hydrate(rows: ContributionDbRow[]): Promise<Contribution[]> {
    if (rows.length === 0) return [];
    const attempts = await this.em.execute<AttemptDbRow[]>(
      `select contribution_id, idempotency_key, reference, provider, phone_number, amount_centimes::text as amount_centimes, created_at, status
       from payments where kind = 'contribution' and contribution_id = any(?::uuid[]) order by created_at, id`,
      [sqlArray(rows.map((r) => r.id))],
    );
    const byContribution = new Map<string, AttemptDbRow[]>();
    for (const a of attempts) byContribution.set(a.contribution_id, [...(byContribution.get(a.contribution_id) ?? []), a]);
    return rows.map((row) => contributionOf(row, byContribution.get(row.id) ?? []));
  }
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
    attempts_: attempts.map(
      (a): PaymentAttempt => ({
        idempotencyKey: a.idempotency_key,
        providerReference: a.reference,
        provider: a.provider as MobileMoneyProvider,
        msisdn: a.phone_number,
        amount: Money.ofCentimes(Number(a.amount_centimes)),
        requestedAt: new Date(a.created_at),
        status: ATTEMPT_STATUS[a.status],
      }),
    ),
  });
}
