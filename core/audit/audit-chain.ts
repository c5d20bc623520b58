/**
 * The audit chain's rules: how a row is written down for hashing, how it is linked to the row
 * before it, and how a stored chain is checked. Pure: the hash function is given (sha256 in the
 * adapters), so the same code builds the chain and verifies it.
 *
 * Guarantees
 * - A row's hash covers its sequence number, instant, action, actor, subject, details and the
 *   previous row's hash, in one canonical serialisation: a JSON array in a fixed order, the
 *   details as [key, value] pairs sorted by key (PostgreSQL's jsonb does not keep key order), the
 *   instant as an ISO string in milliseconds. The first row's previous hash is 64 zeros.
 * - Sequence numbers start at 1 and have no gaps (they are given under the append lock, not by a
 *   database sequence that a rolled-back transaction would leave a hole in), so a missing row is
 *   a gap, not a guess.
 * - `verifyChain` names the first row that breaks the chain: its hash does not match its content
 *   (edited), its previous hash does not match the row before (edited before it, or rows swapped),
 *   or its number is not the next one (a row before it deleted, or rows reordered).
 * - Text is stored as PostgreSQL can keep it (no NUL, no lone UTF-16 surrogate: both replaced by
 *   U+FFFD) before it is hashed, so what is stored hashes to what was recorded.
 */
import type { AuditEntry } from './ports.ts';

export type AuditDetails = Readonly<Record<string, string | number | boolean | null>>;

/** One stored row of the chain. */
export interface ChainedAuditRow {
  readonly seq: number;
  readonly occurredAt: Date;
  readonly action: string;
  readonly actor: string;
  readonly subject: string;
  readonly details: AuditDetails;
  readonly prevHash: string;
  readonly hash: string;
}

/** The end of the chain so far: what the next row links to. */
export interface ChainHead {
  readonly seq: number;
  readonly hash: string;
}

/** sha256 (or another fixed hash) of the text's UTF-8 bytes, as lowercase hex. */
export type Digest = (text: string) => string;

export const GENESIS_HASH = '0'.repeat(64);
/** Names the serialisation, so a future change of it can be told apart from tampering. */
const FORMAT = 'ikimina-audit-1';

const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

export function storableText(text: string): string {
  return text.replace(UNSTORABLE, '\uFFFD');
}

/** The entry as it will be stored: text made storable, details present, non-finite numbers as null (as JSON keeps them). */
export function storableEntry(entry: AuditEntry): Required<AuditEntry> {
  const details: Record<string, string | number | boolean | null> = {};
  for (const [key, value] of Object.entries(entry.details ?? {})) {
    details[storableText(key)] = typeof value === 'string' ? storableText(value) : typeof value === 'number' && !Number.isFinite(value) ? null : value;
  }
  return { action: storableText(entry.action), actor: storableText(entry.actor), subject: storableText(entry.subject), details };
}

export function canonicalAuditRow(row: Omit<ChainedAuditRow, 'hash'>): string {
  const details = Object.keys(row.details)
    .sort()
    .map((key) => [key, row.details[key] ?? null]);
  return JSON.stringify([FORMAT, row.seq, row.occurredAt.toISOString(), row.action, row.actor, row.subject, details, row.prevHash]);
}

/** The row that follows `head` (the first row when there is none). */
export function chainRow(head: ChainHead | undefined, entry: AuditEntry, occurredAt: Date, digest: Digest): ChainedAuditRow {
  const unhashed = { seq: (head?.seq ?? 0) + 1, occurredAt, ...storableEntry(entry), prevHash: head?.hash ?? GENESIS_HASH };
  return { ...unhashed, hash: digest(canonicalAuditRow(unhashed)) };
}

export type ChainBreakReason = 'hash_mismatch' | 'prev_hash_mismatch' | 'missing_rows' | 'out_of_order';

export interface ChainBreak {
  /** The first row that does not hold. */
  readonly seq: number;
  readonly reason: ChainBreakReason;
  /** The number the row should have carried (for missing or reordered rows). */
  readonly expectedSeq: number;
}

export type ChainCheck = { readonly ok: true; readonly head: ChainHead | undefined; readonly checked: number } | { readonly ok: false; readonly broken: ChainBreak };

/**
 * Checks rows in sequence order, continuing from `from` (the head of the rows checked before, for
 * a chain read in pages; undefined at the start of the chain).
 */
export function verifyChain(rows: readonly ChainedAuditRow[], digest: Digest, from?: ChainHead): ChainCheck {
  let head = from;
  for (const row of rows) {
    const expectedSeq = (head?.seq ?? 0) + 1;
    const broken = (reason: ChainBreakReason): ChainCheck => ({ ok: false, broken: { seq: row.seq, reason, expectedSeq } });
    if (row.seq > expectedSeq) return broken('missing_rows');
    if (row.seq < expectedSeq) return broken('out_of_order');
    if (row.prevHash !== (head?.hash ?? GENESIS_HASH)) return broken('prev_hash_mismatch');
    if (digest(canonicalAuditRow(row)) !== row.hash) return broken('hash_mismatch');
    head = { seq: row.seq, hash: row.hash };
  }
  return { ok: true, head, checked: rows.length };
}

/** In words, for the admin: which row and what is wrong with it. */
export function describeBreak(broken: ChainBreak): string {
  switch (broken.reason) {
    case 'hash_mismatch':
      return `row ${broken.seq}: its content does not match its hash (the row was edited)`;
    case 'prev_hash_mismatch':
      return `row ${broken.seq}: it does not link to row ${broken.seq - 1} (row ${broken.seq - 1} was edited or replaced, or rows were swapped)`;
    case 'missing_rows':
      return broken.seq - 1 === broken.expectedSeq
        ? `row ${broken.seq}: row ${broken.expectedSeq} before it is missing (deleted)`
        : `row ${broken.seq}: rows ${broken.expectedSeq}–${broken.seq - 1} before it are missing (deleted)`;
    case 'out_of_order':
      return `row ${broken.seq}: found where row ${broken.expectedSeq} should be (rows were reordered or duplicated)`;
  }
}
