/**
 * The statements' test world: an InMemoryLedger posted to through the real Journal, read back by
 * InMemoryStatementLedger as the PostgreSQL adapter reads it (who and the reference by the entry's
 * key, money in before money out at one instant).
 */
import { InMemoryLedger } from '../ledger/in-memory-ledger.ts';
import { journalEntry, normalBalance, type JournalEntry, type Posting } from '../ledger/journal-entry.ts';
import { Journal } from '../ledger/journal.ts';
import { Money } from '../money/money.ts';
import type { LedgerLine, StatementLedger } from './ports.ts';

export interface Attribution {
  memberId?: string;
  method?: string;
  cycle?: number;
  reference?: string;
}

export class InMemoryStatementLedger implements StatementLedger {
  readonly ledger = new InMemoryLedger();
  readonly journal = new Journal(this.ledger);
  private readonly attributions = new Map<string, Attribution>();
  private next = 0;

  /** Posts an entry (throws when the journal refuses it), with who moved the money. */
  async post(kind: string, at: string | Date, postings: Posting[], who: Attribution = {}): Promise<JournalEntry> {
    this.next += 1;
    const key = `${kind}:${this.next}`;
    const entry = journalEntry({ id: `e-${String(this.next).padStart(4, '0')}`, key, kind, occurredAt: new Date(at), postings });
    if (!entry.ok) throw new Error(entry.error);
    const posted = await this.journal.post(entry.value);
    if (!posted.ok) throw new Error(posted.error);
    this.attributions.set(entry.value.id, who);
    return entry.value;
  }

  async lines(accountIds: readonly string[], period: { from?: Date; to?: Date }): Promise<LedgerLine[]> {
    const entries = this.ledger.entries();
    const lines = entries.flatMap((e) =>
      e.postings
        .filter((p) => accountIds.includes(p.account) && (!period.from || e.occurredAt >= period.from) && (!period.to || e.occurredAt < period.to))
        .map((p): LedgerLine => {
          const source = e.reverses ? entries.find((r) => r.id === e.reverses) : undefined;
          const who = this.attributions.get(source?.id ?? e.id) ?? {};
          return {
            entryId: e.id,
            at: e.occurredAt,
            account: p.account,
            entryKind: e.kind,
            reversedKind: source?.kind ?? null,
            amount: normalBalance(p.account, p.amount),
            entryTotal: Money.sum(e.postings.filter((q) => q.amount.isPositive()).map((q) => q.amount)),
            memberId: who.memberId ?? null,
            reference: who.reference ?? e.key,
            method: who.method ?? null,
            cycle: who.cycle ?? null,
          };
        }),
    );
    return lines.sort((a, b) => a.at.getTime() - b.at.getTime() || b.amount.centimes - a.amount.centimes || a.entryId.localeCompare(b.entryId));
  }

  async balancesBefore(accountIds: readonly string[], at: Date): Promise<Map<string, Money>> {
    const totals = new Map<string, Money>();
    for (const e of this.ledger.entries()) {
      if (e.occurredAt >= at) continue;
      for (const p of e.postings) if (accountIds.includes(p.account)) totals.set(p.account, (totals.get(p.account) ?? Money.ZERO).plus(p.amount));
    }
    return new Map([...totals].map(([account, total]) => [account, normalBalance(account, total)]));
  }
}
