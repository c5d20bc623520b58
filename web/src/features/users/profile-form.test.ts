import { describe, expect, it } from 'vitest';
import { applyEdits, fieldsOf, profileChanges, profileErrors } from './profile-form.ts';

const saved = fieldsOf({ firstName: 'Amina', lastName: 'Uwase', phoneNumber: '+250788123456', address: null });

describe('profile edit form', () => {
  it('applies the non-empty edited fields over the old values (spec part 2): blank keeps the saved value', () => {
    const next = applyEdits(saved, { firstName: '  Aminata ', lastName: '', phoneNumber: '   ', address: 'Kimironko', profession: ' Tailor ' });
    expect(next).toEqual({ firstName: 'Aminata', lastName: 'Uwase', phoneNumber: '+250788123456', address: 'Kimironko', profession: 'Tailor' });
  });

  it('sends only the fields that changed', () => {
    expect(profileChanges(saved, applyEdits(saved, { firstName: 'Amina', lastName: 'Uwimana', phoneNumber: '', address: '', profession: '' }))).toEqual({ lastName: 'Uwimana' });
    expect(profileChanges(saved, applyEdits(saved, { ...saved, profession: 'Farmer' }))).toEqual({ profession: 'Farmer' });
    expect(profileChanges(saved, saved)).toEqual({});
  });

  it('accepts names in any script with apostrophes, hyphens, periods and accents', () => {
    expect(profileErrors({ firstName: 'Jean-Paul', lastName: "N'Guessan" })).toEqual({});
    expect(profileErrors({ firstName: 'Élise', lastName: 'St. John' })).toEqual({});
  });

  it('refuses names with digits or markup, and names over 100 characters', () => {
    expect(profileErrors({ firstName: 'R2D2', lastName: '<b>x</b>' })).toEqual({ firstName: 'invalid_name', lastName: 'invalid_name' });
    expect(profileErrors({ firstName: 'a'.repeat(101) })).toEqual({ firstName: 'name_too_long' });
  });

  it('holds a changed phone to the Rwandan mobile rule, in the forms people type', () => {
    for (const ok of ['+250788123456', '0788 123 456', '250 722-000-111', '739000222']) expect(profileErrors({ phoneNumber: ok }), ok).toEqual({});
    expect(profileErrors({ phoneNumber: '0712' })).toEqual({ phoneNumber: 'invalid_phone' });
  });

  it('refuses a profession over 100 characters', () => {
    expect(profileErrors({ profession: 'a'.repeat(101) })).toEqual({ profession: 'profession_too_long' });
    expect(profileErrors({ profession: 'a'.repeat(100) })).toEqual({});
  });

  it('refuses an address over 255 characters', () => {
    expect(profileErrors({ address: 'a'.repeat(256) })).toEqual({ address: 'address_too_long' });
    expect(profileErrors({ address: 'a'.repeat(255) })).toEqual({});
  });
});
