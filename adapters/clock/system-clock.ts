import type { Clock } from '../../core/shared/clock.ts';

export class SystemClock implements Clock {
  now(): Date {
    return new Date();
  }
}
