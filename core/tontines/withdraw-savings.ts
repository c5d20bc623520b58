/**
 * WithdrawSavings: the owner of personal savings (maxMembers = 1) takes money out to their
 * mobile-money wallet, at any time, up to the balance.
 *
 * Guarantees
 * - Idempotent by the member's key: the same key with the same amount answers `exists` and moves
 *   nothing; the same key with another amount is refused.
 * - Whole francs only (mobile money), never more than the pool holds: the ledger's pool balance
 *   is the balance, and the ledger also refuses to take a pool below zero.
 * - Ledger: pool → mobile-money clearing, keyed `withdrawal:<key>`, in the same unit of work.
 */
import { accounts } from '../ledger/accounts.ts';
import { credit, debit } from '../ledger/journal-entry.ts';
import type { JournalWriter } from '../ledger/ports.ts';
import { CENTIMES_PER_FRANC, Money } from '../money/money.ts';
import type { MobileMoney, MobileMoneyError } from '../payments/ports.ts';
import type { Clock, IdGenerator } from '../shared/clock.ts';
import { err, invariant, ok, type Result } from '../shared/result.ts';
import type { UnitOfWork } from '../shared/unit-of-work.ts';
import type { MemberWallets, TontineRepository } from './ports.ts';
import type { Withdrawal } from './tontine.ts';

export type WithdrawSavingsError =
  | 'tontine_not_found'
  | 'not_personal_savings'
  | 'amount_must_be_whole_francs'
  | 'amount_must_be_positive'
  | 'insufficient_savings'
  | 'idempotency_key_reused'
  | 'recipient_has_no_wallet'
  | MobileMoneyError;

export class WithdrawSavings {
  constructor(
    private readonly deps: {
      tontines: TontineRepository;
      journal: JournalWriter;
      uow: UnitOfWork;
      mobileMoney: MobileMoney;
      wallets: MemberWallets;
      clock: Clock;
      ids: IdGenerator;
    },
  ) {}

  execute(input: {
    tontineId: string;
    userId: string;
    amount: Money;
    idempotencyKey: string;
  }): Promise<Result<{ outcome: 'withdrawn' | 'exists'; withdrawal: Withdrawal }, WithdrawSavingsError>> {
    const { tontines, journal, uow, mobileMoney, wallets, clock, ids } = this.deps;
    return uow.run(async () => {
      const tontine = await tontines.findById(input.tontineId);
      // Someone else's savings are not found, as far as this member can tell.
      if (!tontine || tontine.creatorId !== input.userId) return err('tontine_not_found');
      if (!tontine.isPersonalSavings) return err('not_personal_savings');
      const reference = `withdrawal:${input.idempotencyKey}`;
      const earlier = tontine.withdrawal(reference);
      if (earlier) return earlier.amount.equals(input.amount) ? ok({ outcome: 'exists', withdrawal: earlier }) : err('idempotency_key_reused');
      if (!input.amount.isPositive()) return err('amount_must_be_positive');
      if (input.amount.centimes % CENTIMES_PER_FRANC !== 0) return err('amount_must_be_whole_francs');
      const pool = accounts.pool(tontine.id);
      if (input.amount.greaterThan(await journal.balance(pool))) return err('insufficient_savings');
      const wallet = await wallets.walletOf(input.userId);
      if (!wallet) return err('recipient_has_no_wallet');

      const sent = await mobileMoney.transfer({
        reference,
        provider: wallet.provider,
        msisdn: wallet.msisdn,
        amount: input.amount,
        description: `Ikimina savings withdrawal: ${tontine.name}`,
      });
      if (!sent.ok) return sent;
      const now = clock.now();
      const posted = await journal.post({
        id: ids.newId(),
        key: reference,
        kind: 'savings_withdrawal',
        occurredAt: now,
        postings: [debit(pool, input.amount), credit(accounts.mobileMoney(wallet.provider), input.amount)],
      });
      invariant(posted.ok, `ledger refused ${reference}: ${posted.ok ? '' : posted.error}`);
      const withdrawal: Withdrawal = { reference, amount: input.amount, at: now };
      tontine.recordWithdrawal(withdrawal);
      await tontines.save(tontine);
      return ok({ outcome: 'withdrawn', withdrawal });
    });
  }
}
