/**
 * Contribution: what one member owes one tontine for one cycle, and how it got paid.
 *
 * Guarantees
 * - Status moves pending → completed once, on a confirmed payment or a deduction from the
 *   member's own payout (arrears); a failed payment leaves it pending.
 * - Overdue is derived, never stored: pending after the end of its due date in Kigali.
 * - Every payment attempt is keyed by the member's idempotency key and by the provider's
 *   reference: the same key starts nothing new, the same reference confirms once (a repeat
 *   answers `exists`), and a confirmation for another amount than requested is refused.
 * - At most one attempt is awaiting the provider at a time, so a member is not charged twice
 *   by two requests in flight.
 * - A late fine (DOMAIN.md "Fines") is owed and paid like a contribution: it is one, of the same
 *   member, group and cycle, naming the contribution it fines (`fineOf`). A fine is never fined.
 *   Only a pending fine can be waived (status `waived`, with who decided and why); a waived fine
 *   takes no payment.
 */
import type { Money } from '../money/money.ts';
import { compareDates, kigaliDateOf, type LocalDate } from '../shared/calendar.ts';
import { err, invariant, ok, type Result } from '../shared/result.ts';
import type { MobileMoneyProvider } from '../payments/ports.ts';

export type ContributionStatus = 'pending' | 'completed' | 'waived';
/** What a member sees: overdue is a pending contribution past its due date. */
export type ContributionView = ContributionStatus | 'overdue';
/** pot_deduction: settled out of the member's own payout, as arrears. */
export type PaymentMethod = 'mobile_money' | 'card' | 'pot_deduction';

/** An attempt no answer came back for is given up after this long, so the member can retry. */
export const PAYMENT_ATTEMPT_TIMEOUT_MS = 15 * 60_000;

export interface PaymentAttempt {
  readonly idempotencyKey: string;
  readonly providerReference: string;
  readonly provider: MobileMoneyProvider;
  /** The wallet asked to pay, E.164 ("+250788123456"). */
  readonly msisdn: string;
  readonly amount: Money;
  readonly requestedAt: Date;
  status: 'requested' | 'succeeded' | 'failed';
  /** The provider's own id of the transaction, as first told. */
  providerTransactionId?: string;
  /** Why the provider failed it, as first told. */
  failureReason?: string;
}

export type StartPaymentError = 'contribution_already_paid' | 'payment_in_progress' | 'fine_waived';

/** Who waived a fine: the group's admin with a reason every member sees, or a group decision. */
export type FineWaiver = { kind: 'admin'; userId: string; reason: string; at: Date } | { kind: 'decision'; proposalId: string; at: Date };
export type WaiveError = 'fine_not_found' | 'fine_already_paid' | 'fine_already_waived';
export type ConfirmPaymentError = 'payment_not_found' | 'amount_mismatch' | 'contribution_already_paid' | 'payment_already_confirmed';

export interface ScheduledContribution {
  id: string;
  tontineId: string;
  memberId: string;
  cycle: number;
  amount: Money;
  dueDate: LocalDate;
  /** For a late fine, the contribution it fines, and when it was posted. */
  fineOf?: string | null;
  postedAt?: Date | null;
}

export class Contribution {
  readonly id: string;
  readonly tontineId: string;
  readonly memberId: string;
  readonly cycle: number;
  readonly amount: Money;
  readonly dueDate: LocalDate;
  readonly fineOf: string | null;
  /** When a late fine was posted; null for a contribution. */
  readonly postedAt: Date | null;
  private status_: ContributionStatus = 'pending';
  private waiver_: FineWaiver | null = null;
  private paidAt_: Date | null = null;
  private paymentMethod_: PaymentMethod | null = null;
  /** The provider reference of the payment, or the payout reference for a deduction. */
  private paymentReference_: string | null = null;
  private attempts_: PaymentAttempt[] = [];

  private constructor(input: ScheduledContribution) {
    invariant(input.amount.isPositive(), 'a contribution is a positive amount');
    this.id = input.id;
    this.tontineId = input.tontineId;
    this.memberId = input.memberId;
    this.cycle = input.cycle;
    this.amount = input.amount;
    this.dueDate = input.dueDate;
    this.fineOf = input.fineOf ?? null;
    this.postedAt = input.postedAt ?? null;
  }

  static schedule(input: ScheduledContribution): Contribution {
    return new Contribution(input);
  }

  /** The late fine on `of`, posted `at`, due that day (Kigali). */
  static fine(input: { id: string; of: Contribution; amount: Money; at: Date }): Contribution {
    invariant(!input.of.isFine, `contribution ${input.of.id} is a fine: a fine is never fined`);
    const { of } = input;
    return new Contribution({
      id: input.id,
      tontineId: of.tontineId,
      memberId: of.memberId,
      cycle: of.cycle,
      amount: input.amount,
      dueDate: kigaliDateOf(input.at),
      fineOf: of.id,
      postedAt: input.at,
    });
  }

  get isFine(): boolean {
    return this.fineOf !== null;
  }
  get waiver(): FineWaiver | null {
    return this.waiver_;
  }

