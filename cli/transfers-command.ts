/**
 * `transfers list [--status requested|sent|completed|failed|given-up|disputed] [--limit n]`: the
 * money that leaves for wallets (group payouts, savings withdrawals, loan disbursements), one row
 * per attempt, newest first; `pending` (requested or sent) and `successful` (completed), the
 * former words, are still understood. With `--status disputed`, the disputed attempts and the
 * provider reports that contradicted the books and were raised for an admin instead of being
 * booked (another amount or currency, a success after a booked failure).
 *
 * `transfers retry [<id>]`: an admin sends a given-up or failed transfer again now, as its next
 * attempt (core/transfers RetryGivenUpTransfer); recorded in the audit log as `admin:<--as or OS
 * user>`. Without an id, on a terminal, it lists the given-up transfers and asks which one.
 *
 * Guarantees
 * - Every command goes through core use cases resolved from the container (ListTransfers,
 *   RetryGivenUpTransfer), never an adapter.
 * - Options are validated with zod; a wrong one exits 2 with its message, a missing id without a
 *   terminal exits 2 with the usage, and a refused retry exits 1 with its code.
 */
import { select } from '@inquirer/prompts';
import Table from 'cli-table3';
import type { Command } from 'commander';
import type { Container } from 'inversify';
import { z } from 'zod';
import { ListTransfers, TRANSFER_STATUS_FILTERS, type TransferStatusFilter } from '../core/transfers/list-transfers.ts';
import { RetryGivenUpTransfer } from '../core/transfers/retry-given-up-transfer.ts';
import type { OutgoingTransfer } from '../core/transfers/transfer.ts';
import { adminActor } from './operator.ts';

type InContext = <T>(work: (container: Container) => Promise<T>) => Promise<T>;

/** The words an admin types: the statuses (given_up written given-up), after the former words they may still use. */
const STATUS_WORDS = ['pending', 'successful', 'failed', 'disputed', 'requested', 'sent', 'completed', 'given-up'] as const;
const Status = z.enum(STATUS_WORDS, { error: `status must be one of ${STATUS_WORDS.join(', ')}` }).transform((word) => word.replace('-', '_') as TransferStatusFilter);
const Limit = z.coerce.number({ error: 'limit must be a number' }).int().min(1).max(1000);
const TransferId = z.uuid({ error: 'the transfer id must be a UUID (see `transfers list`)' });

function when(date: Date | undefined): string {
  return date ? date.toISOString().replace('T', ' ').slice(0, 19) : '';
}

const wordOf = (status: OutgoingTransfer['status']) => status.replace('_', '-');

function transferTable(transfers: readonly OutgoingTransfer[]): string {
  const table = new Table({ head: ['Id', 'Created', 'Reference', 'Purpose', 'Attempt', 'Amount', 'Status', 'Completed', 'Retry at'], style: { head: [], border: [] } });
  for (const t of transfers) {
    table.push([t.id, when(t.createdAt), t.reference, t.purpose, String(t.attempt), t.amount.toDecimal(), wordOf(t.status), when(t.completedAt), when(t.retryAt)]);
  }
  return table.toString();
}

export function addTransferCommands(program: Command, env: { write(text: string): void; interactive: boolean; osUser: string }, inContext: InContext): void {
  const transfers = program.command('transfers').description('money sent to members: payouts, withdrawals, loan disbursements, and disputed provider reports');
  transfers
    .command('list')
    .description('list transfer attempts, newest first (--status disputed: with the reports raised for an admin)')
    .option('--status <status>', STATUS_WORDS.join(' | '))
    .option('--limit <n>', 'how many', '50')
    .action(async (options: { status?: string; limit: string }, command: Command) => {
      const fail = (message: string) => command.error(`error: ${message}`, { exitCode: 2, code: 'ikimina.invalid' });
      const status = options.status === undefined ? undefined : Status.safeParse(options.status);
      if (status && !status.success) return fail(status.error.issues[0]!.message);
      const limit = Limit.safeParse(options.limit);
      if (!limit.success) return fail(limit.error.issues[0]!.message);

      const listed = await inContext((c) => c.get(ListTransfers).execute({ limit: limit.data, status: status?.data }));
      if (status?.data === 'disputed') {
        const table = new Table({ head: ['Raised', 'Reference', 'Direction', 'Problem', 'Provider says', 'Amount', 'Provider id', 'Reason'], style: { head: [], border: [] } });
        for (const d of listed.disputes) {
          table.push([when(d.raisedAt), d.reference, d.direction, d.problem, d.reportedStatus, `${d.reportedAmount?.toDecimal() ?? '(not stated)'} ${d.reportedCurrency}`, d.providerTransactionId ?? '', d.reason ?? '']);
        }
        env.write(`${table.toString()}\n${listed.disputes.length} disputed report(s)\n`);
        if (listed.transfers.length > 0) env.write(`${transferTable(listed.transfers)}\n${listed.transfers.length} disputed transfer attempt(s)\n`);
        return;
      }
      env.write(`${transferTable(listed.transfers)}\n${listed.transfers.length} transfer attempt(s)\n`);
    });

  transfers
    .command('retry')
    .description('send a given-up or failed transfer again now, as its next attempt (audited)')
    .argument('[id]', 'the attempt to retry (see `transfers list --status given-up`)')
    .action(async (id: string | undefined, _options: unknown, command: Command) => {
      const usage = (message: string) => command.error(`error: ${message}\n\n${command.helpInformation()}`, { exitCode: 2, code: 'ikimina.usage' });
      const retriedBy = adminActor(command, env.osUser);
      let transferId = id;
      if (transferId === undefined) {
        if (!env.interactive) return usage('which transfer? give its id (see `transfers list --status given-up`)');
        const { transfers: givenUp } = await inContext((c) => c.get(ListTransfers).execute({ status: 'given_up', limit: 50 }));
        if (givenUp.length === 0) {
          env.write('No transfer is given up.\n');
          return;
        }
        transferId = await select({
          message: 'Which transfer?',
          choices: givenUp.map((t) => ({ name: `${t.reference}  ${t.purpose}  ${t.amount.toDecimal()}  ${when(t.completedAt)}`, value: t.id })),
        });
      }
      const parsed = TransferId.safeParse(transferId);
      if (!parsed.success) return usage(parsed.error.issues[0]!.message);
      const retried = await inContext((c) => c.get(RetryGivenUpTransfer).execute({ transferId: parsed.data, retriedBy }));
      if (!retried.ok) return command.error(`error: ${retried.error}`, { exitCode: 1, code: `ikimina.${retried.error}` });
      env.write(`${transferTable([retried.value])}\nTransfer ${retried.value.transferReference} retried as attempt ${retried.value.attempt} (${wordOf(retried.value.status)}).\n`);
    });
}
