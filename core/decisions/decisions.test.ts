import { describe, expect, it } from 'vitest';
import { aTontine, JAN_31 } from '../tontines/tontines.fixtures.ts';
import { aDecisionWorld } from './decisions.fixtures.ts';
import type { ProposalChange } from './proposal.ts';

const HOUR = 3_600_000;
const reversed = (): ProposalChange => ({ kind: 'change_payout_order', order: ['eve', 'dan', 'carol', 'bob', 'alice'] });

async function aGroupOfFive(rule: 'majority' | 'unanimity' = 'majority') {
  const world = aDecisionWorld();
  await world.given(aTontine().withMembers(5).deciding(rule).build());
  const proposed = await world.propose.execute({ tontineId: 't-1', userId: 'bob', text: '  Youngest first this time  ', change: reversed() });
  if (!proposed.ok) throw new Error(proposed.error);
  const vote = (userId: string, vote: 'yes' | 'no') => world.vote.execute({ tontineId: 't-1', proposalId: proposed.value.id, userId, vote });
  return { world, proposal: proposed.value, vote };
}

describe('a proposal passes by a majority of ALL members', () => {
  it('opens for 72 hours under the group’s rule, told to every member and audited', async () => {
    const { world, proposal } = await aGroupOfFive();
    expect(proposal).toMatchObject({ status: 'open', text: 'Youngest first this time', rule: 'majority', authorId: 'bob' });
    expect(proposal.closesAt.getTime() - JAN_31.getTime()).toBe(72 * HOUR);
    expect(world.notifier.sent.map((n) => [n.userId, n.template])).toEqual(['alice', 'bob', 'carol', 'dan', 'eve'].map((m) => [m, 'tontine_proposal_opened']));
    expect(world.notifier.sent[0]!.params).toMatchObject({ actor: 'Bob U.', kind: 'change_payout_order', closesOn: '2026-02-03' });
    expect(world.audit.entries.map((e) => e.action)).toEqual(['proposal_opened']);
  });

  it('two yes of five is not a majority, silence is no yes; the third yes passes it and the order changes, once', async () => {
    const { world, vote } = await aGroupOfFive();
    expect((await vote('alice', 'yes')).ok).toBe(true);
    const second = await vote('bob', 'yes');
    expect(second.ok && second.value.proposal.status).toBe('open');
    const third = await vote('carol', 'yes');
    expect(third.ok && third.value.proposal.status).toBe('passed');
    expect((await world.tontine()).payoutOrder).toEqual(['eve', 'dan', 'carol', 'bob', 'alice']);
    const closed = world.notifier.sent.filter((n) => n.template === 'tontine_decision_closed');
    expect(closed).toHaveLength(5);
    expect(closed[0]!.params).toMatchObject({ result: 'passed', yes: '3', no: '0', actor: 'Bob U.' });
    expect(world.audit.entries.at(-1)).toMatchObject({ action: 'proposal_closed', actor: 'member:carol', details: { status: 'passed', yes: 3, no: 0, members: 5, expired: false } });
  });

  it('closes as rejected as soon as a majority can no longer be reached', async () => {
    const { world, vote } = await aGroupOfFive();
    await vote('alice', 'no');
    await vote('bob', 'no');
    const third = await vote('carol', 'no');
    expect(third.ok && third.value.proposal.status).toBe('rejected');
    expect((await world.tontine()).payoutOrder).toEqual(['alice', 'bob', 'carol', 'dan', 'eve']);
  });
});

describe('unanimity, when the group chose it', () => {
  it('needs every member: four yes are not enough, and one no rejects it at once', async () => {
    const { vote } = await aGroupOfFive('unanimity');
    for (const m of ['alice', 'bob', 'carol', 'dan']) await vote(m, 'yes');
    const last = await vote('eve', 'no');
    expect(last.ok && last.value.proposal.status).toBe('rejected');
  });

  it('passes with the last yes', async () => {
    const { world, vote } = await aGroupOfFive('unanimity');
    for (const m of ['alice', 'bob', 'carol', 'dan']) await vote(m, 'yes');
    const last = await vote('eve', 'yes');
    expect(last.ok && last.value.proposal.status).toBe('passed');
    expect((await world.tontine()).payoutOrder[0]).toBe('eve');
  });
});

