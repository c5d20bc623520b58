import { describe, expect, it } from 'vitest';
import type { Contribution } from '../contributions/contribution.ts';
import { ListTontineContributions } from '../contributions/list-tontine-contributions.ts';
import { Money } from '../money/money.ts';
import { ListChatMessages } from './list-chat-messages.ts';
import { ListTontineCategories } from './list-tontine-categories.ts';
import { PostChatMessage } from './post-chat-message.ts';
import type { CategoryDefaults, ChatMessage, GroupChat, MemberProfile, MemberProfiles } from './ports.ts';
import { RecommendTontines } from './recommend-tontines.ts';
import { DescribeTontines } from './describe-tontines.ts';
import { ShowTontine } from './show-tontine.ts';
import { aWorld } from './tontines.fixtures.ts';

const terms = { description: 'Market traders', frequency: 'weekly', maxMembers: 3 };

class Profiles implements MemberProfiles {
  async profiles(userIds: readonly string[]): Promise<Map<string, MemberProfile>> {
    return new Map(userIds.map((id) => [id, { id, firstName: id.charAt(0).toUpperCase() + id.slice(1), lastName: 'Uwase', profilePhotoUrl: null }]));
  }
}

class Chat implements GroupChat {
  readonly messages: ChatMessage[] = [];
  async add(message: ChatMessage): Promise<void> {
    this.messages.push(message);
  }
  async list(tontineId: string, limit: number): Promise<ChatMessage[]> {
    return this.messages.filter((m) => m.tontineId === tontineId).slice(-limit);
  }
}

async function worldWithGroups() {
  const world = aWorld();
  const create = async (creatorId: string, name: string, contributionAmount: string, maxMembers = 3) => {
    const created = await world.createTontine.execute({ ...terms, name, contributionAmount, maxMembers, category: 'weekly_workers', creatorId });
    if (!created.ok) throw new Error(created.error);
    return created.value.id;
  };
  return { world, create };
}

describe('the savings screens read through core', () => {
  it('ShowTontine hides personal savings from anyone but their owner, like an unknown id', async () => {
    const { world, create } = await worldWithGroups();
    const savings = await create('alice', 'My savings', '1000', 1);
    const group = await create('alice', 'Group', '5000');
    const describe = new DescribeTontines({ profiles: new Profiles(), balances: { poolBalances: async () => new Map() }, contributions: world.contributions, clock: world.clock });
    const show = new ShowTontine({ tontines: world.tontines, describe });
    expect((await show.execute({ tontineId: savings, viewerId: 'alice' })).ok).toBe(true);
    for (const viewerId of ['bob', null]) expect(await show.execute({ tontineId: savings, viewerId })).toEqual({ ok: false, error: 'tontine_not_found' });
    const shown = await show.execute({ tontineId: group, viewerId: null });
    expect(shown.ok && shown.value.poolBalance).toEqual(Money.ZERO);
    // Joining someone's savings, too, finds nothing.
    expect(await world.joinTontine.execute({ tontineId: savings, userId: 'bob' })).toEqual({ ok: false, error: 'tontine_not_found' });
  });

  it('chat is for members: a non-member is not_a_member and nothing is written; authors are named in full', async () => {
    const { world, create } = await worldWithGroups();
    const group = await create('alice', 'Group', '5000');
    const chat = new Chat();
    const post = new PostChatMessage({ tontines: world.tontines, chat, clock: world.clock, ids: world.ids });
    expect(await post.execute({ tontineId: group, userId: 'bob', message: 'hi', messageType: 'text' })).toEqual({ ok: false, error: 'not_a_member' });
    expect(chat.messages).toEqual([]);
    const posted = await post.execute({ tontineId: group, userId: 'alice', message: 'Muraho', messageType: 'text' });
    expect(posted.ok && posted.value).toMatchObject({ tontineId: group, userId: 'alice', message: 'Muraho', createdAt: world.clock.now() });
    const list = new ListChatMessages({ tontines: world.tontines, chat, profiles: new Profiles() });
    const listed = await list.execute({ tontineId: group, userId: 'alice' });
    expect(listed.ok && listed.value.map((e) => [e.authorName, e.message.message])).toEqual([['Alice Uwase', 'Muraho']]);
    expect(await list.execute({ tontineId: group, userId: 'bob' })).toEqual({ ok: false, error: 'not_a_member' });
  });

  it('the contributions of a group are for its members', async () => {
    const { world, create } = await worldWithGroups();
    const group = await create('alice', 'Group', '5000', 2);
    await world.joinTontine.execute({ tontineId: group, userId: 'bob' });
    const list = new ListTontineContributions({ tontines: world.tontines, contributions: world.contributions, profiles: new Profiles(), clock: world.clock });
    const listed = await list.execute({ tontineId: group, userId: 'bob' });
    expect(listed.ok && listed.value.map((e) => e.memberName).sort()).toEqual(['Alice Uwase', 'Alice Uwase', 'Bob Uwase', 'Bob Uwase']);
    expect(await list.execute({ tontineId: group, userId: 'carol' })).toEqual({ ok: false, error: 'not_a_member' });
  });

  it('a category averages its groups to the centime and falls back to its default', async () => {
    const { world, create } = await worldWithGroups();
    await create('alice', 'One', '5000');
    await create('bob', 'Two', '5000');
    await create('carol', 'Three', '5001');
    const weekly: CategoryDefaults = { id: 'weekly_workers', name: 'Weekly', description: 'd', frequency: 'weekly', defaultAverageContribution: Money.ofFrancs(12_500) };
    const daily: CategoryDefaults = { ...weekly, id: 'daily_micro', defaultAverageContribution: Money.ofFrancs(5) };
    const list = new ListTontineCategories({ categories: { categories: async () => [weekly, daily] }, tontines: world.tontines });
    const [w, d] = await list.execute();
    // (500000 + 500000 + 500100) / 3 = 500033.3 centimes.
    expect([w!.memberCount, w!.averageContribution.toDecimal()]).toEqual([3, '5000.33']);
    expect([d!.memberCount, d!.averageContribution]).toEqual([0, Money.ofFrancs(5)]);
  });

  it('recommendations read every candidate history at once and never offer a group the member is in', async () => {
    const { world, create } = await worldWithGroups();
    const cheap = await create('alice', 'Cheap', '2000');
    const dear = await create('alice', 'Dear', '90000');
    const reads: (readonly string[])[] = [];
    const contributions = { listByTontines: async (ids: readonly string[]): Promise<Contribution[]> => (reads.push(ids), world.contributions.listByTontines(ids)) };
    const recommend = new RecommendTontines({ tontines: world.tontines, contributions });
    const found = await recommend.execute({ userId: 'seeker', budget: Money.ofFrancs(2500), frequency: 'weekly' });
    expect(found.map((r) => r.tontine.id)).toEqual([cheap, dear]);
    expect(reads).toHaveLength(1);
    expect(found[0]!.reason).toContain('within your budget of 2,500 RWF');
    expect(await recommend.execute({ userId: 'alice', budget: null, frequency: null })).toEqual([]);
  });
});
