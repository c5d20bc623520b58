/**
 * The merchants, agents and settlement module's wiring: the Postgres adapters of core/merchants,
 * core/agents and core/settlements, the QR renderer, and each use case bound by its class. The
 * routes (apps/http/merchant-routes.ts), the CLI, the scheduler jobs and USSD resolve the use
 * cases they call. Settlement batches and commission payouts move money through the transfers
 * module (purposes `merchant_settlement`, `agent_commission`: apps/modules/transfers-module.ts).
 */
import type { Logger } from 'pino';
import { PostgresMerchantMonthLedger } from '../../adapters/postgres/postgres-merchant-month-ledger.ts';
import { ShowMonthlyFigures } from '../../core/merchants/monthly-figures.ts';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Container } from 'inversify';
import { ContainerModule } from 'inversify';
import { QrcodePngRenderer } from '../../adapters/qr/qrcode-png-renderer.ts';
import {
  PostgresAgents,
  PostgresCommissionPayouts,
  PostgresCommissions,
  PostgresMerchantReversals,
  PostgresMerchants,
  PostgresMerchantTransactions,
  PostgresSettlementBatches,
} from '../../adapters/postgres/postgres-merchants.ts';
import type { RateLimiter } from '../../core/accounts/ports.ts';
import { FindAgentByCode } from '../../core/agents/find-agent-by-code.ts';
import { RegisterAgent, ShowOwnAgent } from '../../core/agents/register-agent.ts';
import { ShowAgentDashboard } from '../../core/agents/show-agent-dashboard.ts';
import type { AuditTrail } from '../../core/audit/ports.ts';
import type { JournalWriter } from '../../core/ledger/ports.ts';
import { ListMerchantsAwaitingKyb } from '../../core/merchants/list-merchants-awaiting-kyb.ts';
import { ListOwnMerchants } from '../../core/merchants/merchant-access.ts';
import { ListMerchantSettlements, ListMerchantTransactions } from '../../core/merchants/merchant-payments.ts';
import { GenerateMerchantQr, ShowMerchantQr } from '../../core/merchants/merchant-qr.ts';
import { PayMerchant, ShowMerchantReceipt, ShowPayPage, type PayRequestLimits } from '../../core/merchants/pay-merchant.ts';
import { RegisterMerchant } from '../../core/merchants/register-merchant.ts';
import { FollowCardRefunds, PursueCardRefund, RefundCardPayment } from '../../core/merchants/refund-card-payment.ts';
import { ListCardRefunds } from '../../core/merchants/list-card-refunds.ts';
import { ShowSalesAnalytics } from '../../core/merchants/sales-analytics.ts';
import { ReverseMerchantPayment } from '../../core/merchants/reverse-merchant-payment.ts';
import { PostgresMerchantCardRefunds } from '../../adapters/postgres/postgres-merchant-card-refunds.ts';
import type { CardCheckoutSetup } from './cards-module.ts';
import { ReviewAgent, ReviewMerchant } from '../../core/merchants/review-business.ts';
import { UpdateMerchantCompliance } from '../../core/merchants/update-merchant-compliance.ts';
import { SettleMerchantPaymentReport } from '../../core/merchants/settle-merchant-payment-report.ts';
import type { MobileMoney, MobileMoneyProvider, PayableNumber, ProviderOfNumber } from '../../core/payments/ports.ts';
import type { Clock, IdGenerator } from '../../core/shared/clock.ts';
import type { UnitOfWork } from '../../core/shared/unit-of-work.ts';
import type { SettlementWithholding } from '../../core/settlements/ports.ts';
import { PayCommissions, SettleMerchants } from '../../core/settlements/settle-merchants.ts';
import { ShowSettlementReport } from '../../core/settlements/settlement-report.ts';
import type { Notifier } from '../../core/tontines/ports.ts';
import type { OutgoingTransfers } from '../../core/transfers/ports.ts';
import { RequestTransfer } from '../../core/transfers/request-transfer.ts';
import { SendTransfer } from '../../core/transfers/send-transfer.ts';
import type { Config } from '../config.ts';
import { TOKENS } from '../tokens.ts';

/** Everything a merchants, agents or settlement use case may take; each reads the ones it names. */
export interface BusinessPorts {
  merchants: PostgresMerchants;
  registry: PostgresMerchants;
  transactions: PostgresMerchantTransactions;
  payments: PostgresMerchantTransactions;
  reversals: PostgresMerchantReversals;
  /** The merchant's sales and reversals as the analytics reads them: replica-safe listings. */
  sales: PostgresMerchantTransactions;
  salesReversals: PostgresMerchantReversals;
  agents: PostgresAgents;
  earnings: PostgresAgents;
  commissions: PostgresCommissions;
  payouts: PostgresCommissionPayouts;
  batches: PostgresSettlementBatches;
  settlements: PostgresSettlementBatches;
  journal: JournalWriter;
  mobileMoney: MobileMoney;
  audit: AuditTrail;
  notifier: Notifier;
  unitOfWork: UnitOfWork;
  clock: Clock;
  ids: IdGenerator;
  transfers: OutgoingTransfers;
  requestTransfer: RequestTransfer;
  sendTransfer: SendTransfer;
  renderer: QrcodePngRenderer;
  settings: Config['merchantQr'];
  payoutProvider: (msisdn: string) => MobileMoneyProvider;
  providerFor: (msisdn: string) => MobileMoneyProvider | undefined;
  limiter: RateLimiter;
  payRequestLimits: PayRequestLimits;
  /** What settlements withhold before payout (working capital: apps/modules/working-capital-module.ts). */
  withholding: SettlementWithholding;
}

