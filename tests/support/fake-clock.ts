import { ManualClock } from '../../core/shared/shared.fixtures.ts';

/** core's ManualClock (the one clock of the tests), started at the real time unless told otherwise. */
export class FakeClock extends ManualClock {
  constructor(start: Date = new Date()) {
    super(start);
  }
}
