/**
 * The payments module's wiring (core/payments): the payments and their disputes, what a payment
 * report settles (SettlePaymentReport dispatches it to the module whose payment it is), the
 * reconciliation of a provider's word and the polling of payments still pending. The provider
 * itself is infrastructure (apps/payments/mobile-money.ts, bound in apps/container.ts).
 */
import { ContainerModule } from 'inversify';
import type { EntityManager } from '@mikro-orm/postgresql';
import { ConfirmContributionPayment } from '../../core/contributions/confirm-contribution-payment.ts';
import { ConfirmLoanPayment } from '../../core/loans/confirm-loan-payment.ts';
import { SettleMerchantPaymentReport } from '../../core/merchants/settle-merchant-payment-report.ts';
import { ConfirmCardPayment } from '../../core/payment-reports/confirm-card-payment.ts';
import { PollPendingPayments } from '../../core/payment-reports/poll-pending-payments.ts';
import { ReconcilePayment, type ReconcilePaymentDeps } from '../../core/payment-reports/reconcile-payment.ts';
import { SettlePaymentReport } from '../../core/payment-reports/settle-payment-report.ts';
import { ShowPayment } from '../../core/payments/show-payment.ts';
import { PayoutIfCycleComplete } from '../../core/tontines/payout-if-cycle-complete.ts';
import { SendTransfer } from '../../core/transfers/send-transfer.ts';
import { SettleTransfer } from '../../core/transfers/settle-transfer.ts';
import { ConfirmWorkingCapitalRepayment } from '../../core/working-capital/repay-working-capital.ts';
import { parseAirtelCallback } from '../../adapters/mobile-money/airtel-money.ts';
import { parseMtnCallback } from '../../adapters/mobile-money/mtn-momo-mobile-money.ts';
import { PostgresPaymentDisputes } from '../../adapters/postgres/postgres-payment-disputes.ts';
import { PostgresPaymentRepository } from '../../adapters/postgres/postgres-payment-repository.ts';
import type { Config } from '../config.ts';
import { fromDeps, servesAlso, withDeps } from '../deps.ts';
import { TOKENS } from '../tokens.ts';

type ReconcileFrom = Omit<ReconcilePaymentDeps, 'provider' | 'currency' | 'currencies' | 'settle'> & { config: Config; settle: SettlePaymentReport };

/** The provider asked by default, the currency of each provider, and the one settlement path. */
function reconcilePayment({ config, settle, ...deps }: ReconcileFrom): ReconcilePayment {
  const settings = config.mobileMoney;
  return new ReconcilePayment({
    ...deps,
    provider: settings.provider,
    currency: settings.currency,
    currencies: settings.provider === 'sandbox' ? {} : { ...(settings.mtn ? { mtn: settings.mtn.currency } : {}), ...(settings.airtel ? { airtel: settings.airtel.currency } : {}) },
    settle: (report) => settle.execute(report),
  });
}

export const paymentsModule = new ContainerModule(({ bind }) => {
  bind(TOKENS.PaymentRepository).toResolvedValue((em: EntityManager) => new PostgresPaymentRepository(em), [TOKENS.EntityManager]);
  bind(TOKENS.PaymentDisputes).toResolvedValue((em: EntityManager) => new PostgresPaymentDisputes(em), [TOKENS.EntityManager]);
  servesAlso(bind, TOKENS.DisputedReports, TOKENS.PaymentDisputes);
  // The providers' callback bodies, read by their adapters' parsers (the callback routes take them).
  bind(TOKENS.MtnCallbackParser).toConstantValue(parseMtnCallback);
  bind(TOKENS.AirtelCallbackParser).toConstantValue(parseAirtelCallback);
  bind(ShowPayment).toResolvedValue(...withDeps(ShowPayment, { payments: TOKENS.PaymentRepository }));
  bind(SettlePaymentReport).toResolvedValue(
    ...withDeps(SettlePaymentReport, {
      payments: TOKENS.PaymentRepository,
      contributions: TOKENS.ContributionRepository,
      tontines: TOKENS.TontineNames,
      confirm: ConfirmContributionPayment,
      payout: PayoutIfCycleComplete,
      settleTransfer: SettleTransfer,
      confirmLoanPayment: ConfirmLoanPayment,
      loanCollections: TOKENS.LoanCollections,
      merchantPayments: SettleMerchantPaymentReport,
      workingCapitalRepayments: ConfirmWorkingCapitalRepayment,
      notifier: TOKENS.Notifier,
      batching: TOKENS.Batching,
      uow: TOKENS.UnitOfWork,
      log: TOKENS.Logger,
    }),
  );
  bind(ReconcilePayment).toResolvedValue(
    ...fromDeps(reconcilePayment, {
      config: TOKENS.Config,
      mobileMoney: TOKENS.MobileMoney,
      settle: SettlePaymentReport,
      disputes: TOKENS.PaymentDisputes,
      audit: TOKENS.AuditTrail,
      uow: TOKENS.UnitOfWork,
      clock: TOKENS.Clock,
    }),
  );
  bind(PollPendingPayments).toResolvedValue(
    ...withDeps(PollPendingPayments, {
      payments: TOKENS.PaymentRepository,
      loanCollections: TOKENS.LoanCollections,
      transfers: TOKENS.OutgoingTransfers,
      merchantPayments: TOKENS.PendingMerchantPayments,
      workingCapitalCollections: TOKENS.WorkingCapitalCollections,
      reconcile: ReconcilePayment,
      cards: ConfirmCardPayment,
      settle: SettlePaymentReport,
      sendTransfer: SendTransfer,
      clock: TOKENS.Clock,
      events: TOKENS.Logger,
    }),
  );
});
