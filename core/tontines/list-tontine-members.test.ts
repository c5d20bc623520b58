import { describe, expect, it } from 'vitest';
import { ListTontineMembers } from './list-tontine-members.ts';
import { aTontine, aWorld, TableProfiles } from './tontines.fixtures.ts';

describe('ListTontineMembers', () => {
  async function setUp() {
    const world = aWorld();
    await world.given(aTontine().withMembers(2).withMaxMembers(3).build());
    await world.given(aTontine().withId('savings').withMembers(1).build());
    const profiles = new TableProfiles().with('alice', { lastName: 'Uwase', profilePhotoUrl: 'https://cdn.ikimina.rw/a.jpg' });
    return { world, list: new ListTontineMembers({ tontines: world.tontines, profiles }) };
  }

  it('shows each member with avatar, initials and admin flag; names as this viewer may see them', async () => {
    const { list } = await setUp();
    expect(await list.execute({ tontineId: 't-1', viewerId: 'bob' })).toEqual({
      ok: true,
      value: [
        { userId: 'alice', name: 'Alice Uwase', avatar: 'https://cdn.ikimina.rw/a.jpg', initials: 'AU', isAdmin: true },
        { userId: 'bob', name: 'Former member', avatar: null, initials: '?', isAdmin: false },
      ],
    });
    const outside = await list.execute({ tontineId: 't-1', viewerId: null });
    expect(outside.ok && outside.value.map((m) => m.name)).toEqual(['Alice U.', 'Former member']);
  });

  it('hides someone else’s personal savings like an unknown group', async () => {
    const { list } = await setUp();
    expect(await list.execute({ tontineId: 'savings', viewerId: 'bob' })).toEqual({ ok: false, error: 'tontine_not_found' });
    expect(await list.execute({ tontineId: 'nope', viewerId: 'alice' })).toEqual({ ok: false, error: 'tontine_not_found' });
    expect((await list.execute({ tontineId: 'savings', viewerId: 'alice' })).ok).toBe(true);
  });
});
