/**
 * ShowContributionPayment: the latest payment a member started for one of their contributions,
 * so a screen opened again (a reload, another device) shows where it stands: awaiting approval on
 * the phone, paid, or failed with the reason.
 *
 * Guarantees
 * - Only the member who owes the contribution reads it: another member's, or an unknown id, is
 *   `contribution_not_found` (the same answer, so ids cannot be probed).
 * - A contribution never paid by mobile money, or whose attempt has no payment record yet, is
 *   `payment_not_found`.
 * - The latest attempt is the one most recently requested.
 */
import type { PaymentRecord, PaymentRepository } from '../payments/ports.ts';
import { err, ok, type Result } from '../shared/result.ts';
import type { ContributionRepository } from './ports.ts';

export type ShowContributionPaymentError = 'contribution_not_found' | 'payment_not_found';

export class ShowContributionPayment {
  constructor(
    private readonly deps: {
      contributions: Pick<ContributionRepository, 'findById'>;
      payments: Pick<PaymentRepository, 'findByReference'>;
    },
  ) {}

  async execute(input: { userId: string; contributionId: string }): Promise<Result<PaymentRecord, ShowContributionPaymentError>> {
    const contribution = await this.deps.contributions.findById(input.contributionId);
    if (!contribution || contribution.memberId !== input.userId) return err('contribution_not_found');
    const latest = [...contribution.attempts].sort((a, b) => b.requestedAt.getTime() - a.requestedAt.getTime())[0];
    if (!latest) return err('payment_not_found');
    const payment = await this.deps.payments.findByReference(latest.providerReference);
    return payment && payment.memberId === input.userId ? ok(payment) : err('payment_not_found');
  }
}
