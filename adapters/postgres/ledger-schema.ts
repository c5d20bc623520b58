/**
 * Persistence mapping of the ledger: accounts, journal entries and their postings. The rules
 * (balance to zero, never negative, one entry per key) live in core/ledger; the tables keep what
 * the rules decided, and their constraints refuse what a bug would write around them.
 *
 * - `journal_entries.key` is UNIQUE: a business event (provider reference, idempotency key)
 *   posts once, whatever the concurrency.
 * - `journal_entries.reverses` is UNIQUE: an entry is reversed at most once.
 * - A balance is the SUM of an account's postings (indexed by account); nothing is ever updated.
 */
import { defineEntity, p } from '@mikro-orm/core';

export class LedgerAccountRow {
  constructor(
    public id: string,
    public kind: string,
    public mayGoNegative: boolean,
  ) {}
}

export class JournalEntryRow {
  constructor(
    public id: string,
    public key: string,
    public kind: string,
    public reverses: string | null,
    public occurredAt: Date,
  ) {}
}

export class LedgerPostingRow {
  constructor(
    public entryId: string,
    public accountId: string,
    public amountCentimes: string,
  ) {}
}

export const LedgerAccountSchema = defineEntity({
  class: LedgerAccountRow,
  tableName: 'ledger_accounts',
  properties: {
    id: p.string().length(160).primary(),
    kind: p.string().length(32),
    mayGoNegative: p.boolean(),
  },
});

export const JournalEntrySchema = defineEntity({
  class: JournalEntryRow,
  tableName: 'journal_entries',
  properties: {
    id: p.uuid().primary(),
    key: p.string().length(255).unique('journal_entries_key_unique'),
    kind: p.string().length(64),
    reverses: () => p.manyToOne(JournalEntryRow).mapToPk().nullable().deleteRule('restrict').unique('journal_entries_reverses_unique'),
    occurredAt: p.datetime(),
  },
});

export const LedgerPostingSchema = defineEntity({
  class: LedgerPostingRow,
  tableName: 'ledger_postings',
  properties: {
    entryId: () => p.manyToOne(JournalEntryRow).mapToPk().fieldName('entry_id').primary().deleteRule('restrict').updateRule('restrict'),
    accountId: () => p.manyToOne(LedgerAccountRow).mapToPk().fieldName('account_id').primary().deleteRule('restrict').updateRule('restrict').index('ledger_postings_account_id_index'),
    amountCentimes: p.bigint('string'),
  },
});
