/**
 * Repaying working capital at any time (early, or a shortfall on the 60-day minimum), by mobile
 * money (POST /api/merchants/{id}/working-capital/{loanId}/repay) or by card (POST
 * /api/payments/card, purpose `working_capital`, through StartCardPayment), then the provider's word.
 *
 * Guarantees
 * - Only the owner, only an active or overdue advance (`working_capital_not_repayable`), at most
 *   what is owed in whole francs (all of it by default; `repayment_amount_invalid` otherwise);
 *   one request awaiting the provider at a time (`repayment_in_progress`, for 15 minutes): the
 *   advance is locked while its collections are read, so racing requests decide one after the other.
 * - Early repayment costs nothing extra: the total owed was fixed at acceptance; paying sooner
 *   only ends it sooner.
 * - Stored before the provider is asked; a refusal fails it at once; an unreachable provider
 *   leaves it requested for the polling job. By card (`via: 'card'`) it is stored under the card
 *   processor and nobody's wallet is asked: StartCardPayment opens the hosted checkout once this
 *   committed. A caller's idempotency key answers the collection stored under it (`exists`),
 *   whatever it became, so a second press returns to the same checkout; the key with another
 *   method or amount is refused (`idempotency_key_reused`).
 * - Confirmed once (callback, card processor's verify answer or polling, through
 *   SettlePaymentReport): a success books the repayment from where the money landed (the
 *   provider's clearing account: mobile money, or card clearing) with book-repayment.ts; a repeat
 *   answers `exists`; another amount is refused (`payment_amount_mismatch`); a failure changes
 *   nothing but the collection.
 */
import { accounts } from '../ledger/accounts.ts';
import type { MerchantRepository } from '../merchants/ports.ts';
import { Money } from '../money/money.ts';
import type { MobileMoney, MobileMoneyError, MobileMoneyProvider, MobileMoneyStatusReport, Settled, SettleError } from '../payments/ports.ts';
import type { Clock, IdGenerator } from '../shared/clock.ts';
import { err, invariant, ok, type Result } from '../shared/result.ts';
import { CARD_PROVIDER, isCardProvider } from '../payments/card-checkout.ts';
import type { UnitOfWork } from '../shared/unit-of-work.ts';
import type { Notifier } from '../tontines/ports.ts';
import { bookRepayment, type BookRepaymentDeps } from './book-repayment.ts';
import type { WorkingCapitalCollection, WorkingCapitalCollections, WorkingCapitalLoans } from './ports.ts';
import { owedOn, type WorkingCapitalLoan } from './working-capital.ts';
import { repaidNotice } from './working-capital-notices.ts';

export const REPAYMENT_REFERENCE_PREFIX = 'working-capital-repayment:';
export const isWorkingCapitalRepaymentReference = (reference: string): boolean => reference.startsWith(REPAYMENT_REFERENCE_PREFIX);
const COLLECTION_TIMEOUT_MS = 15 * 60_000;

export type StartRepaymentError = 'working_capital_not_found' | 'working_capital_not_repayable' | 'repayment_amount_invalid' | 'repayment_in_progress' | 'idempotency_key_reused' | MobileMoneyError;

export interface StartRepaymentInput {
  merchantId: string;
  loanId: string;
  userId: string;
  /** Whole francs, at most what is owed; all that is owed when left out. */
  amount?: Money;
  /** The same key on the same advance answers the collection stored under it. */
  idempotencyKey?: string;
  /** `card`: stored under the card processor; the caller (StartCardPayment) opens its checkout. */
  via?: 'card';
}

export interface StartedRepayment {
  outcome: 'requested' | 'exists';
  collection: WorkingCapitalCollection;
}

export interface StartWorkingCapitalRepaymentDeps {
  loans: Pick<WorkingCapitalLoans, 'findById' | 'repayingFor'>;
  merchants: Pick<MerchantRepository, 'findById'>;
  collections: WorkingCapitalCollections;
  mobileMoney: Pick<MobileMoney, 'requestToPay'>;
  uow: UnitOfWork;
  clock: Clock;
  ids: IdGenerator;
}

/** The advance, locked as the settlement locks it when it is active or overdue (else nothing repays it to race with). */
async function lockedLoan(loans: Pick<WorkingCapitalLoans, 'repayingFor'>, found: WorkingCapitalLoan): Promise<WorkingCapitalLoan> {
  return (await loans.repayingFor([found.merchantId])).find((l) => l.id === found.id) ?? found;
}

/** A repeat of the request stored under the key: the same method, and the same amount when one is named. */
function sameRequest(stored: WorkingCapitalCollection, input: StartRepaymentInput): boolean {
  return isCardProvider(stored.provider) === (input.via === 'card') && (input.amount === undefined || input.amount.equals(stored.amount));
}

export class StartWorkingCapitalRepayment {
  constructor(private readonly deps: StartWorkingCapitalRepaymentDeps) {}

