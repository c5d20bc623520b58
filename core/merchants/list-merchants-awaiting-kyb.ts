/**
 * ListMerchantsAwaitingKyb: the admin's queue of businesses whose KYB awaits review (CLI
 * `merchants list --pending`), so that none waits past the 24-48 hours the owner is told.
 *
 * Guarantees
 * - Every merchant with KYB `pending`, and only those, oldest registration first (the one waiting
 *   longest leads).
 * - Each with how long it has waited, from its registration to the clock's now, in whole days and
 *   hours (rounded down; never negative).
 */
import type { Clock } from '../shared/clock.ts';
import type { RegisteredMerchant } from './merchant-profile.ts';
import type { MerchantRegistry } from './ports.ts';

const HOUR_MS = 3_600_000;

export interface WaitingTime {
  days: number;
  hours: number;
}

/** From `since` to `now`, in whole days and the hours beyond them. */
export function waitingTime(since: Date, now: Date): WaitingTime {
  const hours = Math.max(0, Math.floor((now.getTime() - since.getTime()) / HOUR_MS));
  return { days: Math.floor(hours / 24), hours: hours % 24 };
}

export interface MerchantAwaitingKyb {
  merchant: RegisteredMerchant;
  waiting: WaitingTime;
}

export interface ListMerchantsAwaitingKybDeps {
  registry: Pick<MerchantRegistry, 'listAwaitingKyb'>;
  clock: Clock;
}

export class ListMerchantsAwaitingKyb {
  constructor(private readonly deps: ListMerchantsAwaitingKybDeps) {}

  async execute(): Promise<MerchantAwaitingKyb[]> {
    const now = this.deps.clock.now();
    return (await this.deps.registry.listAwaitingKyb()).map((merchant) => ({ merchant, waiting: waitingTime(merchant.createdAt, now) }));
  }
}