const BUSINESS_PORTS = Symbol.for('ikimina.merchants.Ports');

/** The use cases the merchant, agent and pay routes call. */
export function businessRouteUseCases(container: Container) {
  return {
    registerAgent: container.get(RegisterAgent),
    showOwnAgent: container.get(ShowOwnAgent),
    findAgentByCode: container.get(FindAgentByCode),
    showAgentDashboard: container.get(ShowAgentDashboard),
    registerMerchant: container.get(RegisterMerchant),
    updateMerchantCompliance: container.get(UpdateMerchantCompliance),
    listOwnMerchants: container.get(ListOwnMerchants),
    generateMerchantQr: container.get(GenerateMerchantQr),
    showMerchantQr: container.get(ShowMerchantQr),
    listMerchantTransactions: container.get(ListMerchantTransactions),
    listMerchantSettlements: container.get(ListMerchantSettlements),
    showSalesAnalytics: container.get(ShowSalesAnalytics),
    showPayPage: container.get(ShowPayPage),
    payMerchant: container.get(PayMerchant),
    showMerchantReceipt: container.get(ShowMerchantReceipt),
    showMonthlyFigures: container.get(ShowMonthlyFigures),
  };
}
export type BusinessRouteUseCases = ReturnType<typeof businessRouteUseCases>;

