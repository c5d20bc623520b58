/**
 * The business side of the admin CLI:
 * - `agents list`, `agents accredit|suspend|reinstate|revoke <id> [--reason]`
 * - `merchants list [--pending]` (`--pending`: the KYB queue, oldest first, with how long each has
 *   waited), `merchants verify|reinstate <id> [--note]`, `merchants reject <id> --reason <code>
 *   [--note]`, `merchants suspend <id> --reason <code> [--note]`, `merchants reverse
 *   <transactionId> --reason "…"` (refunds the payer; the next settlement batch carries it as a
 *   negative line)
 * - A rejection's or suspension's reason is a code of core/merchants/merchant-reason.ts, which the
 *   owner reads in their own language (SMS, e-mail, in-app, dashboard); `--help` and the error of
 *   a wrong one list them with their English words; on a terminal a missing one is picked from
 *   that list. The admin's own words go in `--note`, kept in the audit log only.
 * - `settlements create [--from YYYY-MM-DD --to YYYY-MM-DD]` (the week that ended by default;
 *   idempotent; a progress bar over the merchants paid), `settlements list [--status]`,
 *   `settlements show <id|reference>` (the reconciling report), `settlements retry <id>`
 * - `commissions payout [--month YYYY-MM]` (the month that ended by default; idempotent),
 *   `commissions retry <id>`
 *
 * Guarantees
 * - Every command goes through core use cases resolved from the container; every decision is
 *   recorded in the audit log as `admin:<--as or OS user>` (core/merchants/review-merchant.ts, core/agents/review-agent.ts).
 * - Arguments are validated with zod: a wrong one exits 2 with its message; a refused decision
 *   exits 1 with its code.
 */
import { select } from '@inquirer/prompts';
import Table from 'cli-table3';
import type { Command } from 'commander';
import type { Container } from 'inversify';
import { z } from 'zod';
import type { AgentEvent } from '../core/agents/agent.ts';
import { ListCardRefunds } from '../core/merchants/list-card-refunds.ts';
import { ListAgents } from '../core/agents/list-agents.ts';
import { ListMerchants } from '../core/merchants/list-merchants.ts';
import { ListOpenCardRefunds } from '../core/merchants/list-open-card-refunds.ts';
import { ListSettlementBatches } from '../core/settlements/list-settlement-batches.ts';
import { RetrySettlementBatch } from '../core/settlements/retry-settlement-batch.ts';
import { ListMerchantsAwaitingKyb } from '../core/merchants/list-merchants-awaiting-kyb.ts';
import type { MerchantEvent } from '../core/merchants/merchant.ts';
import type { ComplianceDetails } from '../core/merchants/merchant-profile.ts';
import { KYB_REJECTION_CODES, SUSPENSION_CODES, type KybRejectionCode, type SuspensionCode } from '../core/merchants/merchant-reason.ts';
import { ReverseMerchantPayment } from '../core/merchants/reverse-merchant-payment.ts';
import { ReviewAgent } from '../core/agents/review-agent.ts';
import { ReviewMerchant } from '../core/merchants/review-merchant.ts';
import { commissionPeriodContaining } from '../core/agents/commission.ts';
import { addDays, formatDate, kigaliDateOf, kigaliInstant, localDate, parseDate, type Period } from '../core/shared/calendar.ts';
import { countByStatus, type PayoutStatus } from '../core/settlements/payout-status.ts';
import { SettleMerchants } from '../core/settlements/settle-merchants.ts';
import { PayCommissions } from '../core/agents/pay-commissions.ts';
import { settlementPeriodsCovering } from '../core/settlements/settlement-period.ts';
import { ShowSettlementReport } from '../core/settlements/settlement-report.ts';
import { describeMerchantReason } from '../apps/notifications/catalogue.ts';
import { adminActor } from './operator.ts';

type InContext = <T>(work: (container: Container) => Promise<T>) => Promise<T>;
type Env = { write(text: string): void; interactive: boolean; osUser: string };

