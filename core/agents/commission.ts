/**
 * Agent commissions and their monthly payout.
 *
 * Guarantees
 * - A commission accrues `pending` per completed transaction of a merchant onboarded by an active
 *   agent, and becomes `paid` when the payout that includes it is paid.
 * - Commission payout periods are Kigali calendar months, from the 1st at 00:00 to the next 1st,
 *   half-open, with no gap and no overlap; payouts run on the 1st for the month that ended.
 * - One payout per agent and period: the agent's pending commissions accrued before the period's
 *   end, plus the fraction carried from the agent's previous payout. It pays the whole francs and
 *   carries the rest, so no centime is created or lost.
 */
import { Money } from '../money/money.ts';
import type { PayoutStatus } from '../settlements/payout-status.ts';
import { kigaliDateOf, kigaliMonthContaining, lastEndedKigaliMonth, type Period } from '../shared/calendar.ts';

/** `reversed`: its payment was reversed while it was still pending (core/merchants/reverse-merchant-payment.ts). */
export type CommissionStatus = 'pending' | 'paid' | 'reversed';

export interface Commission {
  readonly id: string;
  readonly agentId: string;
  readonly merchantId: string;
  readonly transactionId: string;
  readonly commissionType: 'merchant_transaction';
  readonly amount: Money;
  readonly status: CommissionStatus;
  readonly createdAt: Date;
  readonly payoutId?: string;
}

export interface CommissionPayout {
  readonly id: string;
  readonly reference: string;
  readonly agentId: string;
  readonly periodStart: Date;
  readonly periodEnd: Date;
  readonly commissionIds: readonly string[];
  /** Commissions of this payout plus the fraction carried in. */
  readonly totalAmount: Money;
  readonly payoutAmount: Money;
  readonly carriedOut: Money;
  readonly status: PayoutStatus;
  /** Transfers tried so far (core/settlements/settlement-batch.ts `transferReference`). */
  readonly attempts: number;
  readonly createdAt: Date;
}

export function commissionPeriodContaining(instant: Date): Period {
  return kigaliMonthContaining(instant);
}

/** The month that ended most recently before `now`: what the job on the 1st pays. */
export function lastEndedCommissionPeriod(now: Date): Period {
  return lastEndedKigaliMonth(now);
}

const COMMISSION_PAYOUT_REFERENCE_PREFIX = 'COM-';

export function commissionPayoutReference(agentId: string, period: Period): string {
  const day = kigaliDateOf(period.start);
  return `${COMMISSION_PAYOUT_REFERENCE_PREFIX}${day.year}${String(day.month).padStart(2, '0')}-${agentId}`;
}

/** A commission payout's reference, or one of its transfer attempts' (`<payout reference>-<n>`). */
export const isCommissionPayoutReference = (reference: string): boolean => reference.startsWith(COMMISSION_PAYOUT_REFERENCE_PREFIX);

export interface BuildCommissionPayoutsInput {
  readonly period: Period;
  /** Pending commissions of active agents (others are held until reinstated). */
  readonly pending: readonly Commission[];
  /** Agents that already have a payout for this period: they get nothing new. */
  readonly alreadyPaidAgentIds: ReadonlySet<string>;
  readonly carriedIn: (agentId: string) => Money;
  readonly now: Date;
  readonly newId: () => string;
}

export function buildCommissionPayouts(input: BuildCommissionPayoutsInput): CommissionPayout[] {
  const byAgent = new Map<string, Commission[]>();
  for (const commission of input.pending) {
    if (commission.status !== 'pending' || commission.createdAt.getTime() >= input.period.end.getTime()) continue;
    if (input.alreadyPaidAgentIds.has(commission.agentId)) continue;
    byAgent.set(commission.agentId, [...(byAgent.get(commission.agentId) ?? []), commission]);
  }
  const payouts: CommissionPayout[] = [];
  for (const [agentId, commissions] of [...byAgent].sort(([a], [b]) => a.localeCompare(b))) {
    const totalAmount = Money.sum(commissions.map((c) => c.amount)).plus(input.carriedIn(agentId));
    const { payable, carried } = totalAmount.splitWholeFrancs();
    if (!payable.isPositive()) continue; // under one franc: it stays pending for next month
    payouts.push({
      id: input.newId(),
      reference: commissionPayoutReference(agentId, input.period),
      agentId,
      periodStart: input.period.start,
      periodEnd: input.period.end,
      commissionIds: commissions.map((c) => c.id),
      totalAmount,
      payoutAmount: payable,
      carriedOut: carried,
      status: 'processing',
      attempts: 0,
      createdAt: input.now,
    });
  }
  return payouts;
}
