import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cyrb128, shuffleWithSeed, verifyDraw, Xoshiro128StarStar } from './payout-draw.ts';

describe('payout draw', () => {
  it('xoshiro128** matches the reference implementation from state (1, 2, 3, 4)', () => {
    const rng = new Xoshiro128StarStar([1, 2, 3, 4]);
    expect([rng.next(), rng.next(), rng.next(), rng.next()]).toEqual([11520, 0, 5927040, 70819200]);
  });

  it('refuses an all-zero generator state', () => {
    expect(() => new Xoshiro128StarStar([0, 0, 0, 0])).toThrow();
  });

  it('cyrb128 is deterministic and spreads nearby seeds apart', () => {
    expect(cyrb128('t-1:seed')).toEqual(cyrb128('t-1:seed'));
    expect(cyrb128('t-1:seed')).not.toEqual(cyrb128('t-1:seee'));
    expect(cyrb128('t-1:seed').every((w) => Number.isInteger(w) && w >= 0 && w < 2 ** 32)).toBe(true);
  });

  it('below(n) stays in [0, n) and refuses bounds out of range', () => {
    const rng = Xoshiro128StarStar.fromSeed('bounds');
    for (let i = 0; i < 1000; i++) expect(rng.below(7)).toBeLessThan(7);
    expect(rng.below(1)).toBe(0);
    expect(() => rng.below(0)).toThrow();
    expect(() => rng.below(2 ** 32 + 1)).toThrow();
  });

  it('property: the draw is a permutation of the members and re-checkable from its seed', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.string({ minLength: 1 }), { maxLength: 30 }), fc.string(), (members, seed) => {
        const order = shuffleWithSeed(members, seed);
        expect([...order].sort()).toEqual([...members].sort());
        expect(verifyDraw({ seed, joinOrder: members, order })).toBe(true);
      }),
    );
  });

  it('a tampered order or another seed fails the re-check', () => {
    const joinOrder = ['alice', 'bob', 'carol', 'dan', 'eve'];
    const order = shuffleWithSeed(joinOrder, 't-1:abc');
    expect(verifyDraw({ seed: 't-1:abc', joinOrder, order: [...order].reverse() })).toBe(false);
    expect(verifyDraw({ seed: 't-1:abc', joinOrder, order: order.slice(1) })).toBe(false);
    const other = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'];
    expect(verifyDraw({ seed: 'seed-2', joinOrder: other, order: shuffleWithSeed(other, 'seed-1') })).toBe(false);
  });

  it('is fair in practice: over 6,000 seeds each of the 6 orders of 3 members comes up about 1,000 times', () => {
    const counts = new Map<string, number>();
    for (let i = 0; i < 6000; i++) {
      const key = shuffleWithSeed(['a', 'b', 'c'], `seed-${i}`).join('');
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    expect(counts.size).toBe(6);
    // Chi-square with 5 degrees of freedom: 20.5 is the 0.1 % critical value.
    const chiSquare = [...counts.values()].reduce((sum, n) => sum + (n - 1000) ** 2 / 1000, 0);
    expect(chiSquare).toBeLessThan(20.5);
  });
});
