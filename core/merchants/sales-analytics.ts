/**
 * 'AI Business Analytics' from a merchant's real sales, replacing the specification's static text.
 *
 * Guarantees
 * - Only completed transactions count. Weeks are Kigali settlement weeks (Monday 00:00).
 * - revenueTrendPercent compares the last 4 complete weeks with the 4 before them (null without
 *   8 weeks of history or with nothing in the earlier 4); the next-week forecast is the mean of
 *   the last 4 complete weeks (null without one complete week), half-even to the centime.
 * - peakHours is the 2-hour window of the Kigali day with the most payments (null without any).
 * - Every figure says what it rests on: historyDays (first sale to now) and transactionsAnalysed.
 * - The owner reads them through ShowSalesAnalytics (core/merchants/show-sales-analytics.ts).
 */
import { divideHalfEven, Money } from '../money/money.ts';
import { KIGALI_UTC_OFFSET_HOURS } from '../shared/calendar.ts';
import { settlementPeriodContaining } from '../settlements/settlement-period.ts';
import type { MerchantTransaction } from './merchant-transaction.ts';

const DAY_MS = 86_400_000;
const WEEK_MS = 7 * DAY_MS;

export interface SalesAnalytics {
  transactionsAnalysed: number;
  historyDays: number;
  completeWeeks: number;
  weeklyRevenue: { weekStart: Date; revenue: Money; transactions: number }[];
  revenueTrendPercent: number | null;
  nextWeekForecast: Money | null;
  peakHours: { startHour: number; endHour: number; transactions: number } | null;
}

export function salesAnalytics(transactions: readonly MerchantTransaction[], now: Date): SalesAnalytics {
  const sales = transactions.filter((t) => t.status === 'completed' && t.completedAt !== undefined);
  const currentWeek = settlementPeriodContaining(now).start.getTime();
  const first = sales.reduce((min, t) => Math.min(min, t.completedAt!.getTime()), Number.POSITIVE_INFINITY);
  const firstWeek = sales.length ? settlementPeriodContaining(new Date(first)).start.getTime() : currentWeek;
  const weeks: SalesAnalytics['weeklyRevenue'] = [];
  for (let start = firstWeek; start < currentWeek; start += WEEK_MS) weeks.push({ weekStart: new Date(start), revenue: Money.ZERO, transactions: 0 });
  const hours = new Array<number>(24).fill(0);
  for (const sale of sales) {
    const at = sale.completedAt!.getTime();
    hours[(new Date(at).getUTCHours() + KIGALI_UTC_OFFSET_HOURS) % 24]! += 1;
    const index = Math.floor((settlementPeriodContaining(sale.completedAt!).start.getTime() - firstWeek) / WEEK_MS);
    const week = weeks[index];
    if (week) weeks[index] = { ...week, revenue: week.revenue.plus(sale.amount), transactions: week.transactions + 1 };
  }
  const revenueOf = (ws: typeof weeks) => Money.sum(ws.map((w) => w.revenue));
  const last4 = weeks.slice(-4);
  const previous4 = weeks.length >= 8 ? weeks.slice(-8, -4) : [];
  const before = revenueOf(previous4);
  const trend = previous4.length === 4 && before.isPositive() ? Math.round(((revenueOf(last4).centimes - before.centimes) / before.centimes) * 1000) / 10 : null;
  let peak: SalesAnalytics['peakHours'] = null;
  for (let h = 0; h < 24; h++) {
    const count = hours[h]! + hours[(h + 1) % 24]!;
    if (count > 0 && (!peak || count > peak.transactions)) peak = { startHour: h, endHour: (h + 2) % 24, transactions: count };
  }
  return {
    transactionsAnalysed: sales.length,
    // Sales all made today cover one day, not "0 days" (what the card read on a first day of trading).
    historyDays: sales.length ? Math.max(1, Math.floor((now.getTime() - first) / DAY_MS)) : 0,
    completeWeeks: weeks.length,
    weeklyRevenue: weeks.slice(-12),
    revenueTrendPercent: trend,
    nextWeekForecast: last4.length ? Money.ofCentimes(Number(divideHalfEven(BigInt(revenueOf(last4).centimes), BigInt(last4.length)))) : null,
    peakHours: peak,
  };
}

