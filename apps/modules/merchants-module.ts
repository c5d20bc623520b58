/**
 * The merchants, agents and settlement module's wiring: the Postgres adapters of core/merchants,
 * core/agents and core/settlements, the QR renderer, and each use case bound by its class. The
 * routes (apps/http/merchant-routes.ts), the CLI, the scheduler jobs and USSD resolve the use
 * cases they call. Settlement batches and commission payouts move money through the transfers
 * module (purposes `merchant_settlement`, `agent_commission`: apps/modules/transfers-module.ts).
 */
import { PostgresMerchantMonthLedger } from '../../adapters/postgres/postgres-merchant-month-ledger.ts';
import { ShowMonthlyFigures } from '../../core/merchants/show-monthly-figures.ts';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Container } from 'inversify';
import { ContainerModule } from 'inversify';
import { QrcodePngRenderer } from '../../adapters/qr/qrcode-png-renderer.ts';
import { PostgresAgentEarnings } from '../../adapters/postgres/postgres-agent-earnings.ts';
import { PostgresAgents } from '../../adapters/postgres/postgres-agents.ts';
import { PostgresCommissionPayouts } from '../../adapters/postgres/postgres-commission-payouts.ts';
import { PostgresCommissions } from '../../adapters/postgres/postgres-commissions.ts';
import { PostgresMerchantReversals } from '../../adapters/postgres/postgres-merchant-reversals.ts';
import { PostgresMerchants } from '../../adapters/postgres/postgres-merchants.ts';
import { PostgresMerchantTransactions } from '../../adapters/postgres/postgres-merchant-transactions.ts';
import { PostgresSettlementBatches } from '../../adapters/postgres/postgres-settlement-batches.ts';
import { PostgresAgentListing, PostgresMerchantListing } from '../../adapters/postgres/postgres-business-listings.ts';
import { FindAgentByCode } from '../../core/agents/find-agent-by-code.ts';
import { ListAgents } from '../../core/agents/list-agents.ts';
import { ListMerchants } from '../../core/merchants/list-merchants.ts';
import { ListCardRefunds } from '../../core/merchants/list-card-refunds.ts';
import { ListOpenCardRefunds } from '../../core/merchants/list-open-card-refunds.ts';
import { ListSettlementBatches } from '../../core/settlements/list-settlement-batches.ts';
import { RetrySettlementBatch } from '../../core/settlements/retry-settlement-batch.ts';
import { RegisterAgent } from '../../core/agents/register-agent.ts';
import { ShowOwnAgent } from '../../core/agents/show-own-agent.ts';
import { ShowAgentDashboard } from '../../core/agents/show-agent-dashboard.ts';
import { ListMerchantsAwaitingKyb } from '../../core/merchants/list-merchants-awaiting-kyb.ts';
import { ListOwnMerchants } from '../../core/merchants/list-own-merchants.ts';
import { ListMerchantSettlements } from '../../core/merchants/list-merchant-settlements.ts';
import { ListMerchantTransactions } from '../../core/merchants/list-merchant-transactions.ts';
import { GenerateMerchantQr } from '../../core/merchants/generate-merchant-qr.ts';
import { ShowMerchantQr } from '../../core/merchants/show-merchant-qr.ts';
import { PayMerchant } from '../../core/merchants/pay-merchant.ts';
import { ShowMerchantReceipt } from '../../core/merchants/show-merchant-receipt.ts';
import { ShowPayPage } from '../../core/merchants/show-pay-page.ts';
import { RegisterMerchant } from '../../core/merchants/register-merchant.ts';
import { RefundCardPayment } from '../../core/merchants/refund-card-payment.ts';
import { FollowCardRefunds } from '../../core/merchants/follow-card-refunds.ts';
import { PursueCardRefund } from '../../core/merchants/pursue-card-refund.ts';
import { ShowSalesAnalytics } from '../../core/merchants/show-sales-analytics.ts';
import { ReverseMerchantPayment } from '../../core/merchants/reverse-merchant-payment.ts';
import { PostgresMerchantCardRefunds } from '../../adapters/postgres/postgres-merchant-card-refunds.ts';
import { ReviewAgent } from '../../core/agents/review-agent.ts';
import { ReviewMerchant } from '../../core/merchants/review-merchant.ts';
import { UpdateMerchantCompliance } from '../../core/merchants/update-merchant-compliance.ts';
import { SettleMerchantPaymentReport } from '../../core/merchants/settle-merchant-payment-report.ts';
import type { PayerOf } from '../../core/payments/ports.ts';
import { SettleMerchants } from '../../core/settlements/settle-merchants.ts';
import { PayCommissions } from '../../core/agents/pay-commissions.ts';
import { ShowSettlementReport } from '../../core/settlements/settlement-report.ts';
import { RequestTransfer } from '../../core/transfers/request-transfer.ts';
import { SendTransfer } from '../../core/transfers/send-transfer.ts';
import type { Config } from '../config.ts';
import { servesAlso, withDeps } from '../deps.ts';
import { TOKENS } from '../tokens.ts';

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
  servesAlso(bind, TOKENS.PendingMerchantPayments, TOKENS.MerchantTransactions);
  servesAlso(bind, TOKENS.SettledMerchantPayments, TOKENS.MerchantTransactions);
  bind(TOKENS.MerchantReversals).toResolvedValue((m: EntityManager) => new PostgresMerchantReversals(m), [...em]);
  // The merchant's sales and reversals as the analytics reads them: replica-safe listings.
  bind(TOKENS.MerchantSales).toResolvedValue((m: EntityManager) => new PostgresMerchantTransactions(m, 'replica-safe'), [...em]);
  bind(TOKENS.MerchantSalesReversals).toResolvedValue((m: EntityManager) => new PostgresMerchantReversals(m, 'replica-safe'), [...em]);
  bind(TOKENS.MerchantCardRefunds).toResolvedValue((m: EntityManager) => new PostgresMerchantCardRefunds(m), [...em]);
  bind(TOKENS.MerchantMonthLedger).toResolvedValue((m: EntityManager) => new PostgresMerchantMonthLedger(m), [...em]);
  bind(TOKENS.Agents).toResolvedValue((m: EntityManager) => new PostgresAgents(m), [...em]);
  bind(TOKENS.AgentEarnings).toResolvedValue((m: EntityManager) => new PostgresAgentEarnings(m), [...em]);
  bind(TOKENS.Commissions).toResolvedValue((m: EntityManager) => new PostgresCommissions(m), [...em]);
  bind(TOKENS.CommissionPayouts).toResolvedValue((m: EntityManager) => new PostgresCommissionPayouts(m), [...em]);
  bind(TOKENS.SettlementBatches).toResolvedValue((m: EntityManager) => new PostgresSettlementBatches(m), [...em]);
  servesAlso(bind, TOKENS.SettlementBatchReports, TOKENS.SettlementBatches);
  bind(TOKENS.AgentListing).toResolvedValue((m: EntityManager) => new PostgresAgentListing(m), [...em]);
  bind(TOKENS.MerchantListing).toResolvedValue((m: EntityManager) => new PostgresMerchantListing(m), [...em]);
  bind(TOKENS.QrImageRenderer).toResolvedValue(() => new QrcodePngRenderer());
  bind(TOKENS.EmvQrSettings).toResolvedValue((config: Config) => config.merchantQr, [TOKENS.Config]);
  bind(TOKENS.PayRequestLimits).toResolvedValue((config: Config) => config.payRequests, [TOKENS.Config]);
  bind(TOKENS.PayerProviderOf).toResolvedValue((payerOf: PayerOf) => (msisdn: string) => payerOf(msisdn)?.provider, [TOKENS.PayerOf]);

  // Each dependency name of the merchants, agents and settlement use cases, with the token it is resolved from.
  const merchants = TOKENS.Merchants;
  const registry = TOKENS.Merchants;
  const transactions = TOKENS.MerchantTransactions;
  const payments = TOKENS.MerchantTransactions;
  const reversals = TOKENS.MerchantReversals;
  const cardRefunds = TOKENS.MerchantCardRefunds;
  const agents = TOKENS.Agents;
  const commissions = TOKENS.Commissions;
  const payouts = TOKENS.CommissionPayouts;
  const batches = TOKENS.SettlementBatches;
  const settlements = TOKENS.SettlementBatches;
  const journal = TOKENS.JournalWriter;
  const audit = TOKENS.AuditTrail;
  const notifier = TOKENS.Notifier;
  const uow = TOKENS.UnitOfWork;
  const clock = TOKENS.Clock;
  const ids = TOKENS.IdGenerator;
  const events = TOKENS.Logger;
  const renderer = TOKENS.QrImageRenderer;
  const settings = TOKENS.EmvQrSettings;
  const payoutProvider = TOKENS.PayoutProviderOf;
  const requestTransfer = RequestTransfer;
  const sendTransfer = SendTransfer;

  bind(RegisterAgent).toResolvedValue(...withDeps(RegisterAgent, { agents, payoutProvider, uow, clock, ids }));
  bind(ShowOwnAgent).toResolvedValue(...withDeps(ShowOwnAgent, { agents }));
  bind(FindAgentByCode).toResolvedValue(...withDeps(FindAgentByCode, { agents }));
  bind(ShowAgentDashboard).toResolvedValue(...withDeps(ShowAgentDashboard, { agents, earnings: TOKENS.AgentEarnings }));
  bind(ReviewAgent).toResolvedValue(...withDeps(ReviewAgent, { agents, audit, uow }));
  bind(ListAgents).toResolvedValue(...withDeps(ListAgents, { agents: TOKENS.AgentListing }));

  bind(RegisterMerchant).toResolvedValue(...withDeps(RegisterMerchant, { registry, agents, payoutProvider, uow, clock, ids }));
  bind(UpdateMerchantCompliance).toResolvedValue(...withDeps(UpdateMerchantCompliance, { registry, audit, uow }));
  bind(ListMerchantsAwaitingKyb).toResolvedValue(...withDeps(ListMerchantsAwaitingKyb, { registry, clock }));
  bind(ListOwnMerchants).toResolvedValue(...withDeps(ListOwnMerchants, { registry }));
  bind(ReviewMerchant).toResolvedValue(...withDeps(ReviewMerchant, { merchants, audit, notifier, uow }));
  bind(ListMerchants).toResolvedValue(...withDeps(ListMerchants, { merchants: TOKENS.MerchantListing }));
  bind(GenerateMerchantQr).toResolvedValue(...withDeps(GenerateMerchantQr, { registry, renderer, settings, uow, clock }));
  bind(ShowMerchantQr).toResolvedValue(...withDeps(ShowMerchantQr, { registry, renderer, settings }));
  bind(ShowPayPage).toResolvedValue(...withDeps(ShowPayPage, { registry }));
  bind(PayMerchant).toResolvedValue(
    ...withDeps(PayMerchant, {
      transactions,
      mobileMoney: TOKENS.MobileMoney,
      clock,
      ids,
      registry,
      providerFor: TOKENS.PayerProviderOf,
      limiter: TOKENS.RateLimiter,
      payRequestLimits: TOKENS.PayRequestLimits,
    }),
  );
  bind(ShowMerchantReceipt).toResolvedValue(...withDeps(ShowMerchantReceipt, { registry, payments }));
  bind(SettleMerchantPaymentReport).toResolvedValue(...withDeps(SettleMerchantPaymentReport, { merchants, transactions, agents, commissions, journal, uow, clock, ids }));
  bind(ListMerchantTransactions).toResolvedValue(...withDeps(ListMerchantTransactions, { registry, payments, reversals, cardRefunds, settlements }));
  bind(ListMerchantSettlements).toResolvedValue(...withDeps(ListMerchantSettlements, { registry, payments, settlements, reversals }));
  bind(ShowSalesAnalytics).toResolvedValue(...withDeps(ShowSalesAnalytics, { registry, sales: TOKENS.MerchantSales, salesReversals: TOKENS.MerchantSalesReversals, clock }));
  bind(ShowMonthlyFigures).toResolvedValue(...withDeps(ShowMonthlyFigures, { registry, ledger: TOKENS.MerchantMonthLedger, clock }));

  // A card payment's refund goes back to the card through the card processor (apps/modules/cards-module.ts).
  const cardRefund = { transactions, payments, reversals, commissions, journal, cardRefunds, cardCheckout: TOKENS.CardCheckout, audit, uow, clock, ids, events } as const;
  bind(PursueCardRefund).toResolvedValue(...withDeps(PursueCardRefund, cardRefund));
  bind(RefundCardPayment).toResolvedValue(...withDeps(RefundCardPayment, { ...cardRefund, pursue: PursueCardRefund }));
  bind(FollowCardRefunds).toResolvedValue(...withDeps(FollowCardRefunds, { cardRefunds, pursue: PursueCardRefund, clock, events }));
  bind(ListOpenCardRefunds).toResolvedValue(...withDeps(ListOpenCardRefunds, { cardRefunds }));
  bind(ListCardRefunds).toResolvedValue(...withDeps(ListCardRefunds, { cardRefunds }));
  bind(ReverseMerchantPayment).toResolvedValue(
    ...withDeps(ReverseMerchantPayment, {
      merchants,
      transactions,
      payments,
      reversals,
      commissions,
      journal,
      transfers: TOKENS.OutgoingTransfers,
      requestTransfer,
      sendTransfer,
      audit,
      uow,
      clock,
      ids,
      refundCard: RefundCardPayment,
    }),
  );

  // Settlement batches and commission payouts: created by the week or month, paid by the transfers module.
  bind(SettleMerchants).toResolvedValue(
    ...withDeps(SettleMerchants, { batches, merchants, journal, requestTransfer, sendTransfer, withholding: TOKENS.SettlementWithholding, uow, clock, ids }),
  );
  bind(PayCommissions).toResolvedValue(...withDeps(PayCommissions, { agents, commissions, payouts, requestTransfer, sendTransfer, uow, clock, ids }));
  bind(RetrySettlementBatch).toResolvedValue(...withDeps(RetrySettlementBatch, { settleMerchants: SettleMerchants, audit, uow }));
  bind(ListSettlementBatches).toResolvedValue(...withDeps(ListSettlementBatches, { batches }));
  bind(ShowSettlementReport).toResolvedValue(...withDeps(ShowSettlementReport, { batches: TOKENS.SettlementBatchReports, transactions: TOKENS.SettledMerchantPayments, transfers: TOKENS.OutgoingTransfers, reversals }));
});
