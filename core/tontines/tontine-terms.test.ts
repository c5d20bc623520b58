import { describe, expect, it } from 'vitest';
import { Money } from '../money/money.ts';
import { checkTontineTerms, MAX_MEMBERS, type TontineTermsInput } from './tontine-terms.ts';

const valid: TontineTermsInput = {
  name: '  Abadatezuka ',
  description: 'Market traders',
  contributionAmount: '5000.50',
  frequency: 'weekly',
  maxMembers: 5,
};

describe('tontine terms', () => {
  it('accepts valid terms, trimmed, with the amount in centimes', () => {
    const terms = checkTontineTerms(valid);
    expect(terms).toEqual({
      ok: true,
      value: { decisionRule: 'majority', name: 'Abadatezuka', description: 'Market traders', contributionAmount: Money.ofCentimes(500050), frequency: 'weekly', maxMembers: 5, category: null },
    });
  });

  it.each([
    [{ name: '   ' }, 'tontine_name_required'],
    [{ description: ' ' }, 'tontine_description_required'],
    [{ contributionAmount: '0' }, 'contribution_amount_invalid'],
    [{ contributionAmount: '-5' }, 'contribution_amount_invalid'],
    [{ contributionAmount: 'abc' }, 'contribution_amount_invalid'],
    [{ contributionAmount: '1.005' }, 'contribution_amount_invalid'],
    [{ maxMembers: 0 }, 'max_members_invalid'],
    [{ maxMembers: 2.5 }, 'max_members_invalid'],
    [{ maxMembers: MAX_MEMBERS + 1 }, 'max_members_invalid'],
    [{ frequency: 'yearly' }, 'frequency_invalid'],
    [{ category: 'gamblers' }, 'category_unknown'],
  ])('refuses %j with %s (the dialog\'s words are the channels\': apps/http/words.test.ts)', (change, code) => {
    const result = checkTontineTerms({ ...valid, ...change } as TontineTermsInput);
    expect(result).toEqual({ ok: false, error: code });
  });

  it('reports the first broken rule in the dialog order', () => {
    expect(checkTontineTerms({ ...valid, name: '', description: '' })).toEqual({ ok: false, error: 'tontine_name_required' });
  });

  it('takes maxMembers 1 as personal savings and a default category', () => {
    const terms = checkTontineTerms({ ...valid, maxMembers: 1, category: 'daily_micro' });
    expect(terms.ok && terms.value.maxMembers).toBe(1);
    expect(terms.ok && terms.value.category).toBe('daily_micro');
  });
});
