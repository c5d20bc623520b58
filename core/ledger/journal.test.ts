import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Money } from '../money/money.ts';
import { InvariantViolation } from '../shared/result.ts';
import { accounts, parseAccountId } from './accounts.ts';
import { InMemoryLedger } from './in-memory-ledger.ts';
import { checkBalances, credit, debit, journalEntry, type JournalEntry, type Posting } from './journal-entry.ts';
import { Journal } from './journal.ts';

const at = new Date('2026-11-22T08:00:00Z');
const rwf = (francs: number) => Money.ofFrancs(francs);
const MTN = accounts.mobileMoney('mtn');
const POOL = accounts.pool('t1');

function entry(key: string, postings: Posting[], kind = 'test'): JournalEntry {
  const made = journalEntry({ id: `id-${key}`, key, kind, occurredAt: at, postings });
  if (!made.ok) throw new Error(made.error);
  return made.value;
}

function setup() {
  const ledger = new InMemoryLedger();
  return { ledger, journal: new Journal(ledger) };
}

describe('ledger accounts', () => {
  it('gives stable ids of the form kind:scope', () => {
    expect(accounts.pool('t-42')).toBe('pool:t-42');
    expect(accounts.loan('L1')).toBe('loan:L1');
    expect(accounts.merchantPayable('m1')).toBe('merchant_payable:m1');
    expect(accounts.agentCommission('a1')).toBe('agent_commission:a1');
    expect(accounts.mobileMoney('airtel')).toBe('mobile_money:airtel');
    expect(accounts.feeIncome).toBe('fee_income');
  });

  it('parses ids and refuses unknown kinds, missing or extra scopes', () => {
    expect(parseAccountId('pool:t1')).toMatchObject({ ok: true, value: { kind: 'pool', scope: 't1', normal: 'credit', mayGoNegative: false } });
    expect(parseAccountId('mobile_money:mtn')).toMatchObject({ ok: true, value: { normal: 'debit', mayGoNegative: true } });
    for (const bad of ['cash', 'pool', 'pool:', 'pool:has space', 'fee_income:x', 'toString']) {
      expect(parseAccountId(bad)).toEqual({ ok: false, error: 'account_id_invalid' });
    }
    expect(() => accounts.pool('')).toThrow(InvariantViolation);
  });
});

describe('journal entries', () => {
  it('balance: postings must sum to zero (debit positive, credit negative)', () => {
    const made = journalEntry({ id: 'e', key: 'k', kind: 'x', occurredAt: at, postings: [debit(MTN, rwf(100)), credit(POOL, rwf(99))] });
    expect(made).toEqual({ ok: false, error: 'entry_does_not_balance' });
  });

  it('refuse fewer than two postings, zero amounts, unknown and repeated accounts', () => {
    const make = (postings: Posting[]) => journalEntry({ id: 'e', key: 'k', kind: 'x', occurredAt: at, postings });
    expect(make([debit(MTN, Money.ZERO)])).toEqual({ ok: false, error: 'entry_has_too_few_postings' });
    expect(make([debit(MTN, Money.ZERO), credit(POOL, Money.ZERO)])).toEqual({ ok: false, error: 'posting_amount_is_zero' });
    expect(make([debit('cash', rwf(1)), credit(POOL, rwf(1))])).toEqual({ ok: false, error: 'account_id_invalid' });
    expect(make([debit(MTN, rwf(1)), credit(MTN, rwf(1))])).toEqual({ ok: false, error: 'account_repeated_in_entry' });
  });

  it('checkBalances refuses taking a pool below zero but lets a mobile-money clearing go negative', () => {
    const payout = entry('p', [debit(POOL, rwf(10)), credit(MTN, rwf(10))]);
    expect(checkBalances(payout, new Map())).toEqual({ ok: false, error: 'account_would_go_negative' });
    expect(checkBalances(payout, new Map([[POOL, rwf(-10)]]))).toEqual({ ok: true, value: undefined });
  });
});

