/**
 * ShowMerchantStatement: a merchant's statement of one Kigali month (issue 28 "Statements and
 * reports"): the month's figures (core/merchants/show-monthly-figures.ts, the same use case the figures
 * card calls) and one line per movement of what the platform owes the merchant: each sale with its
 * fee, each reversal given back, each settlement paid out (or booked back after a failed payout)
 * and each working-capital withholding.
 *
 * Guarantees
 * - Owner only, and the month's rules, exactly as ShowMonthlyFigures (`merchant_not_found`,
 *   `month_invalid`): it is called first.
 * - A line's `change` is what the movement did to the merchant's balance with the platform (the
 *   postings on `merchant_payable:<id>` less those on `merchant_receivable:<id>`), so the lines sum
 *   to `figures.net − figures.settlementsPaid − figures.withheldForWorkingCapital`. The netting of
 *   reversals into a settlement batch changes nothing the merchant is owed and is left out, as in
 *   the figures.
 */
import type { RegisteredMerchant } from '../merchants/merchant-profile.ts';
import type { MonthlyFigures, MonthlyFiguresError } from '../merchants/monthly-figures.ts';
import { ShowMonthlyFigures, type ShowMonthlyFiguresDeps } from '../merchants/show-monthly-figures.ts';
import { accounts } from '../ledger/accounts.ts';
import { Money } from '../money/money.ts';
import { err, ok, type Result } from '../shared/result.ts';
import type { LedgerLine, StatementLedger } from './ports.ts';

export const MERCHANT_LINE_KINDS = ['sale', 'reversal', 'settlement', 'settlement_returned', 'withheld', 'other'] as const;
export type MerchantLineKind = (typeof MERCHANT_LINE_KINDS)[number];

const LINE_KINDS: Readonly<Record<string, MerchantLineKind>> = {
  merchant_payment_received: 'sale',
  merchant_payment_reversed: 'reversal',
  merchant_settlement_paid: 'settlement',
  working_capital_withheld: 'withheld',
};

export interface MerchantStatementLine {
  at: Date;
  kind: MerchantLineKind;
  reference: string | null;
  /** A sale's or a reversal's whole amount (what the customer paid or got back); null for the others. */
  gross: Money | null;
  /** A sale's fee (gross − what it earned the merchant); null for the others. */
  fee: Money | null;
  /** What the movement did to what the platform owes the merchant: positive a sale, negative the rest. */
  change: Money;
}

export interface MerchantStatement {
  merchant: { id: string; businessName: string; merchantCode: string };
  figures: MonthlyFigures;
  lines: MerchantStatementLine[];
  /** The lines' sum: figures.net − settlementsPaid − withheldForWorkingCapital. */
  change: Money;
}

export interface ShowMerchantStatementDeps extends ShowMonthlyFiguresDeps {
  statementLedger: StatementLedger;
}

const NETTING = 'merchant_reversals_netted';

function lineOf(entry: readonly LedgerLine[], merchantId: string): MerchantStatementLine {
  const first = entry[0]!;
  const on = (account: string) => Money.sum(entry.filter((l) => l.account === account).map((l) => l.amount));
  const change = on(accounts.merchantPayable(merchantId)).minus(on(accounts.merchantReceivable(merchantId)));
  const kind = first.entryKind === 'reversal' ? (first.reversedKind === 'merchant_settlement_paid' ? 'settlement_returned' : 'other') : (LINE_KINDS[first.entryKind] ?? 'other');
  const gross = kind === 'sale' || kind === 'reversal' ? first.entryTotal : null;
  return { at: first.at, kind, reference: first.reference, gross, fee: kind === 'sale' ? first.entryTotal.minus(change) : null, change };
}

export class ShowMerchantStatement {
  constructor(private readonly deps: ShowMerchantStatementDeps) {}

  async execute(input: { merchantId: string; userId: string; month?: string | undefined }): Promise<Result<MerchantStatement, MonthlyFiguresError>> {
    const figures = await new ShowMonthlyFigures(this.deps).execute({ merchantId: input.merchantId, userId: input.userId, ...(input.month !== undefined ? { month: input.month } : {}) });
    if (!figures.ok) return figures;
    const merchant: RegisteredMerchant | undefined = await this.deps.registry.findRegistered(input.merchantId);
    if (!merchant) return err('merchant_not_found');
    const lines = await this.deps.statementLedger.lines([accounts.merchantPayable(merchant.id), accounts.merchantReceivable(merchant.id)], { from: figures.value.from, to: figures.value.to });
    const entries = new Map<string, LedgerLine[]>();
    for (const l of lines) if (l.entryKind !== NETTING) entries.set(l.entryId, [...(entries.get(l.entryId) ?? []), l]);
    const statementLines = [...entries.values()].map((entry) => lineOf(entry, merchant.id));
    return ok({
      merchant: { id: merchant.id, businessName: merchant.businessName, merchantCode: merchant.merchantCode },
      figures: figures.value,
      lines: statementLines,
      change: Money.sum(statementLines.map((l) => l.change)),
    });
  }
}
