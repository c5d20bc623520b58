import { describe, expect, it } from 'vitest';
import { clock, DEMO_CHAPTER_NAMES, DEMO_SEGMENTS, DEMO_VIDEO_SECONDS, segmentAt } from '../../../shared/demo-video.ts';
import { enScreens } from '../../locales/en-screens.ts';

describe('demo chapters', () => {
  it('are the six of the specification, back to back, filling the 7 minutes', () => {
    expect(DEMO_SEGMENTS.map((s) => `${clock(s.start)}-${clock(s.end)}`)).toEqual(['0:00-0:45', '0:45-2:00', '2:00-3:15', '3:15-4:30', '4:30-5:45', '5:45-7:00']);
    expect(DEMO_SEGMENTS.at(-1)!.end).toBe(DEMO_VIDEO_SECONDS);
  });

  it('finds the chapter playing at a time', () => {
    expect(segmentAt(0)).toBe('welcome');
    expect(segmentAt(45)).toBe('dashboard');
    expect(segmentAt(419.9)).toBe('everywhere');
    expect(segmentAt(10_000)).toBe('everywhere');
  });

  it('are named in the video as on the /demo page in English', () => {
    expect(enScreens.demo.segments).toEqual(DEMO_CHAPTER_NAMES);
  });
});
