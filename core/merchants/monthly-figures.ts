/**
 * A merchant's monthly figures (issue 27, DOMAIN "Business accounts": "the merchant's
 * transactions, settlements and monthly figures show every withholding"): for one Kigali calendar
 * month, the sales (count, gross), the fees kept, the reversals given back, the net the month's
 * sales earned, the settlements paid out and what was withheld for working capital.
 *
 * Guarantees
 * - Read from the ledger, so they reconcile with it by construction: every figure is the sum of
 *   the postings of one kind of entry dated in the month (Kigali midnight on the 1st to Kigali
 *   midnight on the next 1st) on the merchant's payable or receivable:
 *   sales = `merchant_payment_received` entries (gross: what they collected; net: what they
 *   credited the payable; fees = gross − net, the platform's fee and the agent's commission);
 *   reversals = `merchant_payment_reversed` (gross refunded to customers; net taken back from the
 *   merchant's receivable); settlements paid = `merchant_settlement_paid` debits of the payable,
 *   less the ones booked back after a failed payout (`reversal`); withheld = `working_capital_withheld`.
 *   The netting of reversals into a batch (payable → receivable) moves nothing the merchant earns
 *   and is left out.
 * - net = sales net − reversals net: what the month's trade left the merchant before payouts.
 * - A month is `YYYY-MM` from 2020-01 (`parseMonth`, `FIRST_YEAR`); ShowMonthlyFigures
 *   (core/merchants/show-monthly-figures.ts) reads them for the owner.
 */
import { Money } from '../money/money.ts';

/** One kind of ledger entry dated in the month that touched the merchant's payable or receivable. */
export interface MerchantEntryTotals {
  kind: string;
  /** How many such entries. */
  entries: number;
  /** The sum of their debits: the money each entry moved (a sale's gross, a reversal's refund). */
  volume: Money;
  /** Their postings on `merchant_payable:<id>`, debits positive. */
  payable: Money;
  /** Their postings on `merchant_receivable:<id>`, debits positive. */
  receivable: Money;
}

export interface MerchantMonthLedger {
  /** Per entry kind, the entries dated in [from, to) with a posting on the merchant's payable or receivable. */
  entryTotals(merchantId: string, from: Date, to: Date): Promise<MerchantEntryTotals[]>;
}

export interface MonthlyFigures {
  month: string;
  from: Date;
  to: Date;
  sales: { count: number; gross: Money; net: Money };
  fees: Money;
  reversals: { count: number; gross: Money; net: Money };
  net: Money;
  settlementsPaid: Money;
  withheldForWorkingCapital: Money;
}

export type MonthlyFiguresError = 'merchant_not_found' | 'month_invalid';

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;
export const FIRST_YEAR = 2020;


export function parseMonth(text: string): { year: number; month: number } | undefined {
  const match = MONTH.exec(text);
  return match ? { year: Number(match[1]), month: Number(match[2]) } : undefined;
}

/** The figures of a month's entry totals (see Guarantees). */
export function figuresFrom(totals: readonly MerchantEntryTotals[]): Omit<MonthlyFigures, 'month' | 'from' | 'to'> {
  const of = (kind: string): MerchantEntryTotals => totals.find((t) => t.kind === kind) ?? { kind, entries: 0, volume: Money.ZERO, payable: Money.ZERO, receivable: Money.ZERO };
  const sold = of('merchant_payment_received');
  const reversed = of('merchant_payment_reversed');
  // Credits to the payable are negative postings: what a sale earned the merchant is their opposite.
  const salesNet = Money.ZERO.minus(sold.payable);
  const reversalsNet = reversed.receivable;
  return {
    sales: { count: sold.entries, gross: sold.volume, net: salesNet },
    fees: sold.volume.minus(salesNet),
    reversals: { count: reversed.entries, gross: reversed.volume, net: reversalsNet },
    net: salesNet.minus(reversalsNet),
    // A failed payout's entry is reversed (kind `reversal`, a credit back to the payable).
    settlementsPaid: of('merchant_settlement_paid').payable.plus(of('reversal').payable),
    withheldForWorkingCapital: of('working_capital_withheld').payable,
  };
}