export const merchantsModule = new ContainerModule(({ bind }) => {
  const em = [TOKENS.EntityManager] as const;
  bind(TOKENS.Merchants).toResolvedValue((m: EntityManager) => new PostgresMerchants(m), [...em]);
  bind(TOKENS.MerchantTransactions).toResolvedValue((m: EntityManager) => new PostgresMerchantTransactions(m), [...em]);
  bind(TOKENS.MerchantReversals).toResolvedValue((m: EntityManager) => new PostgresMerchantReversals(m), [...em]);
  bind(TOKENS.Agents).toResolvedValue((m: EntityManager) => new PostgresAgents(m), [...em]);
  bind(TOKENS.Commissions).toResolvedValue((m: EntityManager) => new PostgresCommissions(m), [...em]);
  bind(TOKENS.CommissionPayouts).toResolvedValue((m: EntityManager) => new PostgresCommissionPayouts(m), [...em]);
  bind(TOKENS.SettlementBatches).toResolvedValue((m: EntityManager) => new PostgresSettlementBatches(m), [...em]);
  bind(TOKENS.QrImageRenderer).toResolvedValue(() => new QrcodePngRenderer());

  bind(BUSINESS_PORTS).toResolvedValue(
    (
      merchants: PostgresMerchants,
      transactions: PostgresMerchantTransactions,
      reversals: PostgresMerchantReversals,
      agents: PostgresAgents,
      commissions: PostgresCommissions,
      payouts: PostgresCommissionPayouts,
      batches: PostgresSettlementBatches,
      journal: JournalWriter,
      mobileMoney: MobileMoney,
      audit: AuditTrail,
      notifier: Notifier,
      unitOfWork: UnitOfWork,
      clock: Clock,
      ids: IdGenerator,
      transfers: OutgoingTransfers,
      requestTransfer: RequestTransfer,
      sendTransfer: SendTransfer,
      renderer: QrcodePngRenderer,
      config: Config,
      provider: MobileMoneyProvider,
      payable: PayableNumber,
      providerOf: ProviderOfNumber,
      limiter: RateLimiter,
      withholding: SettlementWithholding,
      em: EntityManager,
    ): BusinessPorts => ({
      merchants,
      registry: merchants,
      transactions,
      payments: transactions,
      reversals,
      sales: new PostgresMerchantTransactions(em, 'replica-safe'),
      salesReversals: new PostgresMerchantReversals(em, 'replica-safe'),
      agents,
      earnings: agents,
      commissions,
      payouts,
      batches,
      settlements: batches,
      journal,
      mobileMoney,
      audit,
      notifier,
      unitOfWork,
      clock,
      ids,
      transfers,
      requestTransfer,
      sendTransfer,
      renderer,
      settings: config.merchantQr,
      limiter,
      withholding,
      payRequestLimits: config.payRequests,
      // The provider is chosen by the number (078/079 MTN, 072/073 Airtel; the sandbox plays both).
      payoutProvider: (msisdn) => providerOf(msisdn) ?? provider,
      providerFor: (msisdn) => {
        const payableMsisdn = payable(msisdn);
        return payableMsisdn === undefined ? undefined : providerOf(payableMsisdn);
      },
    }),
    [
      TOKENS.Merchants,
      TOKENS.MerchantTransactions,
      TOKENS.MerchantReversals,
      TOKENS.Agents,
      TOKENS.Commissions,
      TOKENS.CommissionPayouts,
      TOKENS.SettlementBatches,
      TOKENS.JournalWriter,
      TOKENS.MobileMoney,
      TOKENS.AuditTrail,
      TOKENS.Notifier,
      TOKENS.UnitOfWork,
      TOKENS.Clock,
      TOKENS.IdGenerator,
      TOKENS.OutgoingTransfers,
      RequestTransfer,
      SendTransfer,
      TOKENS.QrImageRenderer,
      TOKENS.Config,
      TOKENS.MobileMoneyProvider,
      TOKENS.PayableNumber,
      TOKENS.ProviderOfNumber,
      TOKENS.RateLimiter,
      TOKENS.SettlementWithholding,
      TOKENS.EntityManager,
    ],
  );
  // Each use case takes the few ports it names out of BusinessPorts (the compiler checks each fits).
  const useCase = <T>(UseCase: new (deps: BusinessPorts) => T) => bind(UseCase).toResolvedValue((p: BusinessPorts) => new UseCase(p), [BUSINESS_PORTS]);
  useCase(RegisterAgent);
  useCase(ShowOwnAgent);
  useCase(FindAgentByCode);
  useCase(ShowAgentDashboard);
  useCase(RegisterMerchant);
  useCase(UpdateMerchantCompliance);
  useCase(ListMerchantsAwaitingKyb);
  useCase(ListOwnMerchants);
  useCase(GenerateMerchantQr);
  useCase(ShowMerchantQr);
  useCase(ListMerchantSettlements);
  useCase(ShowSalesAnalytics);
  useCase(ShowPayPage);
  useCase(PayMerchant);
  useCase(ShowMerchantReceipt);
  useCase(ReviewAgent);
  useCase(ReviewMerchant);
  useCase(SettleMerchantPaymentReport);
  useCase(SettleMerchants);
  useCase(PayCommissions);
  useCase(ShowSettlementReport);
  bind(TOKENS.MerchantCardRefunds).toResolvedValue((m: EntityManager) => new PostgresMerchantCardRefunds(m), [...em]);
  // A card payment's refund goes back to the card through the card processor (apps/modules/cards-module.ts).
  const cardRefundDeps = (p: BusinessPorts, setup: CardCheckoutSetup, cardRefunds: PostgresMerchantCardRefunds, events: Logger) => ({ ...p, cardCheckout: setup.checkout, cardRefunds, events });
  const cardRefundTokens = [BUSINESS_PORTS, TOKENS.CardCheckoutSetup, TOKENS.MerchantCardRefunds, TOKENS.Logger] as const;
  bind(PursueCardRefund).toResolvedValue((...deps: Parameters<typeof cardRefundDeps>) => new PursueCardRefund(cardRefundDeps(...deps)), [...cardRefundTokens]);
  bind(RefundCardPayment).toResolvedValue(
    (pursue: PursueCardRefund, ...deps: Parameters<typeof cardRefundDeps>) => new RefundCardPayment({ ...cardRefundDeps(...deps), pursue }),
    [PursueCardRefund, ...cardRefundTokens],
  );
  bind(FollowCardRefunds).toResolvedValue(
    (pursue: PursueCardRefund, cardRefunds: PostgresMerchantCardRefunds, clock: Clock, events: Logger) => new FollowCardRefunds({ pursue, cardRefunds, clock, events }),
    [PursueCardRefund, TOKENS.MerchantCardRefunds, TOKENS.Clock, TOKENS.Logger],
  );
  bind(ListCardRefunds).toResolvedValue((cardRefunds: PostgresMerchantCardRefunds) => new ListCardRefunds({ cardRefunds }), [TOKENS.MerchantCardRefunds]);
  bind(ListMerchantTransactions).toResolvedValue(
    (p: BusinessPorts, cardRefunds: PostgresMerchantCardRefunds) => new ListMerchantTransactions({ ...p, cardRefunds }),
    [BUSINESS_PORTS, TOKENS.MerchantCardRefunds],
  );
  bind(ReverseMerchantPayment).toResolvedValue((p: BusinessPorts, refundCard: RefundCardPayment) => new ReverseMerchantPayment({ ...p, refundCard }), [BUSINESS_PORTS, RefundCardPayment]);
  bind(ShowMonthlyFigures).toResolvedValue(
    (registry: PostgresMerchants, em: EntityManager, clock: Clock) => new ShowMonthlyFigures({ registry, ledger: new PostgresMerchantMonthLedger(em), clock }),
    [TOKENS.Merchants, TOKENS.EntityManager, TOKENS.Clock],
  );
});
