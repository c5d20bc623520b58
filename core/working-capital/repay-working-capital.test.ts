import { describe, expect, it } from 'vitest';
import { accounts } from '../ledger/accounts.ts';
import { InMemoryLedger } from '../ledger/in-memory-ledger.ts';
import { credit, debit, journalEntry } from '../ledger/journal-entry.ts';
import { Journal } from '../ledger/journal.ts';
import { aMerchant, InMemoryMerchants } from '../merchants/merchants.fixtures.ts';
import { Money } from '../money/money.ts';
import { ok } from '../shared/result.ts';
import { DirectUnitOfWork, ManualClock, SequentialIds } from '../shared/shared.fixtures.ts';
import { RecordingNotifier } from '../tontines/tontines.fixtures.ts';
import type { WorkingCapitalCollection, WorkingCapitalCollections, WorkingCapitalLoans, WorkingCapitalRepayment, WorkingCapitalRepayments } from './ports.ts';
import { ConfirmWorkingCapitalRepayment, StartWorkingCapitalRepayment } from './repay-working-capital.ts';
import { keyFactsFor, type WorkingCapitalLoan } from './working-capital.ts';

const at = new Date('2026-11-25T08:00:00Z');

class Loans implements Pick<WorkingCapitalLoans, 'findById' | 'save' | 'repayingFor'> {
  constructor(readonly items: Map<string, WorkingCapitalLoan>) {}
  async findById(id: string) {
    return this.items.get(id);
  }
  async save(loan: WorkingCapitalLoan) {
    this.items.set(loan.id, loan);
  }
  async repayingFor(merchantIds: readonly string[]) {
    return [...this.items.values()].filter((l) => merchantIds.includes(l.merchantId) && (l.status === 'active' || l.status === 'overdue'));
  }
}

class Repayments implements Pick<WorkingCapitalRepayments, 'add'> {
  readonly items: WorkingCapitalRepayment[] = [];
  async add(r: WorkingCapitalRepayment) {
    if (this.items.some((x) => x.reference === r.reference)) return 'exists' as const;
    this.items.push(r);
    return 'added' as const;
  }
}

class Collections implements WorkingCapitalCollections {
  readonly items: WorkingCapitalCollection[] = [];
  async add(c: WorkingCapitalCollection) {
    if (c.idempotencyKey !== undefined && this.items.some((x) => x.loanId === c.loanId && x.idempotencyKey === c.idempotencyKey)) return 'exists' as const;
    this.items.push(c);
    return 'added' as const;
  }
  async save(c: WorkingCapitalCollection) {
    this.items.splice(this.items.findIndex((x) => x.id === c.id), 1, c);
  }
  async findByReference(reference: string) {
    return this.items.find((c) => c.reference === reference);
  }
  async listByLoan(loanId: string) {
    return this.items.filter((c) => c.loanId === loanId);
  }
  async listPendingOlderThan() {
    return [];
  }
}

async function world() {
  const facts = keyFactsFor(Money.ofFrancs(100_000), { basis: { payments: 100, netSales: Money.ofFrancs(1_000_000), days: 90 }, feeBps: 600 });
  // 96,000 of the 106,000 repaid: 4,000 of principal and the 6,000 fee still owed.
  const loan: WorkingCapitalLoan = { id: 'wc1', merchantId: 'm1', ownerId: 'u1', status: 'active', keyFacts: facts, basis: { payments: 100, netSales: Money.ofFrancs(1_000_000), days: 90 }, repaid: Money.ofFrancs(96_000), createdAt: at, remindedWindow: 0 };
  const loans = new Loans(new Map([[loan.id, loan]]));
  const merchants = new InMemoryMerchants();
  void merchants.save(aMerchant());
  const collections = new Collections();
  const repayments = new Repayments();
  const journal = new Journal(new InMemoryLedger());
  // The 4,000 of principal the disbursement and earlier repayments left on the receivable.
  const lent = journalEntry({ id: 'lent', key: 'lent', kind: 'working_capital_disbursed', occurredAt: at, postings: [debit(accounts.workingCapital('wc1'), Money.ofFrancs(4_000)), credit(accounts.merchantPayable('seed'), Money.ofFrancs(4_000))] });
  if (!lent.ok) throw new Error(lent.error);
  await journal.post(lent.value);
  const notifier = new RecordingNotifier();
  const asked: string[] = [];
  const common = { loans, collections, uow: new DirectUnitOfWork(), clock: new ManualClock(at), ids: new SequentialIds('c') };
  const start = new StartWorkingCapitalRepayment({
    ...common,
    merchants,
    mobileMoney: { requestToPay: async (r) => (asked.push(r.msisdn), ok({ providerReference: r.reference })) },
  });
  const confirm = new ConfirmWorkingCapitalRepayment({ ...common, repayments, journal, notifier });
  return { loans, collections, repayments, journal, notifier, asked, start, confirm };
}

const owner = { merchantId: 'm1', loanId: 'wc1', userId: 'u1' };
const success = (reference: string, francs: number) => ({ reference, status: 'successful' as const, amount: Money.ofFrancs(francs), currency: 'RWF', providerTransactionId: 't1', reason: undefined });

