/**
 * Group decisions through HTTP on PostgreSQL (issue 28, DOMAIN.md "Group decisions"): a member
 * proposes a new payout order, the group votes (one vote each, changeable while open), the vote
 * that makes a majority of ALL members closes it and the order changes, once; every member is told
 * and it is audited. A proposal nobody carries closes at its expiry through the `decisions-close`
 * job, once. A stranger and a member of another group read and change nothing; decisions about
 * fines are refused until the fines module is bound.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JobRunner } from '../../apps/scheduler/job-runner.ts';
import { activeGroup, phoneNumber, signUp, startMoneyApp, type Member, type MoneyApp } from '../support/money-books.ts';

let app: MoneyApp;
let amina: Member;
let bob: Member;
let carol: Member;
let stranger: Member;
let otherGroupMember: Member;
let groupId: string;

const sql = <T>(query: string, params: unknown[] = []) => app.db.orm.em.fork().execute<T[]>(query, params);
const as = (member: Member) => ({
  get: (path: string) => app.http.get(path).set('Authorization', `Bearer ${member.token}`),
  post: (path: string, body: object = {}) => app.http.post(path).set('Authorization', `Bearer ${member.token}`).send(body),
});
const proposals = () => `/api/tontines/${groupId}/proposals`;
const votes = (pid: string) => `${proposals()}/${pid}/votes`;
const order = async (member: Member) => ((await as(member).get(`/api/tontines/${groupId}/payout-order`)).body.order as { memberId: string }[]).map((o) => o.memberId);
const closedNotices = (pid: string) =>
  sql<{ n: number }>(`select count(*)::int as n from notifications where template = 'tontine_decision_closed' and user_id = any(?::uuid[])`, [`{${[amina, bob, carol].map((m) => m.id).join(',')}}`]).then(
    (rows) => ({ pid, n: rows[0]!.n }),
  );

beforeAll(async () => {
  app = await startMoneyApp();
  amina = await signUp(app, 'Amina', phoneNumber(1));
  bob = await signUp(app, 'Bob', phoneNumber(2));
  carol = await signUp(app, 'Carol', phoneNumber(3));
  stranger = await signUp(app, 'Eve', phoneNumber(4));
  otherGroupMember = await signUp(app, 'Dan', phoneNumber(5));
  await activeGroup(app, [otherGroupMember, await signUp(app, 'Fay', phoneNumber(6))], 5000);
  groupId = await activeGroup(app, [amina, bob, carol], 5000);
});

afterAll(async () => {
  await app?.close();
});

describe('POST /api/tontines/{id}/proposals and its votes', () => {
  it('a majority of all three members passes a new payout order, which is made once and told to everyone', async () => {
    const before = await order(amina);
    expect(before).toEqual([amina.id, bob.id, carol.id]);
    const proposed = await as(bob).post(proposals(), { kind: 'change_payout_order', text: 'Carol needs her pot first', change: { order: [carol.id, bob.id, amina.id] } });
    expect(proposed.status, JSON.stringify(proposed.body)).toBe(201);
    expect(proposed.body).toEqual({ id: expect.any(String), status: 'open', closesAt: expect.any(String) });
    const pid = proposed.body.id as string;

    const first = await as(amina).post(votes(pid), { vote: 'no' });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ status: 'open', myVote: 'no', counts: { yes: 0, no: 1, notVoted: 2, needed: 2 } });
    // Amina changes her mind: one vote each, the last one counts.
    expect((await as(amina).post(votes(pid), { vote: 'yes' })).body.counts).toEqual({ yes: 1, no: 0, notVoted: 2, needed: 2 });
    const second = await as(bob).post(votes(pid), { vote: 'yes' });
    expect(second.body).toMatchObject({ status: 'passed', counts: { yes: 2, no: 0, notVoted: 1 } });
    expect(await order(carol)).toEqual([carol.id, bob.id, amina.id]);

    // Closed is final: no later vote changes it, and the order moved once.
    const late = await as(carol).post(votes(pid), { vote: 'no' });
    expect([late.status, late.body.code]).toEqual([409, 'proposal_closed']);
    expect(await order(carol)).toEqual([carol.id, bob.id, amina.id]);
    expect(await closedNotices(pid)).toEqual({ pid, n: 3 });
    expect(await sql(`select action, actor from audit_log where subject = ? order by seq`, [`proposal:${pid}`])).toEqual([
      { action: 'proposal_opened', actor: `member:${bob.id}` },
      { action: 'proposal_closed', actor: `member:${bob.id}` },
    ]);

    const listed = await as(carol).get(proposals());
    expect(listed.status).toBe(200);
    expect(listed.body[0]).toMatchObject({ id: pid, kind: 'change_payout_order', status: 'passed', authorName: 'Bob Money', myVote: null, rule: 'majority', change: { order: [carol.id, bob.id, amina.id] } });
    expect(JSON.stringify(listed.body)).not.toContain(bob.phone.slice(4));
  });

  it('a passed change_fine sets the group’s late fine through the fines module, announced and kept with the proposal', async () => {
    const open = await as(amina).post(proposals(), { kind: 'change_fine', text: 'A fine of 500', change: { lateFine: { kind: 'fixed', value: '500', graceDays: 2 } } });
    expect(open.status).toBe(201);
    const pid = open.body.id as string;
    await as(amina).post(votes(pid), { vote: 'yes' });
    expect((await as(carol).post(votes(pid), { vote: 'yes' })).body.status).toBe('passed');
    const group = await as(bob).get(`/api/tontines/${groupId}`);
    expect(group.body.lateFine).toMatchObject({ kind: 'fixed', value: 500, graceDays: 2 });
    // The group decides it away again: no fine.
    const remove = await as(bob).post(proposals(), { kind: 'change_fine', text: 'No more fines', change: { lateFine: null } });
    expect(remove.status).toBe(201);
    await as(bob).post(votes(remove.body.id as string), { vote: 'yes' });
    expect((await as(carol).post(votes(remove.body.id as string), { vote: 'yes' })).body.status).toBe('passed');
    expect((await as(amina).get(`/api/tontines/${groupId}`)).body.lateFine).toBeNull();
  });

  it('a stranger and a member of another group read and vote nothing; an unknown group is not found', async () => {
    const open = await as(amina).post(proposals(), { kind: 'change_payout_order', text: 'Back to the join order', change: { order: [amina.id, bob.id, carol.id] } });
    expect(open.status).toBe(201);
    const pid = open.body.id as string;
    for (const outsider of [stranger, otherGroupMember]) {
      const read = await as(outsider).get(proposals());
      expect([read.status, read.body.code]).toEqual([403, 'not_a_member']);
      const voted = await as(outsider).post(votes(pid), { vote: 'yes' });
      expect([voted.status, voted.body.code]).toEqual([403, 'not_a_member']);
      const proposed = await as(outsider).post(proposals(), { kind: 'change_payout_order', text: 'Me', change: { order: [carol.id, amina.id, bob.id] } });
      expect([proposed.status, proposed.body.code]).toEqual([403, 'not_a_member']);
    }
    const unknown = await as(amina).get('/api/tontines/00000000-0000-4000-8000-000000000000/proposals');
    expect([unknown.status, unknown.body.code]).toEqual([404, 'tontine_not_found']);
    const noSuch = await as(amina).post(votes('00000000-0000-4000-8000-000000000000'), { vote: 'yes' });
    expect([noSuch.status, noSuch.body.code]).toEqual([404, 'proposal_not_found']);
    expect(await sql(`select count(*)::int as n from group_proposal_votes where proposal_id = ?`, [pid])).toEqual([{ n: 0 }]);
  });

  it('refuses what cannot be decided: a bad body, an order that is not every member once, a fine outside its bounds', async () => {
    const bad = await as(amina).post(proposals(), { kind: 'change_payout_order', text: 'x', change: {} });
    expect([bad.status, bad.body.code]).toEqual([400, 'validation_failed']);
    const notAll = await as(amina).post(proposals(), { kind: 'change_payout_order', text: 'Two of us', change: { order: [bob.id, amina.id] } });
    expect([notAll.status, notAll.body.code]).toEqual([409, 'proposal_change_invalid']);
    const blank = await as(amina).post(proposals(), { kind: 'change_payout_order', text: '   ', change: { order: [bob.id, amina.id, carol.id] } });
    expect([blank.status, blank.body.code]).toEqual([400, 'proposal_text_required']);
    const fine = await as(amina).post(proposals(), { kind: 'change_fine', text: 'A fine of 80 %', change: { lateFine: { kind: 'percent', value: '80', graceDays: 3 } } });
    expect([fine.status, fine.body.code]).toEqual([409, 'proposal_change_invalid']);
    const waiver = await as(amina).post(proposals(), { kind: 'waive_fine', text: 'Forgive it', change: { fineId: '00000000-0000-4000-8000-000000000000' } });
    expect([waiver.status, waiver.body.code]).toEqual([409, 'proposal_change_invalid']);
    const badVote = await as(amina).post(votes('00000000-0000-4000-8000-000000000000'), { vote: 'maybe' });
    expect([badVote.status, badVote.body.code]).toEqual([400, 'validation_failed']);
  });

  it('a group created to decide by unanimity says so, and one no rejects at once', async () => {
    const created = await as(amina).post('/api/tontines', { name: 'Unanimous', description: 'All or nothing', contributionAmount: 5000, frequency: 'weekly', maxMembers: 2, decisionRule: 'unanimity' });
    expect([created.status, created.body.decisionRule]).toEqual([201, 'unanimity']);
    const id = created.body.id as string;
    expect((await as(bob).post(`/api/tontines/${id}/join`)).status).toBe(200);
    const proposed = await as(amina).post(`/api/tontines/${id}/proposals`, { kind: 'change_payout_order', text: 'Bob first', change: { order: [bob.id, amina.id] } });
    const voted = await as(bob).post(`/api/tontines/${id}/proposals/${proposed.body.id}/votes`, { vote: 'no' });
    expect(voted.body).toMatchObject({ status: 'rejected', counts: { yes: 0, no: 1, notVoted: 1, needed: 2 } });
  });
});

describe('the decisions-close job', () => {
  it('closes an expired proposal with the votes cast in time, once; a late vote is refused', async () => {
    const open = await as(carol).post(proposals(), { kind: 'change_payout_order', text: 'Bob first', change: { order: [bob.id, carol.id, amina.id] } });
    const pid = open.body.id as string;
    expect((await as(carol).post(votes(pid), { vote: 'yes' })).body.status).toBe('open');
    const runner = app.container.get(JobRunner);
    app.clock.advance(72 * 3_600_000 + 1000);
    const first = await runner.runOnce('decisions-close');
    expect(first).toMatchObject({ outcome: 'ran', report: { rejected: 2 } });
    expect(await runner.runOnce('decisions-close')).toMatchObject({ outcome: 'ran', report: { passed: 0, rejected: 0, void: 0 } });
    const late = await as(bob).post(votes(pid), { vote: 'yes' });
    expect([late.status, late.body.code]).toEqual([409, 'proposal_closed']);
    expect(await sql(`select status, closed_at is not null as closed from group_proposals where id = ?`, [pid])).toEqual([{ status: 'rejected', closed: true }]);
    expect(await sql(`select actor from audit_log where subject = ? and action = 'proposal_closed'`, [`proposal:${pid}`])).toEqual([{ actor: 'system' }]);
  });
});
