/**
 * `loans review`: the loan officer's desk. Without arguments it lists the loans waiting for review
 * with the applicant's score and loan limit and, on a terminal, asks which one to decide and how;
 * `--approve <id>` or `--reject <id> --reason <code>` decide directly. The member is notified, and an
 * approved loan is disbursed at once (core ListPendingReviews and ReviewLoan).
 * Merchants' working capital left `pending` (core/working-capital) is listed in a table of its
 * own and decided with the same options: approved, it awaits the owner's acceptance of the key
 * facts recorded at application; rejected, the owner reads the reason.
 *
 * The reason of a rejection is one of core/loans/decision-reason.ts OFFICER_REJECTION_CODES: the
 * member reads it in their own language (SMS, app, USSD). The officer's own words go in `--note`,
 * kept in the audit log only.
 *
 * Guarantees
 * - Arguments are validated with zod; a missing reason is asked only on a terminal, otherwise the
 *   command fails with exit code 2 and its usage. A refused decision exits 1 with its code.
 * - The decision records who made it (`admin:<--as or OS user>`) on the loan and in the audit log.
 */
import { input, select } from '@inquirer/prompts';
import Table from 'cli-table3';
import type { Command } from 'commander';
import { z } from 'zod';
import type { RecordAdminReads } from '../core/data-rights/record-admin-reads.ts';
import type { ListPendingReviews } from '../core/loans/list-pending-reviews.ts';
import type { ReviewLoan } from '../core/loans/review-loan.ts';
import { OFFICER_REJECTION_CODES, type OfficerRejectionCode } from '../core/loans/decision-reason.ts';
import { describeDecisionReason } from '../apps/notifications/catalogue.ts';
import type { ReviewWorkingCapital } from '../core/working-capital/review-working-capital.ts';
import { adminActor } from './operator.ts';

/** The use cases of the loan officer's desk. */
export interface LoanReviewUseCases {
  listPendingReviews: Pick<ListPendingReviews, 'execute'>;
  reviewLoan: Pick<ReviewLoan, 'execute'>;
  workingCapital: Pick<ReviewWorkingCapital, 'listPending' | 'decide'>;
  recordAdminReads: Pick<RecordAdminReads, 'execute'>;
}

/** Runs `work` with the use cases, inside a database request context. */
type WithLoanUseCases = <T>(work: (useCases: LoanReviewUseCases) => Promise<T>) => Promise<T>;

const LoanId = z.uuid({ error: 'the loan id must be a UUID (see `loans review`)' });
const Reason = z.enum(OFFICER_REJECTION_CODES, { error: `the reason must be one of: ${OFFICER_REJECTION_CODES.join(', ')}` });
const Note = z.string().trim().min(1).max(500);
/** What the officer picks from on a terminal: the code, with the words the member will read in English. */
const REASON_CHOICES = OFFICER_REJECTION_CODES.map((code) => ({ name: `${code}: ${describeDecisionReason('en', { code })}`, value: code }));

