/**
 * SavingsTransfers: money leaving a tontine's pool for a member's mobile-money wallet (a payout,
 * a savings withdrawal), from the booking to the provider's last word.
 *
 * Guarantees
 * - Stored before sent (PROVIDERS.md §2a): `open` books the pool → mobile-money clearing entry and
 *   stores the attempt in the caller's unit of work; the provider is asked (`send`) only after it
 *   committed, so a callback, however fast, finds its payment. A crash or an unreachable provider
 *   leaves a pending attempt that `send` asks again under the SAME reference (the provider creates
 *   nothing new for it).
 * - Settled once: an attempt moves pending → successful | failed once; a repeated or late report
 *   answers `exists` and changes nothing.
 * - A failed attempt moved no money, so its entry is reversed (a reversal entry, never an edit)
 *   in the same unit of work, and the transfer is due again: attempt n + 1 is made after
 *   RETRY_BACKOFF_MINUTES[n − 1] under the reference `<transferReference>-<n + 1>` (a new provider
 *   request), to the member's wallet as it is then, booked anew. The pool never pays one transfer
 *   twice: at most one attempt is booked and not reversed at any time.
 * - Bounded: after MAX_TRANSFER_ATTEMPTS failed attempts, or when the pool no longer holds the
 *   amount (savings withdrawn meanwhile), or the member has no wallet, it is given up: the money
 *   stays in the pool, the member is told, and for a group payout the group's admin too.
 */
import { accounts } from '../ledger/accounts.ts';
import { credit, debit } from '../ledger/journal-entry.ts';
import type { JournalWriter } from '../ledger/ports.ts';
import type { Money } from '../money/money.ts';
import type { MobileMoney, MobileMoneyError, MobileMoneyProvider } from '../payments/ports.ts';
import type { Clock, IdGenerator } from '../shared/clock.ts';
import { err, invariant, ok, type Result } from '../shared/result.ts';
import type { UnitOfWork } from '../shared/unit-of-work.ts';
import { transferReference } from '../settlements/settlement-batch.ts';
import type { MemberWallets, Notifier, TontineRepository, TransferAttempt, TransferAttemptRepository } from './ports.ts';

export const MAX_TRANSFER_ATTEMPTS = 4;
/** Wait after failed attempt 1, 2, 3 before the next one. */
export const RETRY_BACKOFF_MINUTES = [5, 30, 120] as const;

export interface OpenTransferInput {
  kind: TransferAttempt['kind'];
  transferReference: string;
  tontineId: string;
  memberId: string;
  wallet: { provider: MobileMoneyProvider; msisdn: string };
  amount: Money;
  description: string;
}

/**
 * applied: successful now; failed: a retry is scheduled; given_up: no more attempts (see
 * Guarantees); contradicts_books: a success for an attempt already failed and reversed, which a
 * person must look at (the member may have been paid by a later attempt as well).
 */
export type TransferSettlement = 'applied' | 'exists' | 'failed' | 'given_up' | 'contradicts_books';

export class SavingsTransfers {
  constructor(
    private readonly deps: {
      attempts: TransferAttemptRepository;
      tontines: TontineRepository;
      journal: JournalWriter;
      uow: UnitOfWork;
      mobileMoney: Pick<MobileMoney, 'transfer'>;
      wallets: MemberWallets;
      notifier: Notifier;
      clock: Clock;
      ids: IdGenerator;
    },
  ) {}

  /**
   * In the caller's unit of work: books the first attempt and stores it. `insufficient_funds` when
   * the pool does not hold the amount (the caller checked it under the tontine's lock, so for the
   * caller it is a bug).
   */
  open(input: OpenTransferInput): Promise<Result<TransferAttempt, 'insufficient_funds'>> {
    return this.book(input, 1);
  }

  /** Outside any transaction: asks the provider to send a pending attempt (again, same reference). */
  async send(reference: string): Promise<Result<'sent' | 'not_pending', MobileMoneyError>> {
    const attempt = await this.deps.attempts.findAttempt(reference);
    if (!attempt || attempt.status !== 'pending') return ok('not_pending');
    const sent = await this.deps.mobileMoney.transfer({
      reference: attempt.reference,
      provider: attempt.provider,
      msisdn: attempt.msisdn,
      amount: attempt.amount,
      description: attempt.description,
    });
    if (sent.ok) return ok('sent');
    // A refusal is the provider's final word on this attempt; unavailable: asked again later.
    if (sent.error === 'mobile_money_refused') await this.settle({ reference, status: 'failed' });
    return sent;
  }

