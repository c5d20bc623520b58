import { describe, expect, it } from 'vitest';
import { Money } from '../money/money.ts';
import { applyDiscoverQuery, discoverQuery, DISCOVER_MAX_LIMIT, type DiscoverQueryInput } from './discover-query.ts';
import type { Frequency } from './cycle-calendar.ts';
import { Tontine } from './tontine.ts';

let seq = 0;
function group(name: string, opts: { amount: number; frequency?: Frequency; members?: number; max?: number; category?: 'daily_micro' | 'student_savers' | null; day?: number; description?: string }): Tontine {
  const id = `t-${String(++seq).padStart(3, '0')}`;
  const now = new Date(Date.UTC(2026, 0, opts.day ?? seq));
  const tontine = Tontine.create({
    id,
    creatorId: `${id}-creator`,
    name,
    description: opts.description ?? `${name} saving together`,
    category: opts.category ?? null,
    contributionAmount: Money.ofFrancs(opts.amount),
    frequency: opts.frequency ?? 'monthly',
    maxMembers: opts.max ?? 5,
    now,
  });
  for (let i = 1; i < (opts.members ?? 1); i++) tontine.join(`${id}-m${i}`, now);
  return tontine;
}

const market = group('Kimironko market', { amount: 2_000, frequency: 'daily', members: 2, max: 10, category: 'daily_micro', day: 1 });
const students = group('Students of Huye', { amount: 5_000, frequency: 'weekly', members: 4, max: 5, category: 'student_savers', day: 2 });
const teachers = group('Teachers', { amount: 50_000, frequency: 'monthly', members: 3, max: 3, day: 3, description: 'Teachers of Nyamirambo' }); // full: active
const drivers = group('Moto drivers', { amount: 5_000, frequency: 'weekly', members: 1, max: 8, day: 4 });
const all = [market, students, teachers, drivers];

const names = (input: DiscoverQueryInput) => {
  const query = discoverQuery(input);
  if (!query.ok) throw new Error(query.error);
  return applyDiscoverQuery(all, query.value).map((t) => t.name);
};

describe("Discover's query", () => {
  it('shows the newest first with no query', () => {
    expect(teachers.status).toBe('active');
    expect(names({})).toEqual(['Moto drivers', 'Teachers', 'Students of Huye', 'Kimironko market']);
  });

  it('searches the name and the description, ignoring case and spaces around', () => {
    expect(names({ q: '  HUYE ' })).toEqual(['Students of Huye']);
    expect(names({ q: 'nyamirambo' })).toEqual(['Teachers']);
    expect(names({ q: '   ' })).toHaveLength(4);
  });

  it('filters by category, frequency, contribution range (both ends included) and seats left, all together', () => {
    expect(names({ category: 'daily_micro' })).toEqual(['Kimironko market']);
    expect(names({ frequency: 'weekly' })).toEqual(['Moto drivers', 'Students of Huye']);
    expect(names({ minContribution: Money.ofFrancs(5_000), maxContribution: Money.ofFrancs(5_000) })).toEqual(['Moto drivers', 'Students of Huye']);
    expect(names({ maxContribution: Money.ofFrancs(4_999) })).toEqual(['Kimironko market']);
    // An active group has no seat left, however many members it counts.
    expect(names({ minSeatsLeft: 1 })).toEqual(['Moto drivers', 'Students of Huye', 'Kimironko market']);
    expect(names({ minSeatsLeft: 2 })).toEqual(['Moto drivers', 'Kimironko market']);
    expect(names({ frequency: 'weekly', minSeatsLeft: 2 })).toEqual(['Moto drivers']);
    expect(names({ frequency: 'weekly', category: 'daily_micro' })).toEqual([]);
  });

  it('sorts by contribution either way and by seats left, newest first among equals', () => {
    expect(names({ sort: 'contribution_asc' })).toEqual(['Kimironko market', 'Moto drivers', 'Students of Huye', 'Teachers']);
    expect(names({ sort: 'contribution_desc' })).toEqual(['Teachers', 'Moto drivers', 'Students of Huye', 'Kimironko market']);
    expect(names({ sort: 'seats_left' })).toEqual(['Kimironko market', 'Moto drivers', 'Students of Huye', 'Teachers']);
  });

  it('pages through the sorted groups', () => {
    expect(names({ sort: 'contribution_asc', limit: 2 })).toEqual(['Kimironko market', 'Moto drivers']);
    expect(names({ sort: 'contribution_asc', limit: 2, offset: 2 })).toEqual(['Students of Huye', 'Teachers']);
    expect(names({ offset: 10 })).toEqual([]);
    const query = discoverQuery({ limit: 10_000 });
    expect(query.ok && query.value.limit).toBe(DISCOVER_MAX_LIMIT);
  });

  it('refuses a contribution range whose lowest is above its highest', () => {
    expect(discoverQuery({ minContribution: Money.ofFrancs(10_000), maxContribution: Money.ofFrancs(5_000) })).toEqual({ ok: false, error: 'contribution_range_inverted' });
  });
});
