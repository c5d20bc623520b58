/**
 * SettlePaymentReport: what the app does with the provider's word on one payment, whether it came
 * by callback (`PUT|POST /api/payments/callbacks/mtn`) or from the polling job's status query
 * (`collectionStatus` / `transferStatus`): both call this, so a payment settles the same way.
 *
 * Guarantees
 * - A contribution payment is confirmed through ConfirmContributionPayment: the contribution, its
 *   ledger entry (clearing → pool) and the member's "payment received" notification (in-app, SMS,
 *   e-mail, in the outbox) commit in one transaction. A repeat answers `exists` and changes
 *   nothing; the same reference with another amount is refused (`payment_amount_mismatch`),
 *   books nothing and is logged at warn.
 * - After a confirmation that completed a contribution, the cycle is checked again once the
 *   transaction committed (a concurrent confirmation may have paid the last one), and when it is
 *   complete PayoutIfCycleComplete pays the pot out; it locks the tontine and is keyed by cycle,
 *   so concurrent checks pay once. The confirmation itself locks only its contribution.
 * - A transfer (payout, withdrawal) is marked successful or failed once; a failed transfer is
 *   logged at error for the treasurer (the money left the pool when the provider accepted it).
 * - A pending report changes nothing.
 */
import type { Logger } from 'pino';
import { ConfirmContributionPayment } from '../../core/contributions/confirm-contribution-payment.ts';
import type { MobileMoneyStatusReport } from '../../core/payments/ports.ts';
import type { Clock } from '../../core/shared/clock.ts';
import { err, ok, type Result } from '../../core/shared/result.ts';
import type { UnitOfWork } from '../../core/shared/unit-of-work.ts';
import { PayoutIfCycleComplete } from '../../core/tontines/payout-if-cycle-complete.ts';
import type { MikroOrmContributionRepository } from '../../adapters/postgres/mikro-orm-contribution-repository.ts';
import type { MikroOrmTontineRepository } from '../../adapters/postgres/mikro-orm-tontine-repository.ts';
import type { PaymentRecord, PostgresPaymentRepository } from '../../adapters/postgres/postgres-payment-repository.ts';
import type { Notifier } from '../../core/tontines/ports.ts';
import { TEMPLATE_TYPES } from '../notifications/catalogue.ts';

export type SettleOutcome = 'applied' | 'exists' | 'failed' | 'pending' | 'ignored';
export type SettleError = 'payment_not_found' | 'payment_amount_mismatch';

export class SettlePaymentReport {
  constructor(
    private readonly deps: {
      payments: PostgresPaymentRepository;
      contributions: MikroOrmContributionRepository;
      tontines: MikroOrmTontineRepository;
      confirm: ConfirmContributionPayment;
      payout: PayoutIfCycleComplete;
      notifier: Notifier;
      uow: UnitOfWork;
      clock: Clock;
      logger: Logger;
    },
  ) {}

  async execute(report: MobileMoneyStatusReport): Promise<Result<{ outcome: SettleOutcome; payment: PaymentRecord }, SettleError>> {
    const payment = await this.deps.payments.findByReference(report.reference);
    if (!payment) {
      this.deps.logger.warn({ reference: report.reference, status: report.status }, 'mobile-money report for an unknown payment');
      return err('payment_not_found');
    }
    if (report.status === 'pending') return ok({ outcome: 'pending', payment });
    // A settled payment never changes again, so its committed state, read without a lock, answers
    // a repeated success: a storm of retried callbacks does not queue on the contribution's lock.
    if (payment.kind === 'contribution' && payment.status === 'successful' && report.status === 'successful') {
      if (!report.amount.equals(payment.amount)) return this.amountMismatch(payment, report);
      return ok({ outcome: 'exists', payment });
    }
    const outcome = payment.kind === 'contribution' ? await this.settleContribution(payment, report) : await this.settleTransfer(payment, report);
    if (!outcome.ok) return outcome;
    return ok({ outcome: outcome.value, payment: (await this.deps.payments.findById(payment.id)) ?? payment });
  }