export function addLoanCommands(program: Command, env: { write(text: string): void; interactive: boolean; osUser: string }, withUseCases: WithLoanUseCases): void {
  program
    .command('loans')
    .description('loans')
    .command('review')
    .description('list loans waiting for review; approve or reject one (the member is notified)')
    .option('--approve <id>', 'approve this pending loan (it is disbursed at once)')
    .option('--reject <id>', 'reject this pending loan (needs --reason)')
    .option('--reason <code>', `why a rejection, which the member reads in their language: ${OFFICER_REJECTION_CODES.join(', ')}`)
    .option('--note <text>', 'your own words about the decision (kept in the audit log; the member does not see them)')
    .action(async (options: { approve?: string; reject?: string; reason?: string; note?: string }, command: Command) => {
      const usage = (message: string) => command.error(`error: ${message}\n\n${command.helpInformation()}`, { exitCode: 2, code: 'ikimina.usage' });
      if (options.approve && options.reject) usage('give --approve or --reject, not both');
      const decidedBy = adminActor(command, env.osUser);
      const pending = await withUseCases(async (u) => {
        const listed = await u.listPendingReviews.execute();
        // The members whose applications are shown are told of the read in their data export.
        await u.recordAdminReads.execute({ actor: decidedBy, command: 'loans review', memberIds: listed.map(({ loan }) => loan.memberId) });
        return listed;
      });
      const pendingCapital = await withUseCases((u) => u.workingCapital.listPending());
      let decision: 'approve' | 'reject' | undefined = options.approve ? 'approve' : options.reject ? 'reject' : undefined;
      let loanId = options.approve ?? options.reject;

      if (!decision) {
        const table = new Table({ head: ['Loan', 'Applied', 'Amount', 'Term', 'Purpose', 'Score', 'Limit'], style: { head: [], border: [] } });
        for (const { loan, creditScore, loanLimit } of pending) {
          table.push([loan.id, loan.appliedAt.toISOString().slice(0, 10), loan.amount.format(), `${loan.termMonths} mo`, loan.purpose, String(creditScore), loanLimit.format()]);
        }
        env.write(pending.length ? `${table.toString()}\n${pending.length} loan(s) waiting for review\n` : 'No loans are waiting for review.\n');
        if (pendingCapital.length) {
          const capital = new Table({ head: ['Working capital', 'Merchant', 'Applied', 'Amount', 'Fee', 'APR', 'Payments (90 d)', 'Net sales (90 d)'], style: { head: [], border: [] } });
          for (const w of pendingCapital) {
            capital.push([w.id, w.merchantId, w.createdAt.toISOString().slice(0, 10), w.keyFacts.amount.format(), w.keyFacts.fee.format(), `${w.keyFacts.aprBps / 100}%`, String(w.basis.payments), w.basis.netSales.format()]);
          }
          env.write(`${capital.toString()}\n${pendingCapital.length} working capital request(s) waiting for review\n`);
        }
        if (!env.interactive || pending.length + pendingCapital.length === 0) return;
        loanId = await select({
          message: 'Which loan?',
          choices: [
            ...pending.map(({ loan }) => ({ name: `${loan.amount.format()}  ${loan.purpose}`, value: loan.id })),
            ...pendingCapital.map((w) => ({ name: `Working capital ${w.keyFacts.amount.format()}  merchant ${w.merchantId}`, value: w.id })),
          ],
        });
        decision = await select({ message: 'Decision?', choices: [{ name: 'Approve and disburse', value: 'approve' as const }, { name: 'Reject', value: 'reject' as const }] });
      }

      const id = LoanId.safeParse(loanId);
      if (!id.success) return usage(id.error.issues[0]!.message);
      let reason: OfficerRejectionCode | undefined;
      if (options.reason !== undefined) {
        const parsed = Reason.safeParse(options.reason.trim());
        if (!parsed.success) return usage(parsed.error.issues[0]!.message);
        reason = parsed.data;
      }
      if (decision === 'reject' && reason === undefined) {
        if (!env.interactive) return usage(`a rejection needs --reason <code> (${OFFICER_REJECTION_CODES.join(', ')})`);
        reason = await select({ message: 'Reason (the member reads it in their language):', choices: REASON_CHOICES });
      }
      let note: string | undefined;
      if (options.note !== undefined) {
        const parsed = Note.safeParse(options.note);
        if (!parsed.success) return usage('the note must be 1 to 500 characters');
        note = parsed.data;
      } else if (decision === 'reject' && env.interactive && options.reason === undefined) {
        note = (await input({ message: 'Note for the audit log (optional, the member does not see it):' })).trim() || undefined;
      }
      if (pendingCapital.some((w) => w.id === id.data)) {
        // The merchant reads the reason's code in words, in their language (apps/notifications render).
        const decided = await withUseCases((u) => u.workingCapital.decide({ loanId: id.data, decision, reason: reason ?? '', decidedBy }));
        if (!decided.ok) return command.error(`error: ${decided.error}`, { exitCode: 1, code: `ikimina.${decided.error}` });
        env.write(`Working capital ${decided.value.id} is now ${decided.value.status}. The merchant has been notified.\n`);
        return;
      }
      const result = await withUseCases((u) =>
        u.reviewLoan.execute({ loanId: id.data, decision, decidedBy, ...(reason === undefined ? {} : { reason }), ...(note === undefined ? {} : { note }) }),
      );
      if (!result.ok) return command.error(`error: ${result.error}`, { exitCode: 1, code: `ikimina.${result.error}` });
      env.write(`Loan ${result.value.id} is now ${result.value.status}. The member has been notified.\n`);
    });
}
