import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { csv } from './csv.ts';

describe('csv', () => {
  it('writes a header row and CRLF rows that parse back to the same fields', () => {
    const text = csv(['Reference', 'Amount', 'Note'], [['R1', '1500.00', 'a, "quoted" note'], ['R2', -20, null]]);
    expect(text.endsWith('\r\n')).toBe(true);
    expect(parse(text)).toEqual([['Reference', 'Amount', 'Note'], ['R1', '1500.00', 'a, "quoted" note'], ['R2', '-20', '']]);
  });

  it('neutralises formulas and quotes a semicolon, but leaves negative numbers alone', () => {
    const text = csv(['A', 'B', 'C'], [['=HYPERLINK("x")', '-1500.50', 'x;y']]);
    expect(parse(text)[1]).toEqual([`'=HYPERLINK("x")`, '-1500.50', 'x;y']);
    expect(text).toContain('"x;y"');
  });
});
