/** Ports of the contributions module. */
import type { Contribution } from './contribution.ts';

export interface ContributionRepository {
  findById(id: string): Promise<Contribution | undefined>;
  /** The contribution one of whose payment attempts carries this provider reference. */
  findByPaymentReference(providerReference: string): Promise<Contribution | undefined>;
  listByTontine(tontineId: string): Promise<Contribution[]>;
  listByMember(memberId: string): Promise<Contribution[]>;
  save(contributions: readonly Contribution[]): Promise<void>;
}
