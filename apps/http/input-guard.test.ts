import { describe, expect, it } from 'vitest';
import { controlCharacterPath, hasControlCharacters } from './input-guard.ts';

describe('control characters at the edge', () => {
  it('refuses C0 controls and DEL, keeps tab, line feed, carriage return and any printable unicode', () => {
    for (const code of [0x00, 0x01, 0x07, 0x08, 0x0b, 0x0c, 0x0e, 0x1b, 0x1f, 0x7f]) expect(hasControlCharacters(`a${String.fromCharCode(code)}b`), `U+${code.toString(16)}`).toBe(true);
    for (const text of ['line one\nline two\r\n\tindented', 'Ñyárûgénge 🙂 مرحبا', '\u00a0\u0085\u2028', '']) expect(hasControlCharacters(text)).toBe(false);
  });

  it('refuses the bidirectional embeddings, overrides and isolates that make a name read as another, keeps the plain marks', () => {
    for (const code of [0x202a, 0x202b, 0x202c, 0x202d, 0x202e, 0x2066, 0x2067, 0x2068, 0x2069]) expect(hasControlCharacters(`Shop${String.fromCharCode(code)}gnik`), `U+${code.toString(16)}`).toBe(true);
    expect(hasControlCharacters('Shop\u200e \u200f')).toBe(false);
  });

  it('names where in a body the first refused character is, keys included', () => {
    expect(controlCharacterPath({ name: 'ok', members: [{ note: 'fine' }, { note: 'bad\u0000' }] })).toBe('members.1.note');
    expect(controlCharacterPath({ ['ke\u0001y']: 'value' })).toBe('ke\u0001y');
    expect(controlCharacterPath('plain\u0000')).toBe('');
    expect(controlCharacterPath({ amount: 5000, ok: true, nothing: null, text: 'a\tb' })).toBeNull();
  });

  it('walks a deeply nested body without exhausting the stack', () => {
    let deep: unknown = 'end\u0000';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(controlCharacterPath(deep)).toBe(Array.from({ length: 100_000 }, () => '0').join('.'));
  });
});