describe('repaying working capital at any time', () => {
  it('by card: stored under the card processor without asking any wallet; the same key answers the same collection', async () => {
    const w = await world();
    const first = await w.start.execute({ ...owner, amount: Money.ofFrancs(3_000), idempotencyKey: 'k1', via: 'card' });
    expect(first).toMatchObject(ok({ outcome: 'requested', collection: { provider: 'flutterwave', amount: Money.ofFrancs(3_000), status: 'requested', idempotencyKey: 'k1' } }));
    expect(w.asked).toEqual([]);
    const again = await w.start.execute({ ...owner, amount: Money.ofFrancs(3_000), idempotencyKey: 'k1', via: 'card' });
    expect(again).toEqual(ok({ outcome: 'exists', collection: first.ok && first.value.collection }));
    // Another key while the first waits: one at a time.
    expect(await w.start.execute({ ...owner, idempotencyKey: 'k2', via: 'card' })).toEqual({ ok: false, error: 'repayment_in_progress' });
  });

  it('the same key with another amount or method is refused, answering nothing of the first', async () => {
    const w = await world();
    await w.start.execute({ ...owner, amount: Money.ofFrancs(3_000), idempotencyKey: 'k1', via: 'card' });
    expect(await w.start.execute({ ...owner, amount: Money.ofFrancs(4_000), idempotencyKey: 'k1', via: 'card' })).toEqual({ ok: false, error: 'idempotency_key_reused' });
    expect(await w.start.execute({ ...owner, amount: Money.ofFrancs(3_000), idempotencyKey: 'k1' })).toEqual({ ok: false, error: 'idempotency_key_reused' });
    expect(w.collections.items).toHaveLength(1);
    expect(w.asked).toEqual([]);
  });

  it('locks the advance before reading its collections, so requests racing under different keys decide one after the other', async () => {
    const w = await world();
    const seen: string[] = [];
    const { repayingFor } = w.loans;
    w.loans.repayingFor = async (ids) => (seen.push('lock'), repayingFor.call(w.loans, ids));
    const { listByLoan } = w.collections;
    w.collections.listByLoan = async (id) => (seen.push('read'), listByLoan.call(w.collections, id));
    await w.start.execute({ ...owner, idempotencyKey: 'k1', via: 'card' });
    expect(seen[0]).toBe('lock');
  });

  it('by card: only the owner, at most what is owed', async () => {
    const w = await world();
    expect(await w.start.execute({ ...owner, userId: 'u2', idempotencyKey: 'k1', via: 'card' })).toEqual({ ok: false, error: 'working_capital_not_found' });
    expect(await w.start.execute({ ...owner, merchantId: 'm2', idempotencyKey: 'k1', via: 'card' })).toEqual({ ok: false, error: 'working_capital_not_found' });
    expect(await w.start.execute({ ...owner, amount: Money.ofFrancs(10_001), idempotencyKey: 'k1', via: 'card' })).toEqual({ ok: false, error: 'repayment_amount_invalid' });
    const all = await w.start.execute({ ...owner, idempotencyKey: 'k1', via: 'card' });
    expect(all.ok && all.value.collection.amount).toEqual(Money.ofFrancs(10_000));
    expect(w.collections.items).toHaveLength(1);
  });

  it('a confirmed card repayment is booked once from card clearing, principal first then the fee', async () => {
    const w = await world();
    const started = await w.start.execute({ ...owner, amount: Money.ofFrancs(7_000), idempotencyKey: 'k1', via: 'card' });
    const reference = started.ok ? started.value.collection.reference : '';
    expect(await w.confirm.execute(success(reference, 7_000))).toEqual(ok({ outcome: 'applied', paymentStatus: 'successful' }));
    expect(await w.confirm.execute(success(reference, 7_000))).toEqual(ok({ outcome: 'exists', paymentStatus: 'successful' }));
    expect(await w.journal.balance(accounts.cardClearing('flutterwave'))).toEqual(Money.ofFrancs(7_000));
    expect(await w.journal.balance(accounts.mobileMoney('flutterwave'))).toEqual(Money.ZERO);
    expect(await w.journal.balance(accounts.feeIncome)).toEqual(Money.ofFrancs(3_000));
    expect(w.repayments.items).toMatchObject([{ reference, source: 'card', amount: Money.ofFrancs(7_000), principal: Money.ofFrancs(4_000), fee: Money.ofFrancs(3_000) }]);
    expect(w.loans.items.get('wc1')).toMatchObject({ status: 'active', repaid: Money.ofFrancs(103_000) });
    expect(w.notifier.sent).toHaveLength(1);
    // Paid: the same key answers the settled collection (its return page), not a new one.
    expect(await w.start.execute({ ...owner, amount: Money.ofFrancs(7_000), idempotencyKey: 'k1', via: 'card' })).toMatchObject(ok({ outcome: 'exists', collection: { status: 'succeeded' } }));
  });

  it('by mobile money: the business number is asked and the repayment is booked from its clearing account', async () => {
    const w = await world();
    const started = await w.start.execute(owner);
    expect(started).toMatchObject(ok({ outcome: 'requested', collection: { provider: 'mtn', amount: Money.ofFrancs(10_000) } }));
    expect(w.asked).toEqual(['+250788000001']);
    await w.confirm.execute(success(started.ok ? started.value.collection.reference : '', 10_000));
    expect(await w.journal.balance(accounts.mobileMoney('mtn'))).toEqual(Money.ofFrancs(10_000));
    expect(w.repayments.items).toMatchObject([{ source: 'mobile_money' }]);
    expect(w.loans.items.get('wc1')).toMatchObject({ status: 'repaid' });
  });
});
