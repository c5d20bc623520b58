import { describe, expect, it } from 'vitest';
import { VerifyAuditLog } from './verify-audit-log.ts';
import { canonicalAuditRow, chainRow, describeBreak, GENESIS_HASH, storableEntry, verifyChain, type ChainedAuditRow, type Digest } from './audit-chain.ts';

// The canonical text itself stands in for its hash: injective, so every change shows, and readable.
const digest: Digest = (text) => `h(${text})`;
const at = (minute: number) => new Date(Date.UTC(2026, 10, 23, 6, minute));

function chain(n: number): ChainedAuditRow[] {
  const rows: ChainedAuditRow[] = [];
  for (let i = 0; i < n; i++) rows.push(chainRow(rows.at(-1), { action: 'loan_approved', actor: 'system', subject: `loan:${i}`, details: { score: 700 + i, model: 'm-1' } }, at(i), digest));
  return rows;
}

describe('audit chain', () => {
  it('links each row to the one before, from the genesis hash, numbering from 1', () => {
    const rows = chain(3);
    expect(rows.map((r) => r.seq)).toEqual([1, 2, 3]);
    expect(rows[0]!.prevHash).toBe(GENESIS_HASH);
    expect(rows[1]!.prevHash).toBe(rows[0]!.hash);
    expect(verifyChain(rows, digest)).toEqual({ ok: true, head: { seq: 3, hash: rows[2]!.hash }, checked: 3 });
    expect(verifyChain([], digest)).toEqual({ ok: true, head: undefined, checked: 0 });
  });

  it('serialises details independently of key order, and every field counts', () => {
    const row = chain(1)[0]!;
    const reordered = { ...row, details: { model: 'm-1', score: 700 } };
    expect(canonicalAuditRow(reordered)).toBe(canonicalAuditRow(row));
    for (const change of [{ seq: 2 }, { occurredAt: at(59) }, { action: 'loan_rejected' }, { actor: 'admin:eve' }, { subject: 'loan:x' }, { details: { score: 701, model: 'm-1' } }, { prevHash: 'f'.repeat(64) }]) {
      expect(canonicalAuditRow({ ...row, ...change })).not.toBe(canonicalAuditRow(row));
    }
    // A value cannot pass for a key: "a" = "b,c" differs from "a,b" = "c".
    expect(canonicalAuditRow({ ...row, details: { a: 'b,c' } })).not.toBe(canonicalAuditRow({ ...row, details: { 'a,b': 'c' } }));
  });

  it('continues a check from the head of the page before', () => {
    const rows = chain(5);
    const first = verifyChain(rows.slice(0, 2), digest);
    expect(first.ok).toBe(true);
    expect(verifyChain(rows.slice(2), digest, first.ok ? first.head : undefined)).toMatchObject({ ok: true, checked: 3 });
  });

  it('finds an edited row: its own hash, or the next row when the hash was recomputed', () => {
    const rows = chain(4);
    const edited = [...rows];
    edited[1] = { ...rows[1]!, details: { score: 850, model: 'm-1' } };
    expect(verifyChain(edited, digest)).toEqual({ ok: false, broken: { seq: 2, reason: 'hash_mismatch', expectedSeq: 2 } });
    const { hash: _, ...unhashed } = edited[1]!;
    edited[1] = { ...edited[1]!, hash: digest(canonicalAuditRow(unhashed)) };
    expect(verifyChain(edited, digest)).toEqual({ ok: false, broken: { seq: 3, reason: 'prev_hash_mismatch', expectedSeq: 3 } });
  });

  it('finds a deleted row, the first and the last but one included', () => {
    const rows = chain(4);
    expect(verifyChain([rows[0]!, rows[2]!, rows[3]!], digest)).toEqual({ ok: false, broken: { seq: 3, reason: 'missing_rows', expectedSeq: 2 } });
    expect(verifyChain(rows.slice(1), digest)).toEqual({ ok: false, broken: { seq: 2, reason: 'missing_rows', expectedSeq: 1 } });
    expect(verifyChain([rows[0]!, rows[3]!], digest)).toMatchObject({ ok: false, broken: { seq: 4, reason: 'missing_rows' } });
  });

  it('finds reordered rows: swapped numbers or swapped contents', () => {
    const rows = chain(4);
    // Numbers swapped, read in number order: the row now numbered 2 was hashed as 3.
    const swappedNumbers = [rows[0]!, { ...rows[2]!, seq: 2 }, { ...rows[1]!, seq: 3 }, rows[3]!];
    expect(verifyChain(swappedNumbers, digest)).toMatchObject({ ok: false, broken: { seq: 2, reason: 'prev_hash_mismatch' } });
    // Read out of number order (rows moved without renumbering).
    expect(verifyChain([rows[0]!, rows[2]!, rows[1]!], digest)).toMatchObject({ ok: false, broken: { seq: 3, reason: 'missing_rows' } });
    expect(verifyChain([rows[0]!, rows[1]!, rows[1]!], digest)).toMatchObject({ ok: false, broken: { seq: 2, reason: 'out_of_order', expectedSeq: 3 } });
  });

  it('stores text PostgreSQL can keep (no NUL, no lone surrogate) and non-finite numbers as null', () => {
    expect(storableEntry({ action: 'a', actor: 'admin:x\u0000y', subject: 's\uD800', details: { n: Number.NaN, t: 'ok \uD83D\uDE00' } })).toEqual({
      action: 'a',
      actor: 'admin:x\uFFFDy',
      subject: 's\uFFFD',
      details: { n: null, t: 'ok \uD83D\uDE00' },
    });
    expect(storableEntry({ action: 'a', actor: 'system', subject: 's' }).details).toEqual({});
  });

  it('describes the break for the admin', () => {
    expect(describeBreak({ seq: 4, reason: 'missing_rows', expectedSeq: 3 })).toBe('row 4: row 3 before it is missing (deleted)');
    expect(describeBreak({ seq: 6, reason: 'missing_rows', expectedSeq: 3 })).toBe('row 6: rows 3–5 before it are missing (deleted)');
    expect(describeBreak({ seq: 2, reason: 'hash_mismatch', expectedSeq: 2 })).toContain('edited');
  });
});

describe('verify audit log (paged)', () => {
  const reader = (rows: ChainedAuditRow[]) => ({
    async rowsAfter(seq: number, limit: number) {
      return rows.filter((r) => r.seq > seq).slice(0, limit);
    },
  });

  it('walks the chain across pages, a full last page included', async () => {
    for (const n of [0, 1, 4, 6, 7]) {
      const rows = chain(n);
      expect(await new VerifyAuditLog({ log: reader(rows), digest, pageSize: 3 }).execute()).toEqual({ ok: true, head: n ? { seq: n, hash: rows[n - 1]!.hash } : undefined, checked: n });
    }
  });

  it('names the first broken row on a later page', async () => {
    const rows = chain(7);
    rows[4] = { ...rows[4]!, actor: 'admin:mallory' };
    expect(await new VerifyAuditLog({ log: reader(rows), digest, pageSize: 3 }).execute()).toEqual({ ok: false, broken: { seq: 5, reason: 'hash_mismatch', expectedSeq: 5 } });
  });
});
