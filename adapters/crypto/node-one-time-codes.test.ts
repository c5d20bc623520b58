import { describe, expect, it } from 'vitest';
import { NodeOneTimeCodes } from './node-secret-tokens.ts';

describe('NodeOneTimeCodes', () => {
  const codes = new NodeOneTimeCodes();

  it('issues codes of the digits asked, kept as a hash that is not the code', () => {
    const { code, hash } = codes.issue(6);
    expect(code).toMatch(/^\d{6}$/);
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(hash).not.toContain(code);
  });

  it('matches the issued code only, and never a hash of another shape', () => {
    const { code, hash } = codes.issue(6);
    expect(codes.matches(code, hash)).toBe(true);
    expect(codes.matches(code === '000000' ? '000001' : '000000', hash)).toBe(false);
    expect(codes.matches(code, hash.slice(0, 10))).toBe(false);
    expect(codes.matches(code, '')).toBe(false);
  });
});
