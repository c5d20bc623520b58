import type { Clock } from '../../core/shared/clock.ts';

/** A clock the test moves by hand. */
export class FakeClock implements Clock {
  private current: Date;

  constructor(start: Date = new Date()) {
    this.current = new Date(start.getTime());
  }

  now(): Date {
    return new Date(this.current.getTime());
  }

  advance(ms: number): void {
    this.current = new Date(this.current.getTime() + ms);
  }
}
