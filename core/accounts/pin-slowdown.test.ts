import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { delayAfter, FRESH_PIN_ACCESS, MAX_DELAY_MS, type PinAccess, recordPinAttempt, slowedUntil, STREAK_MEMORY_MS } from './pin-slowdown.ts';

const NOW = new Date('2026-03-10T08:00:00Z');
const MINUTE = 60_000;
const at = (ms: number) => new Date(NOW.getTime() + ms);

/** A phone's tries at the given offsets (ms, ascending), each right or wrong; refused tries are not recorded, as the menu does. */
function replay(tries: readonly { offset: number; right: boolean }[]) {
  let access: PinAccess = FRESH_PIN_ACCESS;
  const checked: { offset: number; right: boolean }[] = [];
  for (const attempt of tries) {
    if (slowedUntil(access, at(attempt.offset))) continue;
    access = recordPinAttempt(access, attempt.right, at(attempt.offset)).access;
    checked.push(attempt);
  }
  return { access, checked };
}

const tries = fc
  .array(fc.record({ gap: fc.integer({ min: 0, max: 20 * MINUTE }), right: fc.boolean() }), { maxLength: 60 })
  .map((list) => {
    let offset = 0;
    return list.map(({ gap, right }) => ({ offset: (offset += gap), right }));
  });

describe('USSD PIN slow-down', () => {
  it('two wrong PINs cost nothing; then each wrong PIN waits 1, 2, 4, 8, then at most 15 minutes', () => {
    let access: PinAccess = FRESH_PIN_ACCESS;
    let now = NOW;
    const outcomes = [];
    for (let i = 0; i < 8; i++) {
      const attempt = recordPinAttempt(access, false, now);
      access = attempt.access;
      outcomes.push(attempt.outcome.kind === 'slowed' ? (attempt.outcome.until.getTime() - now.getTime()) / MINUTE : attempt.outcome);
      now = slowedUntil(access, now) ?? now;
    }
    expect(outcomes).toEqual([{ kind: 'wrong', attemptsLeft: 2 }, { kind: 'wrong', attemptsLeft: 1 }, 1, 2, 4, 8, 15, 15]);
    expect([0, 1, 2, 3, 4, 7, 100, 10_000].map(delayAfter)).toEqual([0, 0, 0, MINUTE, 2 * MINUTE, 15 * MINUTE, 15 * MINUTE, 15 * MINUTE]);
  });

  it('a try is refused until the wait is over, and then checked', () => {
    const slowed = recordPinAttempt({ wrongInARow: 2, lastWrongAt: NOW.toISOString(), retryAt: null }, false, NOW).access;
    expect(slowedUntil(slowed, at(MINUTE - 1))).toEqual(at(MINUTE));
    expect(slowedUntil(slowed, at(MINUTE))).toBeNull();
    expect(recordPinAttempt(slowed, true, at(MINUTE))).toEqual({ access: FRESH_PIN_ACCESS, outcome: { kind: 'right' } });
  });

  it('a run of wrong PINs is forgotten a day after its last one', () => {
    const long = { wrongInARow: 9, lastWrongAt: NOW.toISOString(), retryAt: at(MAX_DELAY_MS).toISOString() };
    expect(recordPinAttempt(long, false, at(STREAK_MEMORY_MS - 1)).outcome).toEqual({ kind: 'slowed', until: at(STREAK_MEMORY_MS - 1 + MAX_DELAY_MS) });
    expect(recordPinAttempt(long, false, at(STREAK_MEMORY_MS)).outcome).toEqual({ kind: 'wrong', attemptsLeft: 2 });
  });

  it('property: whatever anyone types, the phone is never kept waiting more than 15 minutes after the last checked wrong PIN', () => {
    fc.assert(
      fc.property(tries, (list) => {
        const { access, checked } = replay(list);
        const lastWrong = checked.filter((t) => !t.right).at(-1);
        const until = access.retryAt === null ? null : new Date(access.retryAt).getTime();
        if (until !== null) expect(until - at(lastWrong!.offset).getTime()).toBeLessThanOrEqual(MAX_DELAY_MS);
        // So the owner's right PIN, 15 minutes after the last try of anyone, always opens.
        const ownerAt = (list.at(-1)?.offset ?? 0) + MAX_DELAY_MS;
        expect(slowedUntil(access, at(ownerAt))).toBeNull();
      }),
    );
  });

  it('property: refused tries change nothing, so hammering neither grows nor renews the wait', () => {
    fc.assert(
      fc.property(tries, fc.array(fc.integer({ min: 0, max: 20 * MINUTE }), { maxLength: 30 }), (list, extra) => {
        // The same tries, plus wrong ones at random moments: those that land in a wait are dropped.
        const hammered = [...list, ...extra.map((offset) => ({ offset, right: false }))].sort((a, b) => a.offset - b.offset);
        const { checked } = replay(hammered);
        for (const attempt of checked) expect(hammered).toContain(attempt);
        const { access } = replay(checked);
        expect(access).toEqual(replay(hammered).access);
      }),
    );
  });

  it('property: a guesser gets at most 9 checked tries in any hour, and 4 an hour once the wait is at its cap (about 100 a day)', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 5 * MINUTE }), { minLength: 1, maxLength: 400 }), (gaps) => {
        let offset = 0;
        const wrongs = gaps.map((gap) => ({ offset: (offset += gap), right: false }));
        const { checked } = replay(wrongs);
        for (const start of checked) {
          const inHour = checked.filter((t) => t.offset >= start.offset && t.offset < start.offset + 60 * MINUTE);
          // 3 at once, then after 1, 2, 4, 8 and 15, 15 minutes.
          expect(inHour.length).toBeLessThanOrEqual(9);
        }
        const afterWarmUp = checked.filter((t) => t.offset >= 60 * MINUTE && t.offset < 120 * MINUTE);
        expect(afterWarmUp.length).toBeLessThanOrEqual(4);
      }),
    );
  });
});
