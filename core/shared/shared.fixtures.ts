/** Fakes of the shared ports, for core tests: a settable clock, counting ids, a pass-through unit of work. */
import type { Clock, IdGenerator } from './clock.ts';
import type { UnitOfWork } from './unit-of-work.ts';

/**
 * The one clock of the tests (core's, the adapters' and tests/support's FakeClock): it reads what
 * the test set, and moves only when the test sets or advances it.
 */
export class ManualClock implements Clock {
  current: Date;
  constructor(start: Date | string = '2026-01-05T09:00:00Z') {
    this.current = new Date(start);
  }
  now(): Date {
    return new Date(this.current.getTime());
  }
  set(instant: Date | string): void {
    this.current = new Date(instant);
  }
  advance(ms: number): void {
    this.current = new Date(this.current.getTime() + ms);
  }
}

/** The name most of core's tests know the same clock by. */
export { ManualClock as FixedClock };

export class SequentialIds implements IdGenerator {
  private next = 0;
  constructor(private readonly prefix = 'id') {}
  newId(): string {
    this.next += 1;
    return `${this.prefix}-${this.next}`;
  }
}

/** Runs the work directly; counts runs so a test can check a use case used one transaction. */
export class DirectUnitOfWork implements UnitOfWork {
  runs = 0;
  async run<T>(work: () => Promise<T>): Promise<T> {
    this.runs += 1;
    return work();
  }
}
