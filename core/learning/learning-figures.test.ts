import { describe, expect, it } from 'vitest';
import { Money } from '../money/money.ts';
import { splitPayment } from '../merchants/merchant-fee.ts';
import { annualRateForScore, loanLimit } from '../loans/loan-terms.ts';
import { reminderTimes } from '../contributions/contribution-reminders.ts';
import { lastEndedSettlementPeriod } from '../settlements/settlement-period.ts';
import { localDate, kigaliDateOf, dayOfWeek } from '../shared/calendar.ts';
import { learningFigures } from './learning-figures.ts';

const figures = learningFigures();

describe('learning figures are the rules the product applies', () => {
  it('the merchant fee and agent commission percents are those of the payment split', () => {
    const split = splitPayment(Money.ofFrancs(10_000), true);
    expect(split.fee.toWholeFrancs()).toBe((10_000 * figures.merchantFeePercent) / 100);
    expect(split.commission.toWholeFrancs()).toBe((10_000 * figures.agentCommissionPercent) / 100);
    expect(figures.merchantFeePercent + figures.merchantKeepsPercent).toBe(100);
  });

  it('the loan share of savings is the loan limit rule', () => {
    expect(loanLimit(Money.ofFrancs(400_000)).toWholeFrancs()).toBe((400_000 * figures.loanShareOfSavingsPercent) / 100);
    expect(loanLimit(Money.ofFrancs(1_000_000_000)).toWholeFrancs()).toBe(figures.maxLoanFrancs);
  });

  it('every rate band gives the rate the loan rules charge at its lowest score', () => {
    for (const band of figures.rateBands) expect(annualRateForScore(band.minScore) / 100).toBe(band.annualRatePercent);
    expect(figures.rateBands.at(-1)!.minScore).toBe(figures.creditScoreMin);
  });

  it('the reminder days are those of the reminder schedule', () => {
    const due = localDate(2026, 3, 20);
    const days = reminderTimes(due).map(({ at }) => 20 - kigaliDateOf(at).day);
    expect(days).toEqual(figures.reminderDaysBefore);
  });

  it('settlements run on the weekday the settled week ends, every 7 days', () => {
    const now = new Date(Date.UTC(2026, 5, 10, 8));
    const period = lastEndedSettlementPeriod(now);
    expect(figures.settlementPeriodDays).toBe(7);
    expect(figures.settlementWeekday).toBe('monday');
    expect(dayOfWeek(kigaliDateOf(period.end))).toBe(1);
  });

  it('commissions are paid on the first of the month, and the plain figures hold', () => {
    expect(figures.commissionPayoutDayOfMonth).toBe(1);
    expect(figures).toMatchObject({ currency: 'RWF', minimumAge: 18, faceMatchPercent: 80, minLoanFrancs: 10_000, reminderHour: 9 });
    expect(JSON.parse(JSON.stringify(figures))).toEqual(figures);
  });
});
