/** In-memory fakes of the outgoing-transfers ports, and the module's use cases wired over them, for core tests. */
import type { AuditTrail } from '../audit/ports.ts';
import type { JournalWriter } from '../ledger/ports.ts';
import type { MobileMoney } from '../payments/ports.ts';
import type { Clock, IdGenerator } from '../shared/clock.ts';
import type { UnitOfWork } from '../shared/unit-of-work.ts';
import { ListTransfers } from './list-transfers.ts';
import type { OutgoingTransfers, TransferPolicies } from './ports.ts';
import { RequestTransfer } from './request-transfer.ts';
import { RetryGivenUpTransfer } from './retry-given-up-transfer.ts';
import { RetryTransfer } from './retry-transfer.ts';
import { SendTransfer } from './send-transfer.ts';
import { SettleTransfer } from './settle-transfer.ts';
import type { OutgoingTransfer, TransferStatus } from './transfer.ts';

export class InMemoryOutgoingTransfers implements OutgoingTransfers {
  private readonly rows = new Map<string, OutgoingTransfer>();
  async add(transfer: OutgoingTransfer): Promise<void> {
    if (this.rows.has(transfer.reference)) throw new Error(`duplicate transfer reference ${transfer.reference}`);
    this.rows.set(transfer.reference, transfer);
  }
  async findByReference(reference: string): Promise<OutgoingTransfer | undefined> {
    return this.rows.get(reference);
  }
  async findById(id: string): Promise<OutgoingTransfer | undefined> {
    return this.all().find((t) => t.id === id);
  }
  async latestAttempt(transferReference: string): Promise<OutgoingTransfer | undefined> {
    return this.all()
      .filter((t) => t.transferReference === transferReference)
      .sort((a, b) => b.attempt - a.attempt)[0];
  }
  async save(transfer: OutgoingTransfer): Promise<void> {
    this.rows.set(transfer.reference, transfer);
  }
  async listRetriesDue(now: Date, limit: number): Promise<OutgoingTransfer[]> {
    return this.all()
      .filter((t) => t.status === 'failed' && t.retryAt && t.retryAt.getTime() <= now.getTime())
      .sort((a, b) => a.retryAt!.getTime() - b.retryAt!.getTime())
      .slice(0, limit);
  }
  async listPendingOlderThan(instant: Date, limit: number): Promise<OutgoingTransfer[]> {
    return this.all()
      .filter((t) => (t.status === 'requested' || t.status === 'sent') && t.createdAt.getTime() < instant.getTime())
      .slice(0, limit);
  }
  async list(filter: { statuses?: readonly TransferStatus[]; limit: number }): Promise<OutgoingTransfer[]> {
    return this.all()
      .filter((t) => !filter.statuses || filter.statuses.includes(t.status))
      .reverse()
      .slice(0, filter.limit);
  }
  /** In the order they were stored. */
  all(): OutgoingTransfer[] {
    return [...this.rows.values()];
  }
}

export interface TransferWorldDeps {
  transfers: OutgoingTransfers;
  journal: JournalWriter;
  uow: UnitOfWork;
  mobileMoney: Pick<MobileMoney, 'transfer'>;
  clock: Clock;
  ids: IdGenerator;
  audit?: AuditTrail;
}

/** The module's use cases over `deps`; the purposes' policies are made from RequestTransfer, as the composition root makes them. */
export function transferUseCases(deps: TransferWorldDeps, policiesOf: (requestTransfer: RequestTransfer) => TransferPolicies) {
  const requestTransfer = new RequestTransfer(deps);
  const policies = policiesOf(requestTransfer);
  const settleTransfer = new SettleTransfer({ ...deps, policies });
  const sendTransfer = new SendTransfer({ ...deps, settleTransfer });
  const retryTransfer = new RetryTransfer({ ...deps, policies, sendTransfer });
  const audit = deps.audit ?? { record: async () => {} };
  const retryGivenUpTransfer = new RetryGivenUpTransfer({ ...deps, policies, sendTransfer, audit });
  const listTransfers = new ListTransfers({ transfers: deps.transfers, disputes: { list: async () => [] } });
  return { requestTransfer, settleTransfer, sendTransfer, retryTransfer, retryGivenUpTransfer, listTransfers, policies };
}
