import { describe, expect, it } from 'vitest';
import { withDefaultCategories } from './tontine-categories.ts';
import { avatarStack, initialsFromName, matchesSearch, matchPercent, poolCentimes, spotsLeft, targetCentimes } from './tontine-figures.ts';

describe('tontine card figures', () => {
  it('pool is contribution × current cycle and target is contribution × max members, in centimes', () => {
    const tontine = { contributionAmount: '12500.10', currentCycle: 3, maxMembers: 10 };
    expect(poolCentimes(tontine)).toBe(3_750_030);
    expect(targetCentimes(tontine)).toBe(12_500_100);
    expect(poolCentimes({ ...tontine, currentCycle: null })).toBe(0);
  });

  it('an unreadable contribution gives no figure rather than a guess', () => {
    expect(poolCentimes({ contributionAmount: 'n/a', currentCycle: 2, maxMembers: 5 })).toBeNull();
    expect(targetCentimes({ contributionAmount: '', maxMembers: 5 })).toBeNull();
  });

  it('spots left prefer the server, else max − members, never negative', () => {
    expect(spotsLeft({ maxMembers: 5, spotsLeft: 2, members: [] })).toBe(2);
    expect(spotsLeft({ maxMembers: 5, members: [1, 2, 3] })).toBe(2);
    expect(spotsLeft({ maxMembers: 2, members: [1, 2, 3] })).toBe(0);
  });

  it('shows at most 4 avatars and counts the rest as +N', () => {
    expect(avatarStack([1, 2, 3])).toEqual({ shown: [1, 2, 3], overflow: 0 });
    expect(avatarStack([1, 2, 3, 4, 5, 6, 7])).toEqual({ shown: [1, 2, 3, 4], overflow: 3 });
  });

  it('search matches name or description, ignoring case; empty matches all', () => {
    const tontine = { name: 'Abahizi Savings', description: 'Market women of Kimironko' };
    expect(matchesSearch(tontine, '  abahizi ')).toBe(true);
    expect(matchesSearch(tontine, 'KIMIRONKO')).toBe(true);
    expect(matchesSearch(tontine, 'students')).toBe(false);
    expect(matchesSearch({ name: 'X', description: null }, '')).toBe(true);
  });

  it('match score 0..1 becomes a whole percent, clamped', () => {
    expect(matchPercent(0.923)).toBe(92);
    expect(matchPercent(1.4)).toBe(100);
    expect(matchPercent(-1)).toBe(0);
  });

  it('initials come from the first two words', () => {
    expect(initialsFromName('aline uwase mukamana')).toBe('AU');
    expect(initialsFromName('  ')).toBe('?');
  });
});

describe('categories', () => {
  it('falls back to the six defaults of the specification when the server has none', () => {
    const categories = withDefaultCategories([]);
    expect(categories.map((c) => [c.id, c.avgContribution, c.frequency])).toEqual([
      ['daily_micro', '5.00', 'daily'],
      ['weekly_workers', '50.00', 'weekly'],
      ['monthly_professionals', '200.00', 'monthly'],
      ['business_builders', '500.00', 'monthly'],
      ['student_savers', '25.00', 'weekly'],
      ['women_entrepreneurs', '150.00', 'weekly'],
    ]);
    expect(categories.every((c) => c.memberCount === 0)).toBe(true);
  });

  it('shows the server categories as they come when there are some', () => {
    expect(withDefaultCategories([{ id: 'x', name: 'Farmers', memberCount: 12, avgContribution: 300 }])).toEqual([
      { id: 'x', name: 'Farmers', description: null, memberCount: 12, avgContribution: '300', frequency: null },
    ]);
  });
});