  execute(input: StartRepaymentInput): Promise<Result<StartedRepayment, StartRepaymentError>> {
    const { deps } = this;
    return deps.uow.run(async () => {
      const found = await deps.loans.findById(input.loanId);
      if (!found || found.merchantId !== input.merchantId || found.ownerId !== input.userId) return err('working_capital_not_found');
      // Locked before its collections are read, so two requests under different keys cannot both
      // find none waiting and open two checkouts: the second reads after the first committed.
      const loan = await lockedLoan(deps.loans, found);
      const earlier = await deps.collections.listByLoan(loan.id);
      const same = input.idempotencyKey === undefined ? undefined : earlier.find((c) => c.idempotencyKey === input.idempotencyKey);
      if (same) return sameRequest(same, input) ? ok({ outcome: 'exists' as const, collection: same }) : err('idempotency_key_reused');
      const owed = owedOn(loan);
      if ((loan.status !== 'active' && loan.status !== 'overdue') || !owed.isPositive()) return err('working_capital_not_repayable');
      const amount = input.amount ?? owed;
      if (!amount.isPositive() || !amount.isWholeFrancs() || amount.greaterThan(owed)) return err('repayment_amount_invalid');
      const now = deps.clock.now();
      const waiting = earlier.some((c) => c.status === 'requested' && now.getTime() - c.requestedAt.getTime() < COLLECTION_TIMEOUT_MS);
      if (waiting) return err('repayment_in_progress');
      const merchant = await deps.merchants.findById(loan.merchantId);
      invariant(merchant, `working capital ${loan.id} names an unknown merchant`);
      const id = deps.ids.newId();
      const collection: WorkingCapitalCollection = {
        id,
        loanId: loan.id,
        reference: `${REPAYMENT_REFERENCE_PREFIX}${id}`,
        provider: input.via === 'card' ? (CARD_PROVIDER as MobileMoneyProvider) : merchant.payoutWallet.provider,
        msisdn: merchant.payoutWallet.msisdn,
        ...(input.idempotencyKey === undefined ? {} : { idempotencyKey: input.idempotencyKey }),
        amount,
        status: 'requested',
        requestedAt: now,
      };
      if ((await deps.collections.add(collection)) === 'exists') {
        // A racing request with the same key stored its collection first: answer that one.
        const winner = (await deps.collections.listByLoan(loan.id)).find((c) => c.idempotencyKey === input.idempotencyKey);
        invariant(winner, `working capital ${loan.id}: a collection under this key vanished`);
        return sameRequest(winner, input) ? ok({ outcome: 'exists' as const, collection: winner }) : err('idempotency_key_reused');
      }
      if (input.via === 'card') return ok({ outcome: 'requested' as const, collection });
      const requested = await deps.mobileMoney.requestToPay({ reference: collection.reference, provider: collection.provider, msisdn: collection.msisdn, amount, description: 'Ikimina working capital repayment' });
      if (!requested.ok) {
        // Only a refusal says nothing was taken; an unreachable provider is asked by the polling job.
        if (requested.error === 'mobile_money_refused') await deps.collections.save({ ...collection, status: 'failed', settledAt: now });
        return requested;
      }
      return ok({ outcome: 'requested' as const, collection });
    });
  }
}

export type ConfirmWorkingCapitalRepaymentDeps = BookRepaymentDeps & {
  loans: Pick<WorkingCapitalLoans, 'findById' | 'save' | 'repayingFor'>;
  collections: WorkingCapitalCollections;
  notifier: Notifier;
  uow: UnitOfWork;
  clock: Clock;
};

const PAYMENT_STATUS = { requested: 'pending', succeeded: 'successful', failed: 'failed' } as const;

/** The provider's word on a repayment collection (SettlePaymentReport routes `working-capital-repayment:` here). */
export class ConfirmWorkingCapitalRepayment {
  constructor(private readonly deps: ConfirmWorkingCapitalRepaymentDeps) {}

  execute(report: MobileMoneyStatusReport): Promise<Result<Settled, SettleError>> {
    const { deps } = this;
    return deps.uow.run(async () => {
      const collection = await deps.collections.findByReference(report.reference);
      if (!collection) return err('payment_not_found');
      if (report.status === 'pending') return ok({ outcome: 'pending', paymentStatus: PAYMENT_STATUS[collection.status] });
      if (report.status === 'successful' && report.amount !== undefined && !report.amount.equals(collection.amount)) return err('payment_amount_mismatch');
      if (collection.status !== 'requested') {
        const same = (collection.status === 'succeeded') === (report.status === 'successful');
        return ok({ outcome: same ? 'exists' : 'disputed', paymentStatus: PAYMENT_STATUS[collection.status] });
      }
      const now = deps.clock.now();
      if (report.status === 'failed') {
        await deps.collections.save({ ...collection, status: 'failed', settledAt: now });
        return ok({ outcome: 'failed', paymentStatus: 'failed' });
      }
      await deps.collections.save({ ...collection, status: 'succeeded', settledAt: now });
      await confirmCollected(deps, {
        loanId: collection.loanId,
        amount: collection.amount,
        reference: collection.reference,
        source: isCardProvider(collection.provider) ? 'card' : 'mobile_money',
        from: accounts.collection(collection.provider),
        at: now,
      });
      return ok({ outcome: 'applied', paymentStatus: 'successful' });
    });
  }
}

/** Money collected for a repayment (mobile money or card): booked once, the owner told. */
async function confirmCollected(deps: ConfirmWorkingCapitalRepaymentDeps, input: { loanId: string; amount: Money; reference: string; source: 'mobile_money' | 'card'; from: string; at: Date }): Promise<void> {
  const found = await deps.loans.findById(input.loanId);
  invariant(found, `working capital ${input.loanId} vanished`);
  // Locked as the settlement locks it, so a withholding and this repayment book one after the other.
  const loan = await lockedLoan(deps.loans, found);
  const booked = await bookRepayment(deps, { loan, amount: input.amount, source: input.source, reference: input.reference, from: input.from, at: input.at });
  if (booked.outcome === 'booked') await deps.notifier.notify(repaidNotice(booked.loan, Money.min(input.amount, owedOn(loan))));
}
