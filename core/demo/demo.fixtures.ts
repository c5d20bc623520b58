/**
 * The embedded sandbox provider for the demo seeds' core tests, over the contributions' fake
 * mobile money: what it received stays pending until the demo's people approve it
 * (`approvePending`), after which its status query answers successful, with the amount asked.
 */
import type { FakeMobileMoney } from '../contributions/contributions.fixtures.ts';
import type { MobileMoney, MobileMoneyProvider, MobileMoneyStatusError, MobileMoneyStatusReport } from '../payments/ports.ts';
import { ok, type Result } from '../shared/result.ts';
import type { ApprovedPayment, SandboxApprovals } from './ports.ts';

export class ApprovingSandbox implements SandboxApprovals, Pick<MobileMoney, 'collectionStatus' | 'transferStatus'> {
  private readonly approved = new Set<string>();
  /** Every approval round, in order. */
  readonly rounds: ApprovedPayment[][] = [];

  constructor(private readonly provider: FakeMobileMoney) {}

  async approvePending(): Promise<ApprovedPayment[]> {
    const fresh = (direction: ApprovedPayment['direction'], requests: Map<string, unknown>) =>
      [...requests.keys()].filter((reference) => !this.approved.has(`${direction}:${reference}`)).map((reference) => ({ direction, reference }));
    const round = [...fresh('collection', this.provider.collections), ...fresh('transfer', this.provider.transfers)];
    for (const p of round) this.approved.add(`${p.direction}:${p.reference}`);
    if (round.length > 0) this.rounds.push(round);
    return round;
  }

  collectionStatus(provider: MobileMoneyProvider, reference: string): Promise<Result<MobileMoneyStatusReport, MobileMoneyStatusError>> {
    return this.status('collection', provider, reference);
  }
  transferStatus(provider: MobileMoneyProvider, reference: string): Promise<Result<MobileMoneyStatusReport, MobileMoneyStatusError>> {
    return this.status('transfer', provider, reference);
  }

  private async status(direction: ApprovedPayment['direction'], provider: MobileMoneyProvider, reference: string): Promise<Result<MobileMoneyStatusReport, MobileMoneyStatusError>> {
    const asked = direction === 'collection' ? await this.provider.collectionStatus(provider, reference) : await this.provider.transferStatus(provider, reference);
    if (!asked.ok || !this.approved.has(`${direction}:${reference}`)) return asked;
    return ok({ ...asked.value, status: 'successful', providerTransactionId: `sandbox-${reference}` });
  }
}
