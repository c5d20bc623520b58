import { describe, expect, it } from 'vitest';
import { Money } from '../money/money.ts';
import { checkTontineTerms, MAX_MEMBERS, TONTINE_TERMS_MESSAGES, type TontineTermsInput } from './tontine-terms.ts';

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
      value: { name: 'Abadatezuka', description: 'Market traders', contributionAmount: Money.ofCentimes(500050), frequency: 'weekly', maxMembers: 5, category: null },
    });
  });

  it.each([
    [{ name: '   ' }, 'tontine_name_required', 'Please enter a tontine name'],
    [{ description: ' ' }, 'tontine_description_required', 'Please enter a description'],
    [{ contributionAmount: '0' }, 'contribution_amount_invalid', 'Please enter a valid contribution amount'],
    [{ contributionAmount: '-5' }, 'contribution_amount_invalid', 'Please enter a valid contribution amount'],
    [{ contributionAmount: 'abc' }, 'contribution_amount_invalid', 'Please enter a valid contribution amount'],
    [{ contributionAmount: '1.005' }, 'contribution_amount_invalid', 'Please enter a valid contribution amount'],
    [{ maxMembers: 0 }, 'max_members_invalid', `Please enter a number of members from 1 to ${MAX_MEMBERS}`],
    [{ maxMembers: 2.5 }, 'max_members_invalid', `Please enter a number of members from 1 to ${MAX_MEMBERS}`],
    [{ maxMembers: MAX_MEMBERS + 1 }, 'max_members_invalid', `Please enter a number of members from 1 to ${MAX_MEMBERS}`],
    [{ frequency: 'yearly' }, 'frequency_invalid', 'Please choose daily, weekly or monthly'],
    [{ category: 'gamblers' }, 'category_unknown', 'Please choose one of the tontine categories'],
  ])('refuses %j with %s and the message the dialog shows', (change, code, message) => {
    const result = checkTontineTerms({ ...valid, ...change } as TontineTermsInput);
    expect(result).toEqual({ ok: false, error: code });
    expect(TONTINE_TERMS_MESSAGES[code as keyof typeof TONTINE_TERMS_MESSAGES]).toBe(message);
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
