/**
 * PostgresPaymentDisputes: the provider reports that were not booked because they contradict the
 * books (core/payment-reports/reconcile-payment.ts), kept for an admin.
 *
 * Guarantees
 * - `raise` writes one row per reference, problem and reported status (a unique constraint):
 *   the same dispute raised again, by a repeated poll or callback, answers `exists`. It runs in the
 *   caller's transaction when there is one, with the audit entry the caller writes beside it.
 * - `list` answers the newest first, for `npm run admin -- transfers list --status disputed`.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import { Money } from '../../core/money/money.ts';
import type { DisputeProblem, MobileMoneyStatus, PaymentDirection, PaymentDispute, PaymentDisputes } from '../../core/payments/ports.ts';
import type { DisputedReports } from '../../core/transfers/ports.ts';

interface DisputeRow {
  id: string;
  reference: string;
  direction: PaymentDirection;
  problem: DisputeProblem;
  reported_status: MobileMoneyStatus;
  reported_amount_centimes: string | null;
  reported_currency: string;
  provider_transaction_id: string | null;
  reason: string | null;
  raised_at: Date;
}

export interface StoredDispute extends PaymentDispute {
  id: string;
}

export class PostgresPaymentDisputes implements PaymentDisputes, DisputedReports {
  constructor(private readonly em: EntityManager) {}

  async raise(d: PaymentDispute): Promise<'raised' | 'exists'> {
    const inserted = await this.em.execute<{ id: string }[]>(
      `insert into payment_disputes (reference, direction, problem, reported_status, reported_amount_centimes, reported_currency, provider_transaction_id, reason, raised_at)
       values (?, ?, ?, ?, ?, ?, ?, ?, ?)
       on conflict (reference, problem, reported_status) do nothing
       returning id`,
      [d.reference, d.direction, d.problem, d.reportedStatus, d.reportedAmount === undefined ? null : String(d.reportedAmount.centimes), d.reportedCurrency, d.providerTransactionId ?? null, d.reason ?? null, d.raisedAt],
    );
    return inserted.length > 0 ? 'raised' : 'exists';
  }

  async list(limit: number): Promise<StoredDispute[]> {
    const rows = await this.em.execute<DisputeRow[]>(`select * from payment_disputes order by raised_at desc, id limit ?`, [limit]);
    return rows.map((r) => ({
      id: r.id,
      reference: r.reference,
      direction: r.direction,
      problem: r.problem,
      reportedStatus: r.reported_status,
      reportedAmount: r.reported_amount_centimes === null ? undefined : Money.ofCentimes(Number(r.reported_amount_centimes)),
      reportedCurrency: r.reported_currency,
      providerTransactionId: r.provider_transaction_id ?? undefined,
      reason: r.reason ?? undefined,
      raisedAt: new Date(r.raised_at),
    }));
  }
}
