/**
 * A merchant's figures for one Kigali calendar month (GET /api/merchants/{id}/monthly-figures),
 * read from the ledger (core/merchants/monthly-figures.ts says what each figure sums).
 *
 * Guarantees
 * - Owner only: another member's merchant, or an unknown one, answers `merchant_not_found`.
 * - A month is `YYYY-MM` from 2020-01 up to the current Kigali month (`month_invalid` otherwise);
 *   left out, it is the current one.
 */
import { kigaliDateOf, kigaliInstant } from '../shared/calendar.ts';
import type { Clock } from '../shared/clock.ts';
import { err, ok, type Result } from '../shared/result.ts';
import { ownedMerchant } from './merchant-access.ts';
import { figuresFrom, parseMonth, FIRST_YEAR, type MerchantMonthLedger, type MonthlyFigures, type MonthlyFiguresError } from './monthly-figures.ts';
import type { MerchantRegistry } from './ports.ts';

export interface ShowMonthlyFiguresDeps {
  registry: Pick<MerchantRegistry, 'findRegistered'>;
  ledger: MerchantMonthLedger;
  clock: Clock;
}

export class ShowMonthlyFigures {
  constructor(private readonly deps: ShowMonthlyFiguresDeps) {}

  async execute(input: { merchantId: string; userId: string; month?: string }): Promise<Result<MonthlyFigures, MonthlyFiguresError>> {
    const owned = await ownedMerchant(this.deps.registry, input);
    if (!owned.ok) return owned;
    const today = kigaliDateOf(this.deps.clock.now());
    const current = { year: today.year, month: today.month };
    const asked = input.month === undefined ? current : parseMonth(input.month);
    if (!asked || asked.year < FIRST_YEAR || asked.year * 12 + asked.month > current.year * 12 + current.month) return err('month_invalid');
    const from = kigaliInstant({ year: asked.year, month: asked.month, day: 1 });
    const next = asked.month === 12 ? { year: asked.year + 1, month: 1 } : { year: asked.year, month: asked.month + 1 };
    const to = kigaliInstant({ ...next, day: 1 });
    const totals = await this.deps.ledger.entryTotals(input.merchantId, from, to);
    return ok({ month: `${asked.year}-${String(asked.month).padStart(2, '0')}`, from, to, ...figuresFrom(totals) });
  }
}
