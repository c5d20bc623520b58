/**
 * The books as the provider's own record says they must be: every collection and transfer the app
 * stored, with the provider's answer to its status query, replayed into expected account totals and
 * journal entry keys, and compared with what PostgreSQL holds. This is the forgery and chaos tests'
 * definition of "no money moved that the provider did not confirm":
 * - a collection (contribution payment, loan repayment) is booked once, into its pool or onto its
 *   loan, exactly when the provider says it succeeded for the amount asked, in the currency asked;
 * - a transfer attempt (payout, withdrawal, loan disbursement) is booked when stored (before it is
 *   sent) and reversed exactly when the provider says it failed.
 * A loan repayment's split between principal and interest is the loan's own business, so loan
 * receivables and interest income are compared as one sum (`loans+interest`).
 */
import { expect } from 'vitest';
import { PostgresLedgerRepository } from '../../adapters/postgres/postgres-ledger-repository.ts';
import { accounts } from '../../core/ledger/accounts.ts';
import type { MobileMoneyProvider, MobileMoneyStatus, PaymentDirection } from '../../core/payments/ports.ts';
import type { TestDatabase } from './test-database.ts';
import { LOAN_DISBURSEMENTS, SAVINGS_PAYMENTS } from './outgoing-transfers.ts';

/** The provider's answer on one of our references, as a status query gets it: its status, amount (centimes) and currency. */
export type ProviderAnswer = { status: MobileMoneyStatus; centimes: number; currency: string } | 'unknown';

export type ProviderRecord = (direction: PaymentDirection, reference: string) => Promise<ProviderAnswer>;

const LOANS = 'loans+interest';

interface Replay {
  totals: Map<string, number>;
  keys: string[];
}

/** What the ledger must hold when the provider's record is `record` (see the file's comment). */
export async function replayProviderRecord(db: TestDatabase, provider: MobileMoneyProvider, record: ProviderRecord, currency = 'RWF'): Promise<Replay> {
  const em = db.orm.em.fork();
  const clearing = accounts.mobileMoney(provider);
  const totals = new Map<string, number>();
  const keys: string[] = [];
  const add = (account: string, centimes: number) => totals.set(account, (totals.get(account) ?? 0) + centimes);
  const confirmed = async (direction: PaymentDirection, reference: string, centimes: number) => {
    const answer = await record(direction, reference);
    return answer !== 'unknown' && answer.status === 'successful' && answer.centimes === centimes && answer.currency === currency;
  };
  const failed = async (reference: string) => {
    const answer = await record('transfer', reference);
    return answer !== 'unknown' && answer.status === 'failed';
  };

  const payments = await em.execute<{ kind: string; reference: string; tontine_id: string; amount: string }[]>(
    `select kind, reference, tontine_id, amount_centimes::text as amount from ${SAVINGS_PAYMENTS} order by created_at, reference`,
  );
  for (const p of payments) {
    const amount = Number(p.amount);
    const pool = accounts.pool(p.tontine_id);
    if (p.kind === 'contribution') {
      if (!(await confirmed('collection', p.reference, amount))) continue;
      keys.push(`contribution:${p.reference}`);
      add(clearing, amount);
      add(pool, -amount);
      continue;
    }
    keys.push(p.reference);
    add(pool, amount);
    add(clearing, -amount);
    if (await failed(p.reference)) {
      keys.push(`reversal:${p.reference}`);
      add(pool, -amount);
      add(clearing, amount);
    }
  }

  const disbursements = await em.execute<{ reference: string; amount: string }[]>(`select reference, amount_centimes::text as amount from ${LOAN_DISBURSEMENTS}`);
  for (const d of disbursements) {
    const amount = Number(d.amount);
    keys.push(d.reference);
    add(LOANS, amount);
    add(clearing, -amount);
    if (await failed(d.reference)) {
      keys.push(`reversal:${d.reference}`);
      add(LOANS, -amount);
      add(clearing, amount);
    }
  }

  const collections = await em.execute<{ reference: string; amount: string }[]>('select reference, amount_centimes::text as amount from loan_collections');
  for (const c of collections) {
    const amount = Number(c.amount);
    if (!(await confirmed('collection', c.reference, amount))) continue;
    keys.push(`loan-repayment:${provider}:${c.reference}`);
    add(clearing, amount);
    add(LOANS, -amount);
  }
  return { totals: withoutZeros(totals), keys: keys.sort() };
}

/** The ledger in PostgreSQL, in the replay's terms. */
export async function booksOf(db: TestDatabase): Promise<Replay> {
  const em = db.orm.em.fork();
  const totals = new Map<string, number>();
  for (const [account, total] of await new PostgresLedgerRepository(em).accountTotals()) {
    const bucket = account.startsWith('loan:') || account === accounts.interestIncome ? LOANS : account;
    totals.set(bucket, (totals.get(bucket) ?? 0) + total.centimes);
  }
  const keys = (await em.execute<{ key: string }[]>('select key from journal_entries')).map((row) => row.key);
  return { totals: withoutZeros(totals), keys: keys.sort() };
}

/** The ledger equals the replay of the provider's record, account by account and entry key by entry key. */
export async function expectBooksEqualProviderRecord(db: TestDatabase, provider: MobileMoneyProvider, record: ProviderRecord, message: string, currency = 'RWF'): Promise<void> {
  const [expected, books] = await Promise.all([replayProviderRecord(db, provider, record, currency), booksOf(db)]);
  expect(books.totals, `${message}: account totals`).toEqual(expected.totals);
  expect(books.keys, `${message}: journal entries`).toEqual(expected.keys);
}

function withoutZeros(totals: Map<string, number>): Map<string, number> {
  return new Map([...totals].filter(([, centimes]) => centimes !== 0).sort(([a], [b]) => a.localeCompare(b)));
}
