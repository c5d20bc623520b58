/** Ports of the contributions module. */
import type { Contribution } from './contribution.ts';

/** One cycle of one tontine. */
export interface CycleOf {
  tontineId: string;
  cycle: number;
}

export interface ContributionRepository {
  findById(id: string): Promise<Contribution | undefined>;
  /** The contributions with these ids, by id (unknown ids absent); a database locks them, in id order, until the unit of work ends. */
  findByIds(ids: readonly string[]): Promise<ReadonlyMap<string, Contribution>>;
  /**
   * The contributions whose payment attempts carry these provider references, by reference (a
   * contribution with two of them appears once, under both); references of no contribution are
   * absent. A database locks the contributions until the unit of work ends.
   */
  findByPaymentReferences(providerReferences: readonly string[]): Promise<ReadonlyMap<string, Contribution>>;
  listByTontine(tontineId: string): Promise<Contribution[]>;
  /** The contributions of all these groups (one read for many). */
  listByTontines(tontineIds: readonly string[]): Promise<Contribution[]>;
  listByMember(memberId: string): Promise<Contribution[]>;
  /** How many contributions of each cycle are still unpaid, in the order asked (counts, so a big group loads nothing). */
  countPendingInCycles(cycles: readonly CycleOf[]): Promise<number[]>;
  save(contributions: readonly Contribution[]): Promise<void>;
}
