import { describe, expect, it } from 'vitest';
import { Money } from '../money/money.ts';
import { Tontine } from './tontine.ts';
import { memberTontine, visibleTontine } from './tontine-access.ts';

const now = new Date('2026-03-02T08:00:00Z');
const terms = { name: 'Savers', description: 'Saving together', contributionAmount: Money.ofFrancs(5000), frequency: 'weekly' as const, category: null, now };
const group = () => Tontine.create({ ...terms, id: 'g', creatorId: 'alice', maxMembers: 3 });
const savings = () => Tontine.create({ ...terms, id: 's', creatorId: 'alice', maxMembers: 1 });

describe('who may see a tontine', () => {
  it('shows a group to anyone and its members-only parts to its members', () => {
    expect(visibleTontine(group(), null).ok).toBe(true);
    expect(visibleTontine(group(), 'bob').ok).toBe(true);
    expect(memberTontine(group(), 'alice').ok).toBe(true);
    expect(memberTontine(group(), 'bob')).toEqual({ ok: false, error: 'not_a_member' });
  });

  it('keeps personal savings to their owner: anyone else finds nothing, as for an unknown id', () => {
    expect(visibleTontine(savings(), 'alice').ok).toBe(true);
    expect(memberTontine(savings(), 'alice').ok).toBe(true);
    for (const viewer of ['bob', null]) expect(visibleTontine(savings(), viewer)).toEqual({ ok: false, error: 'tontine_not_found' });
    expect(memberTontine(savings(), 'bob')).toEqual({ ok: false, error: 'tontine_not_found' });
    expect(visibleTontine(undefined, 'alice')).toEqual({ ok: false, error: 'tontine_not_found' });
  });
});
