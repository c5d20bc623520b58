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
 * - Mobile money moves whole francs: a new attempt for an amount with centimes is refused
 *   (`amount_must_be_whole_francs`) before anything is stored or asked.
 */
import { CENTIMES_PER_FRANC } from '../money/money.ts';
import type { MobileMoney, MobileMoneyError, MobileMoneyProvider } from '../payments/ports.ts';
import type { Clock, IdGenerator } from '../shared/clock.ts';
import { err, ok, type Result } from '../shared/result.ts';
import type { UnitOfWork } from '../shared/unit-of-work.ts';
import type { PaymentAttempt, StartPaymentError } from './contribution.ts';
import type { ContributionRepository } from './ports.ts';

export interface PayContributionInput {
  contributionId: string;
  userId: string;
  idempotencyKey: string;
  provider: MobileMoneyProvider;
  msisdn: string;
}

export type PayContributionError = 'contribution_not_found' | 'amount_must_be_whole_francs' | StartPaymentError | MobileMoneyError;

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

  async execute(input: PayContributionInput): Promise<Result<{ outcome: 'requested' | 'exists'; attempt: PaymentAttempt }, PayContributionError>> {
    const { contributions, uow, mobileMoney, clock, ids } = this.deps;
    const started = await uow.run(async (): Promise<Result<{ outcome: 'requested' | 'exists'; attempt: PaymentAttempt; cycle: number }, PayContributionError>> => {
      const contribution = await contributions.findById(input.contributionId);
      if (!contribution || contribution.memberId !== input.userId) return err('contribution_not_found');
      const earlier = contribution.attemptByKey(input.idempotencyKey);
      if (earlier) return ok({ outcome: 'exists', attempt: earlier, cycle: contribution.cycle });
      if (contribution.amount.centimes % CENTIMES_PER_FRANC !== 0) return err('amount_must_be_whole_francs');
      const now = clock.now();
      const allowed = contribution.canStartPayment(now);
      if (!allowed.ok) return allowed;
      const attempt = contribution.recordAttempt({
        idempotencyKey: input.idempotencyKey,
        providerReference: ids.newId(),
        provider: input.provider,
        msisdn: input.msisdn,
        requestedAt: now,
      });
      await contributions.save([contribution]);
      return ok({ outcome: 'requested', attempt, cycle: contribution.cycle });
    });
    if (!started.ok) return started;
    const { outcome, attempt, cycle } = started.value;
    if (attempt.status !== 'requested') return ok({ outcome, attempt });

    const requested = await mobileMoney.requestToPay({
      reference: attempt.providerReference,
      provider: attempt.provider,
      msisdn: attempt.msisdn,
      amount: attempt.amount,
      description: `Ikimina contribution, cycle ${cycle}`,
    });
    if (requested.ok) return ok({ outcome, attempt });
    if (requested.error === 'mobile_money_refused') await this.markFailed(input.contributionId, attempt);
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
