/**
 * The admin CLI (`npm run admin -- --help`, or `ikimina-admin`): commander commands that resolve
 * use cases and ports (apps/tokens.ts) from the same container as the server, never an adapter,
 * each inside its own MikroORM RequestContext.
 *
 * Guarantees
 * - Arguments are validated with zod; a missing argument is asked with an inquirer prompt only on
 *   an interactive terminal. Without a TTY the command fails with its usage instead of waiting.
 * - Failures set a non-zero exit code (2 for usage, 1 otherwise).
 * - Every command that changes something is recorded in the audit log as `admin:<name>` (global
 *   `--as <name>`, else the OS user; cli/operator.ts): `demo seed` in the seed's own transaction,
 *   `db migrate` and `jobs run` once they ran (a job runs many transactions of its own),
 *   `loans review` by the decision itself. A command that changed nothing (nothing to migrate or
 *   seed, a job skipped) records nothing. `audit verify` walks the hash chain; `audit list` shows it.
 * - Every command that shows a member's personal data (`users list`, `loans review`, `outbox list`,
 *   `outbox show`, `statements send`) records one `member_data_read` per member shown before printing
 *   (core/data-rights/record-admin-reads.ts); the member finds it in their data export.
 */
import { select } from '@inquirer/prompts';
import { RequestContext } from '@mikro-orm/core';
import Table from 'cli-table3';
import { Command, CommanderError, Option } from 'commander';
import type { Container } from 'inversify';
import { z } from 'zod';
import { ListAccounts } from '../core/accounts/list-accounts.ts';
import { DEMO_PASSWORD, SeedDemoAccounts } from '../core/accounts/seed-demo-accounts.ts';
import { SeedDemoPopulation } from '../core/demo/seed-demo-population.ts';
import { describeBreak, type AuditDetails, type ChainedAuditRow } from '../core/audit/audit-chain.ts';
import { ListAuditRows } from '../core/audit/list-audit-rows.ts';
import { RecordAdminAction } from '../core/audit/record-admin-action.ts';
import { VerifyAuditLog } from '../core/audit/verify-audit-log.ts';
import type { StoredOutboxMessage } from '../core/notifications/outbox.ts';
import { ListOutboxMessages } from '../core/notifications/list-outbox-messages.ts';
import type { OpenedOutboxMessage } from '../core/notifications/opened-outbox-message.ts';
import { ShowOutboxMessage } from '../core/notifications/show-outbox-message.ts';
import { RecordAdminReads } from '../core/data-rights/record-admin-reads.ts';
import { ListPendingReviews } from '../core/loans/list-pending-reviews.ts';
import { ReviewLoan } from '../core/loans/review-loan.ts';
import { RotateNationalIdKeys } from '../core/identity/rotate-national-id-keys.ts';
import { JobRunner } from '../apps/scheduler/job-runner.ts';
import { TOKENS } from '../apps/tokens.ts';
import { addKeyCommands } from './keys-command.ts';
import { addLoanCommands } from './loans-command.ts';
import { ReviewWorkingCapital } from '../core/working-capital/review-working-capital.ts';
import { addTransferCommands } from './transfers-command.ts';
import { addBusinessCommands } from './business-command.ts';
import { addStatementCommands } from './statements-command.ts';
import { adminActor } from './operator.ts';

export interface CliSession {
  container: Container;
  close(): Promise<void>;
}

export interface CliEnvironment {
  /** Opens the database and the container; called once, by the first command that needs it. */
  open(): Promise<CliSession>;
  write(text: string): void;
  interactive: boolean;
  /** The operating-system user running the CLI: who the audit log names unless `--as` says otherwise. */
  osUser: string;
}

const Limit = z.coerce.number({ error: 'limit must be a number' }).int().min(1).max(1000);
const Channel = z.enum(['email', 'sms'], { error: 'channel must be email or sms' });
const AuditAction = z.string().regex(/^[a-z][a-z0-9_]{0,63}$/, { error: 'action must be snake_case, e.g. loan_approved' });
// Printable text only: a subject is `<kind>:<id>`.
const AuditSubject = z.string().regex(/^[\x21-\x7e]{1,200}$/, { error: 'subject must be like loan:<id> (printable, no spaces, at most 200 characters)' });

