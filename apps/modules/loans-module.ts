/**
 * The loans and credit module's wiring: the Postgres adapters bound to the ports of core/loans and
 * core/credit, the member records lending and scoring read (core/loans MemberCreditRecords), and
 * each use case of core/loans and core/credit bound by its class. Channels receive the use cases
 * they call: `loanRouteUseCases` for the loan routes; the CLI, the jobs, USSD and the payment
 * dispatcher get theirs from their own modules.
 */
import type { Container } from 'inversify';
import { ContainerModule } from 'inversify';
import type { EntityManager } from '@mikro-orm/postgresql';
import { AssessCredit } from '../../core/credit/assess-credit.ts';
import { ShowCreditScore } from '../../core/credit/show-credit-score.ts';
import { ApplyForLoan } from '../../core/loans/apply-for-loan.ts';
import { CheckLoanEligibility } from '../../core/loans/check-loan-eligibility.ts';
import { ConfirmLoanPayment } from '../../core/loans/confirm-loan-payment.ts';
import { DisburseLoan } from '../../core/loans/disburse-loan.ts';
import { ListMemberLoans } from '../../core/loans/list-member-loans.ts';
import { ListPendingReviews } from '../../core/loans/list-pending-reviews.ts';
import { MemberCreditRecords } from '../../core/loans/member-credit-records.ts';
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
import { RequestTransfer } from '../../core/transfers/request-transfer.ts';
import { SendTransfer } from '../../core/transfers/send-transfer.ts';
import { SettleTransfer } from '../../core/transfers/settle-transfer.ts';
import { MikroOrmKeyFactsStatements, MikroOrmLoanCollections, MikroOrmLoanRepository } from '../../adapters/postgres/mikro-orm-loan-repository.ts';
import { PostgresCreditAssessments, PostgresLoanReminderNotices, PostgresScoringConsents } from '../../adapters/postgres/postgres-credit-store.ts';
import { servesAlso, withDeps } from '../deps.ts';
import { TOKENS } from '../tokens.ts';
import type { LoanRouteUseCases } from '../http/loan-routes.ts';

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
    ...withDeps(MemberCreditRecords, {
      accounts: TOKENS.AccountRepository,
      tontines: TOKENS.TontineRepository,
      contributions: TOKENS.ContributionRepository,
      loans: TOKENS.LoanRepository,
      wallets: TOKENS.MemberWallets,
      clock: TOKENS.Clock,
    }),
  );
  servesAlso(bind, TOKENS.Borrowers, MemberCreditRecords);
  servesAlso(bind, TOKENS.MemberSavings, MemberCreditRecords);
  servesAlso(bind, TOKENS.CreditHistories, MemberCreditRecords);

  // Each dependency name of the loans and credit use cases, with the token it is resolved from.
  const loans = TOKENS.LoanRepository;
  const collections = TOKENS.LoanCollections;
  const statements = TOKENS.KeyFactsStatements;
  const reminders = TOKENS.LoanReminderNotices;
  const borrowers = TOKENS.Borrowers;
  const savings = TOKENS.MemberSavings;
  const histories = TOKENS.CreditHistories;
  const assessments = TOKENS.CreditAssessments;
  const consents = TOKENS.ScoringConsents;
  const mobileMoney = TOKENS.MobileMoney;
  const journal = TOKENS.JournalWriter;
  const notifier = TOKENS.Notifier;
  const audit = TOKENS.AuditTrail;
  const uow = TOKENS.UnitOfWork;
  const clock = TOKENS.Clock;
  const ids = TOKENS.IdGenerator;
  const requestTransfer = RequestTransfer;
  const sendTransfer = SendTransfer;

  bind(DisburseLoan).toResolvedValue(...withDeps(DisburseLoan, { loans, borrowers, requestTransfer, sendTransfer, notifier, uow, clock }));
  bind(ShowKeyFacts).toResolvedValue(...withDeps(ShowKeyFacts, { histories, statements, uow, clock, ids }));
  bind(ApplyForLoan).toResolvedValue(
    ...withDeps(ApplyForLoan, { loans, borrowers, audit, uow, clock, ids, requestTransfer, sendTransfer, notifier, histories, assessments, statements, consents }),
  );
  bind(CheckLoanEligibility).toResolvedValue(...withDeps(CheckLoanEligibility, { borrowers, loans, consents, clock }));
  bind(ListMemberLoans).toResolvedValue(...withDeps(ListMemberLoans, { loans }));
  bind(ShowLoan).toResolvedValue(...withDeps(ShowLoan, { loans }));
  bind(ShowLoanPayments).toResolvedValue(...withDeps(ShowLoanPayments, { loans, collections }));
  bind(ShowKeyFactsStatement).toResolvedValue(...withDeps(ShowKeyFactsStatement, { loans, statements }));
  bind(StartLoanRepayment).toResolvedValue(...withDeps(StartLoanRepayment, { loans, collections, borrowers, mobileMoney, uow, clock, ids }));
  // A disbursement report is settled by the outgoing-transfers module (core/transfers).
  bind(ConfirmLoanPayment).toResolvedValue(...withDeps(ConfirmLoanPayment, { loans, journal, uow, clock, ids, notifier, collections, settleTransfer: SettleTransfer }));
  bind(SummarizeLoans).toResolvedValue(...withDeps(SummarizeLoans, { loans, savings, assessments, clock }));
  bind(RecommendLoans).toResolvedValue(...withDeps(RecommendLoans, { borrowers, loans }));
  bind(ShowCreditScore).toResolvedValue(...withDeps(ShowCreditScore, { assessments }));
  bind(AssessCredit).toResolvedValue(...withDeps(AssessCredit, { histories, assessments, consents, uow, clock, ids }));
  bind(ListPendingReviews).toResolvedValue(...withDeps(ListPendingReviews, { loans, borrowers }));
  bind(ReviewLoan).toResolvedValue(...withDeps(ReviewLoan, { loans, borrowers, requestTransfer, sendTransfer, notifier, audit, uow, clock }));
  bind(RefreshLoanStatuses).toResolvedValue(...withDeps(RefreshLoanStatuses, { loans, uow, clock }));
  bind(SendInstalmentReminders).toResolvedValue(...withDeps(SendInstalmentReminders, { loans, reminders, notifier, uow, clock }));
});
