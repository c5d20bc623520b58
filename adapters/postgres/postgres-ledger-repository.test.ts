/**
 * PostgresLedgerRepository.appendAll against the database (PostgreSQL, or PGlite in
 * `npm run test:embedded`): many entries in one statement, keyed idempotency inside one call and
 * across calls, as the core Journal expects of any LedgerRepository.
 */
import { RequestContext } from '@mikro-orm/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts } from '../../core/ledger/accounts.ts';
import { credit, debit, type JournalEntry } from '../../core/ledger/journal-entry.ts';
import { Journal } from '../../core/ledger/journal.ts';
import { Money } from '../../core/money/money.ts';
import { createTestDatabase, type TestDatabase } from '../../tests/support/test-database.ts';
import { PostgresLedgerRepository } from './postgres-ledger-repository.ts';

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await db?.drop();
});

let seq = 0;
function contribution(key: string, francs: number, pool = 'p1'): JournalEntry {
  const amount = Money.ofFrancs(francs);
  return {
    id: `00000000-0000-4000-8000-${String(++seq).padStart(12, '0')}`,
    key,
    kind: 'contribution_received',
    occurredAt: new Date('2026-11-22T08:00:00Z'),
    postings: [debit(accounts.mobileMoney('mtn'), amount), credit(accounts.pool(pool), amount)],
  };
}

describe('PostgresLedgerRepository.appendAll', () => {
  it('appends many entries in one call; a key repeated in the call or posted before appends nothing', async () => {
    await RequestContext.create(db.orm.em, async () => {
      const repository = new PostgresLedgerRepository(db.orm.em);
      const journal = new Journal(repository);
      expect((await journal.post(contribution('c:0', 100))).ok).toBe(true);

      const results = await journal.postAll([contribution('c:1', 100), contribution('c:2', 200, 'p2'), contribution('c:1', 100), contribution('c:0', 999)]);
      expect(results.map((r) => (r.ok ? 'posted' : r.error))).toEqual(['posted', 'posted', 'exists', 'entry_key_reused']);

      const totals = await repository.accountTotals();
      expect(totals.get(accounts.pool('p1'))?.centimes).toBe(-20_000);
      expect(totals.get(accounts.pool('p2'))?.centimes).toBe(-20_000);
      expect(totals.get(accounts.mobileMoney('mtn'))?.centimes).toBe(40_000);
      expect((await repository.trialBalance()).centimes).toBe(0);
      expect(await db.count('journal_entries')).toBe(3);
    });
  });

  it('lets a credit to a pool through while a debit of that pool holds its lock', async (ctx) => {
    // Two sessions are needed; the embedded PGlite serves every connection from one.
    if (db.kind === 'embedded') ctx.skip();
    const debiting = db.orm.em.fork();
    const crediting = db.orm.em.fork();
    await new Journal(new PostgresLedgerRepository(crediting)).post(contribution('c:lock-setup', 100, 'p3'));
    let releaseDebit: () => void = () => {};
    const debitHeld = new Promise<void>((resolve) => (releaseDebit = resolve));
    let locked: () => void = () => {};
    const lockTaken = new Promise<void>((resolve) => (locked = resolve));
    const debit = debiting.transactional(async (tx) => {
      await new PostgresLedgerRepository(tx).postedTotals([accounts.pool('p3')]);
      locked();
      await debitHeld;
    });
    await lockTaken;
    const credit = crediting.transactional((tx) => new Journal(new PostgresLedgerRepository(tx)).post(contribution('c:during-debit', 100, 'p3')));
    const first = await Promise.race([credit.then(() => 'credit'), new Promise((resolve) => setTimeout(() => resolve('timeout'), 2000))]);
    releaseDebit();
    await debit;
    expect(first).toBe('credit');
    expect((await credit).ok).toBe(true);
  });
});
