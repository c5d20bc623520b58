/**
 * Payout draw: a fair, re-checkable random payout order.
 *
 * Guarantees
 * - The order is a permutation of the input members: nobody is dropped, added or repeated.
 * - It is a pure function of (input order, seed): anyone holding the recorded draw can re-run
 *   `shuffleWithSeed` and get the same order (`verifyDraw`). No clock, no Math.random, no crypto
 *   module: the hash (cyrb128) and the generator (xoshiro128**) are written out below, so the
 *   result is the same in every JavaScript engine, and can be re-implemented in any language.
 *
 * Why it is fair: Fisher–Yates picks position i from the i + 1 remaining candidates with an
 * unbiased draw (rejection sampling, no modulo bias), so if the generator's outputs are uniform
 * every one of the n! orders has probability exactly 1/n!. The generator is seeded from the
 * recorded seed, which the server makes from a fresh random id (the admin does not choose it),
 * and a tontine draws at most once, so nobody can re-roll until they like the result. The seed
 * carries 122 random bits (a v4 UUID) and 30! < 2^122, so every order of a group of up to
 * MAX_MEMBERS is reachable.
 */
import { invariant } from '../shared/result.ts';

/**
 * cyrb128 (bryc, public domain): 128 bits from a string's UTF-16 code units. Not a cryptographic
 * hash; it only spreads the seed's bits over the generator's state.
 */
export function cyrb128(text: string): [number, number, number, number] {
  let h1 = 1779033703;
  let h2 = 3144134277;
  let h3 = 1013904242;
  let h4 = 2773480762;
  for (let i = 0; i < text.length; i++) {
    const k = text.charCodeAt(i);
    h1 = h2 ^ Math.imul(h1 ^ k, 597399067);
    h2 = h3 ^ Math.imul(h2 ^ k, 2869860233);
    h3 = h4 ^ Math.imul(h3 ^ k, 951274213);
    h4 = h1 ^ Math.imul(h4 ^ k, 2716044179);
  }
  h1 = Math.imul(h3 ^ (h1 >>> 18), 597399067);
  h2 = Math.imul(h4 ^ (h2 >>> 22), 2869860233);
  h3 = Math.imul(h1 ^ (h3 >>> 17), 951274213);
  h4 = Math.imul(h2 ^ (h4 >>> 19), 2716044179);
  h1 ^= h2 ^ h3 ^ h4;
  h2 ^= h1;
  h3 ^= h1;
  h4 ^= h1;
  return [h1 >>> 0, h2 >>> 0, h3 >>> 0, h4 >>> 0];
}

const rotl = (x: number, k: number): number => (x << k) | (x >>> (32 - k));

/** xoshiro128** (Blackman and Vigna): 32-bit outputs from a 128-bit state. */
export class Xoshiro128StarStar {
  private s0: number;
  private s1: number;
  private s2: number;
  private s3: number;

  constructor(state: readonly [number, number, number, number]) {
    invariant(state.some((word) => word !== 0), 'xoshiro128** needs a state that is not all zero');
    [this.s0, this.s1, this.s2, this.s3] = state;
  }

  static fromSeed(seed: string): Xoshiro128StarStar {
    const state = cyrb128(seed);
    // cyrb128 of any string is all zero with probability 2^-128; the fallback keeps it total.
    return new Xoshiro128StarStar(state.some((word) => word !== 0) ? state : [0x9e3779b9, 0, 0, 0]);
  }

  /** The next output, an integer in [0, 2^32). */
  next(): number {
    const result = Math.imul(rotl(Math.imul(this.s1, 5), 7), 9) >>> 0;
    const t = this.s1 << 9;
    this.s2 ^= this.s0;
    this.s3 ^= this.s1;
    this.s1 ^= this.s2;
    this.s0 ^= this.s3;
    this.s2 ^= t;
    this.s3 = rotl(this.s3, 11);
    return result;
  }

  /** A uniform integer in [0, bound): outputs in the incomplete last block are rejected. */
  below(bound: number): number {
    invariant(Number.isSafeInteger(bound) && bound >= 1 && bound <= 2 ** 32, `bound out of range: ${bound}`);
    const limit = 2 ** 32 - (2 ** 32 % bound);
    for (;;) {
      const x = this.next();
      if (x < limit) return x % bound;
    }
  }
}

/** Fisher–Yates driven by xoshiro128** seeded from `seed`. */
export function shuffleWithSeed<T>(items: readonly T[], seed: string): T[] {
  const rng = Xoshiro128StarStar.fromSeed(seed);
  const order = [...items];
  for (let i = order.length - 1; i > 0; i--) {
    const j = rng.below(i + 1);
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  return order;
}

/** What a tontine records of its draw, enough for anyone to re-check it. */
export interface PayoutDraw {
  readonly seed: string;
  /** The members in join order: the draw's input. */
  readonly joinOrder: readonly string[];
  /** The drawn payout order: position k receives the pot of cycle k. */
  readonly order: readonly string[];
  readonly drawnAt: Date;
}

export function verifyDraw(draw: Pick<PayoutDraw, 'seed' | 'joinOrder' | 'order'>): boolean {
  const expected = shuffleWithSeed(draw.joinOrder, draw.seed);
  return expected.length === draw.order.length && expected.every((member, i) => member === draw.order[i]);
}
