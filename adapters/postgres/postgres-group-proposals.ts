/**
 * PostgresGroupProposals: the core ProposalRepository over `group_proposals` and
 * `group_proposal_votes` (migration 20261128510000).
 *
 * Guarantees
 * - `findForUpdate` locks the proposal row (SELECT … FOR UPDATE) in the caller's transaction; the
 *   use cases take the group's row lock first, so the two are always taken in one order.
 * - `save` writes the row (status, closing) and the ballots: one row per member, a changed vote
 *   rewritten in place, never a second one (primary key).
 * - An id that is not a UUID is simply not found (never a database error).
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import type { ProposalRepository } from '../../core/decisions/ports.ts';
import { Proposal, type Ballot, type ProposalChange, type ProposalStatus } from '../../core/decisions/proposal.ts';
import type { DecisionRule } from '../../core/tontines/tontine-terms.ts';
import { UUID_PATTERN } from './mikro-orm-tontine-repository.ts';
import { sqlArray } from './sql-array.ts';

interface ProposalRow {
  id: string;
  tontine_id: string;
  author_id: string;
  text: string;
  change: ProposalChange;
  rule: DecisionRule;
  status: ProposalStatus;
  void_reason: string | null;
  created_at: Date | string;
  closes_at: Date | string;
  closed_at: Date | string | null;
  /** As json_agg writes them. */
  ballots: { member_id: string; vote: Ballot['vote']; voted_at: string }[];
}

const SELECT_PROPOSAL = `select p.id, p.tontine_id, p.author_id, p.text, p.change, p.rule, p.status, p.void_reason, p.created_at, p.closes_at, p.closed_at,
  (select coalesce(json_agg(json_build_object('member_id', v.member_id, 'vote', v.vote, 'voted_at', v.voted_at) order by v.voted_at, v.member_id), '[]')
     from group_proposal_votes v where v.proposal_id = p.id) as ballots
  from group_proposals p`;

export class PostgresGroupProposals implements ProposalRepository {
  constructor(private readonly em: EntityManager) {}

  async findForUpdate(id: string): Promise<Proposal | undefined> {
    if (!UUID_PATTERN.test(id)) return undefined;
    const [locked] = await this.em.execute<{ id: string }[]>(`select id from group_proposals where id = ? for update`, [id]);
    if (!locked) return undefined;
    // Read after the lock: the ballots as the last holder of the lock left them.
    const [row] = await this.em.execute<ProposalRow[]>(`${SELECT_PROPOSAL} where p.id = ?`, [id]);
    return row && proposalOf(row);
  }

  async listByTontine(tontineId: string, limit: number): Promise<Proposal[]> {
    if (!UUID_PATTERN.test(tontineId)) return [];
    const rows = await this.em.execute<ProposalRow[]>(`${SELECT_PROPOSAL} where p.tontine_id = ? order by p.created_at desc, p.id desc limit ?`, [tontineId, limit]);
    return rows.map(proposalOf);
  }

  async listOpen(tontineIds: readonly string[], now: Date, limit: number): Promise<Proposal[]> {
    const ids = tontineIds.filter((id) => UUID_PATTERN.test(id));
    if (ids.length === 0) return [];
    const rows = await this.em.execute<ProposalRow[]>(
      `${SELECT_PROPOSAL} where p.tontine_id = any(?::uuid[]) and p.status = 'open' and p.closes_at > ? order by p.closes_at, p.id limit ?`,
      [sqlArray(ids), now, limit],
    );
    return rows.map(proposalOf);
  }

  async listExpiredOpen(now: Date, limit: number): Promise<{ id: string; tontineId: string }[]> {
    const rows = await this.em.execute<{ id: string; tontine_id: string }[]>(
      `select id, tontine_id from group_proposals where status = 'open' and closes_at <= ? order by closes_at, id limit ?`,
      [now, limit],
    );
    return rows.map((r) => ({ id: r.id, tontineId: r.tontine_id }));
  }

  async save(proposal: Proposal): Promise<void> {
    await this.em.execute(
      `insert into group_proposals (id, tontine_id, author_id, kind, text, change, rule, status, void_reason, created_at, closes_at, closed_at)
       values (?, ?, ?, ?, ?, ?::jsonb, ?, ?, ?, ?, ?, ?)
       on conflict (id) do update set status = excluded.status, void_reason = excluded.void_reason, closed_at = excluded.closed_at`,
      [
        proposal.id,
        proposal.tontineId,
        proposal.authorId,
        proposal.kind,
        proposal.text,
        JSON.stringify(proposal.change),
        proposal.rule,
        proposal.status,
        proposal.voidReason,
        proposal.createdAt,
        proposal.closesAt,
        proposal.closedAt,
      ],
    );
    const ballots = proposal.ballots;
    if (ballots.length === 0) return;
    await this.em.execute(
      `insert into group_proposal_votes (proposal_id, member_id, vote, voted_at)
       select ?, * from unnest(?::uuid[], ?::text[], ?::timestamptz[])
       on conflict (proposal_id, member_id) do update set vote = excluded.vote, voted_at = excluded.voted_at
         where group_proposal_votes.vote is distinct from excluded.vote or group_proposal_votes.voted_at is distinct from excluded.voted_at`,
      [proposal.id, sqlArray(ballots.map((b) => b.memberId)), sqlArray(ballots.map((b) => b.vote)), sqlArray(ballots.map((b) => b.at.toISOString()))],
    );
  }
}

/** MikroORM-style hydration: the core class without running its constructor, fields as stored. */
function proposalOf(row: ProposalRow): Proposal {
  return Object.assign(Object.create(Proposal.prototype) as Proposal, {
    id: row.id,
    tontineId: row.tontine_id,
    authorId: row.author_id,
    text: row.text,
    change: row.change,
    rule: row.rule,
    createdAt: new Date(row.created_at),
    closesAt: new Date(row.closes_at),
    status_: row.status,
    closedAt_: row.closed_at === null ? null : new Date(row.closed_at),
    voidReason_: row.void_reason,
    ballots_: row.ballots.map((b) => ({ memberId: b.member_id, vote: b.vote, at: new Date(b.voted_at) })),
  });
}
