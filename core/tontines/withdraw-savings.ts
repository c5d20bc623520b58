/**
 * WithdrawSavings: the owner of personal savings (maxMembers = 1) takes money out to their
 * mobile-money wallet, at any time, up to the balance.
 *
 * Guarantees
 * - Idempotent by the member's key: the same key with the same amount answers `exists` and moves
 *   nothing; the same key with another amount is refused.
 * - Whole francs only (mobile money), never more than the pool holds: the ledger's pool balance
 *   is the balance, and the ledger also refuses to take a pool below zero.
 * - Stored before sent: the withdrawal, its ledger entry (pool → mobile-money clearing, keyed
 *   `withdrawal:<key>`) and its transfer attempt commit together, and only then is the provider
 *   asked (core/transfers: a failed transfer is reversed and retried, never lost or paid twice).
 *   A retry with the same key while the provider is unreachable asks again under the same reference.
 */
import { accounts } from '../ledger/accounts.ts';
import type { JournalWriter } from '../ledger/ports.ts';
import type { Money } from '../money/money.ts';
import type { Clock } from '../shared/clock.ts';
import { err, invariant, ok, type Result } from '../shared/result.ts';
import type { UnitOfWork } from '../shared/unit-of-work.ts';
import type { MemberWallets, TontineRepository } from './ports.ts';
import type { RequestTransfer } from '../transfers/request-transfer.ts';
import type { SendTransfer } from '../transfers/send-transfer.ts';
import type { Withdrawal } from './tontine.ts';

export type WithdrawSavingsError =
  | 'tontine_not_found'
  | 'not_personal_savings'
  | 'amount_must_be_whole_francs'
  | 'amount_must_be_positive'
  | 'insufficient_savings'
  | 'idempotency_key_reused'
  | 'recipient_has_no_wallet';

export class WithdrawSavings {
  constructor(
    private readonly deps: {
      tontines: TontineRepository;
      journal: JournalWriter;
      uow: UnitOfWork;
      requestTransfer: Pick<RequestTransfer, 'execute'>;
      sendTransfer: Pick<SendTransfer, 'execute'>;
      wallets: MemberWallets;
      clock: Clock;
    },
  ) {}

  /**
   * `withdrawn`/`exists` once the withdrawal is recorded, whatever the provider answers next: a
   * refusal is its transfer's state (failed, booked back, retried), an unreachable provider leaves
   * it pending to be sent again; the member follows it as a payment.
   */
  async execute(input: {
    tontineId: string;
    userId: string;
    amount: Money;
    idempotencyKey: string;
  }): Promise<Result<{ outcome: 'withdrawn' | 'exists'; withdrawal: Withdrawal }, WithdrawSavingsError>> {
    const recorded = await this.record(input);
    if (!recorded.ok) return recorded;
    // Committed: the provider is asked (again, under the same reference, for a retried key).
    await this.deps.sendTransfer.execute({ reference: recorded.value.withdrawal.reference });
    return recorded;
  }

  private record(input: { tontineId: string; userId: string; amount: Money; idempotencyKey: string }): Promise<Result<{ outcome: 'withdrawn' | 'exists'; withdrawal: Withdrawal }, WithdrawSavingsError>> {
    const { tontines, journal, uow, requestTransfer, wallets, clock } = this.deps;
    return uow.run(async () => {
      const tontine = await tontines.findById(input.tontineId);
      // Someone else's savings are not found, as far as this member can tell.
      if (!tontine || tontine.creatorId !== input.userId) return err('tontine_not_found');
      if (!tontine.isPersonalSavings) return err('not_personal_savings');
      const reference = `withdrawal:${input.idempotencyKey}`;
      const earlier = tontine.withdrawal(reference);
      if (earlier) return earlier.amount.equals(input.amount) ? ok({ outcome: 'exists' as const, withdrawal: earlier }) : err('idempotency_key_reused');
      if (!input.amount.isPositive()) return err('amount_must_be_positive');
      if (!input.amount.isWholeFrancs()) return err('amount_must_be_whole_francs');
      const pool = accounts.pool(tontine.id);
      if (input.amount.greaterThan(await journal.balance(pool))) return err('insufficient_savings');
      const wallet = await wallets.walletOf(input.userId);
      if (!wallet) return err('recipient_has_no_wallet');

      const opened = await requestTransfer.execute({
        purpose: 'withdrawal',
        subjectId: tontine.id,
        debitedAccount: pool,
        transferReference: reference,
        memberId: input.userId,
        wallet,
        amount: input.amount,
        description: `Ikimina savings withdrawal: ${tontine.name}`,
      });
      // The balance was read under the tontine's lock just above.
      invariant(opened.ok, `withdrawal ${reference}: the pool does not cover it`);
      const withdrawal: Withdrawal = { reference, amount: input.amount, at: clock.now() };
      tontine.recordWithdrawal(withdrawal);
      await tontines.save(tontine);
      return ok({ outcome: 'withdrawn' as const, withdrawal });
    });
  }
}
