/** Fakes of the shared ports, for core tests: a settable clock, counting ids, a pass-through unit of work. */
import type { Clock, IdGenerator } from './clock.ts';
import type { UnitOfWork } from './unit-of-work.ts';

export class FixedClock implements Clock {
  constructor(private instant: Date) {}
  now(): Date {
    return new Date(this.instant);
  }
  set(instant: Date | string): void {
    this.instant = new Date(instant);
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

/** Runs the work directly; counts runs so a test can check a use case used one transaction. */
export class DirectUnitOfWork implements UnitOfWork {
  runs = 0;
  async run<T>(work: () => Promise<T>): Promise<T> {
    this.runs += 1;
    return work();
  }
}