describe('journal', () => {
  it('posts a contribution and reads balances on their normal side', async () => {
    const { ledger, journal } = setup();
    const posted = await journal.post(entry('c1', [debit(MTN, rwf(5000)), credit(POOL, rwf(5000))], 'contribution_received'));
    expect(posted.ok).toBe(true);
    expect(await journal.balance(POOL)).toEqual(rwf(5000));
    expect(await journal.balance(MTN)).toEqual(rwf(5000));
    expect(ledger.postedTotal(POOL)).toEqual(rwf(-5000));
    expect(ledger.trialBalance()).toEqual(Money.ZERO);
  });

  it('refuses an entry that would take a pool below zero, and writes nothing', async () => {
    const { ledger, journal } = setup();
    await journal.post(entry('c1', [debit(MTN, rwf(5000)), credit(POOL, rwf(5000))]));
    const result = await journal.post(entry('p1', [debit(POOL, rwf(5001)), credit(MTN, rwf(5001))]));
    expect(result).toEqual({ ok: false, error: 'account_would_go_negative' });
    expect(ledger.entries()).toHaveLength(1);
  });

  it('reads (and so locks) only the guarded accounts an entry takes down: a credit to a pool reads no balance', async () => {
    const ledger = new InMemoryLedger();
    const asked: string[][] = [];
    const spy = Object.assign(Object.create(ledger) as InMemoryLedger, {
      postedTotals: (ids: readonly string[]) => {
        asked.push([...ids]);
        return ledger.postedTotals(ids);
      },
    });
    const journal = new Journal(spy);
    expect((await journal.post(entry('c1', [debit(MTN, rwf(100)), credit(POOL, rwf(100))]))).ok).toBe(true);
    expect((await journal.post(entry('p1', [debit(POOL, rwf(60)), credit(MTN, rwf(60))]))).ok).toBe(true);
    expect(asked).toEqual([[POOL]]);
    expect(await journal.post(entry('p2', [debit(POOL, rwf(41)), credit(MTN, rwf(41))]))).toEqual({ ok: false, error: 'account_would_go_negative' });
  });

  it('postAll posts in the order given, with the rules of post for each entry', async () => {
    const ledger = new InMemoryLedger();
    const journal = new Journal(ledger);
    const results = await journal.postAll([
      entry('c1', [debit(MTN, rwf(100)), credit(POOL, rwf(100))]),
      entry('c2', [debit(MTN, rwf(50)), credit(POOL, rwf(50))]),
      // A debit after the credits sees them: 150 in the pool.
      entry('p1', [debit(POOL, rwf(150)), credit(MTN, rwf(150))]),
      entry('c1', [debit(MTN, rwf(100)), credit(POOL, rwf(100))]),
      entry('c2', [debit(MTN, rwf(60)), credit(POOL, rwf(60))]),
      entry('p2', [debit(POOL, rwf(1)), credit(MTN, rwf(1))]),
    ]);
    expect(results.map((r) => (r.ok ? 'posted' : r.error))).toEqual(['posted', 'posted', 'posted', 'exists', 'entry_key_reused', 'account_would_go_negative']);
    expect(ledger.entries().map((e) => e.key)).toEqual(['c1', 'c2', 'p1']);
    expect(ledger.balance(POOL)).toEqual(Money.ZERO);
  });

  it('answers exists for the same entry twice and entry_key_reused for other postings under a used key', async () => {
    const { ledger, journal } = setup();
    const first = entry('mtn-ref-1', [debit(MTN, rwf(100)), credit(POOL, rwf(100))]);
    await journal.post(first);
    expect(await journal.post({ ...first, id: 'another-id', postings: [...first.postings].reverse() })).toEqual({ ok: false, error: 'exists' });
    expect(await journal.post(entry('mtn-ref-1', [debit(MTN, rwf(200)), credit(POOL, rwf(200))]))).toEqual({ ok: false, error: 'entry_key_reused' });
    expect(await journal.post(entry('mtn-ref-1', [debit(MTN, rwf(100)), credit(POOL, rwf(100))], 'other_kind'))).toEqual({ ok: false, error: 'entry_key_reused' });
    expect(ledger.entries()).toHaveLength(1);
  });

  it('reads no key for a new entry: the append reports a used key, and the Journal compares the earlier entry', async () => {
    const ledger = new InMemoryLedger();
    let keyReads = 0;
    const spy = Object.assign(Object.create(ledger) as InMemoryLedger, {
      findByKey: (key: string) => {
        keyReads += 1;
        return ledger.findByKey(key);
      },
    });
    const journal = new Journal(spy);
    const first = entry('c1', [debit(MTN, rwf(100)), credit(POOL, rwf(100))]);
    expect((await journal.post(first)).ok).toBe(true);
    expect(await journal.post(first)).toEqual({ ok: false, error: 'exists' });
    expect(await journal.post(entry('c1', [debit(MTN, rwf(7)), credit(POOL, rwf(7))]))).toEqual({ ok: false, error: 'entry_key_reused' });
    expect(keyReads).toBe(0);
    expect(ledger.entries()).toHaveLength(1);
  });

  it('answers exists for a repeated debit the balance no longer covers and for a repeated reversal', async () => {
    const { ledger, journal } = setup();
    await journal.post(entry('c1', [debit(MTN, rwf(100)), credit(POOL, rwf(100))]));
    const payout = entry('p1', [debit(POOL, rwf(100)), credit(MTN, rwf(100))]);
    expect((await journal.post(payout)).ok).toBe(true);
    expect(await journal.post(payout)).toEqual({ ok: false, error: 'exists' });
    expect(await journal.post(entry('p1', [debit(POOL, rwf(1)), credit(MTN, rwf(1))]))).toEqual({ ok: false, error: 'entry_key_reused' });
    const meta = { id: 'r1', key: 'p1:reversal', occurredAt: at };
    expect((await journal.reverse('id-p1', meta)).ok).toBe(true);
    expect(await journal.reverse('id-p1', meta)).toEqual({ ok: false, error: 'exists' });
    expect(ledger.entries()).toHaveLength(3);
  });

  it('reverses an entry once, never edits it, and never reverses a reversal', async () => {
    const { ledger, journal } = setup();
    await journal.post(entry('c1', [debit(MTN, rwf(100)), credit(POOL, rwf(100))]));
    const reversed = await journal.reverse('id-c1', { id: 'r1', key: 'c1:reversal', occurredAt: at });
    expect(reversed.ok && reversed.value).toMatchObject({ kind: 'reversal', reverses: 'id-c1' });
    expect(await journal.balance(POOL)).toEqual(Money.ZERO);
    expect(ledger.entries()[0]!.postings[1]!.amount).toEqual(rwf(-100));
    expect(await journal.reverse('id-c1', { id: 'r2', key: 'c1:reversal-2', occurredAt: at })).toEqual({ ok: false, error: 'entry_already_reversed' });
    expect(await journal.reverse('r1', { id: 'r3', key: 'r1:reversal', occurredAt: at })).toEqual({ ok: false, error: 'reversal_cannot_be_reversed' });
    expect(await journal.reverse('nope', { id: 'r4', key: 'nope', occurredAt: at })).toEqual({ ok: false, error: 'entry_not_found' });
    expect(await journal.post({ ...entry('orphan', [debit(MTN, rwf(1)), credit(POOL, rwf(1))]), reverses: 'missing' })).toEqual({ ok: false, error: 'entry_not_found' });
  });

  it('refuses a reversal that would take a pool below zero (the pot was already paid out)', async () => {
    const { journal } = setup();
    await journal.post(entry('c1', [debit(MTN, rwf(100)), credit(POOL, rwf(100))]));
    await journal.post(entry('p1', [debit(POOL, rwf(100)), credit(MTN, rwf(100))]));
    expect(await journal.reverse('id-c1', { id: 'r1', key: 'c1:rev', occurredAt: at })).toEqual({ ok: false, error: 'account_would_go_negative' });
  });

  it('throws on a malformed entry or a reversal that does not negate its target: those are bugs', async () => {
    const { journal } = setup();
    const unbalanced: JournalEntry = { id: 'x', key: 'x', kind: 'x', occurredAt: at, postings: [debit(MTN, rwf(1)), credit(POOL, rwf(2))] };
    await expect(journal.post(unbalanced)).rejects.toThrow(InvariantViolation);
    await journal.post(entry('c1', [debit(MTN, rwf(100)), credit(POOL, rwf(100))]));
    const fake = { ...entry('bad-rev', [debit(POOL, rwf(50)), credit(MTN, rwf(50))]), reverses: 'id-c1' };
    await expect(journal.post(fake)).rejects.toThrow(InvariantViolation);
  });
});

