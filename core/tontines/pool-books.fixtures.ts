/**
 * InMemoryPoolBooks: the pool postings of a test's world, read from its InMemoryLedger, with who
 * and the reference found as the PostgreSQL adapter finds them (the contribution's payment
 * attempt by its entry key, the outgoing transfer by the entry it booked), and the group's fines
 * posted and waived as movements of no amount, as it shows them.
 */
import type { ContributionRepository } from '../contributions/ports.ts';
import { accounts } from '../ledger/accounts.ts';
import type { InMemoryLedger } from '../ledger/in-memory-ledger.ts';
import { normalBalance, type JournalEntry } from '../ledger/journal-entry.ts';
import { Money } from '../money/money.ts';
import type { OutgoingTransfers } from '../transfers/ports.ts';
import type { PoolBooks, PoolPosting } from './ports.ts';

const CONTRIBUTION_KEY = 'contribution:';

export class InMemoryPoolBooks implements PoolBooks {
  constructor(private readonly world: { ledger: InMemoryLedger; contributions: ContributionRepository; transfers: OutgoingTransfers }) {}

  async postings(tontineId: string, page: { before?: string; limit: number }): Promise<PoolPosting[] | 'cursor_invalid'> {
    const pool = accounts.pool(tontineId);
    const entries = this.world.ledger.entries().filter((e) => e.postings.some((p) => p.account === pool));
    const amountOf = (e: JournalEntry) => e.postings.find((p) => p.account === pool)!.amount.centimes;
    type Movement = { at: Date; centimes: number; entry?: JournalEntry; fine?: { id: string; kind: 'fine_posted' | 'fine_waived'; memberId: string; amount: Money } };
    const movements: Movement[] = entries.map((entry) => ({ at: entry.occurredAt, centimes: amountOf(entry), entry }));
    for (const fine of await this.world.contributions.listFinesOf(tontineId)) {
      const of = { memberId: fine.memberId, amount: fine.amount };
      if (fine.postedAt) movements.push({ at: fine.postedAt, centimes: 0, fine: { id: fine.id, kind: 'fine_posted', ...of } });
      if (fine.waiver) movements.push({ at: fine.waiver.at, centimes: 0, fine: { id: `${fine.id}:waived`, kind: 'fine_waived', ...of } });
    }
    // The pool's order (PoolBooks): by time, money in before money out at one instant, then as posted.
    movements.sort((a, b) => a.at.getTime() - b.at.getTime() || a.centimes - b.centimes);
    let balance = Money.ZERO;
    const all: PoolPosting[] = [];
    for (const { entry, fine, at } of movements) {
      if (fine) {
        all.push({ entryId: fine.id, at, entryKind: fine.kind, reversedKind: null, memberId: fine.memberId, reference: null, amount: Money.ZERO, balanceAfter: balance, fine: fine.amount });
        continue;
      }
      const amount = normalBalance(pool, Money.ofCentimes(amountOf(entry!)));
      balance = balance.plus(amount);
      const source = entry!.reverses ? entries.find((e) => e.id === entry!.reverses) : entry;
      all.push({
        entryId: entry!.id,
        at: entry!.occurredAt,
        entryKind: entry!.kind,
        reversedKind: entry!.reverses ? (source?.kind ?? null) : null,
        ...(await this.whoAndReference(source)),
        amount,
        balanceAfter: balance,
        fine: null,
      });
    }
    const newestFirst = all.reverse();
    const start = page.before === undefined ? 0 : newestFirst.findIndex((p) => p.entryId === page.before) + 1;
    return start === 0 && page.before !== undefined ? 'cursor_invalid' : newestFirst.slice(start, start + page.limit);
  }

  private async whoAndReference(entry: JournalEntry | undefined): Promise<{ memberId: string | null; reference: string | null }> {
    if (entry?.key.startsWith(CONTRIBUTION_KEY)) {
      const reference = entry.key.slice(CONTRIBUTION_KEY.length);
      const contribution = (await this.world.contributions.findByPaymentReferences([reference])).get(reference);
      return { memberId: contribution?.memberId ?? null, reference };
    }
    const transfer = entry && (await this.world.transfers.findByReference(entry.key));
    return transfer ? { memberId: transfer.memberId, reference: transfer.reference } : { memberId: null, reference: null };
  }
}
