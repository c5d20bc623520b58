/**
 * The outgoing-transfers module's wiring (core/transfers): its Postgres store, the purposes'
 * policies (tontine payouts and savings withdrawals: SavingsTransferPolicy; loan disbursements:
 * LoanDisbursementPolicy; merchant settlements and agent commissions: core/settlements
 * PayoutTransferPolicy, over their batches and payouts; refunds of reversed merchant payments: MerchantRefundPolicy; working-capital disbursements: WorkingCapitalDisbursementPolicy) and its use cases, which the tontines, loans and settlement use cases,
 * the payment settlement, the scheduler jobs and the admin CLI resolve.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import { ContainerModule } from 'inversify';
import type { AuditTrail } from '../../core/audit/ports.ts';
import type { JournalWriter } from '../../core/ledger/ports.ts';
import { LoanDisbursementPolicy } from '../../core/loans/loan-disbursement-policy.ts';
import type { Borrowers, LoanRepository } from '../../core/loans/ports.ts';
import type { MobileMoney } from '../../core/payments/ports.ts';
import type { Clock, IdGenerator } from '../../core/shared/clock.ts';
import type { UnitOfWork } from '../../core/shared/unit-of-work.ts';
import type { MemberWallets, Notifier, TontineRepository } from '../../core/tontines/ports.ts';
import { SavingsTransferPolicy } from '../../core/tontines/savings-transfer-policy.ts';
import { MerchantRefundPolicy } from '../../core/merchants/reverse-merchant-payment.ts';
import { CommissionPayoutTransfers } from '../../core/agents/pay-commission-payout.ts';
import type { CommissionPayoutRepository, CommissionRepository } from '../../core/agents/ports.ts';
import { SettlementBatchTransfers } from '../../core/settlements/pay-settlement-batch.ts';
import { PayoutTransferPolicy } from '../../core/settlements/payout-status.ts';
import type { SettlementBatchRepository } from '../../core/settlements/ports.ts';
import type { MerchantRepository } from '../../core/merchants/ports.ts';
import { WorkingCapitalDisbursementPolicy } from '../../core/working-capital/accept-working-capital.ts';
import type { WorkingCapitalLoans } from '../../core/working-capital/ports.ts';
import { ListTransfers } from '../../core/transfers/list-transfers.ts';
import type { OutgoingTransfers, TransferPolicies } from '../../core/transfers/ports.ts';
import { RequestTransfer } from '../../core/transfers/request-transfer.ts';
import { RetryGivenUpTransfer } from '../../core/transfers/retry-given-up-transfer.ts';
import { RetryTransfer } from '../../core/transfers/retry-transfer.ts';
import { SendTransfer } from '../../core/transfers/send-transfer.ts';
import { SettleTransfer } from '../../core/transfers/settle-transfer.ts';
import { PostgresOutgoingTransfers } from '../../adapters/postgres/postgres-outgoing-transfers.ts';
import { PostgresPaymentDisputes } from '../../adapters/postgres/postgres-payment-disputes.ts';
import { TOKENS } from '../tokens.ts';

export const transfersModule = new ContainerModule(({ bind }) => {
  bind(TOKENS.OutgoingTransfers).toResolvedValue((em: EntityManager) => new PostgresOutgoingTransfers(em), [TOKENS.EntityManager]);
  bind(RequestTransfer).toResolvedValue(
    (transfers: OutgoingTransfers, journal: JournalWriter, clock: Clock, ids: IdGenerator) => new RequestTransfer({ transfers, journal, clock, ids }),
    [TOKENS.OutgoingTransfers, TOKENS.JournalWriter, TOKENS.Clock, TOKENS.IdGenerator],
  );
  bind(TOKENS.TransferPolicies).toResolvedValue(
    (
      requestTransfer: RequestTransfer,
      tontines: TontineRepository,
      wallets: MemberWallets,
      loans: LoanRepository,
      borrowers: Borrowers,
      notifier: Notifier,
      clock: Clock,
      batches: SettlementBatchRepository,
      payouts: CommissionPayoutRepository,
      commissions: CommissionRepository,
      workingCapital: WorkingCapitalLoans,
      merchants: MerchantRepository,
    ): TransferPolicies => {
      const savings = new SavingsTransferPolicy({ tontines, wallets, notifier, requestTransfer });
      return {
        payout: savings,
        withdrawal: savings,
        loan_disbursement: new LoanDisbursementPolicy({ loans, borrowers, notifier, clock, requestTransfer }),
        merchant_settlement: new PayoutTransferPolicy(new SettlementBatchTransfers(batches)),
        agent_commission: new PayoutTransferPolicy(new CommissionPayoutTransfers({ payouts, commissions })),
        merchant_refund: new MerchantRefundPolicy({ requestTransfer }),
        working_capital_disbursement: new WorkingCapitalDisbursementPolicy({ loans: workingCapital, merchants, requestTransfer, notifier, clock }),
      };
    },
    [RequestTransfer, TOKENS.TontineRepository, TOKENS.MemberWallets, TOKENS.LoanRepository, TOKENS.Borrowers, TOKENS.Notifier, TOKENS.Clock, TOKENS.SettlementBatches, TOKENS.CommissionPayouts, TOKENS.Commissions, TOKENS.WorkingCapital, TOKENS.Merchants],
  );
  bind(SettleTransfer).toResolvedValue(
    (transfers: OutgoingTransfers, policies: TransferPolicies, journal: JournalWriter, uow: UnitOfWork, clock: Clock, ids: IdGenerator) =>
      new SettleTransfer({ transfers, policies, journal, uow, clock, ids }),
    [TOKENS.OutgoingTransfers, TOKENS.TransferPolicies, TOKENS.JournalWriter, TOKENS.UnitOfWork, TOKENS.Clock, TOKENS.IdGenerator],
  );
  bind(SendTransfer).toResolvedValue(
    (transfers: OutgoingTransfers, mobileMoney: MobileMoney, settleTransfer: SettleTransfer, uow: UnitOfWork) => new SendTransfer({ transfers, mobileMoney, settleTransfer, uow }),
    [TOKENS.OutgoingTransfers, TOKENS.MobileMoney, SettleTransfer, TOKENS.UnitOfWork],
  );
  bind(RetryTransfer).toResolvedValue(
    (transfers: OutgoingTransfers, policies: TransferPolicies, sendTransfer: SendTransfer, uow: UnitOfWork, clock: Clock) => new RetryTransfer({ transfers, policies, sendTransfer, uow, clock }),
    [TOKENS.OutgoingTransfers, TOKENS.TransferPolicies, SendTransfer, TOKENS.UnitOfWork, TOKENS.Clock],
  );
  bind(RetryGivenUpTransfer).toResolvedValue(
    (transfers: OutgoingTransfers, policies: TransferPolicies, sendTransfer: SendTransfer, audit: AuditTrail, uow: UnitOfWork) =>
      new RetryGivenUpTransfer({ transfers, policies, sendTransfer, audit, uow }),
    [TOKENS.OutgoingTransfers, TOKENS.TransferPolicies, SendTransfer, TOKENS.AuditTrail, TOKENS.UnitOfWork],
  );
  bind(ListTransfers).toResolvedValue(
    (transfers: OutgoingTransfers, em: EntityManager) => new ListTransfers({ transfers, disputes: new PostgresPaymentDisputes(em) }),
    [TOKENS.OutgoingTransfers, TOKENS.EntityManager],
  );
});
