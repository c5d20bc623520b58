/**
 * PayContribution: a member asks to pay one contribution by mobile money; the provider then
 * prompts them for their PIN and answers later (ConfirmContributionPayment).
 *
 * Guarantees
 * - Idempotent by the member's key: the same key answers the attempt it started (`exists`) and
 *   asks the provider nothing new; the key is also the provider reference, so a retry after a
 *   crash reaches the same provider request.
 * - Only the member who owes the contribution can pay it, only while it is pending and no other
 *   attempt is awaiting the provider.
 */
import type { MobileMoney, MobileMoneyError, MobileMoneyProvider } from '../payments/ports.ts';
import type { Clock } from '../shared/clock.ts';
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

export type PayContributionError = 'contribution_not_found' | StartPaymentError | MobileMoneyError;

export class PayContribution {
  constructor(
    private readonly deps: {
      contributions: ContributionRepository;
      uow: UnitOfWork;
      mobileMoney: MobileMoney;
      clock: Clock;
    },
  ) {}

  execute(input: PayContributionInput): Promise<Result<{ outcome: 'requested' | 'exists'; attempt: PaymentAttempt }, PayContributionError>> {
    const { contributions, uow, mobileMoney, clock } = this.deps;
    return uow.run(async () => {
      const contribution = await contributions.findById(input.contributionId);
      if (!contribution || contribution.memberId !== input.userId) return err('contribution_not_found');
      const earlier = contribution.attemptByKey(input.idempotencyKey);
      if (earlier) return ok({ outcome: 'exists', attempt: earlier });
      const now = clock.now();
      const allowed = contribution.canStartPayment(now);
      if (!allowed.ok) return allowed;
      const requested = await mobileMoney.requestToPay({
        reference: input.idempotencyKey,
        provider: input.provider,
        msisdn: input.msisdn,
        amount: contribution.amount,
        description: `Ikimina contribution, cycle ${contribution.cycle}`,
      });
      if (!requested.ok) return requested;
      const attempt = contribution.recordAttempt({
        idempotencyKey: input.idempotencyKey,
        providerReference: requested.value.providerReference,
        provider: input.provider,
        requestedAt: now,
      });
      await contributions.save([contribution]);
      return ok({ outcome: 'requested', attempt });
    });
  }
}
