import { describe, expect, it } from 'vitest';
import { ListMemberContributions } from './list-member-contributions.ts';
import { daysAfterDue, noticeWorld } from './notices.fixtures.ts';

describe('ListMemberContributions', () => {
  it('lists the member’s own contributions with their group’s name and their status now', async () => {
    const { world, firstCycle, dueDate } = await noticeWorld();
    await world.pay(firstCycle.find((c) => c.memberId === 'bob')!);
    world.clock.set(daysAfterDue(dueDate, 1));
    const list = new ListMemberContributions({ contributions: world.contributions, tontines: world.tontines, clock: world.clock });
    const bobs = await list.execute({ userId: 'bob' });
    expect(bobs.every((e) => e.contribution.memberId === 'bob' && e.tontineName === 'Abadatezuka')).toBe(true);
    expect(bobs.find((e) => e.contribution.cycle === 1)?.status).toBe('completed');
    const carols = await list.execute({ userId: 'carol' });
    expect(carols.find((e) => e.contribution.cycle === 1)?.status).toBe('overdue');
    expect(await list.execute({ userId: 'stranger' })).toEqual([]);
  });
});
