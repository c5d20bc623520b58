import { describe, expect, it } from 'vitest';
import { accounts } from '../ledger/accounts.ts';
import { InMemoryLedger } from '../ledger/in-memory-ledger.ts';
import { credit, debit, journalEntry } from '../ledger/journal-entry.ts';
import { Journal } from '../ledger/journal.ts';
import { Money } from '../money/money.ts';
import type { SettlementBatch } from '../settlements/settlement-batch.ts';
import { SequentialIds } from '../shared/shared.fixtures.ts';
import { RecordingNotifier } from '../tontines/tontines.fixtures.ts';
import type { WorkingCapitalLoans, WorkingCapitalRepayment, WorkingCapitalRepayments } from './ports.ts';
import { WithholdFromSettlements } from './withhold-from-settlements.ts';
import { keyFactsFor, type WorkingCapitalLoan } from './working-capital.ts';

const at = new Date('2026-11-23T22:30:00Z');

class Loans implements Pick<WorkingCapitalLoans, 'repayingFor' | 'save'> {
  constructor(readonly items: Map<string, WorkingCapitalLoan>) {}
  async repayingFor(merchantIds: readonly string[]) {
    return [...this.items.values()].filter((l) => merchantIds.includes(l.merchantId) && (l.status === 'active' || l.status === 'overdue'));
  }
  async save(loan: WorkingCapitalLoan) {
    this.items.set(loan.id, loan);
  }
}

class Repayments implements Pick<WorkingCapitalRepayments, 'add' | 'listByReferences'> {
  readonly items: WorkingCapitalRepayment[] = [];
  async add(r: WorkingCapitalRepayment) {
    if (this.items.some((x) => x.reference === r.reference)) return 'exists' as const;
    this.items.push(r);
    return 'added' as const;
  }
  async listByReferences(references: readonly string[]) {
    return this.items.filter((r) => references.includes(r.reference));
  }
}

const batch = (id: string, merchantId: string, payoutFrancs: number): SettlementBatch => ({
  id,
  batchReference: `STL-20261116-${id}`,
  merchantId,
  settlementPeriodStart: new Date('2026-11-15T22:00:00Z'),
  settlementPeriodEnd: new Date('2026-11-22T22:00:00Z'),
  coveredFrom: new Date(0),
  coveredUntil: new Date('2026-11-22T22:00:00Z'),
  transactionIds: [],
  totalTransactions: 1,
  totalReversals: 0,
  reversedAmount: Money.ZERO,
  totalAmount: Money.ofFrancs(payoutFrancs),
  payoutAmount: Money.ofFrancs(payoutFrancs),
  carriedOut: Money.ZERO,
  currency: 'RWF',
  payoutMethod: 'mobile_money',
  status: 'processing',
  attempts: 0,
  createdAt: at,
});

async function world() {
  const ledger = new InMemoryLedger();
  const journal = new Journal(ledger);
  // The merchants' payables hold this week's net (as the payments' confirmations post it).
  for (const [merchant, francs] of [['m1', 200_000], ['m2', 50_000]] as const) {
    const entry = journalEntry({ id: `fund-${merchant}`, key: `fund-${merchant}`, kind: 'merchant_payment_completed', occurredAt: at, postings: [debit(accounts.mobileMoney('mtn'), Money.ofFrancs(francs)), credit(accounts.merchantPayable(merchant), Money.ofFrancs(francs))] });
    if (!entry.ok) throw new Error(entry.error);
    await journal.post(entry.value);
  }
  // The 2,000 of principal still owed on the advance (what its disbursement and earlier repayments left).
  const lent = journalEntry({ id: 'lent', key: 'lent', kind: 'working_capital_disbursed', occurredAt: at, postings: [debit(accounts.workingCapital('wc1'), Money.ofFrancs(2_000)), credit(accounts.mobileMoney('mtn'), Money.ofFrancs(2_000))] });
  if (!lent.ok) throw new Error(lent.error);
  await journal.post(lent.value);
  const facts = keyFactsFor(Money.ofFrancs(100_000), { basis: { payments: 100, netSales: Money.ofFrancs(1_000_000), days: 90 }, feeBps: 600 });
  // 98,000 of the 106,000 repaid already: 2,000 of principal and the 6,000 fee still owed.
  const loan: WorkingCapitalLoan = { id: 'wc1', merchantId: 'm1', ownerId: 'u1', status: 'active', keyFacts: facts, basis: { payments: 100, netSales: Money.ofFrancs(1_000_000), days: 90 }, repaid: Money.ofFrancs(98_000), createdAt: at, remindedWindow: 0 };
  const loans = new Loans(new Map([[loan.id, loan]]));
  const repayments = new Repayments();
  const notifier = new RecordingNotifier();
  const withholding = new WithholdFromSettlements({ loans, repayments, journal, notifier, ids: new SequentialIds('e') });
  return { journal, loans, repayments, notifier, withholding };
}

describe('withholding working capital from settlements', () => {
  it('withholds 10 % of the payout, principal first then the fee, from the payable; merchants without working capital keep theirs', async () => {
    const { journal, loans, repayments, notifier, withholding } = await world();
    const withheld = await withholding.withholdFrom([batch('b1', 'm1', 50_000), batch('b2', 'm2', 50_000)]);
    expect([...withheld]).toEqual([['b1', Money.ofFrancs(5_000)]]);
    expect(await journal.balance(accounts.merchantPayable('m1'))).toEqual(Money.ofFrancs(195_000));
    expect(await journal.balance(accounts.merchantPayable('m2'))).toEqual(Money.ofFrancs(50_000));
    expect(await journal.balance(accounts.feeIncome)).toEqual(Money.ofFrancs(3_000));
    expect(await journal.balance(accounts.workingCapital('wc1'))).toEqual(Money.ZERO);
    expect(repayments.items).toMatchObject([{ reference: 'b1', source: 'settlement', amount: Money.ofFrancs(5_000), principal: Money.ofFrancs(2_000), fee: Money.ofFrancs(3_000) }]);
    expect(loans.items.get('wc1')).toMatchObject({ status: 'active', repaid: Money.ofFrancs(103_000) });
    expect(notifier.sent).toMatchObject([{ userId: 'u1', template: 'working_capital_repaid', params: { amount: '5,000 RWF', remaining: '3,000 RWF' } }]);
  });

  it('never withholds more than owed, ends the advance, then withholds nothing; the same batch twice books once', async () => {
    const { journal, loans, withholding } = await world();
    await withholding.withholdFrom([batch('b1', 'm1', 50_000)]);
    expect((await withholding.withholdFrom([batch('b1', 'm1', 50_000)])).size).toBe(0);
    expect(loans.items.get('wc1')?.repaid).toEqual(Money.ofFrancs(103_000));
    const last = await withholding.withholdFrom([batch('b3', 'm1', 100_000)]);
    expect([...last]).toEqual([['b3', Money.ofFrancs(3_000)]]);
    expect(loans.items.get('wc1')).toMatchObject({ status: 'repaid', repaid: Money.ofFrancs(106_000) });
    expect(await journal.balance(accounts.feeIncome)).toEqual(Money.ofFrancs(6_000));
    expect(await journal.balance(accounts.workingCapital('wc1'))).toEqual(Money.ZERO);
    expect((await withholding.withholdFrom([batch('b4', 'm1', 100_000)])).size).toBe(0);
  });

  it('withholds nothing from a batch with no payout', async () => {
    const { withholding, repayments } = await world();
    expect((await withholding.withholdFrom([batch('b5', 'm1', 0)])).size).toBe(0);
    expect(repayments.items).toEqual([]);
  });
});
