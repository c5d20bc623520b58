import { describe, expect, it } from 'vitest';
import { ChangeFineRule } from '../tontines/change-fine-rule.ts';
import { InMemoryLateContributions } from '../tontines/fines.fixtures.ts';
import { PostDueFines } from '../tontines/post-due-fines.ts';
import { aTontine, aWorld } from '../tontines/tontines.fixtures.ts';
import { WaiveFine } from '../tontines/waive-fine.ts';
import { DecidedFines } from './decided-fines.ts';

/** A group of alice, bob and carol with a 500 RWF fine after 3 days, started on 31 January; bob's cycle-1 fine posted on 4 February. */
async function aDecidingWorld() {
  const world = aWorld();
  await world.given(aTontine().withMembers(3).withLateFine({ kind: 'fixed', value: 500, graceDays: 3 }).build());
  const late = new InMemoryLateContributions(world.contributions, world.tontines);
  const decided = new DecidedFines({ ...world, changeFineRule: new ChangeFineRule(world), waiveFine: new WaiveFine(world) });
  world.clock.set(new Date('2026-02-04T08:00:00Z'));
  await new PostDueFines({ ...world, late, events: { warn: () => {}, error: () => {} } }).execute();
  const bobsFine = (await world.contributions.listFinesOf('t-1')).find((f) => f.memberId === 'bob')!;
  return { world, decided, bobsFine };
}

describe('DecidedFines (a group decision about its fine, done by the fines use cases)', () => {
  it('checks a rule before anyone votes: within the bounds, a decimal text of a whole number, or none', async () => {
    const { decided } = await aDecidingWorld();
    expect(await decided.checkFineRule('t-1', { kind: 'percent', value: '5', graceDays: 2 })).toEqual({ ok: true, value: undefined });
    expect(await decided.checkFineRule('t-1', null)).toEqual({ ok: true, value: undefined });
    for (const rule of [{ kind: 'percent' as const, value: '80', graceDays: 3 }, { kind: 'fixed' as const, value: '12.50', graceDays: 3 }, { kind: 'fixed' as const, value: '500', graceDays: 31 }]) {
      expect(await decided.checkFineRule('t-1', rule)).toEqual({ ok: false, error: 'proposal_change_invalid' });
    }
    expect(await decided.checkFineRule('no-such-group', null)).toEqual({ ok: false, error: 'proposal_change_invalid' });
  });

  it('a decided rule becomes the group’s, announced with the proposal named', async () => {
    const { world, decided } = await aDecidingWorld();
    expect(await decided.changeFineRule('t-1', { kind: 'percent', value: '5', graceDays: 2 }, 'p-1')).toEqual({ ok: true, value: undefined });
    expect((await world.tontines.findById('t-1'))!.lateFine).toMatchObject({ kind: 'percent', value: 5, graceDays: 2 });
    expect(world.notifier.sent.filter((n) => n.template === 'fine_rule_changed')).toHaveLength(3);
  });

  it('waives only a fine of this group still owed; once waived, or of another group, it is invalid', async () => {
    const { world, decided, bobsFine } = await aDecidingWorld();
    expect(await decided.checkWaiver('t-2', bobsFine.id)).toEqual({ ok: false, error: 'proposal_change_invalid' });
    expect(await decided.checkWaiver('t-1', 'no-such-fine')).toEqual({ ok: false, error: 'proposal_change_invalid' });
    expect(await decided.checkWaiver('t-1', bobsFine.id)).toEqual({ ok: true, value: undefined });
    expect(await decided.waiveFine('t-1', bobsFine.id, 'p-2')).toEqual({ ok: true, value: undefined });
    expect((await world.contributions.findById(bobsFine.id))!.status).toBe('waived');
    expect(await decided.checkWaiver('t-1', bobsFine.id)).toEqual({ ok: false, error: 'proposal_change_invalid' });
    expect(await decided.waiveFine('t-1', bobsFine.id, 'p-3')).toEqual({ ok: false, error: 'proposal_change_invalid' });
  });
});
