/**
 * Disburse an approved loan by mobile money, from the booking to the provider's last word.
 *
 * Guarantees
 * - Stored before sent (PROVIDERS.md §2a): the loan turning active with its schedule, the entry
 *   debiting the loan receivable and crediting the provider's clearing account, and the attempt
 *   (status pending) commit in one unit of work; the provider is asked only after it committed, so
 *   a callback, however fast, finds the attempt. A crash or an unreachable provider leaves a
 *   pending attempt that `sendDisbursement` asks again under the SAME reference.
 * - References: attempt 1 is `loan-disbursement:<loanId>`, attempt n is
 *   `loan-disbursement:<loanId>-<n>`; the loan is lent in whole francs, each transfer of exactly
 *   its amount. At most one attempt is booked and not reversed at any time, so the loan is paid once.
 * - Settled once: an attempt moves pending → successful | failed once; a repeated report answers
 *   `exists`, a success after a failure `contradicts_books` (a person must look: the member may
 *   have been paid twice). Neither changes anything.
 * - A failed attempt moved no money: in one unit of work its entry is reversed (a reversal entry,
 *   never an edit) and the loan goes back to `approved` without schedule (transition
 *   `disbursement_failed`), its disbursement due again after RETRY_BACKOFF_MINUTES[n − 1]. A loan
 *   that already took a repayment is not turned back: that report is `contradicts_books`.
 * - A retry books attempt n + 1 to the member's wallet as it is then; the schedule runs monthly
 *   from the Kigali day of the disbursement actually made.
 * - Bounded: after MAX_DISBURSEMENT_ATTEMPTS failed attempts, or when the member has no wallet,
 *   it is given up: the loan stays `approved` (an admin may disburse it again) and the member is told.
 * - The member is told of the disbursement once, when the first attempt is booked.
 */
import { accounts } from '../ledger/accounts.ts';
import { credit, debit, journalEntry } from '../ledger/journal-entry.ts';
import type { JournalWriter } from '../ledger/ports.ts';
import type { MobileMoney, MobileMoneyError } from '../payments/ports.ts';
import { kigaliDateOf } from '../shared/calendar.ts';
import type { Clock, IdGenerator } from '../shared/clock.ts';
import { err, invariant, ok, type Result } from '../shared/result.ts';
import type { UnitOfWork } from '../shared/unit-of-work.ts';
import { transferReference } from '../settlements/settlement-batch.ts';
import { amortisationSchedule } from './amortisation.ts';
import { transitionLoan, type Loan } from './loan.ts';
import type { Notifier } from '../tontines/ports.ts';
import { disbursementFailedNotice, disbursementNotice } from './loan-notices.ts';
import type { Borrowers, DisbursementAttempt, DisbursementAttemptRepository, LoanRepository } from './ports.ts';

export interface DisburseLoanDeps {
  loans: LoanRepository;
  disbursements: DisbursementAttemptRepository;
  borrowers: Borrowers;
  mobileMoney: Pick<MobileMoney, 'transfer'>;
  journal: JournalWriter;
  uow: UnitOfWork;
  clock: Clock;
  ids: IdGenerator;
  notifier: Notifier;
}

export const DISBURSEMENT_REFERENCE_PREFIX = 'loan-disbursement:';
export const MAX_DISBURSEMENT_ATTEMPTS = 4;
/** Wait after failed attempt 1, 2, 3 before the next one (as for savings transfers). */
export const RETRY_BACKOFF_MINUTES = [5, 30, 120] as const;

export type DisburseLoanError = 'loan_not_found' | 'loan_transition_not_allowed' | 'no_mobile_money_number' | MobileMoneyError;

/** Books the loan's first disbursement attempt, then sends it. An unreachable provider leaves it pending (re-sent by polling). */
export async function disburseLoan(deps: DisburseLoanDeps, input: { loanId: string }): Promise<Result<Loan, DisburseLoanError>> {
  const opened = await deps.uow.run(() => bookDisbursement(deps, input.loanId, 1));
  if (!opened.ok) return opened;
  const sent = await sendDisbursement(deps, opened.value.reference);
  if (!sent.ok && sent.error !== 'mobile_money_unavailable') return sent;
  const loan = await deps.loans.findById(input.loanId);
  invariant(loan, `loan ${input.loanId} vanished`);
  return ok(loan);
}

/** Outside any transaction: asks the provider to send a pending attempt (again, same reference). */
export async function sendDisbursement(deps: DisburseLoanDeps, reference: string): Promise<Result<'sent' | 'not_pending', MobileMoneyError>> {
  const attempt = await deps.disbursements.findAttempt(reference);
  if (!attempt || attempt.status !== 'pending') return ok('not_pending');
  const sent = await deps.mobileMoney.transfer({
    reference: attempt.reference,
    provider: attempt.provider,
    msisdn: attempt.msisdn,
    amount: attempt.amount,
    description: 'Ikimina: loan disbursement',
  });
  if (sent.ok) return ok('sent');
  // A refusal is the provider's final word on this attempt; unavailable: asked again later.
  if (sent.error === 'mobile_money_refused') await settleDisbursement(deps, { reference, status: 'failed' });
  return sent;
}

/** applied: successful now; failed: booked back, retry scheduled; given_up: no more attempts. */
export type DisbursementSettlement = 'applied' | 'exists' | 'failed' | 'given_up' | 'contradicts_books';

