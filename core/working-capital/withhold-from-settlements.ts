/**
 * WithholdFromSettlements: the settlement's withholding (core/settlements SettlementWithholding)
 * for merchants repaying working capital.
 *
 * Guarantees
 * - For each new batch whose merchant has working capital active or overdue: 10 % of the batch's
 *   whole-franc payout, whole francs, never more than owed (`withholdingFor`); a batch is only
 *   made for a week with sales (or a carried amount), so a week with no sales withholds nothing.
 * - Booked as a repayment from the merchant's payable (book-repayment.ts), keyed by the batch, in
 *   the settlement's unit of work: the batch then pays out the rest, so fee, net, withholding and
 *   payout balance in the ledger.
 * - Once per batch: a batch that already has its withholding is skipped.
 * - The owner is told what was withheld and what is left.
 */
import { accounts } from '../ledger/accounts.ts';
import type { JournalWriter } from '../ledger/ports.ts';
import type { Money } from '../money/money.ts';
import type { SettlementWithholding } from '../settlements/ports.ts';
import type { SettlementBatch } from '../settlements/settlement-batch.ts';
import type { IdGenerator } from '../shared/clock.ts';
import type { Notifier } from '../tontines/ports.ts';
import { bookRepayment } from './book-repayment.ts';
import type { WorkingCapitalLoans, WorkingCapitalRepayments } from './ports.ts';
import { owedOn, withholdingFor } from './working-capital.ts';
import { repaidNotice } from './working-capital-notices.ts';

export interface WithholdFromSettlementsDeps {
  loans: Pick<WorkingCapitalLoans, 'repayingFor' | 'save'>;
  repayments: Pick<WorkingCapitalRepayments, 'add' | 'listByReferences'>;
  journal: JournalWriter;
  notifier: Notifier;
  ids: IdGenerator;
}

export class WithholdFromSettlements implements SettlementWithholding {
  constructor(private readonly deps: WithholdFromSettlementsDeps) {}

  async withholdFrom(batches: readonly SettlementBatch[]): Promise<ReadonlyMap<string, Money>> {
    const withheld = new Map<string, Money>();
    const paying = batches.filter((b) => b.payoutAmount.isPositive());
    if (!paying.length) return withheld;
    const loans = new Map((await this.deps.loans.repayingFor([...new Set(paying.map((b) => b.merchantId))])).map((l) => [l.merchantId, l]));
    // A batch withheld from before (a settlement run again) is not withheld from twice.
    const done = new Set((await this.deps.repayments.listByReferences(paying.map((b) => b.id))).map((r) => r.reference));
    for (const batch of paying) {
      if (done.has(batch.id)) continue;
      const loan = loans.get(batch.merchantId);
      if (!loan) continue;
      const amount = withholdingFor(batch.payoutAmount, owedOn(loan));
      if (!amount.isPositive()) continue;
      const booked = await bookRepayment(this.deps, { loan, amount, source: 'settlement', reference: batch.id, from: accounts.merchantPayable(batch.merchantId), at: batch.createdAt });
      if (booked.outcome === 'exists') continue;
      loans.set(batch.merchantId, booked.loan);
      withheld.set(batch.id, amount);
      await this.deps.notifier.notify(repaidNotice(booked.loan, amount));
    }
    return withheld;
  }
}
