/**
 * CSV files the app hands out (a merchant's transactions and settlements, statements), written by
 * csv-stringify: a header row, RFC 4180 quoting, CRLF line ends.
 *
 * Guarantees
 * - A field that begins with = + - @ or a tab/carriage return and is not a plain number gets a
 *   leading `'`, so a spreadsheet never runs it as a formula (formula injection).
 * - A field with `;` is quoted as well as one with `,` `"` or a line break: a spreadsheet in a
 *   locale whose separator is `;` (French) would otherwise start a new cell after it.
 * - null is an empty field.
 */
import { stringify } from 'csv-stringify/sync';

export type CsvValue = string | number | null;

const FORMULA = /^[=+\-@\t\r]/;
const NUMBER = /^-?\d+(\.\d+)?$/;

function neutralised(text: string): string {
  return FORMULA.test(text) && !NUMBER.test(text) ? `'${text}` : text;
}

export function csv(header: readonly string[], rows: readonly (readonly CsvValue[])[]): string {
  return stringify([header, ...rows] as CsvValue[][], {
    record_delimiter: 'windows',
    quoted_match: /;/,
    cast: { string: neutralised },
  });
}