function parseOption<T>(schema: z.ZodType<T>, value: unknown, command: Command): T {
  const parsed = schema.safeParse(value);
  if (!parsed.success) command.error(`error: ${parsed.error.issues[0]?.message ?? 'invalid option'}`, { exitCode: 2, code: 'ikimina.invalid' });
  return parsed.data as T;
}

/** A cell with nothing to show. */
const NONE = '—';

function day(date: Date | null): string {
  return date ? date.toISOString().replace('T', ' ').slice(0, 19) : '';
}

function detailsText(row: ChainedAuditRow): string {
  return Object.entries(row.details)
    .map(([key, value]) => `${key}=${String(value)}`)
    .join('\n');
}

/** Which channels have a provider: a pending message of a channel without one is kept locally. */
interface Providers {
  email: boolean;
  sms: boolean;
}

function providersOf(c: Container): Providers {
  return { email: c.get(TOKENS.MailTransport) !== null, sms: c.get(TOKENS.SmsSender) !== null };
}

const KEPT_LOCALLY = { email: 'pending (no SMTP_URL: kept in outbox)', sms: "pending (no Africa's Talking: kept locally in outbox)" } as const;

/** `body`: as delivered, the sealed link opened into its place (OutboxReader.reveal). */
function messageTable(message: StoredOutboxMessage, body: string, providers: Providers): string {
  const status = message.status === 'pending' && !providers[message.channel] ? KEPT_LOCALLY[message.channel] : message.status;
  const table = new Table({ style: { head: [], border: [] } });
  table.push(
    { Id: message.id },
    { Channel: message.channel.toUpperCase() },
    { Status: status },
    { To: message.recipient },
    { Subject: message.subject ?? '' },
    { Attempts: String(message.attempts) },
    { Created: day(message.createdAt) },
    { Sent: day(message.sentAt) },
    { Body: body.trimEnd() },
  );
  if (message.lastError) table.push({ 'Last error': message.lastError });
  return table.toString();
}

/** The body with its sealed link opened; a link sealed under another key is said so, not fatal. */
function revealed({ body, opened }: OpenedOutboxMessage): string {
  return opened ? body : `${body}\n(the sealed link cannot be opened with this OUTBOX_ENCRYPTION_KEY)`;
}

