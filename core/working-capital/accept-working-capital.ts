/**
 * AcceptWorkingCapital (POST /api/merchants/{id}/working-capital/{loanId}/accept): the owner
 * accepts the key facts shown, and the amount is disbursed by mobile money to the merchant's
 * payout wallet, as members' loans are (core/loans/disburse-loan.ts, through core/transfers).
 *
 * Guarantees
 * - Only the merchant's owner, only its own working capital (`working_capital_not_found`
 *   otherwise, like an unknown id); only an `approved` one (`working_capital_not_approved`).
 * - Stored before sent: the acceptance, the advance turning `active` (disbursed now, due 18
 *   months later), the entry debiting its receivable and crediting the provider's clearing account,
 *   and the transfer attempt commit together; the provider is asked after. A failed transfer turns
 *   it back to `approved` (WorkingCapitalDisbursementPolicy), retried on the transfers' schedule.
 * - Accepting twice disburses once: the second answers `working_capital_not_approved`.
 */
import { accounts } from '../ledger/accounts.ts';
import type { MerchantRepository } from '../merchants/ports.ts';
import type { MobileMoneyError } from '../payments/ports.ts';
import type { Clock } from '../shared/clock.ts';
import { err, invariant, ok, type Result } from '../shared/result.ts';
import type { UnitOfWork } from '../shared/unit-of-work.ts';
import type { Notifier } from '../tontines/ports.ts';
import type { RequestTransfer } from '../transfers/request-transfer.ts';
import type { SendTransfer } from '../transfers/send-transfer.ts';
import type { OutgoingTransfer } from '../transfers/transfer.ts';
import type { TransferPolicy } from '../transfers/ports.ts';
import type { WorkingCapitalLoans } from './ports.ts';
import { dueDate, transitionWorkingCapital, type WorkingCapitalLoan } from './working-capital.ts';
import { disbursedNotice, disbursementFailedNotice } from './working-capital-notices.ts';

export const WORKING_CAPITAL_DISBURSEMENT_PREFIX = 'working-capital:';

/** A disbursement attempt's reference (`working-capital:<loanId>[-<n>]`): the provider's word on it goes to SettleTransfer. */
export const isWorkingCapitalTransferReference = (reference: string): boolean => reference.startsWith(WORKING_CAPITAL_DISBURSEMENT_PREFIX);

export interface DisburseWorkingCapitalDeps {
  loans: Pick<WorkingCapitalLoans, 'findById' | 'save'>;
  merchants: Pick<MerchantRepository, 'findById'>;
  requestTransfer: Pick<RequestTransfer, 'execute'>;
  notifier: Notifier;
  clock: Clock;
}

export type AcceptWorkingCapitalError = 'working_capital_not_found' | 'working_capital_not_approved' | MobileMoneyError;

export class AcceptWorkingCapital {
  constructor(private readonly deps: DisburseWorkingCapitalDeps & { sendTransfer: Pick<SendTransfer, 'execute'>; uow: UnitOfWork }) {}

  async execute(input: { merchantId: string; loanId: string; userId: string }): Promise<Result<WorkingCapitalLoan, AcceptWorkingCapitalError>> {
    const { deps } = this;
    const booked = await deps.uow.run(async (): Promise<Result<OutgoingTransfer, 'working_capital_not_found' | 'working_capital_not_approved'>> => {
      const loan = await deps.loans.findById(input.loanId);
      if (!loan || loan.merchantId !== input.merchantId || loan.ownerId !== input.userId) return err('working_capital_not_found');
      if (loan.status !== 'approved') return err('working_capital_not_approved');
      const accepted = { ...loan, acceptedAt: loan.acceptedAt ?? deps.clock.now() };
      await deps.loans.save(accepted);
      return bookWorkingCapitalDisbursement(deps, accepted.id, 1);
    });
    if (!booked.ok) return booked;
    const sent = await deps.sendTransfer.execute({ reference: booked.value.reference });
    if (!sent.ok && sent.error !== 'mobile_money_unavailable') return sent;
    const loan = await deps.loans.findById(input.loanId);
    invariant(loan, `working capital ${input.loanId} vanished`);
    return ok(loan);
  }
}

/** In the caller's unit of work: the advance active (due in 18 months) and its transfer attempt booked. */
export async function bookWorkingCapitalDisbursement(deps: DisburseWorkingCapitalDeps, loanId: string, attempt: number): Promise<Result<OutgoingTransfer, 'working_capital_not_found' | 'working_capital_not_approved'>> {
  const loan = await deps.loans.findById(loanId);
  if (!loan) return err('working_capital_not_found');
  const status = transitionWorkingCapital(loan.status, 'disburse');
  if (!status.ok) return err('working_capital_not_approved');
  const merchant = await deps.merchants.findById(loan.merchantId);
  invariant(merchant, `working capital ${loan.id} names an unknown merchant`);
  const now = deps.clock.now();
  const active: WorkingCapitalLoan = { ...loan, status: status.value, disbursedAt: now, dueAt: dueDate(now) };
  const booked = await deps.requestTransfer.execute({
    purpose: 'working_capital_disbursement',
    subjectId: loan.id,
    debitedAccount: accounts.workingCapital(loan.id),
    transferReference: `${WORKING_CAPITAL_DISBURSEMENT_PREFIX}${loan.id}`,
    attempt,
    memberId: loan.ownerId,
    wallet: merchant.payoutWallet,
    amount: loan.keyFacts.amount,
    description: 'Ikimina: working capital',
  });
  // A receivable is an asset: lending more never takes it below zero.
  invariant(booked.ok, `working capital ${loan.id} disbursement could not be booked: ${booked.ok ? '' : booked.error}`);
  await deps.loans.save(active);
  if (attempt === 1) await deps.notifier.notify(disbursedNotice(active));
  return ok(booked.value);
}

/** What a working-capital disbursement's transfer failing, retried or given up means for the advance. */
export class WorkingCapitalDisbursementPolicy implements TransferPolicy {
  readonly retriesOnSchedule = true;

  constructor(private readonly deps: DisburseWorkingCapitalDeps) {}

  async failed(transfer: OutgoingTransfer): Promise<'booked_back' | 'contradicts_books'> {
    const loan = await this.deps.loans.findById(transfer.subjectId);
    const back = loan && transitionWorkingCapital(loan.status, 'disbursement_failed');
    if (!loan || !back?.ok || loan.repaid.isPositive()) return 'contradicts_books';
    const { disbursedAt: _d, dueAt: _due, ...undisbursed } = loan;
    await this.deps.loans.save({ ...undisbursed, status: back.value });
    return 'booked_back';
  }

  async rebook(failed: OutgoingTransfer, attempt: number): Promise<Result<OutgoingTransfer, 'not_owed' | 'cannot_pay'>> {
    const booked = await bookWorkingCapitalDisbursement(this.deps, failed.subjectId, attempt);
    if (booked.ok) return ok(booked.value);
    return err(booked.error === 'working_capital_not_approved' ? 'not_owed' : 'cannot_pay');
  }

  async givenUp(transfer: OutgoingTransfer): Promise<void> {
    const loan = await this.deps.loans.findById(transfer.subjectId);
    if (loan) await this.deps.notifier.notify(disbursementFailedNotice(loan));
  }
}