  /** The provider has never heard of this payment (the request never reached it): it failed. */
  expire(payment: PaymentRecord): Promise<Result<{ outcome: SettleOutcome; payment: PaymentRecord }, SettleError>> {
    return this.execute({
      reference: payment.reference,
      status: 'failed',
      amount: payment.amount,
      currency: '',
      providerTransactionId: undefined,
      reason: 'REFERENCE_UNKNOWN',
    });
  }

  private async settleContribution(payment: PaymentRecord, report: MobileMoneyStatusReport): Promise<Result<SettleOutcome, SettleError>> {
    const { uow, confirm, notifier, payments, logger } = this.deps;
    const outcome = report.status === 'successful' ? 'successful' : 'failed';
    const confirmed = await uow.run(async () => {
      const result = await confirm.execute({ providerReference: payment.reference, outcome, amount: report.amount });
      if (!result.ok) return result;
      await payments.recordProviderDetails(payment.reference, report);
      const { contribution } = result.value;
      // A repeated failure report must not tell the member twice.
      if (result.value.outcome === 'applied' || (result.value.outcome === 'failed' && payment.status === 'pending')) {
        const tontine = await this.deps.tontines.get(contribution.tontineId);
        const template = result.value.outcome === 'applied' ? 'contribution_received' : 'payment_failed';
        await notifier.notify({
          userId: contribution.memberId,
          type: TEMPLATE_TYPES[template],
          template,
          params: { tontineName: tontine?.name ?? '', amount: contribution.amount.format(), cycle: String(contribution.cycle), reason: report.reason ?? '' },
        });
      }
      return result;
    });
    if (!confirmed.ok) {
      if (confirmed.error === 'amount_mismatch') return this.amountMismatch(payment, report);
      if (confirmed.error === 'payment_not_found') return err('payment_not_found');
      // A success after a failure, or a second payment of a paid contribution: money may sit at
      // the provider with no contribution to book it to, which a person must look at.
      logger.error({ reference: payment.reference, error: confirmed.error, status: report.status }, 'mobile-money report contradicts the books');
      return ok('ignored');
    }
    const { contribution } = confirmed.value;
    if (confirmed.value.outcome === 'applied') {
      const complete = confirmed.value.cycleComplete || (await this.deps.contributions.countPendingInCycle(contribution.tontineId, contribution.cycle)) === 0;
      if (complete) await this.payOutIfComplete(contribution.tontineId);
    }
    return ok(confirmed.value.outcome);
  }

  private amountMismatch(payment: PaymentRecord, report: MobileMoneyStatusReport): Result<never, SettleError> {
    this.deps.logger.warn({ reference: payment.reference, expected: payment.amount.toDecimal(), reported: report.amount.toDecimal() }, 'payment amount mismatch: refused');
    return err('payment_amount_mismatch');
  }

  private async payOutIfComplete(tontineId: string): Promise<void> {
    const paid = await this.deps.payout.execute({ tontineId });
    // The scheduler retries a cycle whose payout could not be made now; nothing is lost.
    if (!paid.ok && paid.error !== 'tontine_not_active') this.deps.logger.warn({ tontineId, error: paid.error }, 'payout postponed');
  }

  private async settleTransfer(payment: PaymentRecord, report: MobileMoneyStatusReport): Promise<Result<SettleOutcome, SettleError>> {
    const status = report.status === 'successful' ? 'successful' : 'failed';
    const settled = await this.deps.uow.run(async () => {
      const changed = await this.deps.payments.settleTransfer(payment.reference, status, this.deps.clock.now());
      await this.deps.payments.recordProviderDetails(payment.reference, report);
      return changed;
    });
    if (!settled) return ok('exists');
    if (status === 'failed') this.deps.logger.error({ reference: payment.reference, kind: payment.kind, reason: report.reason }, 'mobile-money transfer failed');
    return ok(status === 'successful' ? 'applied' : 'failed');
  }
}
