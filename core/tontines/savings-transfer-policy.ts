/**
 * SavingsTransferPolicy: what a tontine payout or a savings withdrawal means to the tontines when
 * its transfer (core/transfers) fails, is retried or is given up: money leaving a tontine's pool
 * for a member's mobile-money wallet.
 *
 * Guarantees
 * - A failed attempt changes nothing in the tontine: the payout stays recorded once (the rotation
 *   moves on once, whatever its transfers do), the withdrawal too; the transfers module books the
 *   money back into the pool.
 * - A retry books the next attempt from the pool to the member's wallet as it is then; it cannot be
 *   made (`cannot_pay`) when the member has no wallet or the pool no longer holds the amount
 *   (savings withdrawn meanwhile).
 * - Given up: the money stays in the pool, the member is told, and for a group payout the group's
 *   admin too, in the same unit of work.
 */
import { accounts } from '../ledger/accounts.ts';
import type { RequestTransfer } from '../transfers/request-transfer.ts';
import type { TransferPolicy } from '../transfers/ports.ts';
import type { OutgoingTransfer } from '../transfers/transfer.ts';
import { err, type Result } from '../shared/result.ts';
import type { MemberWallets, Notifier, TontineRepository } from './ports.ts';

export interface SavingsTransferPolicyDeps {
  tontines: TontineRepository;
  wallets: MemberWallets;
  notifier: Notifier;
  requestTransfer: Pick<RequestTransfer, 'execute'>;
}

export class SavingsTransferPolicy implements TransferPolicy {
  readonly retriesOnSchedule = true;

  constructor(private readonly deps: SavingsTransferPolicyDeps) {}

  async failed(): Promise<'booked_back'> {
    return 'booked_back';
  }

  async rebook(failed: OutgoingTransfer, attempt: number): Promise<Result<OutgoingTransfer, 'cannot_pay'>> {
    const wallet = await this.deps.wallets.walletOf(failed.memberId);
    if (!wallet) return err('cannot_pay');
    const booked = await this.deps.requestTransfer.execute({
      purpose: failed.purpose,
      subjectId: failed.subjectId,
      debitedAccount: accounts.pool(failed.subjectId),
      transferReference: failed.transferReference,
      attempt,
      memberId: failed.memberId,
      wallet,
      amount: failed.amount,
      description: failed.description,
    });
    return booked.ok ? booked : err('cannot_pay');
  }

  async givenUp(transfer: OutgoingTransfer): Promise<void> {
    const tontine = await this.deps.tontines.findById(transfer.subjectId);
    const params = { tontineName: tontine?.name ?? '', amount: transfer.amount.format(), cycle: '' };
    await this.deps.notifier.notify({ userId: transfer.memberId, type: 'other', template: 'transfer_failed', params });
    if (transfer.purpose === 'payout' && tontine && tontine.creatorId !== transfer.memberId) {
      await this.deps.notifier.notify({ userId: tontine.creatorId, type: 'other', template: 'payout_failed_admin', params });
    }
  }
}