describe('ledger properties', () => {
  const amount = fc.integer({ min: 1, max: 1_000_000_00 }).map((c) => Money.ofCentimes(c));
  const accountArb = fc.constantFrom(MTN, accounts.mobileMoney('airtel'), POOL, accounts.pool('t2'), accounts.merchantPayable('m1'), accounts.loan('l1'), accounts.feeIncome, accounts.rounding);

  it('every accepted entry balances, for any amounts split over any accounts', () => {
    fc.assert(
      fc.property(fc.uniqueArray(accountArb, { minLength: 2, maxLength: 6 }), fc.array(amount, { minLength: 1, maxLength: 5 }), (ids, amounts) => {
        const postings = ids.slice(1).map((id, i) => credit(id, amounts[i % amounts.length]!));
        const total = Money.sum(postings.map((p) => p.amount)).negate();
        const made = journalEntry({ id: 'e', key: 'k', kind: 'x', occurredAt: at, postings: [debit(ids[0]!, total), ...postings] });
        expect(made.ok).toBe(true);
        if (made.ok) expect(Money.sum(made.value.postings.map((p) => p.amount))).toEqual(Money.ZERO);
      }),
    );
  });

  it('no sequence of operations makes a non-negative account negative, and the trial balance stays zero', async () => {
    const operation = fc.oneof(
      fc.record({ type: fc.constant('move' as const), from: accountArb, to: accountArb, amount }),
      fc.record({ type: fc.constant('reverse' as const), index: fc.nat() }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(operation, { maxLength: 40 }), async (operations) => {
        const { ledger, journal } = setup();
        let n = 0;
        for (const op of operations) {
          n += 1;
          if (op.type === 'move') {
            if (op.from === op.to) continue;
            await journal.post(entry(`k${n}`, [debit(op.from, op.amount), credit(op.to, op.amount)]));
          } else {
            const entries = ledger.entries();
            if (entries.length === 0) continue;
            await journal.reverse(entries[op.index % entries.length]!.id, { id: `r${n}`, key: `r${n}`, occurredAt: at });
          }
          for (const id of ledger.accountIds()) {
            const parsed = parseAccountId(id);
            if (parsed.ok && !parsed.value.mayGoNegative) expect(ledger.balance(id).isNegative()).toBe(false);
          }
          expect(ledger.trialBalance()).toEqual(Money.ZERO);
        }
      }),
    );
  });
});
