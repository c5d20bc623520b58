import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fullName, initialsOf, memberNamer, publicName } from './member-names.ts';
import { aTontine, aWorld } from './tontines.fixtures.ts';

const profile = (firstName: string, lastName: string) => ({ id: 'u', firstName, lastName, profilePhotoUrl: null });

describe('member names', () => {
  it('in full to the group, first name and initial to anyone else, "Former member" when the profile is gone', () => {
    const aline = profile('Aline', 'mukamana');
    expect([fullName(aline), publicName(aline), initialsOf(aline)]).toEqual(['Aline mukamana', 'Aline M.', 'AM']);
    expect([fullName(undefined), publicName(undefined), initialsOf(undefined)]).toEqual(['Former member', 'Former member', '?']);
    expect(publicName(profile(' Aline ', '  '))).toBe('Aline');
    // The initial is a whole code point, even outside the Basic Multilingual Plane.
    expect(publicName(profile('Aline', '𝒜bc'))).toBe('Aline 𝒜.');
  });

  it('property: a public name shows the first name and at most one letter of the last name', () => {
    const letters = (alphabet: string, min: number) => fc.array(fc.constantFrom(...alphabet), { minLength: min, maxLength: 12 }).map((cs) => cs.join(''));
    // First and last names from disjoint alphabets, so each letter shown tells which name it came from.
    fc.assert(
      fc.property(letters('abcdefghijklm', 1), letters('nopqrstuvwxyz', 2), (first, last) => {
        const shown = publicName(profile(first, last));
        const fromLast = Array.from(shown).filter((c) => 'nopqrstuvwxyzNOPQRSTUVWXYZ'.includes(c));
        return shown.startsWith(`${first} `) && fromLast.length === 1 && fromLast[0] === last[0]!.toUpperCase();
      }),
    );
  });

  it('names a group’s members in full only for its own members', async () => {
    const world = aWorld();
    const tontine = await world.given(aTontine().withMembers(2).withMaxMembers(3).build());
    const profile = { id: 'bob', firstName: 'Bob', lastName: 'Habimana', profilePhotoUrl: null };
    expect(memberNamer(tontine, 'alice')(profile)).toBe('Bob Habimana');
    expect(memberNamer(tontine, 'stranger')(profile)).toBe('Bob H.');
    expect(memberNamer(tontine, null)(profile)).toBe('Bob H.');
  });
});