/** The provider's final word on one attempt (callback, status poll or a refusal). */
export function settleDisbursement(
  deps: DisburseLoanDeps,
  report: { reference: string; status: 'successful' | 'failed' },
): Promise<Result<DisbursementSettlement, 'payment_not_found'>> {
  const { disbursements, loans, journal, uow, clock, ids } = deps;
  return uow.run(async () => {
    const attempt = await disbursements.findAttempt(report.reference);
    if (!attempt) return err('payment_not_found');
    if (attempt.status !== 'pending') return ok(attempt.status === 'failed' && report.status === 'successful' ? ('contradicts_books' as const) : ('exists' as const));
    const now = clock.now();
    if (report.status === 'successful') {
      await disbursements.saveAttempt({ ...attempt, status: 'successful', completedAt: now });
      return ok('applied' as const);
    }
    const loan = await loans.findById(attempt.loanId);
    invariant(loan, `disbursement ${attempt.reference} of a missing loan`);
    const back = transitionLoan(loan.status, 'disbursement_failed');
    if (!back.ok || loan.totalPaid.isPositive()) return ok('contradicts_books' as const);
    const reversed = await journal.reverse(attempt.ledgerEntryId, { id: ids.newId(), key: `reversal:${attempt.reference}`, occurredAt: now });
    // The attempt was pending, so its entry stands unreversed: anything else is a bug.
    invariant(reversed.ok, `disbursement ${attempt.reference}: reversal refused (${reversed.ok ? '' : reversed.error})`);
    const { disbursedAt: _paidOutAt, ...undisbursed } = loan;
    await loans.save({ ...undisbursed, status: back.value, schedule: [] });
    const backoff = RETRY_BACKOFF_MINUTES[attempt.attempt - 1];
    const retryAt = attempt.attempt < MAX_DISBURSEMENT_ATTEMPTS && backoff !== undefined ? new Date(now.getTime() + backoff * 60_000) : undefined;
    await disbursements.saveAttempt({ ...attempt, status: 'failed', completedAt: now, retryAt });
    if (retryAt) return ok('failed' as const);
    await deps.notifier.notify(disbursementFailedNotice(loan));
    return ok('given_up' as const);
  });
}

/**
 * A failed attempt whose retry time has come: books the next attempt and sends it (`retried`);
 * `given_up` when none can be made; `not_due` when there is nothing to retry now.
 */
export async function retryDisbursement(
  deps: DisburseLoanDeps,
  reference: string,
): Promise<{ outcome: 'retried'; attempt: DisbursementAttempt } | { outcome: 'given_up' | 'not_due' }> {
  const { disbursements, uow, clock } = deps;
  const next = await uow.run(async (): Promise<DisbursementAttempt | 'given_up' | 'not_due'> => {
    const failed = await disbursements.findAttempt(reference);
    if (!failed || failed.status !== 'failed' || !failed.retryAt || failed.retryAt.getTime() > clock.now().getTime()) return 'not_due';
    await disbursements.saveAttempt({ ...failed, retryAt: undefined });
    const booked = await bookDisbursement(deps, failed.loanId, failed.attempt + 1);
    if (booked.ok) return booked.value;
    // Disbursed meanwhile by an admin: nothing is owed; otherwise (no wallet) a person must act.
    if (booked.error === 'loan_transition_not_allowed') return 'not_due';
    const loan = await deps.loans.findById(failed.loanId);
    if (loan) await deps.notifier.notify(disbursementFailedNotice(loan));
    return 'given_up';
  });
  if (typeof next === 'string') return { outcome: next };
  await sendDisbursement(deps, next.reference);
  return { outcome: 'retried', attempt: next };
}

/** In the caller's unit of work: the loan active with its schedule, its entry and the pending attempt. */
async function bookDisbursement(
  deps: DisburseLoanDeps,
  loanId: string,
  attempt: number,
): Promise<Result<DisbursementAttempt, 'loan_not_found' | 'loan_transition_not_allowed' | 'no_mobile_money_number'>> {
  const loan = await deps.loans.findById(loanId);
  if (!loan) return err('loan_not_found');
  const status = transitionLoan(loan.status, 'disburse');
  if (!status.ok) return status;
  const wallet = (await deps.borrowers.profileOf(loan.memberId))?.wallet;
  if (!wallet) return err('no_mobile_money_number');

  const reference = transferReference(`${DISBURSEMENT_REFERENCE_PREFIX}${loan.id}`, attempt);
  const now = deps.clock.now();
  const active: Loan = {
    ...loan,
    status: status.value,
    disbursedAt: now,
    schedule: amortisationSchedule({ principal: loan.amount, annualRateBps: loan.annualRateBps, termMonths: loan.termMonths }, kigaliDateOf(now)),
  };
  const entry = journalEntry({
    id: deps.ids.newId(),
    key: reference,
    kind: 'loan_disbursed',
    occurredAt: now,
    postings: [debit(accounts.loan(loan.id), loan.amount), credit(accounts.mobileMoney(wallet.provider), loan.amount)],
  });
  invariant(entry.ok, 'a disbursement entry always balances');
  const posted = await deps.journal.post(entry.value);
  invariant(posted.ok, `loan ${loan.id} disbursement could not be posted: ${posted.ok ? '' : posted.error}`);
  await deps.loans.save(active);
  const stored: DisbursementAttempt = {
    loanId: loan.id,
    memberId: loan.memberId,
    attempt,
    reference,
    provider: wallet.provider,
    msisdn: wallet.msisdn,
    amount: loan.amount,
    ledgerEntryId: entry.value.id,
    status: 'pending',
    createdAt: now,
  };
  await deps.disbursements.add(stored);
  if (attempt === 1) await deps.notifier.notify(disbursementNotice(active));
  return ok(stored);
}
