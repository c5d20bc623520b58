/**
 * ListTransfers: the admin's view of the money that leaves for wallets, one row per attempt,
 * newest first (`npm run admin -- transfers list`), and the provider reports disputed instead of
 * booked.
 *
 * Guarantees
 * - Read-only. `pending` reads as requested or sent, `successful` as completed (the words of the
 *   attempts' former statuses).
 * - `disputed` answers the disputed attempts and the disputed provider reports (of collections
 *   too: another amount or currency, a success after a booked failure).
 */
import type { PaymentDispute } from '../payments/ports.ts';
import type { DisputedReports, OutgoingTransfers } from './ports.ts';
import type { OutgoingTransfer, TransferStatus } from './transfer.ts';

export interface ListTransfersDeps {
  transfers: OutgoingTransfers;
  disputes: DisputedReports;
}

/** A status, or a word of the former statuses. */
export type TransferStatusFilter = TransferStatus | 'pending' | 'successful';

export const TRANSFER_STATUS_FILTERS: Readonly<Record<TransferStatusFilter, readonly TransferStatus[]>> = {
  requested: ['requested'],
  sent: ['sent'],
  completed: ['completed'],
  failed: ['failed'],
  given_up: ['given_up'],
  disputed: ['disputed'],
  pending: ['requested', 'sent'],
  successful: ['completed'],
};

export interface ListTransfersInput {
  status?: TransferStatusFilter | undefined;
  limit: number;
}

export interface TransferList {
  transfers: OutgoingTransfer[];
  /** Only with `status: 'disputed'`. */
  disputes: PaymentDispute[];
}

export class ListTransfers {
  constructor(private readonly deps: ListTransfersDeps) {}

  async execute(input: ListTransfersInput): Promise<TransferList> {
    const statuses = input.status === undefined ? undefined : TRANSFER_STATUS_FILTERS[input.status];
    const transfers = await this.deps.transfers.list({ limit: input.limit, ...(statuses ? { statuses } : {}) });
    const disputes = input.status === 'disputed' ? await this.deps.disputes.list(input.limit) : [];
    return { transfers, disputes };
  }
}
