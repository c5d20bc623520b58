/**
 * Test world for the decisions use cases: the tontines' world (aWorld) plus in-memory proposals,
 * a fake of the fines module's effects and a recording audit trail.
 */
import { RecordingAuditTrail } from '../audit/audit.fixtures.ts';
import { copyOf } from '../contributions/contributions.fixtures.ts';
import { err, ok, type Result } from '../shared/result.ts';
import { aWorld, JAN_31 } from '../tontines/tontines.fixtures.ts';
import { CloseExpiredProposals } from './close-expired-proposals.ts';
import { ListOpenVotes } from './list-open-votes.ts';
import { ListProposals } from './list-proposals.ts';
import type { FineDecisionEffects, FineEffectError, ProposalRepository } from './ports.ts';
import { ProposeDecision } from './propose-decision.ts';
import type { LateFineRule, Proposal } from './proposal.ts';
import { VoteOnProposal } from './vote-on-proposal.ts';

export class InMemoryProposals implements ProposalRepository {
  private readonly rows = new Map<string, Proposal>();
  async findForUpdate(id: string): Promise<Proposal | undefined> {
    const row = this.rows.get(id);
    return row && copyOf(row);
  }
  async listByTontine(tontineId: string, limit: number): Promise<Proposal[]> {
    return [...this.rows.values()]
      .filter((p) => p.tontineId === tontineId)
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())
      .slice(0, limit)
      .map(copyOf);
  }
  async listOpen(tontineIds: readonly string[], now: Date, limit: number): Promise<Proposal[]> {
    return [...this.rows.values()]
      .filter((p) => tontineIds.includes(p.tontineId) && p.isOpen && !p.isExpired(now))
      .sort((a, b) => a.closesAt.getTime() - b.closesAt.getTime())
      .slice(0, limit)
      .map(copyOf);
  }
  async listExpiredOpen(now: Date, limit: number): Promise<{ id: string; tontineId: string }[]> {
    return [...this.rows.values()]
      .filter((p) => p.isOpen && p.isExpired(now))
      .sort((a, b) => a.closesAt.getTime() - b.closesAt.getTime())
      .slice(0, limit)
      .map((p) => ({ id: p.id, tontineId: p.tontineId }));
  }
  async save(proposal: Proposal): Promise<void> {
    this.rows.set(proposal.id, copyOf(proposal));
  }
}

/** The fines module as a decision sees it: the fines it knows, the rules and waivers it was told. */
export class FakeFineEffects implements FineDecisionEffects {
  readonly fines = new Map<string, { tontineId: string; waived: boolean }>();
  readonly rules: { tontineId: string; rule: LateFineRule | null; proposalId: string }[] = [];
  readonly waivers: { fineId: string; proposalId: string }[] = [];

  withFine(fineId: string, tontineId = 't-1'): this {
    this.fines.set(fineId, { tontineId, waived: false });
    return this;
  }
  async checkFineRule(_tontineId: string, rule: LateFineRule | null): Promise<Result<void, FineEffectError>> {
    return rule && rule.graceDays < 0 ? err('proposal_change_invalid') : ok(undefined);
  }
  async checkWaiver(tontineId: string, fineId: string): Promise<Result<void, FineEffectError>> {
    const fine = this.fines.get(fineId);
    return fine && fine.tontineId === tontineId && !fine.waived ? ok(undefined) : err('proposal_change_invalid');
  }
  async changeFineRule(tontineId: string, rule: LateFineRule | null, proposalId: string): Promise<Result<void, FineEffectError>> {
    this.rules.push({ tontineId, rule, proposalId });
    return ok(undefined);
  }
  async waiveFine(tontineId: string, fineId: string, proposalId: string): Promise<Result<void, FineEffectError>> {
    const checked = await this.checkWaiver(tontineId, fineId);
    if (!checked.ok) return checked;
    this.fines.get(fineId)!.waived = true;
    this.waivers.push({ fineId, proposalId });
    return ok(undefined);
  }
}

export function aDecisionWorld(now: Date = JAN_31) {
  const world = aWorld(now);
  const deps = { ...world, proposals: new InMemoryProposals(), fines: new FakeFineEffects(), audit: new RecordingAuditTrail() };
  return {
    ...deps,
    propose: new ProposeDecision(deps),
    vote: new VoteOnProposal(deps),
    list: new ListProposals(deps),
    openVotes: new ListOpenVotes(deps),
    closeExpired: new CloseExpiredProposals(deps),
  };
}
