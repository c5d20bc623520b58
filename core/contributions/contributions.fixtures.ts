/**
 * In-memory fakes of the contributions ports and of the shared ports (clock, ids, unit of work,
 * mobile money), for core tests. Repositories store copies, like a database: a use case that
 * changes an object and returns an error without saving changes nothing.
 */
import { Money } from '../money/money.ts';
import type {
  MobileMoney,
  MobileMoneyError,
  MobileMoneyProvider,
  MobileMoneyRequest,
  MobileMoneyStatusError,
  MobileMoneyStatusReport,
} from '../payments/ports.ts';
import { localDate, type LocalDate } from '../shared/calendar.ts';
import type { Clock, IdGenerator } from '../shared/clock.ts';
import { err, ok, type Result } from '../shared/result.ts';
import type { UnitOfWork } from '../shared/unit-of-work.ts';
import { Contribution } from './contribution.ts';
import type { ContributionRepository, CycleOf } from './ports.ts';

/** A deep copy that keeps classes (Money, Contribution, Tontine) and dates. */
export function copyOf<T>(value: T): T {
  if (value === null || typeof value !== 'object') return value;
  if (value instanceof Date) return new Date(value.getTime()) as T;
  if (Array.isArray(value)) return value.map(copyOf) as T;
  const copy = Object.create(Object.getPrototypeOf(value)) as Record<string, unknown>;
  for (const [key, field] of Object.entries(value)) copy[key] = copyOf(field);
  return copy as T;
}

export class InMemoryContributionRepository implements ContributionRepository {
  private readonly rows = new Map<string, Contribution>();

  async findById(id: string): Promise<Contribution | undefined> {
    const row = this.rows.get(id);
    return row && copyOf(row);
  }
  async findByIds(ids: readonly string[]): Promise<ReadonlyMap<string, Contribution>> {
    return new Map(ids.flatMap((id) => (this.rows.has(id) ? [[id, copyOf(this.rows.get(id)!)] as const] : [])));
  }
  async findByPaymentReferences(providerReferences: readonly string[]): Promise<ReadonlyMap<string, Contribution>> {
    const found = new Map<string, Contribution>();
    const copies = new Map<string, Contribution>();
    for (const reference of providerReferences) {
      const row = [...this.rows.values()].find((c) => c.attemptByReference(reference));
      if (!row) continue;
      if (!copies.has(row.id)) copies.set(row.id, copyOf(row));
      found.set(reference, copies.get(row.id)!);
    }
    return found;
  }
  async listByTontine(tontineId: string): Promise<Contribution[]> {
    return this.contributions().filter((c) => c.tontineId === tontineId);
  }
  async listByTontines(tontineIds: readonly string[]): Promise<Contribution[]> {
    return this.contributions().filter((c) => tontineIds.includes(c.tontineId));
  }
  async listByMember(memberId: string): Promise<Contribution[]> {
    return this.contributions().filter((c) => c.memberId === memberId);
  }
  async listFinesOf(tontineId: string): Promise<Contribution[]> {
    return this.all().filter((c) => c.isFine && c.tontineId === tontineId);
  }
  async countPendingInCycles(cycles: readonly CycleOf[]): Promise<number[]> {
    return cycles.map(({ tontineId, cycle }) => this.contributions().filter((c) => c.tontineId === tontineId && c.cycle === cycle && c.status === 'pending').length);
  }
  async save(contributions: readonly Contribution[]): Promise<void> {
    for (const c of contributions) this.rows.set(c.id, copyOf(c));
  }
  all(): Contribution[] {
    return [...this.rows.values()].map(copyOf);
  }
  private contributions(): Contribution[] {
    return this.all().filter((c) => !c.isFine);
  }
}

/** Runs the work at once; rollback is the database's job and is tested with the adapters. */
export class ImmediateUnitOfWork implements UnitOfWork {
  runs = 0;
  async run<T>(work: () => Promise<T>): Promise<T> {
    this.runs += 1;
    return work();
  }
}

export class SettableClock implements Clock {
  constructor(private instant: Date) {}
  now(): Date {
    return new Date(this.instant.getTime());
  }
  set(instant: Date): void {
    this.instant = instant;
  }
  advanceDays(days: number): void {
    this.instant = new Date(this.instant.getTime() + days * 86_400_000);
  }
}

export class SequentialIds implements IdGenerator {
  private next = 0;
  constructor(private readonly prefix = 'id') {}
  newId(): string {
    this.next += 1;
    return `${this.prefix}-${this.next}`;
  }
}

/**
 * Mobile money as the providers behave: a reused reference creates nothing new and answers the
 * first outcome; the provider reference is ours. `refuseNext` makes the next request fail with a
 * provider error; `requests` counts every request, repeats included.
 */
export class FakeMobileMoney implements MobileMoney {
  readonly collections = new Map<string, MobileMoneyRequest>();
  readonly transfers = new Map<string, MobileMoneyRequest>();
  private refusal: MobileMoneyError | undefined;
  requests = 0;

  refuseNext(error: MobileMoneyError): void {
    this.refusal = error;
  }

  async requestToPay(request: MobileMoneyRequest): Promise<Result<{ providerReference: string }, MobileMoneyError>> {
    return this.accept(this.collections, request);
  }
  async transfer(request: MobileMoneyRequest): Promise<Result<{ providerReference: string }, MobileMoneyError>> {
    return this.accept(this.transfers, request);
  }
  async collectionStatus(provider: MobileMoneyProvider, reference: string): Promise<Result<MobileMoneyStatusReport, MobileMoneyStatusError>> {
    return this.status(this.collections, reference);
  }
  async transferStatus(provider: MobileMoneyProvider, reference: string): Promise<Result<MobileMoneyStatusReport, MobileMoneyStatusError>> {
    return this.status(this.transfers, reference);
  }

  /** Total whole francs sent out by transfers. */
  transferred(): Money {
    return Money.sum([...this.transfers.values()].map((t) => t.amount));
  }

  private accept(store: Map<string, MobileMoneyRequest>, request: MobileMoneyRequest): Result<{ providerReference: string }, MobileMoneyError> {
    this.requests += 1;
    const refusal = this.refusal;
    this.refusal = undefined;
    if (refusal) return err(refusal);
    if (store === this.transfers) request.amount.toWholeFrancs();
    if (!store.has(request.reference)) store.set(request.reference, request);
    return ok({ providerReference: request.reference });
  }

  private status(store: Map<string, MobileMoneyRequest>, reference: string): Result<MobileMoneyStatusReport, MobileMoneyStatusError> {
    const request = store.get(reference);
    if (!request) return err('mobile_money_reference_unknown');
    return ok({ reference, status: 'pending', amount: request.amount, currency: 'RWF', providerTransactionId: undefined, reason: undefined });
  }
}

/** A pending contribution of 5,000 RWF due 2026-03-31, cycle 1. */
export function aContribution(overrides: Partial<{ id: string; tontineId: string; memberId: string; cycle: number; amount: Money; dueDate: LocalDate }> = {}): Contribution {
  return Contribution.schedule({
    id: 'c-1',
    tontineId: 't-1',
    memberId: 'alice',
    cycle: 1,
    amount: Money.ofFrancs(5000),
    dueDate: localDate(2026, 3, 31),
    ...overrides,
  });
}
