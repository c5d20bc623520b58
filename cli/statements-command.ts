/**
 * `statements send`: e-mails a member their statement of a month (`--member <id|phone>`), or a
 * merchant's owner its monthly statement (`--merchant <id>`), as a download link valid 7 days
 * (core/statements/email-statement.ts: the e-mail port carries text, and the outbox keeps the
 * link sealed until delivery). The e-mail waits in the outbox like every other; `outbox list`
 * shows it.
 *
 * Guarantees
 * - Exactly one of --member and --merchant, and --period YYYY-MM, or exit code 2 with the usage.
 * - A refusal (unknown member, no e-mail address, bad period) exits 1 with its code and nothing sent.
 * - Who sent it is recorded in the audit log (`statement_sent`, `--as` or the OS user); the answer
 *   shows the member's e-mail address, so it is also a `member_data_read` of them (RecordAdminReads).
 */
import type { Command } from 'commander';
import type { Container } from 'inversify';
import { RecordAdminReads } from '../core/data-rights/record-admin-reads.ts';
import { EmailStatement, type EmailStatementError } from '../core/statements/email-statement.ts';
import { adminActor } from './operator.ts';

type InContext = <T>(work: (container: Container) => Promise<T>) => Promise<T>;

const REFUSALS: Readonly<Record<EmailStatementError, string>> = {
  account_not_found: 'account_not_found: no account has this id or phone number',
  merchant_not_found: 'merchant_not_found: no merchant has this id',
  no_email: 'no_email: this account has no e-mail address (opened by USSD); nothing was sent',
  period_invalid: 'period_invalid: the period is a month YYYY-MM, from 2020-01 up to this month',
};

export function addStatementCommands(program: Command, env: { write(text: string): void; osUser: string }, inContext: InContext): void {
  program
    .command('statements')
    .description('statements of members and merchants')
    .command('send')
    .description('e-mail a member (or a merchant’s owner) a link to download the statement of a month (PDF, valid 7 days)')
    .option('--member <id|phone>', 'the member, by account id or phone number')
    .option('--merchant <id>', 'the merchant, by id: its owner receives its monthly statement')
    .requiredOption('--period <YYYY-MM>', 'the month')
    .action(async (options: { member?: string; merchant?: string; period: string }, command: Command) => {
      if ((options.member === undefined) === (options.merchant === undefined)) {
        command.error(`error: give --member or --merchant, one of them\n\n${command.helpInformation()}`, { exitCode: 2, code: 'ikimina.usage' });
      }
      const sentBy = adminActor(command, env.osUser);
      const input = options.merchant !== undefined ? { merchantId: options.merchant.trim(), month: options.period.trim(), sentBy } : { member: options.member!.trim(), month: options.period.trim(), sentBy };
      const sent = await inContext(async (c) => {
        const done = await c.get(EmailStatement).execute(input);
        // The answer names the member's e-mail address: a read of their data, as `users list`.
        if (done.ok) await c.get(RecordAdminReads).execute({ actor: sentBy, command: 'statements send', addresses: [done.value.to] });
        return done;
      });
      if (!sent.ok) return command.error(`error: ${REFUSALS[sent.error]}`, { exitCode: 1, code: 'ikimina.refused' });
      env.write(`Statement link e-mailed to ${sent.value.to} (valid until ${sent.value.expiresAt.toISOString()}); see \`outbox list\`.\n`);
    });
}
