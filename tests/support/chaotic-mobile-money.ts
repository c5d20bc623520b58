/**
 * A provider having a bad day, for the chaos test: between the app and the scripted sandbox, it
 * sometimes is down (the request never reaches the provider: `mobile_money_unavailable`), sometimes
 * loses its reply (the provider did it, the app hears `mobile_money_unavailable`), and sometimes is
 * slow (a real delay before it answers). Every draw comes from one stream made by fast-check from a
 * seed, so a failing run can be replayed (up to the interleaving of concurrent requests).
 *
 * It also keeps the provider's side of the story, for the test's assertions:
 * - `received`: how many requests for each `<direction>:<reference>` reached the provider;
 * - `accepted`: each payment the provider took, once, in order (for the test to decide it);
 * - `violations`: a transfer attempt n > 1 that reached the provider while the provider did not
 *   say that attempt n − 1 failed (a payout, withdrawal or disbursement sent again on anything
 *   but the provider's own word).
 */
import fc from 'fast-check';
import type { Money } from '../../core/money/money.ts';
import type { MobileMoney, MobileMoneyProvider, MobileMoneyRequest, PaymentDirection } from '../../core/payments/ports.ts';
import { err } from '../../core/shared/result.ts';
import type { ScriptedMobileMoney } from './scripted-mobile-money.ts';

export interface ChaosRates {
  /** A request or status query finds the provider down. */
  down: number;
  /** A request reaches the provider but its reply is lost. */
  lostReply: number;
  /** The answer comes after a delay of up to `maxDelayMs`. */
  slow: number;
  maxDelayMs: number;
}

export interface AcceptedPayment {
  direction: PaymentDirection;
  reference: string;
  amount: Money;
}

const DRAWS = 50_000;

/**
 * `count` numbers uniform in [0, 1) drawn by fast-check from `seed`. Made from unbiased integers:
 * fast-check's doubles are spread over float representations, so nearly all fall close to 0.
 */
export function seededStream(seed: number, count = DRAWS): number[] {
  return fc.sample(fc.noBias(fc.integer({ min: 0, max: 999_999 })), { seed, numRuns: count }).map((n) => n / 1_000_000);
}

/** The attempt before this transfer reference (`<ref>-2` → `<ref>`, `<ref>-n` → `<ref>-(n − 1)`), or undefined for a first attempt. */
export function previousAttempt(reference: string): string | undefined {
  // Attempt numbers are small; a UUID's last group (12 characters) is never taken for one.
  const match = /^(.*)-(\d{1,2})$/.exec(reference);
  if (!match) return undefined;
  const n = Number(match[2]);
  return n <= 2 ? match[1] : `${match[1]}-${n - 1}`;
}

export class ChaoticMobileMoney implements MobileMoney {
  readonly received = new Map<string, number>();
  readonly accepted: AcceptedPayment[] = [];
  readonly violations: string[] = [];
  readonly counts = { down: 0, lostReplies: 0, slow: 0, statusDown: 0 };
  /** Chaos on or off (off while a test sets up what is not under test). */
  enabled = true;
  private readonly draws: number[];
  private cursor = 0;

  constructor(
    private readonly inner: ScriptedMobileMoney,
    private readonly provider: MobileMoneyProvider,
    seed: number,
    /** Changeable between steps, e.g. to lose exactly one reply. */
    public rates: ChaosRates,
  ) {
    this.draws = seededStream(seed);
  }

  requestToPay(request: MobileMoneyRequest) {
    return this.request('collection', request);
  }

  transfer(request: MobileMoneyRequest) {
    return this.request('transfer', request);
  }

  async collectionStatus(provider: MobileMoneyProvider, reference: string) {
    await this.maybeSlow();
    if (this.chance(this.rates.down)) {
      this.counts.statusDown++;
      return err('mobile_money_unavailable' as const);
    }
    return this.inner.collectionStatus(provider, reference);
  }

  async transferStatus(provider: MobileMoneyProvider, reference: string) {
    await this.maybeSlow();
    if (this.chance(this.rates.down)) {
      this.counts.statusDown++;
      return err('mobile_money_unavailable' as const);
    }
    return this.inner.transferStatus(provider, reference);
  }

  private async request(direction: PaymentDirection, request: MobileMoneyRequest) {
    await this.maybeSlow();
    if (this.chance(this.rates.down)) {
      this.counts.down++;
      return err('mobile_money_unavailable' as const);
    }
    const key = `${direction}:${request.reference}`;
    const times = (this.received.get(key) ?? 0) + 1;
    this.received.set(key, times);
    if (direction === 'transfer') {
      const previous = previousAttempt(request.reference);
      if (previous !== undefined) {
        const said = await this.inner.answer('transfer', this.provider, previous);
        if (!said.ok || said.value.status !== 'failed') this.violations.push(`${request.reference} sent while the provider said ${said.ok ? said.value.status : said.error} for ${previous}`);
      }
    }
    const answer = direction === 'collection' ? await this.inner.requestToPay(request) : await this.inner.transfer(request);
    if (answer.ok && times === 1) this.accepted.push({ direction, reference: request.reference, amount: request.amount });
    if (answer.ok && this.chance(this.rates.lostReply)) {
      this.counts.lostReplies++;
      return err('mobile_money_unavailable' as const);
    }
    return answer;
  }

  private async maybeSlow(): Promise<void> {
    if (!this.chance(this.rates.slow)) return;
    this.counts.slow++;
    await new Promise((resolve) => setTimeout(resolve, Math.floor(this.draw() * this.rates.maxDelayMs)));
  }

  private chance(rate: number): boolean {
    return this.enabled && this.draw() < rate;
  }

  /** The next number of the seeded stream, in [0, 1). */
  draw(): number {
    const value = this.draws[this.cursor % DRAWS]!;
    this.cursor++;
    return value;
  }
}
