/**
 * Card payments' wiring (issue 27): the card checkout (Flutterwave v3, or the embedded sandbox
 * checkout speaking its protocol when no keys are configured) and the card use cases.
 */
import { randomBytes } from 'node:crypto';
import type { Logger } from 'pino';
import type { JournalWriter } from '../../core/ledger/ports.ts';
import type { Clock, IdGenerator } from '../../core/shared/clock.ts';
import type { UnitOfWork } from '../../core/shared/unit-of-work.ts';
import { ContainerModule } from 'inversify';
import { FlutterwaveCardCheckout } from '../../adapters/card-checkout/flutterwave-card-checkout.ts';
import { FlutterwaveSandbox } from '../../adapters/card-checkout/flutterwave-sandbox.ts';
import { PayContribution } from '../../core/contributions/pay-contribution.ts';
import { StartLoanRepayment } from '../../core/loans/start-loan-repayment.ts';
import { PayMerchant } from '../../core/merchants/pay-merchant.ts';
import { ConfirmCardPayment } from '../../core/payments/confirm-card-payment.ts';
import { ReconcilePayment } from '../../core/payments/reconcile-payment.ts';
import { SettlePaymentReport } from '../../core/payments/settle-payment-report.ts';
import { ShowCardPayment } from '../../core/payments/show-card-payment.ts';
import { StartCardPayment } from '../../core/payments/start-card-payment.ts';
import { StartWorkingCapitalRepayment } from '../../core/working-capital/repay-working-capital.ts';
import type { Config } from '../config.ts';
import { withDeps } from '../deps.ts';
import { TOKENS } from '../tokens.ts';

/** The card checkout of this configuration, with the webhook's secret hash and (sandbox mode) the sandbox serving the pages. */
export interface CardCheckoutSetup {
  checkout: FlutterwaveCardCheckout;
  secretHash: string;
  sandbox: FlutterwaveSandbox | null;
}

export function createCardCheckout(config: Config): CardCheckoutSetup {
  const cards = config.cards;
  if (cards.provider === 'flutterwave') {
    return { checkout: new FlutterwaveCardCheckout({ baseUrl: cards.baseUrl, secretKey: cards.secretKey, timeoutMs: cards.timeoutMs }), secretHash: cards.secretHash, sandbox: null };
  }
  const secretKey = `FLWSECK_TEST-${randomBytes(16).toString('hex')}-X`;
  const secretHash = randomBytes(24).toString('base64url');
  const sandbox = new FlutterwaveSandbox({
    secretKey,
    secretHash,
    checkoutBaseUrl: `${config.publicBaseUrl}/sandbox/card-checkout`,
    webhookUrl: () => `${config.publicBaseUrl}/api/payments/callbacks/flutterwave`,
    webhookMode: cards.webhookMode,
    lateWebhookMs: cards.lateWebhookMs,
  });
  // The same adapter as for Flutterwave, its requests answered in process by the sandbox.
  return { checkout: new FlutterwaveCardCheckout({ baseUrl: 'https://sandbox.checkout.invalid/v3', secretKey, fetch: sandbox.fetch }), secretHash, sandbox };
}

export const cardsModule = new ContainerModule(({ bind }) => {
  bind(TOKENS.CardCheckoutSetup).toResolvedValue((config: Config) => createCardCheckout(config), [TOKENS.Config]);
  bind(ConfirmCardPayment).toResolvedValue(
    (setup: CardCheckoutSetup, reconcile: ReconcilePayment, settle: SettlePaymentReport, journal: JournalWriter, uow: UnitOfWork, clock: Clock, ids: IdGenerator, log: Logger) =>
      new ConfirmCardPayment({ checkout: setup.checkout, reconcile, settle, journal, uow, clock, ids, log }),
    [TOKENS.CardCheckoutSetup, ReconcilePayment, SettlePaymentReport, TOKENS.JournalWriter, TOKENS.UnitOfWork, TOKENS.Clock, TOKENS.IdGenerator, TOKENS.Logger],
  );
  bind(StartCardPayment).toResolvedValue(
    (setup: CardCheckoutSetup, payContribution: PayContribution, startLoanRepayment: StartLoanRepayment, startWorkingCapitalRepayment: StartWorkingCapitalRepayment, payMerchant: PayMerchant, confirm: ConfirmCardPayment) =>
      new StartCardPayment({ payContribution, startLoanRepayment, startWorkingCapitalRepayment, payMerchant, checkout: setup.checkout, confirm }),
    [TOKENS.CardCheckoutSetup, PayContribution, StartLoanRepayment, StartWorkingCapitalRepayment, PayMerchant, ConfirmCardPayment],
  );
  bind(ShowCardPayment).toResolvedValue(
    ...withDeps(ShowCardPayment, { payments: TOKENS.PaymentRepository, loanCollections: TOKENS.LoanCollections, merchantTransactions: TOKENS.MerchantTransactions, workingCapitalCollections: TOKENS.WorkingCapitalCollections, workingCapitalLoans: TOKENS.WorkingCapital, confirm: ConfirmCardPayment }),
  );
});
