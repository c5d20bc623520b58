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
 * - Whether the cycle is now complete is counted by the caller after the commit
 *   (`countPendingInCycles`): only then can it see the cycle's other last payments, confirmed side
 *   by side in other transactions.
 * - A late fine is booked the same way, as `fine_received` (the group's books show it as a fine).
 * - `executeAll` settles many reports in one unit of work with the same rules, in order: the
 *   contributions are locked together (in id order), the entries posted with one append and the
 *   contributions saved with one write.
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
  /** The provider's amount; undefined when its answer states none (Airtel's enquiry). */
  amount: Money | undefined;
  /** The provider's own id of the transaction and, for a failure, why: kept with the attempt. */
  providerTransactionId?: string;
  reason?: string;
}

export interface ConfirmedPayment {
  outcome: 'applied' | 'exists' | 'failed';
  contribution: Contribution;
  /** This report settled the attempt (it was awaiting the provider): the member is told once. */
  settledNow: boolean;
}

export type ConfirmResult = Result<ConfirmedPayment, ConfirmPaymentError>;

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

  async execute(input: ConfirmContributionPaymentInput): Promise<ConfirmResult> {
    return (await this.executeAll([input]))[0]!;
  }

  /**
   * Several reports in one unit of work, each with the rules of `execute`, answered in order: the
   * reports are applied one after the other to the contributions as this unit of work holds them
   * (two reports for one attempt settle it once), and the whole batch is read, posted and saved
   * with a few statements instead of a few per report.
   */
  executeAll(inputs: readonly ConfirmContributionPaymentInput[]): Promise<ConfirmResult[]> {
    const { contributions, journal, uow, clock, ids } = this.deps;
    return uow.run(async () => {
      const found = await contributions.findByPaymentReferences(inputs.map((input) => input.providerReference));
      const now = clock.now();
      const settled = inputs.map((input) => {
        const contribution = found.get(input.providerReference);
        if (!contribution) return err('payment_not_found' as const);
        const attempt = contribution.attemptByReference(input.providerReference)!;
        const awaited = attempt.status === 'requested';
        const result = contribution.settleAttempt(input.providerReference, input.outcome, input.amount, now, input);
        return result.ok ? ok({ outcome: result.value, contribution, attempt, settledNow: awaited && result.value !== 'exists' }) : result;
      });

      const applied = settled.flatMap((s) => (s.ok && s.value.outcome === 'applied' ? [s.value] : []));
      const posted = await journal.postAll(
        applied.map(({ contribution, attempt }) => ({
          id: ids.newId(),
          key: `contribution:${attempt.providerReference}`,
          kind: contribution.isFine ? 'fine_received' : 'contribution_received',
          occurredAt: now,
          postings: [debit(accounts.collection(attempt.provider), contribution.amount), credit(accounts.pool(contribution.tontineId), contribution.amount)],
        })),
      );
      // Crediting a pool cannot take an account below zero and the key is the reference, first
      // applied just now: anything but success (or `exists` after a crash) is a bug.
      posted.forEach((p, i) => invariant(p.ok || p.error === 'exists', `contribution ${applied[i]!.contribution.id}: ledger refused (${p.ok ? '' : p.error})`));

      const changed = new Set(settled.flatMap((s) => (s.ok && s.value.outcome !== 'exists' ? [s.value.contribution] : [])));
      await contributions.save([...changed]);
      return settled.map((s): ConfirmResult => (s.ok ? ok({ outcome: s.value.outcome, contribution: s.value.contribution, settledNow: s.value.settledNow }) : s));
    });
  }
}
