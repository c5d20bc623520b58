/**
 * Webcam capture (spec part 1 §4 and §8–§9): the states init, ready, captured and error; the
 * countdown before a capture; and which message a camera failure shows.
 *
 * Guarantees:
 * - `init` while the camera is being asked for; `ready` once it streams; `captured` once a frame
 *   is taken (the stream is stopped then); `error` with a reason when it cannot stream. Retaking
 *   goes back to `init`.
 * - A capture counts down 3, 2, 1 (one step every 800 ms, the spec's countdown), then shows
 *   'Smile!' for 1,500 ms and takes the frame as 'Smile!' appears. A capture asked for while not
 *   `ready`, or while a countdown runs, does nothing.
 * - Without `navigator.mediaDevices.getUserMedia` (an old browser, a page not served securely)
 *   the reason is `unsupported` ('Webcam access not supported'); a refused permission is `denied`
 *   (allow camera access); no camera, or one in use elsewhere, is `unavailable`.
 */
export const COUNTDOWN_FROM = 3;
export const COUNTDOWN_STEP_MS = 800;
export const SMILE_MS = 1_500;

export type CameraProblem = 'unsupported' | 'denied' | 'unavailable' | 'failed';

export type WebcamState =
  | { status: 'init' }
  | { status: 'ready'; countdown: number | null }
  | { status: 'captured'; smiling: boolean }
  | { status: 'error'; problem: CameraProblem };

export type WebcamEvent =
  | { type: 'streaming' }
  | { type: 'failed'; problem: CameraProblem }
  | { type: 'capture' }
  | { type: 'tick' }
  | { type: 'smiled' }
  | { type: 'retake' };

export const INITIAL_WEBCAM: WebcamState = { status: 'init' };

export function webcamReducer(state: WebcamState, event: WebcamEvent): WebcamState {
  switch (event.type) {
    case 'streaming':
      return state.status === 'init' ? { status: 'ready', countdown: null } : state;
    case 'failed':
      return state.status === 'captured' ? state : { status: 'error', problem: event.problem };
    case 'capture':
      return state.status === 'ready' && state.countdown === null ? { status: 'ready', countdown: COUNTDOWN_FROM } : state;
    case 'tick':
      if (state.status !== 'ready' || state.countdown === null) return state;
      // The last step ends the countdown: the frame is taken as 'Smile!' shows.
      return state.countdown > 1 ? { status: 'ready', countdown: state.countdown - 1 } : { status: 'captured', smiling: true };
    case 'smiled':
      return state.status === 'captured' ? { status: 'captured', smiling: false } : state;
    case 'retake':
      return INITIAL_WEBCAM;
  }
}

/** Whether the browser can stream a camera at all. */
export function webcamSupported(media: { getUserMedia?: unknown } | undefined): boolean {
  return typeof media?.getUserMedia === 'function';
}

/** The reason a getUserMedia rejection names (DOMException names, per the Media Capture spec). */
export function cameraProblemOf(error: unknown): CameraProblem {
  const name = (error as { name?: unknown } | null)?.name;
  if (name === 'NotAllowedError' || name === 'SecurityError' || name === 'PermissionDeniedError') return 'denied';
  if (name === 'NotFoundError' || name === 'DevicesNotFoundError' || name === 'OverconstrainedError' || name === 'NotReadableError' || name === 'TrackStartError') return 'unavailable';
  if (name === 'TypeError' || name === 'NotSupportedError') return 'unsupported';
  return 'failed';
}
