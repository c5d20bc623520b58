/**
 * Ports of the decisions module. The group itself is read and locked through the tontines'
 * TontineRepository; members are told through the tontines' Notifier.
 */
import type { Result } from '../shared/result.ts';
import type { LateFineRule, Proposal } from './proposal.ts';

export interface ProposalRepository {
  /** In a database, locks the proposal until the unit of work ends (take the group's lock first). */
  findForUpdate(id: string): Promise<Proposal | undefined>;
  /** The group's proposals, newest first, at most `limit`. */
  listByTontine(tontineId: string, limit: number): Promise<Proposal[]>;
  /** The open proposals of these groups whose expiry is after `now`, soonest expiry first, at most `limit`. */
  listOpen(tontineIds: readonly string[], now: Date, limit: number): Promise<Proposal[]>;
  /** Open proposals whose expiry is at or before `now`, oldest expiry first, at most `limit`. */
  listExpiredOpen(now: Date, limit: number): Promise<{ id: string; tontineId: string }[]>;
  /** Writes the proposal and its ballots. */
  save(proposal: Proposal): Promise<void>;
}

/** Why the fines module refuses a change: not valid for this group now. */
export type FineEffectError = 'proposal_change_invalid';

/**
 * What a decision about fines does, done by the fines module (its ChangeFineRule and WaiveFine use
 * cases), in the caller's unit of work. Each call names the proposal that decided it, so that the
 * fines module records it and every member sees why.
 */
export interface FineDecisionEffects {
  /** Whether this rule may be proposed for this group now (before anyone votes). */
  checkFineRule(tontineId: string, rule: LateFineRule | null): Promise<Result<void, FineEffectError>>;
  /** Whether this fine is the group's and may still be waived. */
  checkWaiver(tontineId: string, fineId: string): Promise<Result<void, FineEffectError>>;
  /** The group decided its late-fine rule (null: no fine). */
  changeFineRule(tontineId: string, rule: LateFineRule | null, proposalId: string): Promise<Result<void, FineEffectError>>;
  /** The group decided to waive this fine. */
  waiveFine(tontineId: string, fineId: string, proposalId: string): Promise<Result<void, FineEffectError>>;
}