describe('votes', () => {
  it('a member votes once and may change the vote while it is open', async () => {
    const { world, vote } = await aGroupOfFive();
    await vote('alice', 'yes');
    await vote('alice', 'yes');
    await vote('bob', 'yes');
    const changed = await vote('alice', 'no');
    expect(changed.ok && changed.value.tally).toEqual({ yes: 1, no: 1, pending: 3, needed: 3 });
    const listed = await world.list.execute({ tontineId: 't-1', userId: 'alice' });
    expect(listed.ok && listed.value.map((v) => [v.myVote, v.tally.yes, v.tally.no, v.authorName])).toEqual([['no', 1, 1, 'Bob Uwase']]);
  });

  it('closed is final: no vote changes it, and its change was made once', async () => {
    const { world, vote } = await aGroupOfFive();
    for (const m of ['alice', 'bob', 'carol']) await vote(m, 'yes');
    expect(await vote('dan', 'no')).toEqual({ ok: false, error: 'proposal_closed' });
    expect(await vote('alice', 'no')).toEqual({ ok: false, error: 'proposal_closed' });
    expect(world.notifier.sent.filter((n) => n.template === 'tontine_decision_closed')).toHaveLength(5);
    expect(world.audit.entries.filter((e) => e.action === 'proposal_closed')).toHaveLength(1);
  });

  it('a stranger votes and reads nothing; another group’s proposal is not found', async () => {
    const { world, proposal, vote } = await aGroupOfFive();
    await world.given(aTontine().withId('t-2').withMembers(2).build());
    expect(await vote('zed', 'yes')).toEqual({ ok: false, error: 'not_a_member' });
    expect(await world.list.execute({ tontineId: 't-1', userId: 'zed' })).toEqual({ ok: false, error: 'not_a_member' });
    expect(await world.vote.execute({ tontineId: 't-2', proposalId: proposal.id, userId: 'alice', vote: 'yes' })).toEqual({ ok: false, error: 'proposal_not_found' });
    expect(await world.propose.execute({ tontineId: 't-1', userId: 'zed', text: 'Me first', change: reversed() })).toEqual({ ok: false, error: 'not_a_member' });
  });
});

describe('expiry', () => {
  it('the job closes an expired proposal once, with the votes cast before: short of a majority, rejected', async () => {
    const { world, vote } = await aGroupOfFive();
    await vote('alice', 'yes');
    await vote('bob', 'yes');
    world.clock.set(new Date(JAN_31.getTime() + 72 * HOUR - 1));
    expect(await world.closeExpired.execute()).toEqual({ passed: 0, rejected: 0, void: 0 });
    world.clock.set(new Date(JAN_31.getTime() + 72 * HOUR));
    expect(await world.closeExpired.execute()).toEqual({ passed: 0, rejected: 1, void: 0 });
    expect(await world.closeExpired.execute()).toEqual({ passed: 0, rejected: 0, void: 0 });
    expect(await vote('carol', 'yes')).toEqual({ ok: false, error: 'proposal_closed' });
    expect(world.audit.entries.at(-1)).toMatchObject({ action: 'proposal_closed', actor: 'system', details: { status: 'rejected', yes: 2, expired: true } });
    expect((await world.tontine()).payoutOrder[0]).toBe('alice');
  });

  it('a vote after the expiry, before the job, is refused and closes it with the votes cast in time', async () => {
    const { world, vote } = await aGroupOfFive();
    await vote('alice', 'yes');
    world.clock.set(new Date(JAN_31.getTime() + 73 * HOUR));
    expect(await vote('bob', 'yes')).toEqual({ ok: false, error: 'proposal_closed' });
    const listed = await world.list.execute({ tontineId: 't-1', userId: 'bob' });
    expect(listed.ok && listed.value[0]!.proposal.status).toBe('rejected');
    expect(await world.closeExpired.execute()).toEqual({ passed: 0, rejected: 0, void: 0 });
  });
});

