/**
 * Pay what the platform owes (a merchant's settlement, an agent's commissions) by mobile money.
 *
 * Guarantees
 * - The transfer carries the payout's own reference, so a retry pays once at the provider.
 * - Only a positive whole number of francs is transferred. When the provider accepts, one entry
 *   debits the payable and credits the provider's clearing account under the same key; the entry
 *   and the caller's record of the outcome commit in one unit of work.
 * - The payable never goes negative: a payout larger than what is owed is a bug and throws.
 */
import { accounts, type AccountId } from '../ledger/accounts.ts';
import { credit, debit, journalEntry } from '../ledger/journal-entry.ts';
import type { JournalWriter } from '../ledger/ports.ts';
import type { Money } from '../money/money.ts';
import type { MobileMoney, MobileMoneyProvider } from '../payments/ports.ts';
import type { Clock, IdGenerator } from '../shared/clock.ts';
import { invariant } from '../shared/result.ts';
import type { UnitOfWork } from '../shared/unit-of-work.ts';

export interface PayOutDeps {
  mobileMoney: Pick<MobileMoney, 'transfer'>;
  journal: JournalWriter;
  unitOfWork: UnitOfWork;
  clock: Clock;
  ids: IdGenerator;
}

export interface PayOutInput {
  reference: string;
  kind: string;
  payable: AccountId;
  amount: Money;
  wallet: { provider: MobileMoneyProvider; msisdn: string };
  description: string;
}

/** Transfers, then in one unit of work posts the entry (if accepted) and runs `record(accepted)`. */
export async function payOut<T>(deps: PayOutDeps, input: PayOutInput, record: (accepted: boolean) => Promise<T>): Promise<T> {
  invariant(input.amount.isPositive() && input.amount.centimes % 100 === 0, 'a payout is a positive whole number of francs');
  const transfer = await deps.mobileMoney.transfer({
    reference: input.reference,
    provider: input.wallet.provider,
    msisdn: input.wallet.msisdn,
    amount: input.amount,
    description: input.description,
  });
  return deps.unitOfWork.run(async () => {
    if (transfer.ok) {
      const entry = journalEntry({
        id: deps.ids.newId(),
        key: input.reference,
        kind: input.kind,
        occurredAt: deps.clock.now(),
        postings: [debit(input.payable, input.amount), credit(accounts.mobileMoney(input.wallet.provider), input.amount)],
      });
      invariant(entry.ok, 'a payout entry always balances');
      const posted = await deps.journal.post(entry.value);
      invariant(posted.ok, `payout ${input.reference} could not be posted: ${posted.ok ? '' : posted.error}`);
    }
    return record(transfer.ok);
  });
}
