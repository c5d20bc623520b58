/**
 * The loans and credit module's wiring: the Postgres adapters bound to the ports of core/loans and
 * core/credit, the member records lending and scoring read (core/loans MemberCreditRecords), and
 * each use case of core/loans and core/credit bound by its class. Channels receive the use cases
 * they call: `loanRouteUseCases` for the loan routes; the CLI, the jobs, USSD and the payment
 * dispatcher get theirs from their own modules.
 */
import type { Container, ServiceIdentifier } from 'inversify';
import { ContainerModule } from 'inversify';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { AccountRepository } from '../../core/accounts/ports.ts';
import type { AuditTrail } from '../../core/audit/ports.ts';
import type { ContributionRepository } from '../../core/contributions/ports.ts';
import { AssessCredit } from '../../core/credit/assess-credit.ts';
import type { CreditAssessmentRepository, CreditHistories, ScoringConsents } from '../../core/credit/ports.ts';
import { ShowCreditScore } from '../../core/credit/show-credit-score.ts';
import type { JournalWriter } from '../../core/ledger/ports.ts';
import { ApplyForLoan } from '../../core/loans/apply-for-loan.ts';
import { CheckLoanEligibility } from '../../core/loans/check-loan-eligibility.ts';
import { ConfirmLoanPayment } from '../../core/loans/confirm-loan-payment.ts';
import { DisburseLoan, type DisburseLoanDeps } from '../../core/loans/disburse-loan.ts';
import { ListMemberLoans } from '../../core/loans/list-member-loans.ts';
import { ListPendingReviews } from '../../core/loans/list-pending-reviews.ts';
import { MemberCreditRecords } from '../../core/loans/member-credit-records.ts';
import type {
  Borrowers,
  KeyFactsStatementRepository,
  LoanCollectionRepository,
  LoanReminderNotices,
  LoanRepository,
  MemberSavings,
} from '../../core/loans/ports.ts';
import { RecommendLoans } from '../../core/loans/recommend-loans.ts';
import { RefreshLoanStatuses } from '../../core/loans/refresh-loan-statuses.ts';
import { ReviewLoan } from '../../core/loans/review-loan.ts';
import { SendInstalmentReminders } from '../../core/loans/send-instalment-reminders.ts';
import { ShowKeyFactsStatement } from '../../core/loans/show-key-facts-statement.ts';
import { ShowKeyFacts } from '../../core/loans/show-key-facts.ts';
import { ShowLoanPayments } from '../../core/loans/show-loan-payments.ts';
import { ShowLoan } from '../../core/loans/show-loan.ts';
import { StartLoanRepayment } from '../../core/loans/start-loan-repayment.ts';
import { SummarizeLoans } from '../../core/loans/summarize-loans.ts';
import type { MobileMoney } from '../../core/payments/ports.ts';
import type { Clock, IdGenerator } from '../../core/shared/clock.ts';
import type { UnitOfWork } from '../../core/shared/unit-of-work.ts';
import type { MemberWallets, Notifier, TontineRepository } from '../../core/tontines/ports.ts';
import { RequestTransfer } from '../../core/transfers/request-transfer.ts';
import { SendTransfer } from '../../core/transfers/send-transfer.ts';
import { SettleTransfer } from '../../core/transfers/settle-transfer.ts';
import { MikroOrmKeyFactsStatements, MikroOrmLoanCollections, MikroOrmLoanRepository } from '../../adapters/postgres/mikro-orm-loan-repository.ts';
import { PostgresCreditAssessments, PostgresLoanReminderNotices, PostgresScoringConsents } from '../../adapters/postgres/postgres-credit-store.ts';
import { TOKENS } from '../tokens.ts';
import type { LoanRouteUseCases } from '../http/loan-routes.ts';

