/**
 * SendTransfer: ask the provider to send a stored attempt (core/transfers/transfer.ts).
 *
 * Guarantees
 * - Outside any transaction, after the attempt committed: the provider is asked under the
 *   attempt's own reference, so asking again (a crash, an unreachable provider, a provider that
 *   never heard of it) creates nothing new there. Only an attempt awaiting the provider is sent
 *   (`not_pending` otherwise).
 * - Accepted: a `requested` attempt becomes `sent` (unless a callback settled it meanwhile).
 *   Refused: that is the provider's final word on the attempt, settled as a failure
 *   (SettleTransfer). Unavailable: nothing changes; it is asked again later.
 */
import type { MobileMoney, MobileMoneyError } from '../payments/ports.ts';
import { ok, type Result } from '../shared/result.ts';
import type { UnitOfWork } from '../shared/unit-of-work.ts';
import type { OutgoingTransfers } from './ports.ts';
import type { SettleTransfer } from './settle-transfer.ts';
import { isAwaitingProvider, transitionTransfer } from './transfer.ts';

export interface SendTransferDeps {
  transfers: OutgoingTransfers;
  mobileMoney: Pick<MobileMoney, 'transfer'>;
  settleTransfer: Pick<SettleTransfer, 'execute'>;
  uow: UnitOfWork;
}

export interface SendTransferInput {
  reference: string;
}

export type SendTransferError = MobileMoneyError;

export class SendTransfer {
  constructor(private readonly deps: SendTransferDeps) {}

  async execute(input: SendTransferInput): Promise<Result<'sent' | 'not_pending', SendTransferError>> {
    const { transfers, mobileMoney, settleTransfer, uow } = this.deps;
    const transfer = await transfers.findByReference(input.reference);
    if (!transfer || !isAwaitingProvider(transfer.status)) return ok('not_pending');
    const sent = await mobileMoney.transfer({
      reference: transfer.reference,
      provider: transfer.provider,
      msisdn: transfer.msisdn,
      amount: transfer.amount,
      description: transfer.description,
    });
    if (sent.ok) {
      await uow.run(async () => {
        const current = await transfers.findByReference(input.reference);
        const accepted = current && transitionTransfer(current.status, 'accept');
        if (current && accepted?.ok) await transfers.save({ ...current, status: accepted.value });
      });
      return ok('sent');
    }
    if (sent.error === 'mobile_money_refused') await settleTransfer.execute({ reference: input.reference, status: 'failed' });
    return sent;
  }
}
