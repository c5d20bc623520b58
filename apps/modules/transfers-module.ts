/**
 * The outgoing-transfers module's wiring (core/transfers): its Postgres store, the purposes'
 * policies (tontine payouts and savings withdrawals: SavingsTransferPolicy; loan disbursements:
 * LoanDisbursementPolicy; merchant settlements and agent commissions: core/settlements
 * PayoutTransferPolicy, over their batches and payouts; refunds of reversed merchant payments:
 * MerchantRefundPolicy; working-capital disbursements: WorkingCapitalDisbursementPolicy) and its
 * use cases, which the tontines, loans and settlement use cases, the payment settlement, the
 * scheduler jobs and the admin CLI resolve.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import { ContainerModule } from 'inversify';
import { CommissionPayoutTransfers } from '../../core/agents/pay-commission-payout.ts';
import type { CommissionPayoutRepository, CommissionRepository } from '../../core/agents/ports.ts';
import { LoanDisbursementPolicy, type LoanDisbursementPolicyDeps } from '../../core/loans/loan-disbursement-policy.ts';
import type { MerchantRepository } from '../../core/merchants/ports.ts';
import { MerchantRefundPolicy } from '../../core/merchants/reverse-merchant-payment.ts';
import { SettlementBatchTransfers } from '../../core/settlements/pay-settlement-batch.ts';
import { PayoutTransferPolicy } from '../../core/settlements/payout-status.ts';
import type { SettlementBatchRepository } from '../../core/settlements/ports.ts';
import { SavingsTransferPolicy, type SavingsTransferPolicyDeps } from '../../core/tontines/savings-transfer-policy.ts';
import { ListTransfers } from '../../core/transfers/list-transfers.ts';
import type { TransferPolicies } from '../../core/transfers/ports.ts';
import { RequestTransfer } from '../../core/transfers/request-transfer.ts';
import { RetryDueTransfers } from '../../core/transfers/retry-due-transfers.ts';
import { RetryGivenUpTransfer } from '../../core/transfers/retry-given-up-transfer.ts';
import { RetryTransfer } from '../../core/transfers/retry-transfer.ts';
import { SendTransfer } from '../../core/transfers/send-transfer.ts';
import { SettleTransfer } from '../../core/transfers/settle-transfer.ts';
import { WorkingCapitalDisbursementPolicy, type DisburseWorkingCapitalDeps } from '../../core/working-capital/accept-working-capital.ts';
import { PostgresOutgoingTransfers } from '../../adapters/postgres/postgres-outgoing-transfers.ts';
import { fromDeps, withDeps } from '../deps.ts';
import { TOKENS } from '../tokens.ts';

/** What the purposes' policies are made from: each policy takes the ones it names. */
type PolicyDeps = SavingsTransferPolicyDeps &
  LoanDisbursementPolicyDeps &
  Omit<DisburseWorkingCapitalDeps, 'loans' | 'merchants'> & {
    batches: Pick<SettlementBatchRepository, 'findById' | 'save'>;
    payouts: Pick<CommissionPayoutRepository, 'findById' | 'save'>;
    commissions: Pick<CommissionRepository, 'findByIds' | 'save'>;
    workingCapital: DisburseWorkingCapitalDeps['loans'];
    merchants: Pick<MerchantRepository, 'findById'>;
  };

function transferPolicies(deps: PolicyDeps): TransferPolicies {
  const savings = new SavingsTransferPolicy(deps);
  return {
    payout: savings,
    withdrawal: savings,
    loan_disbursement: new LoanDisbursementPolicy(deps),
    merchant_settlement: new PayoutTransferPolicy(new SettlementBatchTransfers(deps.batches)),
    agent_commission: new PayoutTransferPolicy(new CommissionPayoutTransfers(deps)),
    merchant_refund: new MerchantRefundPolicy(deps),
    working_capital_disbursement: new WorkingCapitalDisbursementPolicy({ ...deps, loans: deps.workingCapital }),
  };
}

export const transfersModule = new ContainerModule(({ bind }) => {
  bind(TOKENS.OutgoingTransfers).toResolvedValue((em: EntityManager) => new PostgresOutgoingTransfers(em), [TOKENS.EntityManager]);
  const transfers = TOKENS.OutgoingTransfers;
  const policies = TOKENS.TransferPolicies;
  const journal = TOKENS.JournalWriter;
  const uow = TOKENS.UnitOfWork;
  const clock = TOKENS.Clock;
  const ids = TOKENS.IdGenerator;
  const sendTransfer = SendTransfer;
  bind(RequestTransfer).toResolvedValue(...withDeps(RequestTransfer, { transfers, journal, clock, ids }));
  bind(TOKENS.TransferPolicies).toResolvedValue(
    ...fromDeps(transferPolicies, {
      requestTransfer: RequestTransfer,
      tontines: TOKENS.TontineRepository,
      wallets: TOKENS.MemberWallets,
      loans: TOKENS.LoanRepository,
      borrowers: TOKENS.Borrowers,
      notifier: TOKENS.Notifier,
      clock,
      batches: TOKENS.SettlementBatches,
      payouts: TOKENS.CommissionPayouts,
      commissions: TOKENS.Commissions,
      workingCapital: TOKENS.WorkingCapital,
      merchants: TOKENS.Merchants,
    }),
  );
  bind(SettleTransfer).toResolvedValue(...withDeps(SettleTransfer, { transfers, policies, journal, uow, clock, ids }));
  bind(SendTransfer).toResolvedValue(...withDeps(SendTransfer, { transfers, mobileMoney: TOKENS.MobileMoney, settleTransfer: SettleTransfer, uow }));
  bind(RetryTransfer).toResolvedValue(...withDeps(RetryTransfer, { transfers, policies, sendTransfer, uow, clock }));
  bind(RetryGivenUpTransfer).toResolvedValue(...withDeps(RetryGivenUpTransfer, { transfers, policies, sendTransfer, audit: TOKENS.AuditTrail, uow }));
  bind(RetryDueTransfers).toResolvedValue(...withDeps(RetryDueTransfers, { transfers, retryTransfer: RetryTransfer, clock, events: TOKENS.Logger }));
  bind(ListTransfers).toResolvedValue(...withDeps(ListTransfers, { transfers, disputes: TOKENS.DisputedReports }));
});