/** Every port a loans or credit use case may take; each use case reads the ones it names. */
interface LoanPorts extends DisburseLoanDeps {
  mobileMoney: MobileMoney;
  collections: LoanCollectionRepository;
  statements: KeyFactsStatementRepository;
  reminders: LoanReminderNotices;
  savings: MemberSavings;
  histories: CreditHistories;
  assessments: CreditAssessmentRepository;
  consents: ScoringConsents;
  audit: AuditTrail;
  journal: JournalWriter;
  ids: IdGenerator;
  /** A disbursement report is settled by the outgoing-transfers module (core/transfers). */
  settleTransfer: SettleTransfer;
}

/** Every port of the module, in one object each use case is made from. */
const LOAN_PORTS: ServiceIdentifier<LoanPorts> = Symbol.for('ikimina.loans.Ports');

/** The tokens of `loanPorts`' arguments, in order (read when the module loads: apps/container.ts imports this file). */
const loanPortTokens = () => [
  TOKENS.LoanRepository,
  TOKENS.LoanCollections,
  TOKENS.KeyFactsStatements,
  TOKENS.LoanReminderNotices,
  TOKENS.Borrowers,
  TOKENS.MemberSavings,
  TOKENS.CreditHistories,
  TOKENS.CreditAssessments,
  TOKENS.ScoringConsents,
  TOKENS.MobileMoney,
  TOKENS.JournalWriter,
  TOKENS.Notifier,
  TOKENS.AuditTrail,
  TOKENS.UnitOfWork,
  TOKENS.Clock,
  TOKENS.IdGenerator,
  RequestTransfer,
  SendTransfer,
  SettleTransfer,
] as const;

function loanPorts(
  loans: LoanRepository,
  collections: LoanCollectionRepository,
  statements: KeyFactsStatementRepository,
  reminders: LoanReminderNotices,
  borrowers: Borrowers,
  savings: MemberSavings,
  histories: CreditHistories,
  assessments: CreditAssessmentRepository,
  consents: ScoringConsents,
  mobileMoney: MobileMoney,
  journal: JournalWriter,
  notifier: Notifier,
  audit: AuditTrail,
  uow: UnitOfWork,
  clock: Clock,
  ids: IdGenerator,
  requestTransfer: RequestTransfer,
  sendTransfer: SendTransfer,
  settleTransfer: SettleTransfer,
): LoanPorts {
  return { loans, collections, statements, reminders, borrowers, savings, histories, assessments, consents, mobileMoney, journal, notifier, audit, uow, clock, ids, requestTransfer, sendTransfer, settleTransfer };
}

/** The use cases the loan routes call (apps/http/loan-routes.ts). */
export function loanRouteUseCases(container: Container): LoanRouteUseCases {
  return {
    listMemberLoans: container.get(ListMemberLoans),
    showKeyFacts: container.get(ShowKeyFacts),
    applyForLoan: container.get(ApplyForLoan),
    checkLoanEligibility: container.get(CheckLoanEligibility),
    summarizeLoans: container.get(SummarizeLoans),
    recommendLoans: container.get(RecommendLoans),
    showLoan: container.get(ShowLoan),
    showKeyFactsStatement: container.get(ShowKeyFactsStatement),
    showLoanPayments: container.get(ShowLoanPayments),
    startLoanRepayment: container.get(StartLoanRepayment),
    showCreditScore: container.get(ShowCreditScore),
    assessCredit: container.get(AssessCredit),
  };
}

