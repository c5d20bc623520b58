/**
 * The demo video, as the /demo page (web/src/features/demo) and its recorder
 * (scripts/demo/record-demo.ts) both need it: web/shared/ is plain TypeScript that the browser
 * client and Node tools import alike (.dependency-cruiser.cjs "web-shared-is-plain").
 *
 * The demo video's six chapters (spec part 2 "Demo": 7 minutes; 0:00-0:45, 0:45-2:00,
 * 2:00-3:15, 3:15-4:30, 4:30-5:45, 5:45-7:00). scripts/demo/record-demo.ts records the product's
 * journeys to exactly these times, so a chapter on the timeline is the chapter in the video.
 */
export const DEMO_VIDEO_SECONDS = 7 * 60;

export const DEMO_SEGMENTS = [
  { key: 'welcome', start: 0, end: 45 },
  { key: 'dashboard', start: 45, end: 120 },
  { key: 'tontines', start: 120, end: 195 },
  { key: 'loans', start: 195, end: 270 },
  { key: 'learning', start: 270, end: 345 },
  { key: 'everywhere', start: 345, end: 420 },
] as const;

export type DemoSegmentKey = (typeof DEMO_SEGMENTS)[number]['key'];

/**
 * The chapters' English names, as the recorder burns them into the video: the /demo page's English
 * texts say the same (web/src/locales/en-screens.ts; a test holds them equal), and fr, rw and sw
 * translate them there.
 */
export const DEMO_CHAPTER_NAMES = {
  welcome: 'Welcome and sign up',
  dashboard: 'Your dashboard',
  tontines: 'Tontines and contributions',
  loans: 'Loans and credit score',
  learning: 'Learning and the assistant',
  everywhere: 'Languages, themes and security',
} satisfies Record<DemoSegmentKey, string>;

export const DEMO_VIDEO_URL = '/demo/ikimina-demo.webm';
export const DEMO_POSTER_URL = '/demo/ikimina-demo-poster.jpg';

/** 0:45, 2:00, 7:00. */
export function clock(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}

/** The chapter playing at `seconds` (the last one at or after the end). */
export function segmentAt(seconds: number): DemoSegmentKey {
  return (DEMO_SEGMENTS.find((segment) => seconds < segment.end) ?? DEMO_SEGMENTS[DEMO_SEGMENTS.length - 1]!).key;
}
