/**
 * What the merchant screens and the public pay page derive from the API's answers.
 *
 * Guarantees:
 * - A transaction's customer reads as their name, else their phone number, else null (shown N/A).
 * - The QR file is named after the merchant code: `<merchantCode>.png`.
 * - An export period is two calendar dates (YYYY-MM-DD), the start on or before the end; the
 *   default is the last 30 days ending today in Kigali.
 * - A pay amount is whole francs (digits only: '1,000', '12.5' and '' are refused) from 100 to
 *   5,000,000 RWF, the server's bounds; the payer's number must be a Rwandan mobile number and is
 *   sent in E.164.
 * - Peak hours read as 'HH:00-HH:00' on the 24-hour clock of Kigali (the server gives them in
 *   Kigali time); a trend's sign is '+' when revenue grew, '−' when it fell, none when unchanged.
 */
import { normaliseRwandanMobile } from '../../lib/phone-number.ts';

export function customerLabel(transaction: { customerName?: string | null | undefined; customerPhoneNumber?: string | null | undefined }): string | null {
  const name = transaction.customerName?.trim();
  if (name) return name;
  const phone = transaction.customerPhoneNumber?.trim();
  return phone ? phone : null;
}

export function qrFileName(merchantCode: string): string {
  return `${merchantCode}.png`;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Today's date in Kigali as YYYY-MM-DD. */
export function kigaliDate(at: Date): string {
  // en-CA writes dates as YYYY-MM-DD.
  return at.toLocaleDateString('en-CA', { timeZone: 'Africa/Kigali' });
}

export function defaultExportPeriod(now: Date): { from: string; to: string } {
  const to = kigaliDate(now);
  const start = new Date(`${to}T00:00:00Z`);
  start.setUTCDate(start.getUTCDate() - 29);
  return { from: start.toISOString().slice(0, 10), to };
}

function isCalendarDate(text: string): boolean {
  if (!DATE.test(text)) return false;
  const at = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(at.getTime()) && at.toISOString().slice(0, 10) === text;
}

export function isExportPeriodValid(period: { from: string; to: string }): boolean {
  return isCalendarDate(period.from) && isCalendarDate(period.to) && period.from <= period.to;
}

export function exportFileName(merchantCode: string, kind: 'transactions' | 'settlements', period: { from: string; to: string }): string {
  return `${merchantCode}-${kind}-${period.from}-to-${period.to}.csv`;
}

export const PAY_MIN = 100;
export const PAY_MAX = 5_000_000;

export type PayFormError = 'amountWhole' | 'amountMin' | 'amountMax' | 'phoneInvalid';

export interface PayRequest {
  amount: number;
  phoneNumber: string;
}

/** The amount and number as sent, or which of them is wrong. */
/** The pay page's amount alone (a card payment needs no number): whole francs within the bounds. */
export function readPayAmount(amountText: string): { ok: true; value: number } | { ok: false; error: PayFormError } {
  const digits = amountText.trim();
  const amount = /^\d{1,12}$/.test(digits) ? Number(digits) : null;
  if (amount === null) return { ok: false, error: 'amountWhole' };
  if (amount < PAY_MIN) return { ok: false, error: 'amountMin' };
  if (amount > PAY_MAX) return { ok: false, error: 'amountMax' };
  return { ok: true, value: amount };
}

export function readPayForm(amountText: string, phoneText: string): { ok: true; value: PayRequest } | { ok: false; errors: Partial<Record<'amount' | 'phone', PayFormError>> } {
  const errors: Partial<Record<'amount' | 'phone', PayFormError>> = {};
  const amount = readPayAmount(amountText);
  if (!amount.ok) errors.amount = amount.error;
  const phoneNumber = normaliseRwandanMobile(phoneText);
  if (phoneNumber === null) errors.phone = 'phoneInvalid';
  if (!amount.ok || phoneNumber === null) return { ok: false, errors };
  return { ok: true, value: { amount: amount.value, phoneNumber } };
}

export function hourRange(startHour: number, endHour: number): { from: string; to: string } {
  const pad = (value: number) => `${String(((value % 24) + 24) % 24).padStart(2, '0')}:00`;
  return { from: pad(startHour), to: pad(endHour) };
}

export function trendSign(changePercent: number): '+' | '−' | '' {
  if (changePercent > 0) return '+';
  if (changePercent < 0) return '−';
  return '';
}