  /** A pending fine is waived; a paid one, a contribution or a waived one is refused. */
  waive(waiver: FineWaiver): Result<void, WaiveError> {
    if (!this.isFine) return err('fine_not_found');
    if (this.status_ === 'waived') return err('fine_already_waived');
    if (this.isCompleted) return err('fine_already_paid');
    this.status_ = 'waived';
    this.waiver_ = waiver;
    return ok(undefined);
  }

  get status(): ContributionStatus {
    return this.status_;
  }
  get paidAt(): Date | null {
    return this.paidAt_;
  }
  get paymentMethod(): PaymentMethod | null {
    return this.paymentMethod_;
  }
  get paymentReference(): string | null {
    return this.paymentReference_;
  }
  get attempts(): readonly PaymentAttempt[] {
    return this.attempts_;
  }

  get isCompleted(): boolean {
    return this.status_ === 'completed';
  }

  /** Pending after the last minute of its due date, Kigali time. */
  isOverdueAt(now: Date): boolean {
    return this.status_ === 'pending' && compareDates(kigaliDateOf(now), this.dueDate) > 0;
  }

  viewAt(now: Date): ContributionView {
    return this.isOverdueAt(now) ? 'overdue' : this.status_;
  }

  /** Paid on or before its due date (Kigali calendar day). */
  get paidOnTime(): boolean {
    return this.paidAt_ !== null && compareDates(kigaliDateOf(this.paidAt_), this.dueDate) <= 0;
  }

  attemptByKey(idempotencyKey: string): PaymentAttempt | undefined {
    return this.attempts_.find((a) => a.idempotencyKey === idempotencyKey);
  }

  attemptByReference(providerReference: string): PaymentAttempt | undefined {
    return this.attempts_.find((a) => a.providerReference === providerReference);
  }

  /** Checked before asking the provider, so a refused payment never reaches the member's phone. */
  canStartPayment(now: Date): Result<void, StartPaymentError> {
    if (this.isCompleted) return err('contribution_already_paid');
    if (this.status_ === 'waived') return err('fine_waived');
    const waiting = this.attempts_.some(
      (a) => a.status === 'requested' && now.getTime() - a.requestedAt.getTime() < PAYMENT_ATTEMPT_TIMEOUT_MS,
    );
    return waiting ? err('payment_in_progress') : ok(undefined);
  }

  recordAttempt(attempt: Omit<PaymentAttempt, 'status' | 'amount'>): PaymentAttempt {
    invariant(this.canStartPayment(attempt.requestedAt).ok, `contribution ${this.id} cannot take a payment now`);
    invariant(!this.attemptByKey(attempt.idempotencyKey), `idempotency key ${attempt.idempotencyKey} already used`);
    const recorded: PaymentAttempt = { ...attempt, amount: this.amount, status: 'requested' };
    this.attempts_.push(recorded);
    return recorded;
  }

  /**
   * The provider's answer for one attempt. `applied` the first time a success arrives, `exists`
   * when it repeats (treated as success by the caller), `failed` when the attempt failed. The
   * provider's transaction id and failure reason are kept with an answer taken, the first told.
   */
  settleAttempt(
    providerReference: string,
    outcome: 'successful' | 'failed',
    /** The provider's amount; undefined when its answer states none (Airtel). */
    amount: Money | undefined,
    at: Date,
    told: { providerTransactionId?: string; reason?: string } = {},
  ): Result<'applied' | 'exists' | 'failed', ConfirmPaymentError> {
    const attempt = this.attemptByReference(providerReference);
    if (!attempt) return err('payment_not_found');
    const settled = this.settle(attempt, outcome, amount, at);
    if (settled.ok) {
      if (attempt.providerTransactionId === undefined && told.providerTransactionId !== undefined) attempt.providerTransactionId = told.providerTransactionId;
      if (attempt.failureReason === undefined && told.reason !== undefined) attempt.failureReason = told.reason;
    }
    return settled;
  }

  private settle(attempt: PaymentAttempt, outcome: 'successful' | 'failed', amount: Money | undefined, at: Date): Result<'applied' | 'exists' | 'failed', ConfirmPaymentError> {
    if (outcome === 'failed') {
      if (attempt.status === 'succeeded') return err('payment_already_confirmed');
      attempt.status = 'failed';
      return ok('failed');
    }
    // No amount: the provider's answer states none (Airtel); the payer approved ours in its prompt.
    if (amount !== undefined && !amount.equals(attempt.amount)) return err('amount_mismatch');
    if (attempt.status === 'succeeded') return ok('exists');
    if (this.isCompleted) return err('contribution_already_paid');
    attempt.status = 'succeeded';
    this.complete(attempt.provider === 'flutterwave' ? 'card' : 'mobile_money', attempt.providerReference, at);
    return ok('applied');
  }

  /** Arrears: paid out of the member's own payout, whose reference it keeps. */
  settleFromPot(payoutReference: string, at: Date): void {
    invariant(!this.isCompleted, `contribution ${this.id} is already paid`);
    this.complete('pot_deduction', payoutReference, at);
  }

  private complete(method: PaymentMethod, reference: string, at: Date): void {
    this.status_ = 'completed';
    this.paidAt_ = at;
    this.paymentMethod_ = method;
    this.paymentReference_ = reference;
  }
}
