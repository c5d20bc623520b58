import { describe, expect, it } from 'vitest';
import { foldNavigation, MAX_INPUTS, MAX_TEXT_LENGTH, splitText } from './input-path.ts';

function path(text: string): string[] {
  const split = splitText(text);
  if (!split.ok) throw new Error(split.error);
  return foldNavigation(split.inputs).map((i) => i.value);
}

describe('input path', () => {
  it('reads the first request, whose text is empty, as no input at all', () => {
    expect(splitText('')).toEqual({ ok: true, inputs: [] });
  });

  it('keeps each input with its position in the raw text', () => {
    expect(splitText('1*2*5000')).toEqual({ ok: true, inputs: [{ value: '1', at: 0 }, { value: '2', at: 1 }, { value: '5000', at: 2 }] });
  });

  it('keeps an empty input in the middle and trims spaces', () => {
    expect(path('1** 2 ')).toEqual(['1', '', '2']);
  });

  it('0 removes the input before it and is never part of the path', () => {
    expect(path('1*2*0')).toEqual(['1']);
    expect(path('1*2*0*3')).toEqual(['1', '3']);
    expect(path('0*0*1')).toEqual(['1']);
  });

  it('00 removes every input before it', () => {
    expect(path('1*2*3*00')).toEqual([]);
    expect(path('1*2*00*4*5')).toEqual(['4', '5']);
  });

  it('folded inputs keep their raw positions', () => {
    const split = splitText('1*2*0*3');
    expect(split.ok && foldNavigation(split.inputs)).toEqual([{ value: '1', at: 0 }, { value: '3', at: 3 }]);
  });

  it('refuses a 10 kB text at once, before splitting it', () => {
    const started = performance.now();
    expect(splitText('1*'.repeat(5_000))).toEqual({ ok: false, error: 'text_too_long' });
    expect(splitText('x'.repeat(MAX_TEXT_LENGTH + 1))).toEqual({ ok: false, error: 'text_too_long' });
    expect(performance.now() - started).toBeLessThan(50);
  });

  it('refuses more than MAX_INPUTS inputs even in a short text', () => {
    expect(splitText('*'.repeat(MAX_INPUTS)).ok).toBe(false);
    expect(splitText('*'.repeat(MAX_INPUTS - 1)).ok).toBe(true);
  });
});