describe('what may be proposed', () => {
  it('a payout order that is no new permutation of the members, or moves a paid turn, is refused before anyone votes', async () => {
    const world = aDecisionWorld();
    await world.given(aTontine().withMembers(3).build());
    const propose = (order: string[]) => world.propose.execute({ tontineId: 't-1', userId: 'alice', text: 'New order', change: { kind: 'change_payout_order', order } });
    expect(await propose(['alice', 'bob'])).toEqual({ ok: false, error: 'proposal_change_invalid' });
    expect(await propose(['alice', 'bob', 'zed'])).toEqual({ ok: false, error: 'proposal_change_invalid' });
    expect(await propose(['alice', 'alice', 'bob'])).toEqual({ ok: false, error: 'proposal_change_invalid' });
    expect(await propose(['alice', 'bob', 'carol'])).toEqual({ ok: false, error: 'proposal_change_invalid' });
    await world.payCycle(1);
    expect((await world.payoutIfCycleComplete.execute({ tontineId: 't-1' })).ok).toBe(true);
    expect((await world.tontine()).isTurnPaid('alice')).toBe(true);
    expect(await propose(['bob', 'alice', 'carol'])).toEqual({ ok: false, error: 'proposal_change_invalid' });
    expect((await propose(['alice', 'carol', 'bob'])).ok).toBe(true);
  });

  it('a group still forming has no payout order to change; personal savings decide alone; the text is required', async () => {
    const world = aDecisionWorld();
    await world.given(aTontine().withMembers(2).withMaxMembers(5).build());
    await world.given(aTontine().withId('s-1').withMembers(1).build());
    expect(await world.propose.execute({ tontineId: 't-1', userId: 'alice', text: 'Swap', change: { kind: 'change_payout_order', order: ['bob', 'alice'] } })).toEqual({
      ok: false,
      error: 'tontine_not_active',
    });
    expect(await world.propose.execute({ tontineId: 's-1', userId: 'alice', text: 'Fine', change: { kind: 'change_fine', lateFine: null } })).toEqual({
      ok: false,
      error: 'personal_savings_has_no_decisions',
    });
    expect(await world.propose.execute({ tontineId: 't-1', userId: 'alice', text: '   ', change: { kind: 'change_fine', lateFine: null } })).toEqual({
      ok: false,
      error: 'proposal_text_required',
    });
  });

  it('a passed order that a payout made impossible meanwhile is void, with the reason, and changes nothing', async () => {
    const world = aDecisionWorld();
    await world.given(aTontine().withMembers(3).build());
    const proposed = await world.propose.execute({ tontineId: 't-1', userId: 'alice', text: 'Carol first', change: { kind: 'change_payout_order', order: ['carol', 'bob', 'alice'] } });
    if (!proposed.ok) throw new Error(proposed.error);
    await world.payCycle(1);
    expect((await world.payoutIfCycleComplete.execute({ tontineId: 't-1' })).ok).toBe(true);
    await world.vote.execute({ tontineId: 't-1', proposalId: proposed.value.id, userId: 'bob', vote: 'yes' });
    const passed = await world.vote.execute({ tontineId: 't-1', proposalId: proposed.value.id, userId: 'carol', vote: 'yes' });
    expect(passed.ok && [passed.value.proposal.status, passed.value.proposal.voidReason]).toEqual(['void', 'proposal_change_invalid']);
    expect((await world.tontine()).payoutOrder).toEqual(['alice', 'bob', 'carol']);
  });
});

describe('fines, through the fines module’s port', () => {
  it('a waiver of a fine of the group passes and is applied once; a fine of no group or another is refused', async () => {
    const world = aDecisionWorld();
    world.fines.withFine('f-1').withFine('f-2', 't-2');
    await world.given(aTontine().withMembers(3).build());
    expect(await world.propose.execute({ tontineId: 't-1', userId: 'bob', text: 'Waive', change: { kind: 'waive_fine', fineId: 'f-2' } })).toEqual({ ok: false, error: 'proposal_change_invalid' });
    const proposed = await world.propose.execute({ tontineId: 't-1', userId: 'bob', text: 'Bob was in hospital', change: { kind: 'waive_fine', fineId: 'f-1' } });
    if (!proposed.ok) throw new Error(proposed.error);
    for (const m of ['alice', 'bob', 'carol']) await world.vote.execute({ tontineId: 't-1', proposalId: proposed.value.id, userId: m, vote: 'yes' });
    expect(world.fines.waivers).toEqual([{ fineId: 'f-1', proposalId: proposed.value.id }]);
  });

  it('a new fine rule passes and goes to the fines module with the proposal that decided it', async () => {
    const world = aDecisionWorld();
    await world.given(aTontine().withMembers(2).build());
    const lateFine = { kind: 'percent' as const, value: '5', graceDays: 3 };
    const proposed = await world.propose.execute({ tontineId: 't-1', userId: 'alice', text: '5 % after 3 days', change: { kind: 'change_fine', lateFine } });
    if (!proposed.ok) throw new Error(proposed.error);
    for (const m of ['alice', 'bob']) await world.vote.execute({ tontineId: 't-1', proposalId: proposed.value.id, userId: m, vote: 'yes' });
    expect(world.fines.rules).toEqual([{ tontineId: 't-1', rule: lateFine, proposalId: proposed.value.id }]);
  });
});
