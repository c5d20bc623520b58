/**
 * Card payments' wiring (issue 27): the card checkout (Flutterwave v3, or the embedded sandbox
 * checkout speaking its protocol when no keys are configured) and the card use cases.
 */
import { randomBytes } from 'node:crypto';
import { ContainerModule } from 'inversify';
import type { CardCheckout } from '../../core/payments/card-checkout.ts';
import { FlutterwaveCardCheckout } from '../../adapters/card-checkout/flutterwave-card-checkout.ts';
import { FlutterwaveSandbox } from '../../adapters/card-checkout/flutterwave-sandbox.ts';
import { PayContribution } from '../../core/contributions/pay-contribution.ts';
import { StartLoanRepayment } from '../../core/loans/start-loan-repayment.ts';
import { PayMerchant } from '../../core/merchants/pay-merchant.ts';
import { ConfirmCardPayment } from '../../core/payment-reports/confirm-card-payment.ts';
import { ReconcilePayment } from '../../core/payment-reports/reconcile-payment.ts';
import { SettlePaymentReport } from '../../core/payment-reports/settle-payment-report.ts';
import { ShowCardPayment } from '../../core/payment-reports/show-card-payment.ts';
import { StartCardPayment } from '../../core/payment-reports/start-card-payment.ts';
import { StartWorkingCapitalRepayment } from '../../core/working-capital/repay-working-capital.ts';
import type { Config } from '../config.ts';
import { withDeps } from '../deps.ts';
import { TOKENS } from '../tokens.ts';

/** The card checkout of this configuration, with the webhook's secret hash and (sandbox mode) the sandbox serving the pages. */
export interface CardCheckoutSetup {
  /** The card checkout's port (core/payments/card-checkout.ts): Flutterwave's adapter, in sandbox mode answered in process. */
  checkout: CardCheckout;
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
  // The checkout as the use cases take it (the port): the sandbox's pages and the webhook hash are the routes'.
  bind(TOKENS.CardCheckout).toResolvedValue((setup: CardCheckoutSetup) => setup.checkout, [TOKENS.CardCheckoutSetup]);
  const checkout = TOKENS.CardCheckout;
  bind(ConfirmCardPayment).toResolvedValue(
    ...withDeps(ConfirmCardPayment, {
      checkout,
      reconcile: ReconcilePayment,
      settle: SettlePaymentReport,
      journal: TOKENS.JournalWriter,
      uow: TOKENS.UnitOfWork,
      clock: TOKENS.Clock,
      ids: TOKENS.IdGenerator,
      log: TOKENS.Logger,
    }),
  );
  bind(StartCardPayment).toResolvedValue(
    ...withDeps(StartCardPayment, {
      payContribution: PayContribution,
      startLoanRepayment: StartLoanRepayment,
      startWorkingCapitalRepayment: StartWorkingCapitalRepayment,
      payMerchant: PayMerchant,
      checkout,
      confirm: ConfirmCardPayment,
    }),
  );
  bind(ShowCardPayment).toResolvedValue(
    ...withDeps(ShowCardPayment, { payments: TOKENS.PaymentRepository, loanCollections: TOKENS.LoanCollections, merchantTransactions: TOKENS.MerchantTransactions, workingCapitalCollections: TOKENS.WorkingCapitalCollections, workingCapitalLoans: TOKENS.WorkingCapital, confirm: ConfirmCardPayment }),
  );
});