const Id = (what: string) => z.uuid({ error: `the ${what} id must be a UUID (see \`${what}s list\`)` });
const Reason = z.string().trim().min(5, { error: 'the reason must be at least 5 characters' }).max(500);
const Note = z.string().trim().min(1, { error: 'the note must be 1 to 500 characters' }).max(500, { error: 'the note must be 1 to 500 characters' });

/** The codes a decision takes, one a line with the words the owner reads (in English here; in their language to them). */
const reasonList = (codes: readonly (KybRejectionCode | SuspensionCode)[]) => codes.map((code) => `  ${code.padEnd(30)}${describeMerchantReason('en', code)}`).join('\n');

/** The reason codes of the merchant decisions that need one. */
const REASON_CODES_OF: Partial<Record<MerchantEvent, { codes: readonly (KybRejectionCode | SuspensionCode)[]; what: string }>> = {
  reject_kyb: { codes: KYB_REJECTION_CODES, what: 'a rejection' },
  suspend: { codes: SUSPENSION_CODES, what: 'a suspension' },
};

const Day = z.iso.date({ error: 'dates are YYYY-MM-DD (Kigali days)' });
const Month = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: 'the month is YYYY-MM' });
const BatchStatus = z.enum(['processing', 'completed', 'failed'], { error: 'status must be processing, completed or failed' });

/** Paid: the provider's final word came already; awaiting: it accepted the transfer, its callback or the poll completes or fails it. */
function payoutCounts(payouts: readonly { status: PayoutStatus }[]): string {
  const { completed, processing, failed } = countByStatus(payouts);
  return `${completed} paid, ${processing} awaiting the provider, ${failed} failed`;
}

const when = (d: Date | undefined | null) => (d ? d.toISOString().replace('T', ' ').slice(0, 16) : '');

/** What the business stated for KYB, as the admin checks it: each detail given, or that none was. */
function complianceText(m: ComplianceDetails): string {
  const given = [m.tin && `TIN ${m.tin}`, m.tradeLicenseNumber && `licence ${m.tradeLicenseNumber}`, m.rdbRegistrationNumber && `RDB ${m.rdbRegistrationNumber}`].filter(Boolean);
  return given.length ? given.join(', ') : 'none given';
}

/** A rejection's or suspension's reason for the admin: its code, and for `other` the words stored before codes (admins only). */
function reasonText(code: string | null, note: string | null): string {
  if (!code) return '';
  return code === 'other' && note ? `other: ${note}` : code;
}

/** The listings' table: these columns, a row each, no colours or borders to strip when piped. */
function table(head: string[], rows: string[][]): string {
  const drawn = new Table({ head, style: { head: [], border: [] } });
  drawn.push(...rows);
  return drawn.toString();
}

/** A batch's week as Kigali days, the last one included (as `settlements create --from --to` takes them). */
function kigaliDays(batch: { settlementPeriodStart: Date; settlementPeriodEnd: Date }): string {
  const lastDay = kigaliDateOf(new Date(batch.settlementPeriodEnd.getTime() - 1));
  return `${formatDate(kigaliDateOf(batch.settlementPeriodStart))} – ${formatDate(lastDay)}`;
}

function parse<T>(schema: z.ZodType<T>, value: unknown, command: Command): T {
  const parsed = schema.safeParse(value);
  if (!parsed.success) return command.error(`error: ${parsed.error.issues[0]!.message}`, { exitCode: 2, code: 'ikimina.usage' });
  return parsed.data;
}

/** `[#####-----] 5/10 merchants`, redrawn in place on a terminal, printed once at the end otherwise. */
export function progressBar(env: Env, total: number, label: string) {
  const draw = (done: number) => {
    const width = 30;
    const filled = total === 0 ? width : Math.round((done / total) * width);
    return `[${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${done}/${total} ${label}`;
  };
  return {
    tick(done: number) {
      if (env.interactive) env.write(`\r${draw(done)}`);
    },
    end() {
      env.write(`${env.interactive ? '\r' : ''}${draw(total)}\n`);
    },
  };
}

