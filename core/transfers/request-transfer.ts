/**
 * RequestTransfer: book money leaving an account for a wallet and store the attempt, in the
 * caller's unit of work, before anyone asks the provider (core/transfers/transfer.ts).
 *
 * Guarantees
 * - In the caller's unit of work (it opens none): one entry keyed by the attempt's reference debits
 *   `debitedAccount` and credits the provider's clearing account, and the attempt is stored
 *   `requested`; the caller's own change commits with them.
 * - Asked again for an attempt already stored (same reference), it answers that attempt and books
 *   nothing (an interrupted payment is sent again as the same attempt).
 * - `insufficient_funds` when the account may not go negative and does not hold the amount;
 *   nothing is stored then. Only a positive whole number of francs is transferred (a bug otherwise).
 */
import { accounts, type AccountId } from '../ledger/accounts.ts';
import { credit, debit } from '../ledger/journal-entry.ts';
import type { JournalWriter } from '../ledger/ports.ts';
import type { Money } from '../money/money.ts';
import type { MobileMoneyProvider } from '../payments/ports.ts';
import type { Clock, IdGenerator } from '../shared/clock.ts';
import { err, invariant, ok, type Result } from '../shared/result.ts';
import type { OutgoingTransfers } from './ports.ts';
import { ENTRY_KINDS, transferReference, type OutgoingTransfer, type TransferPurpose } from './transfer.ts';

export interface RequestTransferDeps {
  transfers: OutgoingTransfers;
  journal: JournalWriter;
  clock: Clock;
  ids: IdGenerator;
}

export interface RequestTransferInput {
  purpose: TransferPurpose;
  subjectId: string;
  debitedAccount: AccountId;
  transferReference: string;
  /** 1 unless a retry books a later one. */
  attempt?: number;
  memberId: string;
  wallet: { provider: MobileMoneyProvider; msisdn: string };
  amount: Money;
  description: string;
}

export type RequestTransferError = 'insufficient_funds';

export class RequestTransfer {
  constructor(private readonly deps: RequestTransferDeps) {}

  async execute(input: RequestTransferInput): Promise<Result<OutgoingTransfer, RequestTransferError>> {
    const { transfers, journal, clock, ids } = this.deps;
    invariant(input.amount.isPositive() && input.amount.centimes % 100 === 0, 'a transfer is a positive whole number of francs');
    const attempt = input.attempt ?? 1;
    const reference = transferReference(input.transferReference, attempt);
    const stored = await transfers.findByReference(reference);
    if (stored) return ok(stored);
    const now = clock.now();
    const entryId = ids.newId();
    const posted = await journal.post({
      id: entryId,
      key: reference,
      kind: ENTRY_KINDS[input.purpose],
      occurredAt: now,
      postings: [debit(input.debitedAccount, input.amount), credit(accounts.mobileMoney(input.wallet.provider), input.amount)],
    });
    if (!posted.ok && posted.error === 'account_would_go_negative') return err('insufficient_funds');
    invariant(posted.ok, `ledger refused ${reference}: ${posted.ok ? '' : posted.error}`);
    const transfer: OutgoingTransfer = {
      id: ids.newId(),
      purpose: input.purpose,
      subjectId: input.subjectId,
      debitedAccount: input.debitedAccount,
      transferReference: input.transferReference,
      attempt,
      reference,
      memberId: input.memberId,
      provider: input.wallet.provider,
      msisdn: input.wallet.msisdn,
      amount: input.amount,
      description: input.description,
      ledgerEntryId: entryId,
      status: 'requested',
      createdAt: now,
    };
    await transfers.add(transfer);
    return ok(transfer);
  }
}