  /** The provider's final word on one attempt (callback, status poll or a refusal). */
  settle(report: { reference: string; status: 'successful' | 'failed' }): Promise<Result<TransferSettlement, 'payment_not_found'>> {
    const { attempts, journal, uow, clock, ids } = this.deps;
    return uow.run(async () => {
      const attempt = await attempts.findAttempt(report.reference);
      if (!attempt) return err('payment_not_found');
      if (attempt.status !== 'pending') return ok(attempt.status === 'failed' && report.status === 'successful' ? ('contradicts_books' as const) : ('exists' as const));
      const now = clock.now();
      if (report.status === 'successful') {
        await attempts.saveAttempt({ ...attempt, status: 'successful', completedAt: now });
        return ok('applied' as const);
      }
      const reversed = await journal.reverse(attempt.ledgerEntryId, { id: ids.newId(), key: `reversal:${attempt.reference}`, occurredAt: now });
      // The attempt was pending, so its entry stands unreversed: anything else is a bug.
      invariant(reversed.ok, `transfer ${attempt.reference}: reversal refused (${reversed.ok ? '' : reversed.error})`);
      const backoff = RETRY_BACKOFF_MINUTES[attempt.attempt - 1];
      const retryAt = attempt.attempt < MAX_TRANSFER_ATTEMPTS && backoff !== undefined ? new Date(now.getTime() + backoff * 60_000) : undefined;
      await attempts.saveAttempt({ ...attempt, status: 'failed', completedAt: now, retryAt });
      if (retryAt) return ok('failed' as const);
      await this.giveUp(attempt);
      return ok('given_up' as const);
    });
  }

  /**
   * A failed attempt whose retry time has come: books and stores the next attempt, then sends it
   * (`retried`); `given_up` when no attempt can be made (see Guarantees); `not_due` when there is
   * nothing to retry now (not failed, not yet, or retried already).
   */
  async retry(reference: string): Promise<{ outcome: 'retried'; attempt: TransferAttempt } | { outcome: 'given_up' | 'not_due' }> {
    const { attempts, wallets, uow, clock } = this.deps;
    const next = await uow.run(async (): Promise<TransferAttempt | 'given_up' | 'not_due'> => {
      const failed = await attempts.findAttempt(reference);
      if (!failed || failed.status !== 'failed' || !failed.retryAt || failed.retryAt.getTime() > clock.now().getTime()) return 'not_due';
      await attempts.saveAttempt({ ...failed, retryAt: undefined });
      const wallet = await wallets.walletOf(failed.memberId);
      const booked = wallet && (await this.book({ ...failed, wallet }, failed.attempt + 1));
      if (booked?.ok) return booked.value;
      await this.giveUp(failed);
      return 'given_up';
    });
    if (typeof next === 'string') return { outcome: next };
    await this.send(next.reference);
    return { outcome: 'retried', attempt: next };
  }

  private async book(input: OpenTransferInput, attempt: number): Promise<Result<TransferAttempt, 'insufficient_funds'>> {
    const { attempts, journal, clock, ids } = this.deps;
    const reference = transferReference(input.transferReference, attempt);
    const now = clock.now();
    const entryId = ids.newId();
    const posted = await journal.post({
      id: entryId,
      key: reference,
      kind: input.kind === 'payout' ? 'tontine_payout' : 'savings_withdrawal',
      occurredAt: now,
      postings: [debit(accounts.pool(input.tontineId), input.amount), credit(accounts.mobileMoney(input.wallet.provider), input.amount)],
    });
    if (!posted.ok && posted.error === 'account_would_go_negative') return err('insufficient_funds');
    invariant(posted.ok, `ledger refused ${reference}: ${posted.ok ? '' : posted.error}`);
    const stored: TransferAttempt = {
      kind: input.kind,
      transferReference: input.transferReference,
      attempt,
      reference,
      tontineId: input.tontineId,
      memberId: input.memberId,
      provider: input.wallet.provider,
      msisdn: input.wallet.msisdn,
      amount: input.amount,
      description: input.description,
      ledgerEntryId: entryId,
      status: 'pending',
      createdAt: now,
    };
    await attempts.add(stored);
    return ok(stored);
  }

  /** The money stays in the pool; the member (and a group's admin) are told, in the same unit of work. */
  private async giveUp(attempt: TransferAttempt): Promise<void> {
    const tontine = await this.deps.tontines.findById(attempt.tontineId);
    const params = { tontineName: tontine?.name ?? '', amount: attempt.amount.format(), cycle: '' };
    await this.deps.notifier.notify({ userId: attempt.memberId, type: 'other', template: 'transfer_failed', params });
    if (attempt.kind === 'payout' && tontine && tontine.creatorId !== attempt.memberId) {
      await this.deps.notifier.notify({ userId: tontine.creatorId, type: 'other', template: 'payout_failed_admin', params });
    }
  }
}
