/**
 * A payment's status on the owner's transactions list (the rows of /merchant/payments): a card
 * refund under way reads "Refund pending" with when it was asked, in each language; once done the
 * payment reads reversed with when and why; a failed refund (none on the payment) leaves it completed.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { createI18n, loadLanguage, loadScreenTexts } from '../../lib/i18n.ts';
import { transactionStatusText } from './transaction-status.ts';

beforeAll(async () => {
  await Promise.all([loadScreenTexts(), ...(['fr', 'rw', 'sw'] as const).map((code) => loadLanguage(code))]);
});

const date = (iso: string) => iso.slice(0, 10);
const pending = { status: 'completed', reversedAt: null, reversalReason: null, refund: { status: 'pending', requestedAt: '2026-11-18T10:00:00Z' } };

describe("a payment's status on the owner's list", () => {
  it('reads "Refund pending" while a card refund is under way, with the day it was asked, in each language', () => {
    expect(transactionStatusText(createI18n('en').t, date, pending)).toEqual({
      label: 'Refund pending',
      tone: 'waiting',
      note: 'Refund to the card asked on 2026-11-18: reversed once the card is refunded',
    });
    const english = transactionStatusText(createI18n('en').t, date, pending);
    for (const language of ['fr', 'rw', 'sw'] as const) {
      const words = transactionStatusText(createI18n(language).t, date, pending);
      expect(words.label, language).not.toBe(english.label);
      expect(words.note, language).not.toBe(english.note);
      expect(words.note, language).toContain('2026-11-18');
      expect(`${words.label} ${words.note}`, language).not.toMatch(/merchantPayments|refund/);
    }
    expect(transactionStatusText(createI18n('rw').t, date, pending).label).toBe('Gusubiza amafaranga biracyategerejwe');
  });

  it('reads reversed once refunded, and completed when there is no refund (or it failed)', () => {
    const t = createI18n('en').t;
    const reversed = { status: 'reversed', reversedAt: '2026-11-19T08:00:00Z', reversalReason: 'Goods returned', refund: { status: 'completed', requestedAt: '2026-11-18T10:00:00Z' } };
    expect(transactionStatusText(t, date, reversed)).toEqual({ label: 'Reversed', tone: 'over', note: 'Reversed on 2026-11-19: Goods returned' });
    expect(transactionStatusText(t, date, { status: 'completed', refund: null })).toEqual({ label: 'Completed', tone: 'done', note: null });
    expect(transactionStatusText(t, date, { status: 'failed' })).toEqual({ label: 'Failed', tone: 'over', note: null });
  });
});
