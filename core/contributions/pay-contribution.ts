/**
 * PayContribution: a member asks to pay one contribution by mobile money; the provider then
 * prompts them for their PIN and answers later (ConfirmContributionPayment).
 *
 * Guarantees
 * - The attempt, with a new provider reference, is stored (its own unit of work, committed)
 *   BEFORE the provider is asked (PROVIDERS.md §2a: "generate and persist the UUID before the
 *   first attempt"): a callback can never arrive for a payment we do not know, and a crash
 *   between the two leaves an attempt the polling job can ask the provider about.
 * - Idempotent by the member's key: the same key answers the attempt it started (`exists`); while
 *   that attempt still awaits the provider, the same reference is sent again (the provider
 *   creates nothing new for a reused reference), so a retry after a timeout or a crash reaches
 *   the same provider request.
 * - A provider refusal marks the attempt failed (the member can pay again at once); an
 *   unavailable provider leaves it awaiting an answer, to be retried with the same key or
 *   settled by the polling job.
 * - Only the member who owes the contribution can pay it, only while it is pending and no other
 *   attempt is awaiting the provider.
 * - Requests that arrive together can be started together (`startAll`, one unit of work) and
 *   each asked of the provider after that commit (`askProvider`), with the same rules.
 * - Mobile money moves whole francs: a new attempt for an amount with centimes is refused
 *   (`amount_must_be_whole_francs`) before anything is stored or asked.
 */
import type { MobileMoney, MobileMoneyError, MobileMoneyProvider } from '../payments/ports.ts';
import type { Clock, IdGenerator } from '../shared/clock.ts';
import { err, ok, type Result } from '../shared/result.ts';
import type { UnitOfWork } from '../shared/unit-of-work.ts';
import type { Contribution, PaymentAttempt, StartPaymentError } from './contribution.ts';
import type { ContributionRepository } from './ports.ts';

export interface PayContributionInput {
  contributionId: string;
  userId: string;
  idempotencyKey: string;
  provider: MobileMoneyProvider;
  msisdn: string;
}

export type PayContributionError = 'contribution_not_found' | 'amount_must_be_whole_francs' | StartPaymentError | MobileMoneyError;

/** A payment request whose attempt is stored: the provider is asked next (`askProvider`). */
export interface StartedPayment {
  outcome: 'requested' | 'exists';
  attempt: PaymentAttempt;
  contributionId: string;
  cycle: number;
}

export type PaidContribution = Result<{ outcome: 'requested' | 'exists'; attempt: PaymentAttempt }, PayContributionError>;

export class PayContribution {
  constructor(
    private readonly deps: {
      contributions: ContributionRepository;
      uow: UnitOfWork;
      mobileMoney: MobileMoney;
      clock: Clock;
      ids: IdGenerator;
    },
  ) {}

  /** One request: its attempt stored and committed, then the provider asked. */
  async execute(input: PayContributionInput): Promise<PaidContribution> {
    const [started] = await this.startAll([input]);
    return started!.ok ? this.askProvider(started!.value) : started!;
  }

  /**
   * The first step of several requests in one unit of work, answered in order: each request's
   * attempt is recorded on its contribution as if the requests came one after the other (a second
   * request for a contribution with an attempt awaiting the provider is `payment_in_progress`, the
   * same key again `exists`), and every contribution is saved with one write.
   */
  startAll(inputs: readonly PayContributionInput[]): Promise<Result<StartedPayment, PayContributionError>[]> {
    const { contributions, uow, clock, ids } = this.deps;
    return uow.run(async () => {
      const found = await contributions.findByIds(inputs.map((input) => input.contributionId));
      const now = clock.now();
      const changed = new Set<Contribution>();
      const started = inputs.map((input): Result<StartedPayment, PayContributionError> => {
        const contribution = found.get(input.contributionId);
        if (!contribution || contribution.memberId !== input.userId) return err('contribution_not_found');
        const earlier = contribution.attemptByKey(input.idempotencyKey);
        if (earlier) return ok({ outcome: 'exists', attempt: earlier, contributionId: contribution.id, cycle: contribution.cycle });
        if (!contribution.amount.isWholeFrancs()) return err('amount_must_be_whole_francs');
        const allowed = contribution.canStartPayment(now);
        if (!allowed.ok) return allowed;
        const attempt = contribution.recordAttempt({
          idempotencyKey: input.idempotencyKey,
          providerReference: ids.newId(),
          provider: input.provider,
          msisdn: input.msisdn,
          requestedAt: now,
        });
        changed.add(contribution);
        return ok({ outcome: 'requested', attempt, contributionId: contribution.id, cycle: contribution.cycle });
      });
      await contributions.save([...changed]);
      return started;
    });
  }

  /** The second step, after the attempt was committed: the provider asked for an attempt still awaiting it. */
  async askProvider(started: StartedPayment): Promise<PaidContribution> {
    const { outcome, attempt, contributionId, cycle } = started;
    if (attempt.status !== 'requested') return ok({ outcome, attempt });
    const requested = await this.deps.mobileMoney.requestToPay({
      reference: attempt.providerReference,
      provider: attempt.provider,
      msisdn: attempt.msisdn,
      amount: attempt.amount,
      description: `Ikimina contribution, cycle ${cycle}`,
    });
    if (requested.ok) return ok({ outcome, attempt });
    if (requested.error === 'mobile_money_refused') await this.markFailed(contributionId, attempt);
    return requested;
  }
  private markFailed(contributionId: string, attempt: PaymentAttempt): Promise<void> {
    const { contributions, uow, clock } = this.deps;
    return uow.run(async () => {
      const contribution = await contributions.findById(contributionId);
      // A callback may have settled it meanwhile: its word wins over our refusal.
      if (contribution?.attemptByReference(attempt.providerReference)?.status !== 'requested') return;
      contribution.settleAttempt(attempt.providerReference, 'failed', attempt.amount, clock.now());
      await contributions.save([contribution]);
    });
  }
}
