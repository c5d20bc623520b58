/**
 * StartLoanRepayment: the member asks to repay the next instalment or the whole balance by
 * mobile money; the provider prompts them for their PIN and answers later (ConfirmLoanPayment).
 *
 * Guarantees
 * - Idempotent by the member's key: the same key answers the collection it started (`exists`) and
 *   asks the provider nothing new, also for two requests racing (the repository's `add` decides).
 * - Only the borrower can repay their loan: another member's loan is `loan_not_found`.
 * - The amount is ours, from the schedule: the next instalment's amount still due, or all that is
 *   still owed; whole francs, since the schedule is in whole francs.
 * - At most one collection per loan awaits the provider at a time (for 15 minutes), so a member is
 *   not charged twice by two requests in flight.
 * - A collection the provider refused is failed at once; one the provider could not be asked about
 *   (unreachable, or its reply lost) stays requested for the polling job to ask the provider.
 */
import { CARD_PROVIDER } from '../payments/card-checkout.ts';
import type { MobileMoney, MobileMoneyError, MobileMoneyProvider } from '../payments/ports.ts';
import type { Clock, IdGenerator } from '../shared/clock.ts';
import { err, ok, type Result } from '../shared/result.ts';
import type { UnitOfWork } from '../shared/unit-of-work.ts';
import { amountOwed, nextPayment } from './loan.ts';
import type { Borrowers, LoanCollection, LoanCollectionRepository, LoanRepository, RepaymentScope } from './ports.ts';

/** A collection no answer came back for is given up after this long, so the member can retry. */
export const COLLECTION_TIMEOUT_MS = 15 * 60_000;
export const REPAYMENT_REFERENCE_PREFIX = 'loan-repayment:';

export interface StartLoanRepaymentDeps {
  loans: LoanRepository;
  collections: LoanCollectionRepository;
  borrowers: Borrowers;
  mobileMoney: Pick<MobileMoney, 'requestToPay'>;
  uow: UnitOfWork;
  clock: Clock;
  ids: IdGenerator;
}

export interface StartLoanRepaymentInput {
  memberId: string;
  loanId: string;
  scope: RepaymentScope;
  idempotencyKey: string;
  /**
   * `card`: the collection is stored under the card processor and nobody's wallet is asked; the
   * caller (core/payment-reports/start-card-payment.ts) opens its hosted checkout once this committed.
   */
  via?: 'card';
}

export type StartLoanRepaymentError = 'loan_not_found' | 'loan_not_repayable' | 'repayment_in_progress' | 'no_mobile_money_number' | MobileMoneyError;

export class StartLoanRepayment {
  constructor(private readonly deps: StartLoanRepaymentDeps) {}

  execute(input: StartLoanRepaymentInput): Promise<Result<{ outcome: 'requested' | 'exists'; collection: LoanCollection }, StartLoanRepaymentError>> {
    const deps = this.deps;
    return deps.uow.run(async () => {
      const earlier = await deps.collections.findByKey(input.memberId, input.idempotencyKey);
      if (earlier) return ok({ outcome: 'exists' as const, collection: earlier });
      const loan = await deps.loans.findById(input.loanId);
      if (!loan || loan.memberId !== input.memberId) return err('loan_not_found');
      const due = nextPayment(loan);
      if ((loan.status !== 'active' && loan.status !== 'overdue') || !due) return err('loan_not_repayable');
      const now = deps.clock.now();
      const waiting = (await deps.collections.listByLoan(loan.id)).some(
        (c) => c.status === 'requested' && now.getTime() - c.requestedAt.getTime() < COLLECTION_TIMEOUT_MS,
      );
      if (waiting) return err('repayment_in_progress');
      const profileWallet = (await deps.borrowers.profileOf(input.memberId))?.wallet;
      const wallet = input.via === 'card' ? { provider: CARD_PROVIDER as MobileMoneyProvider, msisdn: profileWallet?.msisdn ?? '' } : profileWallet;
      if (!wallet) return err('no_mobile_money_number');

      const id = deps.ids.newId();
      const collection: LoanCollection = {
        id,
        loanId: loan.id,
        memberId: input.memberId,
        idempotencyKey: input.idempotencyKey,
        reference: `${REPAYMENT_REFERENCE_PREFIX}${id}`,
        provider: wallet.provider,
        msisdn: wallet.msisdn,
        scope: input.scope,
        amount: input.scope === 'balance' ? amountOwed(loan) : due.amountDue,
        status: 'requested',
        requestedAt: now,
      };
      // Recorded before the provider is asked: a racing request with the same key waits here.
      if ((await deps.collections.add(collection)) === 'exists') {
        const winner = await deps.collections.findByKey(input.memberId, input.idempotencyKey);
        if (winner) return ok({ outcome: 'exists' as const, collection: winner });
      }
      if (input.via === 'card') return ok({ outcome: 'requested' as const, collection });
      const requested = await deps.mobileMoney.requestToPay({
        reference: collection.reference,
        provider: wallet.provider,
        msisdn: wallet.msisdn,
        amount: collection.amount,
        description: `Ikimina loan repayment`,
      });
      if (!requested.ok) {
        // Only a refusal is the provider's word that it took nothing. An unreachable provider may
        // have taken the request and lost its reply (the member then approves and pays): marked
        // failed, that money would never be booked, since the polling job asks only about requested
        // collections. Left requested, the polling job asks the provider, and gives it up as failed
        // when the provider never heard of it (found by the chaos test, issue 11).
        if (requested.error === 'mobile_money_refused') await deps.collections.save({ ...collection, status: 'failed', settledAt: now, failureReason: requested.error });
        return requested;
      }
      return ok({ outcome: 'requested' as const, collection });
    });
  }
}