export function buildProgram(env: CliEnvironment): Command {
  let session: CliSession | null = null;
  const inContext = async <T>(work: (container: Container) => Promise<T>): Promise<T> => {
    session ??= await env.open();
    const { container } = session;
    return RequestContext.create(container.get(TOKENS.Orm).em, () => work(container));
  };

  const program = new Command('ikimina-admin')
    .description('Ikimina administration: database, demo data, users, outbox, jobs, loans, transfers, statements, keys, audit log')
    .option('--as <name>', 'who you are, recorded in the audit log for commands that change something (default: your OS user)')
    .exitOverride()
    .configureOutput({ writeOut: env.write, writeErr: env.write })
    .hook('postAction', async () => {
      await session?.close();
      session = null;
    });

  const db = program.command('db').description('database');
  db.command('migrate')
    .description('apply pending migrations')
    .action(async (_options: unknown, command: Command) => {
      const actor = adminActor(command, env.osUser);
      const result = await inContext(async (c) => {
        const migrated = await c.get(TOKENS.Migrations).apply();
        if (migrated.applied.length > 0) await c.get(RecordAdminAction).execute({ action: 'db_migrated', actor, subject: 'database', details: { applied: migrated.applied.join(',') } });
        return migrated;
      });
      env.write(result.applied.length ? `Applied: ${result.applied.join(', ')}\n` : 'The database is up to date.\n');
    });
  db.command('create-migration')
    .description('generate a migration from the entity schemas (run `db migrate` first)')
    .action(async () => {
      const created = await inContext((c) => c.get(TOKENS.Migrations).create());
      env.write(created.fileName ? `Created ${created.fileName}\n` : 'No schema changes.\n');
    });

  program
    .command('demo')
    .description('demonstration data')
    .command('seed')
    .description('create the demo accounts (once; running it again changes nothing); --members N: a large demo population instead (bench:dashboard)')
    .option('--members <n>', 'seed a demo population of N members (a multiple of 10: N/10 groups, N×10 contributions with a history), once')
    .action(async (options: { members?: string }, command: Command) => {
      const actor = adminActor(command, env.osUser);
      if (options.members !== undefined) {
        const started = Date.now();
        const seeded = await inContext((c) => c.get(SeedDemoPopulation).execute({ members: Number(options.members), actor }));
        if (!seeded.ok) {
          const error = seeded.error;
          if (error === 'already_seeded') {
            const members = await inContext((c) => c.get(SeedDemoPopulation).seededMembers());
            return command.error(`error: a demo population is already seeded here (${members} members): nothing written. Use a fresh database to seed another.`, { exitCode: 1, code: 'ikimina.already_seeded' });
          }
          if (error === 'population_size_invalid') return command.error(`error: --members must be a multiple of 10 between 10 and 1000000, not ${options.members}`, { exitCode: 2, code: 'ikimina.invalid' });
          return command.error('error: the seeded ledger does not balance: nothing was committed', { exitCode: 1, code: 'ikimina.ledger_unbalanced' });
        }
        const p = seeded.value;
        env.write(
          `Seeded ${p.members} members, ${p.groups} groups, ${p.contributions} contributions (${p.paidContributions} paid), ${p.payouts} payouts, ` +
            `${p.journalEntries} ledger entries (sum of all postings ${p.ledgerSum}) in ${((Date.now() - started) / 1000).toFixed(1)} s. Password of every member: ${DEMO_PASSWORD}\n`,
        );
        return;
      }
      const seeded = await inContext((c) => c.get(SeedDemoAccounts).execute({ actor }));
      const table = new Table({ head: ['E-mail', 'Password', 'Result'], style: { head: [], border: [] } });
      for (const account of seeded) table.push([account.email, account.password, account.created ? 'created' : 'already there']);
      env.write(`${table.toString()}\n`);
    });

  program
    .command('users')
    .description('accounts')
    .command('list')
    .description('list accounts, newest first (audited: each member shown sees the read in their data export)')
    .option('--limit <n>', 'how many', '50')
    .action(async (options: { limit: string }, command: Command) => {
      const limit = parseOption(Limit, options.limit, command);
      const actor = adminActor(command, env.osUser);
      // Each member shown is told of the read in their data export (core/data-rights/record-admin-reads.ts).
      const users = await inContext(async (c) => {
        const listed = await c.get(ListAccounts).execute({ limit });
        await c.get(RecordAdminReads).execute({ actor, command: 'users list', memberIds: listed.map((u) => u.id) });
        return listed;
      });
      const table = new Table({ head: ['E-mail', 'Phone', 'Name', 'Lang', 'E-mail ok', 'NIDA', 'KYC', 'Demo', 'Created'], style: { head: [], border: [] } });
      for (const u of users) {
        // An account opened by phone (USSD) has no e-mail: a dash, not an empty cell or "null".
        const emailOk = u.email === null ? NONE : u.emailVerified ? 'yes' : 'no';
        table.push([u.email ?? NONE, u.phoneNumber ?? NONE, `${u.firstName} ${u.lastName}`, u.language, emailOk, u.nidaVerified ? 'yes' : 'no', u.kycVerified ? 'yes' : 'no', u.isDemo ? 'DEMO' : '', day(u.createdAt)]);
      }
      env.write(`${table.toString()}\n${users.length} account(s)\n`);
    });

  const outbox = program.command('outbox').description('e-mail and SMS waiting to be, or already, delivered');
  outbox
    .command('list')
    .description('list outbox messages, newest first, with their bodies (sealed sign-in and reset links opened; audited: each member shown sees the read in their data export)')
    .addOption(new Option('--channel <channel>', 'only this channel').choices(['email', 'sms']))
    .option('--limit <n>', 'how many', '20')
    .action(async (options: { channel?: string; limit: string }, command: Command) => {
      const limit = parseOption(Limit, options.limit, command);
      const channel = options.channel === undefined ? undefined : parseOption(Channel, options.channel, command);
      const actor = adminActor(command, env.osUser);
      const { messages, providers } = await inContext(async (c) => {
        const found = await c.get(ListOutboxMessages).execute({ limit, ...(channel ? { channel } : {}) });
        // The recipients' addresses and bodies are their personal data: each member shown is told of the read.
        await c.get(RecordAdminReads).execute({ actor, command: 'outbox list', addresses: found.map((m) => m.message.recipient) });
        return { messages: found.map((m) => ({ message: m.message, body: revealed(m) })), providers: providersOf(c) };
      });
      if (messages.length === 0) env.write('The outbox is empty.\n');
      for (const { message, body } of messages) env.write(`${messageTable(message, body, providers)}\n`);
    });
  outbox
    .command('show')
    .description('show one message (audited: its recipient, a member, sees the read in their data export)')
    .argument('[id]', 'message id (asked for when missing, on a terminal)')
    .action(async (id: string | undefined, _options: unknown, command: Command) => {
      const actor = adminActor(command, env.osUser);
      let messageId = id;
      if (!messageId) {
        if (!env.interactive) command.error(`error: missing argument 'id'\n\n${command.helpInformation()}`, { exitCode: 2, code: 'ikimina.usage' });
        // The choices name their recipients: a read of each, as `outbox list`.
        const recent = await inContext(async (c) => {
          const found = (await c.get(ListOutboxMessages).execute({ limit: 20 })).map((m) => m.message);
          await c.get(RecordAdminReads).execute({ actor, command: 'outbox show', addresses: found.map((m) => m.recipient) });
          return found;
        });
        if (recent.length === 0) return env.write('The outbox is empty.\n');
        messageId = await select({
          message: 'Which message?',
          choices: recent.map((m) => ({ name: `${day(m.createdAt)}  ${m.channel}  ${m.recipient}  ${m.subject ?? ''}`, value: m.id })),
        });
      }
      const uuid = parseOption(z.uuid({ error: 'id must be a message id (a UUID)' }), messageId, command);
      const { message, body, providers } = await inContext(async (c) => {
        const found = await c.get(ShowOutboxMessage).execute({ id: uuid });
        if (found) await c.get(RecordAdminReads).execute({ actor, command: 'outbox show', addresses: [found.message.recipient] });
        return { message: found?.message ?? null, body: found ? revealed(found) : '', providers: providersOf(c) };
      });
      if (!message) command.error(`error: no outbox message ${uuid}`, { exitCode: 1, code: 'ikimina.not_found' });
      env.write(`${messageTable(message, body, providers)}\n`);
    });

  const jobs = program.command('jobs').description('scheduled jobs (the server runs them on their schedules)');
  jobs
    .command('list')
    .description('list the jobs and their schedules (Africa/Kigali time)')
    .action(async () => {
      const listed = await inContext(async (c) => c.get(TOKENS.Jobs).map((job) => [job.aliases?.length ? `${job.name} (also ${job.aliases.join(', ')})` : job.name, job.schedules.join('  ')]));
      const table = new Table({ head: ['Job', 'Schedules'], style: { head: [], border: [] } });
      table.push(...listed);
      env.write(`${table.toString()}\n`);
    });
  jobs
    .command('run')
    .description('run one job now, under its lock (skipped when a replica is running it)')
    .argument('<name>', 'job name (see `jobs list`)')
    .action(async (name: string, _options: unknown, command: Command) => {
      const actor = adminActor(command, env.osUser);
      const run = await inContext(async (c) => {
        const runner = c.get(JobRunner);
        if (!runner.has(name)) command.error(`error: no job named ${name} (jobs: ${runner.jobNames.join(', ')})`, { exitCode: 2, code: 'ikimina.usage' });
        const done = await runner.runOnce(name);
        // A skipped run changed nothing; a failed one may have committed part of its work.
        if (done.outcome !== 'skipped') {
          const details: AuditDetails = done.outcome === 'ran' ? { ...done.report, outcome: 'ran' } : { outcome: 'failed', error: done.error.slice(0, 500) };
          await c.get(RecordAdminAction).execute({ action: 'job_run', actor, subject: `job:${name}`, details });
        }
        return done;
      });
      if (run.outcome === 'ran') {
        const table = new Table({ head: ['Count', 'Value'], style: { head: [], border: [] } });
        table.push(...Object.entries(run.report).map(([key, value]) => [key, String(value)]));
        env.write(`Job ${name} ran.\n${table.toString()}\n`);
      } else if (run.outcome === 'skipped') {
        env.write(`Job ${name} skipped: ${run.reason === 'locked_elsewhere' ? 'another process is running it' : 'it is already running here'}.\n`);
      } else {
        command.error(`error: job ${name} failed: ${run.error}`, { exitCode: 1, code: 'ikimina.job_failed' });
      }
    });

  addLoanCommands(program, env, (work) => inContext((c) => work({ listPendingReviews: c.get(ListPendingReviews), reviewLoan: c.get(ReviewLoan), workingCapital: c.get(ReviewWorkingCapital), recordAdminReads: c.get(RecordAdminReads) })));
  addTransferCommands(program, env, inContext);
  addBusinessCommands(program, env, inContext);
  addStatementCommands(program, env, inContext);
  addKeyCommands(program, env, (work) => inContext((c) => work({ rotateNationalIdKeys: c.get(RotateNationalIdKeys) })));

  const audit = program.command('audit').description('the append-only audit log of decisions and admin actions');
  audit
    .command('verify')
    .description('walk the hash chain: exit 1 naming the first edited, deleted or reordered row')
    .action(async (_options: unknown, command: Command) => {
      const check = await inContext((c) => c.get(VerifyAuditLog).execute());
      if (!check.ok) return command.error(`error: the audit log is broken at ${describeBreak(check.broken)}`, { exitCode: 1, code: 'ikimina.audit_chain_broken' });
      // The head is worth writing down elsewhere: a chain cut short at its end is found only against it.
      env.write(check.head ? `The audit log is intact: ${check.checked} row(s), the last is row ${check.head.seq} with hash ${check.head.hash}.\n` : 'The audit log is empty.\n');
    });
  audit
    .command('list')
    .description('list audit rows, newest first')
    .option('--limit <n>', 'how many', '50')
    .option('--action <action>', 'only this action (e.g. loan_approved)')
    .option('--subject <subject>', 'only this subject (e.g. loan:<id>)')
    .action(async (options: { limit: string; action?: string; subject?: string }, command: Command) => {
      const limit = parseOption(Limit, options.limit, command);
      const action = options.action === undefined ? undefined : parseOption(AuditAction, options.action, command);
      const subject = options.subject === undefined ? undefined : parseOption(AuditSubject, options.subject, command);
      const rows = await inContext((c) => c.get(ListAuditRows).execute({ limit, ...(action ? { action } : {}), ...(subject ? { subject } : {}) }));
      if (rows.length === 0) return env.write('No audit rows.\n');
      // Details can be long (a list of migrations): wrapped, so the table fits a terminal.
      const table = new Table({
        head: ['Seq', 'When (UTC)', 'Action', 'Actor', 'Subject', 'Details'],
        colWidths: [null, null, null, null, null, 60],
        wordWrap: true,
        wrapOnWordBoundary: false,
        style: { head: [], border: [] },
      });
      for (const row of rows) table.push([String(row.seq), day(row.occurredAt), row.action, row.actor, row.subject, detailsText(row)]);
      env.write(`${table.toString()}\n${rows.length} row(s)\n`);
    });

  return program;
}

/** Runs the program; answers the exit code (commander's own help and version exit with 0). */
export async function runCli(program: Command, argv: string[]): Promise<number> {
  try {
    await program.parseAsync(argv, { from: 'user' });
    return 0;
  } catch (error) {
    if (error instanceof CommanderError) return error.exitCode;
    throw error;
  }
}