export function addBusinessCommands(program: Command, env: Env, inContext: InContext): void {
  const fail = (command: Command, error: string) => command.error(`error: ${error}`, { exitCode: 1, code: `ikimina.${error}` });

  // ---- agents ----
  const agents = program.command('agents').description('agents: list them; accredit, suspend, reinstate or revoke one (audited)');
  agents
    .command('list')
    .description('every agent with its code and accreditation status')
    .action(async () => {
      const rows = await inContext((c) => c.get(ListAgents).execute());
      const agentRows = rows.map((a) => [a.id, a.agentCode, a.agentType, a.district, a.accreditationStatus, when(a.createdAt)]);
      env.write(rows.length ? `${table(['Agent', 'Code', 'Type', 'District', 'Status', 'Registered'], agentRows)}\n` : 'No agents.\n');
    });
  const agentEvents: Record<string, AgentEvent> = { accredit: 'accredit', suspend: 'suspend', reinstate: 'reinstate', revoke: 'revoke' };
  for (const [word, event] of Object.entries(agentEvents)) {
    agents
      .command(`${word} <id>`)
      .description(`${word} an agent`)
      .option('--reason <text>', 'why (kept in the audit log)')
      .action(async (id: string, options: { reason?: string }, command: Command) => {
        const agentId = parse(Id('agent'), id, command);
        const reason = options.reason === undefined ? undefined : parse(Reason, options.reason, command);
        const actor = adminActor(command, env.osUser);
        const decided = await inContext((c) => c.get(ReviewAgent).execute({ agentId, event, actor, ...(reason ? { reason } : {}) }));
        if (!decided.ok) return fail(command, decided.error);
        env.write(`Agent ${decided.value.agentCode} is now ${decided.value.accreditationStatus}.\n`);
      });
  }

  // ---- merchants ----
  const merchants = program.command('merchants').description('merchants: list them; verify or reject KYB, suspend or reinstate (audited)');
  merchants
    .command('list')
    .description('every merchant with its code, statuses and onboarding agent; --pending: the KYB queue, oldest first, with its age')
    .option('--pending', 'only the businesses whose KYB awaits review, oldest first, with how long each has waited')
    .action(async (options: { pending?: boolean }) => {
      if (options.pending) {
        const queue = await inContext((c) => c.get(ListMerchantsAwaitingKyb).execute());
        const queueRows = queue.map(({ merchant: m, waiting }) => [m.id, m.merchantCode, m.businessName, m.district, when(m.createdAt), `${waiting.days} d ${waiting.hours} h`, complianceText(m)]);
        env.write(queue.length ? `${table(['Merchant', 'Code', 'Business', 'District', 'Registered', 'Waiting', 'Compliance'], queueRows)}\n${queue.length} awaiting KYB.\n` : 'No merchant awaits KYB.\n');
        return;
      }
      // With the card refunds still open at the processor (requested or pending).
      const rows = await inContext((c) => c.get(ListMerchants).execute());
      const merchantRows = rows.map((m) => [
        m.id,
        m.merchantCode,
        m.businessName,
        m.district,
        m.merchantStatus,
        m.kybStatus,
        m.onboardedByAgentId ?? '',
        reasonText(m.statusReasonCode, m.statusReasonNote),
        m.openCardRefunds ? String(m.openCardRefunds) : '',
      ]);
      env.write(rows.length ? `${table(['Merchant', 'Code', 'Business', 'District', 'Status', 'KYB', 'Agent', 'Reason', 'Refunds pending'], merchantRows)}\n` : 'No merchants.\n');
    });
  const merchantEvents: Record<string, MerchantEvent> = { verify: 'verify_kyb', reject: 'reject_kyb', suspend: 'suspend', reinstate: 'reinstate' };
  const descriptions: Record<MerchantEvent, string> = {
    verify_kyb: 'verify a merchant’s KYB (it becomes active)',
    reject_kyb: 'reject a merchant’s KYB (needs --reason <code>)',
    suspend: 'suspend an active merchant (needs --reason <code>)',
    reinstate: 'reinstate a suspended merchant',
  };
  for (const [word, event] of Object.entries(merchantEvents)) {
    const reasons = REASON_CODES_OF[event];
    const decision = merchants.command(`${word} <id>`).description(descriptions[event]);
    if (reasons) {
      decision
        .option('--reason <code>', `why ${reasons.what}, which the owner reads in their language (codes below)`)
        .addHelpText('after', `\nReason codes:\n${reasonList(reasons.codes)}\n`);
    }
    decision
      .option('--note <text>', 'your own words about the decision (kept in the audit log; the owner does not see them)')
      .action(async (id: string, options: { reason?: string; note?: string }, command: Command) => {
        const merchantId = parse(Id('merchant'), id, command);
        let reason: string | undefined;
        if (reasons) {
          const codes = `\n${reasonList(reasons.codes)}`;
          if (options.reason === undefined && !env.interactive) return command.error(`error: ${reasons.what} needs --reason <code>, one of:${codes}`, { exitCode: 2, code: 'ikimina.usage' });
          const Code = z.enum(reasons.codes, { error: (issue) => `unknown reason "${String(issue.input)}"; the reason must be one of:${codes}` });
          reason =
            options.reason === undefined
              ? await select({ message: 'Reason (the owner reads it in their language):', choices: reasons.codes.map((code) => ({ name: `${code}: ${describeMerchantReason('en', code)}`, value: code })) })
              : parse(Code, options.reason.trim(), command);
        }
        const note = options.note === undefined ? undefined : parse(Note, options.note, command);
        const actor = adminActor(command, env.osUser);
        const decided = await inContext((c) => c.get(ReviewMerchant).execute({ merchantId, event, actor, ...(reason ? { reason } : {}), ...(note ? { note } : {}) }));
        if (!decided.ok) return fail(command, decided.error);
        env.write(`Merchant ${decided.value.merchantCode} is now ${decided.value.merchantStatus} (KYB ${decided.value.kybStatus}).\n`);
      });
  }

  merchants
    .command('reverse <transactionId>')
    .description('reverse a completed merchant payment: the payer is refunded (a card payment to the card, once the processor completes it), the settlement batch of its date carries it as a negative line (needs --reason)')
    .option('--reason <text>', 'why (kept with the reversal, on the settlement report and in the audit log)')
    .action(async (id: string, options: { reason?: string }, command: Command) => {
      const transactionId = parse(Id('transaction'), id, command);
      if (options.reason === undefined) return command.error('error: a reversal needs --reason "…"', { exitCode: 2, code: 'ikimina.usage' });
      const reason = parse(Reason, options.reason, command);
      const actor = adminActor(command, env.osUser);
      const reversed = await inContext((c) => c.get(ReverseMerchantPayment).execute({ transactionId, reason, actor }));
      if (!reversed.ok) return fail(command, reversed.error);
      const { reversal } = reversed.value;
      if (reversal)
        env.write(
          `Payment ${reversal.transactionId} reversed at ${reversal.reversedAt.toISOString()}: ${reversal.netAmount.negate().format()} on the merchant's next settlement` +
            `${reversal.commissionReversed ? `, commission ${reversal.commission.negate().format()} taken back` : ''}.\n`,
        );
      if (reversed.value.via === 'mobile_money') {
        const { refund } = reversed.value;
        env.write(`Refund ${refund.reference} of ${refund.amount.format()} to ${refund.msisdn}: ${refund.status}.\n`);
      } else {
        const { refund } = reversed.value;
        // Reversed only once the processor completed the refund; the polling job follows one it has not finished.
        env.write(`Card refund of ${refund.amount.format()} (attempt ${refund.attempt}): ${refund.status}${refund.status === 'completed' ? '' : ', payment not reversed yet'}.\n`);
        if (refund.dispute && refund.status !== 'completed') env.write(`Disputed (${refund.dispute.code}) since ${when(refund.dispute.at)}: nothing is asked of the processor any more; see \`merchants refunds --disputed\`.\n`);
      }
    });

  merchants
    .command('refunds')
    .description("card refunds not finished: requested or pending at the processor; --disputed: only those the processor answered in a way no machine settles (an admin must look)")
    .option('--disputed', 'only the disputed ones: refused with none found at the processor, completed for another amount, answered for another charge, or unknown to the processor')
    .action(async (options: { disputed?: boolean }) => {
      const disputed = options.disputed === true;
      const refunds = await inContext((c) => c.get(ListCardRefunds).execute({ disputed }));
      const rows = refunds.map((r) => [
        r.transactionId,
        r.merchantId,
        r.amount.format(),
        `${r.status} (attempt ${r.attempt})`,
        when(r.requestedAt),
        r.chargeId,
        r.processorRefundId ?? '',
        r.dispute ? `${r.dispute.code}${r.dispute.processorAmount ? ` (${r.dispute.processorAmount.format()} refunded)` : ''}${r.dispute.processorChargeId ? ` (charge ${r.dispute.processorChargeId})` : ''} since ${when(r.dispute.at)}` : '',
      ]);
      const none = disputed ? 'No disputed card refund.\n' : 'No card refund open.\n';
      env.write(rows.length ? `${table(['Payment', 'Merchant', 'Amount', 'State', 'Requested', 'Charge', 'Processor refund', 'Dispute'], rows)}\n${rows.length} ${disputed ? 'disputed' : 'open'}.\n` : none);
    });

  // ---- settlements ----
  const settlements = program.command('settlements').description('weekly merchant settlement batches: create, list, show (report), retry');
  settlements
    .command('create')
    .description('create and pay the batches of the weeks meeting [--from, --to] (default: the week that ended); running it again creates nothing')
    .option('--from <date>', 'first Kigali day, YYYY-MM-DD')
    .option('--to <date>', 'last Kigali day, YYYY-MM-DD (included)')
    .action(async (options: { from?: string; to?: string }, command: Command) => {
      if ((options.from === undefined) !== (options.to === undefined)) return command.error('error: give both --from and --to, or neither', { exitCode: 2, code: 'ikimina.usage' });
      let periods: Period[] | undefined;
      if (options.from !== undefined && options.to !== undefined) {
        const from = parseDate(parse(Day, options.from, command))!;
        const to = parseDate(parse(Day, options.to, command))!;
        if (kigaliInstant(from) > kigaliInstant(to)) return command.error('error: --to must not be before --from', { exitCode: 2, code: 'ikimina.usage' });
        periods = settlementPeriodsCovering(kigaliInstant(from), kigaliInstant(addDays(to, 1)));
      }
      let bar: ReturnType<typeof progressBar> | undefined;
      const report = await inContext((c) =>
        c.get(SettleMerchants).execute({
          ...(periods ? { periods } : {}),
          onCreated: (count) => {
            bar = progressBar(env, count, 'merchants paid');
            bar.tick(0);
          },
          onProgress: (done) => bar?.tick(done),
        }),
      );
      bar?.end();
      env.write(`${report.created.length} batch(es) created, ${payoutCounts(report.paid)}.\n`);
      for (const period of report.notBegun) env.write(`Week of ${formatDate(kigaliDateOf(period.start))} not settled: it has not begun.\n`);
    });
  settlements
    .command('list')
    .description('the batches, newest period first')
    .option('--status <status>', 'processing, completed or failed')
    .option('--limit <n>', 'at most this many (default 100)', '100')
    .action(async (options: { status?: string; limit: string }, command: Command) => {
      const status = options.status === undefined ? undefined : parse(BatchStatus, options.status, command);
      const limit = parse(z.coerce.number().int().min(1).max(10_000), options.limit, command);
      const batches = await inContext((c) => c.get(ListSettlementBatches).execute({ ...(status ? { status } : {}), limit }));
      const batchRows = batches.map((b) => [b.id, b.batchReference, kigaliDays(b), String(b.totalTransactions), b.totalAmount.format(), b.payoutAmount.format(), b.carriedOut.format(), b.status, String(b.attempts)]);
      const head = ['Batch', 'Reference', 'Period', 'Transactions', 'Total', 'Paid', 'Carried', 'Status', 'Attempts'];
      env.write(batches.length ? `${table(head, batchRows)}\n${batches.length} batch(es)\n` : 'No settlement batches.\n');
    });
  settlements
    .command('show <batch>')
    .description('the settlement report of a batch (id or reference): its transactions, sums, fees, net and the payout’s provider reference')
    .action(async (batch: string, _options: unknown, command: Command) => {
      const shown = await inContext(async (c) => {
        const report = await c.get(ShowSettlementReport).execute({ batch });
        // Its payments whose card refund is still open at the processor: paid out, not reversed yet.
        return { report, open: report.ok ? await c.get(ListOpenCardRefunds).execute({ merchantId: report.value.batch.merchantId }) : new Map<string, never>() };
      });
      if (!shown.report.ok) return fail(command, shown.report.error);
      const r = shown.report.value;
      const refundNote = (transactionId: string) => {
        const open = shown.open.get(transactionId);
        return open ? `  card refund ${open.status} since ${when(open.requestedAt)}` : '';
      };
      const lines = [
        ...r.transactions.map((t) => [t.transactionReference, when(t.completedAt), t.amount.format(), t.merchantFee.format(), `${t.netAmount.format()}${refundNote(t.id)}`]),
        ...r.reversals.map((v) => [`reversal of ${v.transactionId}`, when(v.reversedAt), '', '', `${v.netAmount.negate().format()}  ${v.reason}`]),
      ];
      env.write(
        [
          `Batch ${r.batch.batchReference} (${r.batch.id})`,
          `Period: ${kigaliDays(r.batch)} (Kigali)`,
          table(['Transaction', 'Completed', 'Amount', 'Fee', 'Net'], lines),
          `Transactions: ${r.transactions.length}   Sum: ${r.gross.format()}   Fees: ${r.fees.format()}   Net: ${r.net.format()}`,
          `Reversals: ${r.reversals.length}   Reversed net: ${r.reversed.negate().format()}`,
          `Carried in: ${r.carriedIn.format()}   Total: ${r.batch.totalAmount.format()}   Paid out: ${r.batch.payoutAmount.format()}${r.batch.withheldAmount ? `   Withheld for working capital: ${r.batch.withheldAmount.format()}` : ''}   Carried out: ${r.batch.carriedOut.format()}`,
          `Status: ${r.batch.status} after ${r.batch.attempts} attempt(s)   Transfer: ${r.transfer?.reference ?? '-'} ${r.transfer?.status ?? ''}   Provider reference: ${r.transfer?.providerTransactionId ?? '-'}`,
          `Reconciled: ${r.reconciled ? 'yes' : 'NO'}`,
          '',
        ].join('\n'),
      );
    });
  settlements
    .command('retry <id>')
    .description('pay a failed batch again, as its next attempt')
    .action(async (id: string, _options: unknown, command: Command) => {
      const batchId = parse(Id('settlement'), id, command);
      const actor = adminActor(command, env.osUser);
      const retried = await inContext((c) => c.get(RetrySettlementBatch).execute({ batchId, actor }));
      if (!retried.ok) return fail(command, retried.error);
      env.write(`Batch ${retried.value.batchReference} is now ${retried.value.status} (attempt ${retried.value.attempts}).\n`);
    });

  // ---- commissions ----
  const commissions = program.command('commissions').description('agent commissions: monthly payouts');
  commissions
    .command('payout')
    .description('create and pay the commission payouts of a month (default: the month that ended); running it again creates nothing')
    .option('--month <YYYY-MM>', 'the Kigali month')
    .action(async (options: { month?: string }, command: Command) => {
      let period: Period | undefined;
      if (options.month !== undefined) {
        const [year, month] = parse(Month, options.month, command).split('-').map(Number) as [number, number];
        period = commissionPeriodContaining(kigaliInstant(localDate(year, month, 1)));
      }
      const report = await inContext((c) => c.get(PayCommissions).execute(period ? { period } : {}));
      env.write(`${report.created.length} payout(s) created, ${payoutCounts(report.paid)}.\n`);
      for (const p of report.paid) env.write(`  ${p.reference}  ${p.payoutAmount.format()}  ${p.status}\n`);
    });
  commissions
    .command('retry <id>')
    .description('pay a failed commission payout again, as its next attempt')
    .action(async (id: string, _options: unknown, command: Command) => {
      const payoutId = parse(Id('payout'), id, command);
      const retried = await inContext((c) => c.get(PayCommissions).retry({ payoutId }));
      if (!retried.ok) return fail(command, retried.error);
      env.write(`Payout ${retried.value.reference} is now ${retried.value.status} (attempt ${retried.value.attempts}).\n`);
    });
}