export const loansModule = new ContainerModule(({ bind }) => {
  const em = [TOKENS.EntityManager] as const;
  bind(TOKENS.LoanRepository).toResolvedValue((m: EntityManager) => new MikroOrmLoanRepository(m), [...em]);
  bind(TOKENS.LoanCollections).toResolvedValue((m: EntityManager) => new MikroOrmLoanCollections(m), [...em]);
  bind(TOKENS.KeyFactsStatements).toResolvedValue((m: EntityManager) => new MikroOrmKeyFactsStatements(m), [...em]);
  bind(TOKENS.CreditAssessments).toResolvedValue((m: EntityManager) => new PostgresCreditAssessments(m), [...em]);
  bind(TOKENS.ScoringConsents).toResolvedValue((m: EntityManager) => new PostgresScoringConsents(m), [...em]);
  bind(TOKENS.LoanReminderNotices).toResolvedValue((m: EntityManager) => new PostgresLoanReminderNotices(m), [...em]);

  bind(MemberCreditRecords).toResolvedValue(
    (accounts: AccountRepository, tontines: TontineRepository, contributions: ContributionRepository, loans: LoanRepository, wallets: MemberWallets, clock: Clock) =>
      new MemberCreditRecords({ accounts, tontines, contributions, loans, wallets, clock }),
    [TOKENS.AccountRepository, TOKENS.TontineRepository, TOKENS.ContributionRepository, TOKENS.LoanRepository, TOKENS.MemberWallets, TOKENS.Clock],
  );
  bind(TOKENS.Borrowers).toService(MemberCreditRecords);
  bind(TOKENS.MemberSavings).toService(MemberCreditRecords);
  bind(TOKENS.CreditHistories).toService(MemberCreditRecords);

  bind(LOAN_PORTS).toResolvedValue(loanPorts, [...loanPortTokens()]);
  bind(DisburseLoan).toResolvedValue((p: LoanPorts) => new DisburseLoan(p), [LOAN_PORTS]);
  bind(ShowKeyFacts).toResolvedValue((p: LoanPorts) => new ShowKeyFacts(p), [LOAN_PORTS]);
  bind(ApplyForLoan).toResolvedValue((p: LoanPorts) => new ApplyForLoan(p), [LOAN_PORTS]);
  bind(CheckLoanEligibility).toResolvedValue((p: LoanPorts) => new CheckLoanEligibility(p), [LOAN_PORTS]);
  bind(ListMemberLoans).toResolvedValue((p: LoanPorts) => new ListMemberLoans(p), [LOAN_PORTS]);
  bind(ShowLoan).toResolvedValue((p: LoanPorts) => new ShowLoan(p), [LOAN_PORTS]);
  bind(ShowLoanPayments).toResolvedValue((p: LoanPorts) => new ShowLoanPayments(p), [LOAN_PORTS]);
  bind(ShowKeyFactsStatement).toResolvedValue((p: LoanPorts) => new ShowKeyFactsStatement(p), [LOAN_PORTS]);
  bind(StartLoanRepayment).toResolvedValue((p: LoanPorts) => new StartLoanRepayment(p), [LOAN_PORTS]);
  bind(ConfirmLoanPayment).toResolvedValue((p: LoanPorts) => new ConfirmLoanPayment(p), [LOAN_PORTS]);
  bind(SummarizeLoans).toResolvedValue((p: LoanPorts) => new SummarizeLoans(p), [LOAN_PORTS]);
  bind(RecommendLoans).toResolvedValue((p: LoanPorts) => new RecommendLoans(p), [LOAN_PORTS]);
  bind(ShowCreditScore).toResolvedValue((p: LoanPorts) => new ShowCreditScore(p), [LOAN_PORTS]);
  bind(AssessCredit).toResolvedValue((p: LoanPorts) => new AssessCredit(p), [LOAN_PORTS]);
  bind(ListPendingReviews).toResolvedValue((p: LoanPorts) => new ListPendingReviews(p), [LOAN_PORTS]);
  bind(ReviewLoan).toResolvedValue((p: LoanPorts) => new ReviewLoan(p), [LOAN_PORTS]);
  bind(RefreshLoanStatuses).toResolvedValue((p: LoanPorts) => new RefreshLoanStatuses(p), [LOAN_PORTS]);
  bind(SendInstalmentReminders).toResolvedValue((p: LoanPorts) => new SendInstalmentReminders(p), [LOAN_PORTS]);
});
