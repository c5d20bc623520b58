import { describe, expect, it } from 'vitest';
import { shortReference, signedParts } from './books-format.ts';

describe('the books rows', () => {
  it('keeps a short reference whole and shortens a long one around an ellipsis, keeping its tail', () => {
    expect(shortReference('MP-12345')).toBe('MP-12345');
    expect(shortReference('payout:3f2b9c1e-8a4d-4e2f-9b7a-1c2d3e4f5a6b:1')).toBe('payout:3…5a6b:1');
    expect(shortReference('payout:3f2b9c1e-8a4d-4e2f-9b7a-1c2d3e4f5a6b:1')).toHaveLength(15);
  });

  it('signs money in with a plus and money out with a minus', () => {
    expect(signedParts('5000.00')).toEqual({ sign: '+', size: '5000.00', out: false });
    expect(signedParts('-15000.00')).toEqual({ sign: '−', size: '15000.00', out: true });
  });
});
