import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MobileMoneyCallbackTokens } from './callback-tokens.ts';

const tokens = new MobileMoneyCallbackTokens('a-secret-of-at-least-thirty-two-chars', 'https://ikimina.example/api/payments/callbacks/mtn/');

describe('MobileMoneyCallbackTokens', () => {
  it('gives each payment its own URL and verifies the token for that reference and kind only', () => {
    const url = tokens.urlFor('collection', 'ref-1');
    expect(url).toMatch(/^https:\/\/ikimina\.example\/api\/payments\/callbacks\/mtn\/c[A-Za-z0-9_-]{43}$/);
    const token = url.split('/').at(-1)!;
    expect(tokens.verify(token, 'ref-1')).toBe('collection');
    expect(tokens.verify(token, 'ref-2')).toBeUndefined();
    expect(tokens.verify(`t${token.slice(1)}`, 'ref-1')).toBeUndefined();
    expect(tokens.verify(tokens.tokenFor('transfer', 'ref-1'), 'ref-1')).toBe('transfer');
    expect(new MobileMoneyCallbackTokens('another-secret-of-thirty-two-chars!!', 'https://x').verify(token, 'ref-1')).toBeUndefined();
  });

  it('refuses anything but the exact token: empty, truncated, padded, mangled', () => {
    const token = tokens.tokenFor('transfer', 'payout:g:1');
    for (const bad of ['', 't', token.slice(0, -1), `${token}A`, `${token.slice(0, -1)}*`, `x${token.slice(1)}`]) expect(tokens.verify(bad, 'payout:g:1')).toBeUndefined();
  });

  it('never accepts a random token (property)', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 60 }), fc.string({ maxLength: 40 }), (guess, reference) => {
        fc.pre(guess !== tokens.tokenFor('collection', reference) && guess !== tokens.tokenFor('transfer', reference));
        return tokens.verify(guess, reference) === undefined;
      }),
    );
  });
});
