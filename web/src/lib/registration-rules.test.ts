import { describe, expect, it } from 'vitest';
import { checkCode, DISTRICTS, isDistrict, isEmail, normaliseCode, orNull, splitList } from './registration-rules.ts';

describe('registration rules', () => {
  it('upper-cases a code as it is typed', () => {
    expect(normaliseCode('kgl-agent_01')).toBe('KGL-AGENT_01');
  });

  it('keeps a code between 3 and 20 characters of A-Z, 0-9, hyphen and underscore', () => {
    expect(checkCode('AB')).toBe('codeMin');
    expect(checkCode('ABC')).toBeNull();
    expect(checkCode('A'.repeat(20))).toBeNull();
    expect(checkCode('A'.repeat(21))).toBe('codeMax');
    expect(checkCode('KGL-01_X')).toBeNull();
    expect(checkCode('KGL 01')).toBe('codeCharacters');
    expect(checkCode('kgl01')).toBe('codeCharacters');
    expect(checkCode('KGL.01')).toBe('codeCharacters');
  });

  it('accepts an e-mail address only with a name, an @ and a domain', () => {
    expect(isEmail('shop@example.rw')).toBe(true);
    expect(isEmail('shop@example')).toBe(false);
    expect(isEmail('shop example.rw')).toBe(false);
    expect(isEmail('')).toBe(false);
  });

  it('knows the 30 districts of Rwanda and nothing else', () => {
    expect(DISTRICTS).toHaveLength(30);
    expect(new Set(DISTRICTS).size).toBe(30);
    expect(isDistrict('Gasabo')).toBe(true);
    expect(isDistrict('gasabo')).toBe(false);
    expect(isDistrict('Kigali')).toBe(false);
  });

  it('splits a comma-separated list into trimmed, non-empty names', () => {
    expect(splitList(' Kimironko, Remera ,, Kacyiru ')).toEqual(['Kimironko', 'Remera', 'Kacyiru']);
    expect(splitList(' , ')).toEqual([]);
  });

  it('sends an empty optional field as null', () => {
    expect(orNull('   ')).toBeNull();
    expect(orNull(' Remera ')).toBe('Remera');
  });
});
