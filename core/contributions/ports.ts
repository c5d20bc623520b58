/** Ports of the contributions module. */
import type { Contribution } from './contribution.ts';

export interface ContributionRepository {
  findById(id: string): Promise<Contribution | undefined>;
  /** The contribution one of whose payment attempts carries this provider reference. */
  findByPaymentReference(providerReference: string): Promise<Contribution | undefined>;
  listByTontine(tontineId: string): Promise<Contribution[]>;
  listByMember(memberId: string): Promise<Contribution[]>;
  /** How many contributions of one cycle are still unpaid (a count, so a big group loads nothing). */
  countPendingInCycle(tontineId: string, cycle: number): Promise<number>;
  save(contributions: readonly Contribution[]): Promise<void>;
}
