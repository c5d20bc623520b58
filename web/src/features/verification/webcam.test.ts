import { describe, expect, it } from 'vitest';
import { cameraProblemOf, COUNTDOWN_FROM, COUNTDOWN_STEP_MS, INITIAL_WEBCAM, SMILE_MS, webcamReducer, webcamSupported, type WebcamEvent, type WebcamState } from './webcam.ts';

const run = (events: WebcamEvent[], from: WebcamState = INITIAL_WEBCAM) => events.reduce(webcamReducer, from);

describe('webcam states (spec part 1 §4: init, ready, captured, error)', () => {
  it('keeps the spec constants: countdown steps of 800 ms, Smile! for 1,500 ms', () => {
    expect([COUNTDOWN_FROM, COUNTDOWN_STEP_MS, SMILE_MS]).toEqual([3, 800, 1_500]);
  });

  it('goes init → ready → (3, 2, 1) → captured with Smile! → captured', () => {
    expect(run([{ type: 'streaming' }])).toEqual({ status: 'ready', countdown: null });
    expect(run([{ type: 'streaming' }, { type: 'capture' }])).toEqual({ status: 'ready', countdown: 3 });
    expect(run([{ type: 'streaming' }, { type: 'capture' }, { type: 'tick' }, { type: 'tick' }])).toEqual({ status: 'ready', countdown: 1 });
    const captured = run([{ type: 'streaming' }, { type: 'capture' }, { type: 'tick' }, { type: 'tick' }, { type: 'tick' }]);
    expect(captured).toEqual({ status: 'captured', smiling: true });
    expect(webcamReducer(captured, { type: 'smiled' })).toEqual({ status: 'captured', smiling: false });
  });

  it('ignores a capture before the camera streams and a second capture during the countdown', () => {
    expect(run([{ type: 'capture' }])).toEqual(INITIAL_WEBCAM);
    expect(run([{ type: 'streaming' }, { type: 'capture' }, { type: 'tick' }, { type: 'capture' }])).toEqual({ status: 'ready', countdown: 2 });
    expect(run([{ type: 'tick' }])).toEqual(INITIAL_WEBCAM);
  });

  it('goes to error with its reason, and back to init on retake', () => {
    const failed = run([{ type: 'failed', problem: 'denied' }]);
    expect(failed).toEqual({ status: 'error', problem: 'denied' });
    expect(webcamReducer(failed, { type: 'retake' })).toEqual(INITIAL_WEBCAM);
    expect(run([{ type: 'streaming' }, { type: 'capture' }, { type: 'tick' }, { type: 'tick' }, { type: 'tick' }, { type: 'retake' }])).toEqual(INITIAL_WEBCAM);
  });

  it('names the camera problem from the browser error', () => {
    expect(webcamSupported(undefined)).toBe(false);
    expect(webcamSupported({})).toBe(false);
    expect(webcamSupported({ getUserMedia: () => undefined })).toBe(true);
    expect(cameraProblemOf({ name: 'NotAllowedError' })).toBe('denied');
    expect(cameraProblemOf({ name: 'NotFoundError' })).toBe('unavailable');
    expect(cameraProblemOf({ name: 'NotReadableError' })).toBe('unavailable');
    expect(cameraProblemOf({ name: 'TypeError' })).toBe('unsupported');
    expect(cameraProblemOf(new Error('x'))).toBe('failed');
    expect(cameraProblemOf(null)).toBe('failed');
  });
});
