/**
 * ConfirmContributionPayment: the provider's callback (or a status poll) for one payment attempt.
 *
 * Guarantees
 * - Keyed by the provider reference: the first success completes the contribution and posts one
 *   ledger entry, mobile-money clearing → the tontine's pool, in the same unit of work; a repeat
 *   answers `exists` (treat it as success) and changes nothing.
 * - A success for another amount than was requested is refused (`amount_mismatch`) and books
 *   nothing: the amount is ours, not the callback's.
 * - A failure leaves the contribution pending, so the member can pay again.
 */
import { accounts } from '../ledger/accounts.ts';
import { credit, debit } from '../ledger/journal-entry.ts';
import type { JournalWriter } from '../ledger/ports.ts';
import type { Money } from '../money/money.ts';
import type { Clock, IdGenerator } from '../shared/clock.ts';
import { err, invariant, ok, type Result } from '../shared/result.ts';
import type { UnitOfWork } from '../shared/unit-of-work.ts';
import type { ConfirmPaymentError, Contribution } from './contribution.ts';
import type { ContributionRepository } from './ports.ts';

export interface ConfirmContributionPaymentInput {
  providerReference: string;
  outcome: 'successful' | 'failed';
  amount: Money;
}

export interface ConfirmedPayment {
  outcome: 'applied' | 'exists' | 'failed';
  contribution: Contribution;
  /** Every contribution of this cycle is paid: the channel runs PayoutIfCycleComplete next. */
  cycleComplete: boolean;
}

export class ConfirmContributionPayment {
  constructor(
    private readonly deps: {
      contributions: ContributionRepository;
      journal: JournalWriter;
      uow: UnitOfWork;
      clock: Clock;
      ids: IdGenerator;
    },
  ) {}

  execute(input: ConfirmContributionPaymentInput): Promise<Result<ConfirmedPayment, ConfirmPaymentError>> {
    const { contributions, journal, uow, clock, ids } = this.deps;
    return uow.run(async () => {
      const contribution = await contributions.findByPaymentReference(input.providerReference);
      if (!contribution) return err('payment_not_found');
      const now = clock.now();
      const settled = contribution.settleAttempt(input.providerReference, input.outcome, input.amount, now);
      if (!settled.ok) return settled;
      if (settled.value === 'applied') {
        const attempt = contribution.attemptByReference(input.providerReference)!;
        const posted = await journal.post({
          id: ids.newId(),
          key: `contribution:${input.providerReference}`,
          kind: 'contribution_received',
          occurredAt: now,
          postings: [debit(accounts.mobileMoney(attempt.provider), contribution.amount), credit(accounts.pool(contribution.tontineId), contribution.amount)],
        });
        // Crediting a pool cannot take an account below zero and the key is the reference, first
        // applied just now: anything but success (or `exists` after a crash) is a bug.
        invariant(posted.ok || posted.error === 'exists', `contribution ${contribution.id}: ledger refused (${posted.ok ? '' : posted.error})`);
      }
      if (settled.value !== 'exists') await contributions.save([contribution]);
      return ok({
        outcome: settled.value,
        contribution,
        cycleComplete: (await contributions.countPendingInCycle(contribution.tontineId, contribution.cycle)) === 0,
      });
    });
  }
}
