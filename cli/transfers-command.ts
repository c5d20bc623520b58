/**
 * `transfers list [--status pending|successful|failed|disputed] [--limit n]`: the money that leaves
 * for members' wallets (group payouts, savings withdrawals, loan disbursements), one row per attempt,
 * and, with `--status disputed`, the provider reports that contradicted the books and were raised
 * for an admin instead of being booked (another amount or currency, a success after a booked
 * failure).
 *
 * Guarantees
 * - Read-only. Options are validated with zod; a wrong one exits 2 with its message.
 */
import Table from 'cli-table3';
import type { Command } from 'commander';
import type { Container } from 'inversify';
import { z } from 'zod';
import { PostgresPaymentDisputes } from '../adapters/postgres/postgres-payment-disputes.ts';
import { PostgresTransferListing, TRANSFER_STATUSES } from '../adapters/postgres/postgres-transfer-listing.ts';
import { TOKENS } from '../apps/container.ts';

type InContext = <T>(work: (container: Container) => Promise<T>) => Promise<T>;

const Status = z.enum([...TRANSFER_STATUSES, 'disputed'], { error: `status must be one of ${[...TRANSFER_STATUSES, 'disputed'].join(', ')}` });
const Limit = z.coerce.number({ error: 'limit must be a number' }).int().min(1).max(1000);

function when(date: Date | null): string {
  return date ? date.toISOString().replace('T', ' ').slice(0, 19) : '';
}

export function addTransferCommands(program: Command, env: { write(text: string): void }, inContext: InContext): void {
  program
    .command('transfers')
    .description('money sent to members: payouts, withdrawals, loan disbursements, and disputed provider reports')
    .command('list')
    .description('list transfer attempts, newest first (--status disputed: reports raised for an admin)')
    .option('--status <status>', `${TRANSFER_STATUSES.join(' | ')} | disputed`)
    .option('--limit <n>', 'how many', '50')
    .action(async (options: { status?: string; limit: string }, command: Command) => {
      const fail = (message: string) => command.error(`error: ${message}`, { exitCode: 2, code: 'ikimina.invalid' });
      const status = options.status === undefined ? undefined : Status.safeParse(options.status);
      if (status && !status.success) return fail(status.error.issues[0]!.message);
      const limit = Limit.safeParse(options.limit);
      if (!limit.success) return fail(limit.error.issues[0]!.message);

      if (status?.data === 'disputed') {
        const disputes = await inContext((c) => new PostgresPaymentDisputes(c.get(TOKENS.EntityManager)).list(limit.data));
        const table = new Table({ head: ['Raised', 'Reference', 'Direction', 'Problem', 'Provider says', 'Amount', 'Provider id', 'Reason'], style: { head: [], border: [] } });
        for (const d of disputes) {
          table.push([when(d.raisedAt), d.reference, d.direction, d.problem, d.reportedStatus, `${d.reportedAmount.toDecimal()} ${d.reportedCurrency}`, d.providerTransactionId ?? '', d.reason ?? '']);
        }
        env.write(`${table.toString()}\n${disputes.length} disputed report(s)\n`);
        return;
      }
      const transfers = await inContext((c) =>
        new PostgresTransferListing(c.get(TOKENS.EntityManager)).list({ limit: limit.data, ...(status ? { status: status.data as Exclude<typeof status.data, 'disputed'> } : {}) }),
      );
      const table = new Table({ head: ['Created', 'Reference', 'Kind', 'Attempt', 'Amount', 'Status', 'Completed', 'Retry at'], style: { head: [], border: [] } });
      for (const t of transfers) table.push([when(t.createdAt), t.reference, t.kind, String(t.attempt), t.amount.toDecimal(), t.status, when(t.completedAt), when(t.retryAt)]);
      env.write(`${table.toString()}\n${transfers.length} transfer attempt(s)\n`);
    });
}
