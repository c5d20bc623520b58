import { describe, expect, it } from 'vitest';
import { displayName, initialsOf } from './display-name.ts';

describe('display name and initials', () => {
  it('prefers the profile name', () => {
    const user = { email: 'aline@example.rw', firstName: 'A', lastName: 'B' };
    expect(displayName({ firstName: 'Aline', lastName: 'Uwase' }, user)).toBe('Aline Uwase');
    expect(initialsOf({ firstName: 'aline', lastName: 'uwase' }, user)).toBe('AU');
  });

  it('falls back to the user and then to the e-mail address', () => {
    expect(displayName(null, { email: 'jean@example.rw', firstName: 'Jean', lastName: null })).toBe('Jean');
    expect(displayName(null, { email: 'jean@example.rw' })).toBe('jean@example.rw');
    expect(initialsOf(null, { email: 'jean@example.rw' })).toBe('J');
    expect(initialsOf(null, null)).toBe('?');
  });
});
