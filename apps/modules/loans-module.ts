/**
 * The loans and credit module's wiring: its repositories, the member records lending reads
 * (`MemberCreditRecords`), and `Lending`, the one object the routes, the CLI, the scheduler and
 * the payment callback dispatcher call. Each method runs one core use case (or a read) with the
 * same dependencies, so every channel applies the same rules.
 *
 * For the payment callback dispatcher: `isLoanPaymentReference(report.reference)` tells a loan
 * payment (`loan-repayment:<id>`, `loan-disbursement:<loanId>`); pass its report to
 * `container.get(Lending).confirmPayment(report)`, inside a RequestContext.
 */
import { ContainerModule } from 'inversify';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { AccountRepository } from '../../core/accounts/ports.ts';
import type { AuditActor, AuditTrail } from '../../core/audit/ports.ts';
import type { ContributionRepository } from '../../core/contributions/ports.ts';
import { assessCredit } from '../../core/credit/assess-credit.ts';
import type { CreditAssessment } from '../../core/credit/ports.ts';
import type { JournalWriter } from '../../core/ledger/ports.ts';
import { confirmLoanPayment, type LoanPaymentReport } from '../../core/loans/confirm-loan-payment.ts';
import { decideLoan } from '../../core/loans/decide-loan.ts';
import { disburseLoan } from '../../core/loans/disburse-loan.ts';
import { instalmentReminder } from '../../core/loans/loan-notices.ts';
import { recommendLoans } from '../../core/loans/loan-recommendations.ts';
import { dueInstalmentReminders, type DueInstalmentReminder } from '../../core/loans/loan-reminders.ts';
import { availableCredit, summarizeLoans } from '../../core/loans/loan-summary.ts';
import { loanLimit } from '../../core/loans/loan-terms.ts';
import type { Loan } from '../../core/loans/loan.ts';
import { refreshLoanStatuses } from '../../core/loans/refresh-loan-statuses.ts';
import { showKeyFacts } from '../../core/loans/show-key-facts.ts';
import { startLoanRepayment, type StartLoanRepaymentInput } from '../../core/loans/start-loan-repayment.ts';
import { submitLoanApplication, type SubmitLoanApplicationDeps, type SubmitLoanApplicationInput } from '../../core/loans/submit-loan-application.ts';
import type { LoanApplication } from '../../core/loans/loan-terms.ts';
import { Money } from '../../core/money/money.ts';
import { err, ok, type Result } from '../../core/shared/result.ts';
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
import { MemberCreditRecords } from './member-credit-records.ts';

export interface LendingDeps extends SubmitLoanApplicationDeps {
  mobileMoney: MobileMoney;
  loans: MikroOrmLoanRepository;
  collections: MikroOrmLoanCollections;
  journal: JournalWriter;
  /** A disbursement report is settled by the outgoing-transfers module (core/transfers). */
  settleTransfer: SettleTransfer;
  assessments: PostgresCreditAssessments;
  reminders: PostgresLoanReminderNotices;
  records: MemberCreditRecords;
}

export interface PendingReview {
  loan: Loan;
  /** The applicant's latest score, and the limit their savings give today. */
  creditScore: number;
  loanLimit: Money;
}

export class Lending {
  constructor(readonly deps: LendingDeps) {}

  showKeyFacts(input: LoanApplication & { memberId: string }) {
    return showKeyFacts(this.deps, input);
  }

  apply(input: SubmitLoanApplicationInput) {
    return submitLoanApplication(this.deps, input);
  }

  listLoans(memberId: string): Promise<Loan[]> {
    return this.deps.loans.findByMember(memberId);
  }

  /** The member's own loan; another member's answers undefined, exactly like an unknown id. */
  async loanOf(memberId: string, loanId: string): Promise<Loan | undefined> {
    const loan = await this.deps.loans.findById(loanId);
    return loan?.memberId === memberId ? loan : undefined;
  }

  async paymentsOf(memberId: string, loanId: string) {
    const loan = await this.loanOf(memberId, loanId);
    if (!loan) return undefined;
    const [repayments, collections] = await Promise.all([this.deps.loans.listRepayments(loan.id), this.deps.collections.listByLoan(loan.id)]);
    return { loan, repayments, collections };
  }

  async keyFactsOf(memberId: string, loanId: string) {
    const loan = await this.loanOf(memberId, loanId);
    return loan && this.deps.statements.findByLoan(loan.id);
  }

  startRepayment(input: StartLoanRepaymentInput) {
    return startLoanRepayment(this.deps, input);
  }

  confirmPayment(report: LoanPaymentReport) {
    return confirmLoanPayment(this.deps, report);
  }

  async summary(memberId: string) {
    const [loans, savings, latest] = await Promise.all([
      this.deps.loans.findByMember(memberId),
      this.deps.records.savingsBalanceOf(memberId),
      this.deps.assessments.latestFor(memberId),
    ]);
    return summarizeLoans(loans, { now: this.deps.clock.now(), savingsBalance: savings, latestAssessment: latest });
  }

  async recommendations(memberId: string) {
    const [profile, loans] = await Promise.all([this.deps.records.profileOf(memberId), this.deps.loans.findByMember(memberId)]);
    if (!profile) return [];
    return recommendLoans({ available: availableCredit(profile.savingsBalance, loans), creditScore: profile.creditScore, savingsBalance: profile.savingsBalance });
  }

  latestAssessment(memberId: string): Promise<CreditAssessment | undefined> {
    return this.deps.assessments.latestFor(memberId);
  }

  /** Records an assessment, with the member's consent given now or recorded before. */
  async assess(memberId: string, consent: boolean): Promise<Result<CreditAssessment, 'member_not_found' | 'scoring_consent_required'>> {
    return this.deps.unitOfWork.run(async () => {
      if (consent) await this.deps.consents.record(memberId, this.deps.clock.now());
      else if (!(await this.deps.consents.consentedAt(memberId))) return err('scoring_consent_required');
      return assessCredit(this.deps, { memberId });
    });
  }

  /** Loans waiting for an officer, with the applicant's latest score and loan limit. */
  async pendingReviews(): Promise<PendingReview[]> {
    const reviews: PendingReview[] = [];
    for (const loan of await this.deps.loans.findPending()) {
      const profile = await this.deps.records.profileOf(loan.memberId);
      reviews.push({ loan, creditScore: profile?.creditScore ?? loan.creditScore, loanLimit: loanLimit(profile?.savingsBalance ?? Money.ZERO) });
    }
    return reviews;
  }

  /**
   * An officer's decision; an approved loan is disbursed at once: stored, then sent. A refusal
   * leaves it approved with a retry due (core/loans/disburse-loan.ts); the loan as it is now is answered.
   */
  async review(input: { loanId: string; decision: 'approve' | 'reject'; reason?: string; decidedBy: AuditActor }) {
    const decided = await decideLoan(this.deps, input);
    if (!decided.ok || decided.value.status !== 'approved') return decided;
    const disbursed = await disburseLoan(this.deps, { loanId: decided.value.id });
    return ok(disbursed.ok ? disbursed.value : ((await this.deps.loans.findById(decided.value.id)) ?? decided.value));
  }

  refreshStatuses() {
    return refreshLoanStatuses(this.deps);
  }

  /** The instalment reminders due at `now` and not sent yet (see core/loans/loan-reminders.ts). */
  async dueInstalmentReminders(now: Date): Promise<DueInstalmentReminder[]> {
    const loans = await this.deps.loans.findDisbursed();
    const candidates = dueInstalmentReminders(loans, now, new Set());
    return dueInstalmentReminders(loans, now, await this.deps.reminders.sentKeys(candidates.map((c) => c.key)));
  }

  /** Records the reminder and notifies the member in one transaction; false when sent before. */
  sendInstalmentReminder(reminder: DueInstalmentReminder, now: Date): Promise<boolean> {
    return this.deps.unitOfWork.run(async () => {
      if (!(await this.deps.reminders.recordOnce(reminder.key, now))) return false;
      await this.deps.notifier.notify(instalmentReminder(reminder.loan, reminder.instalment, reminder.amountDue, reminder.daysBefore));
      return true;
    });
  }
}

export const loansModule = new ContainerModule(({ bind }) => {
  const em = [TOKENS.EntityManager] as const;
  bind(MikroOrmLoanRepository).toResolvedValue((m: EntityManager) => new MikroOrmLoanRepository(m), [...em]);
  bind(MikroOrmLoanCollections).toResolvedValue((m: EntityManager) => new MikroOrmLoanCollections(m), [...em]);
  bind(MikroOrmKeyFactsStatements).toResolvedValue((m: EntityManager) => new MikroOrmKeyFactsStatements(m), [...em]);
  bind(PostgresCreditAssessments).toResolvedValue((m: EntityManager) => new PostgresCreditAssessments(m), [...em]);
  bind(PostgresScoringConsents).toResolvedValue((m: EntityManager) => new PostgresScoringConsents(m), [...em]);
  bind(PostgresLoanReminderNotices).toResolvedValue((m: EntityManager) => new PostgresLoanReminderNotices(m), [...em]);
  bind(MemberCreditRecords).toResolvedValue(
    (accounts: AccountRepository, tontines: TontineRepository, contributions: ContributionRepository, loans: MikroOrmLoanRepository, assessments: PostgresCreditAssessments, wallets: MemberWallets, clock: Clock) =>
      new MemberCreditRecords({ accounts, tontines, contributions, loans, assessments, wallets, clock }),
    [TOKENS.AccountRepository, TOKENS.TontineRepository, TOKENS.ContributionRepository, MikroOrmLoanRepository, PostgresCreditAssessments, TOKENS.MemberWallets, TOKENS.Clock],
  );
  bind(Lending).toResolvedValue(
    (
      loans: MikroOrmLoanRepository,
      collections: MikroOrmLoanCollections,
      statements: MikroOrmKeyFactsStatements,
      assessments: PostgresCreditAssessments,
      consents: PostgresScoringConsents,
      reminders: PostgresLoanReminderNotices,
      records: MemberCreditRecords,
      mobileMoney: MobileMoney,
      journal: JournalWriter,
      notifier: Notifier,
      audit: AuditTrail,
      unitOfWork: UnitOfWork,
      clock: Clock,
      ids: IdGenerator,
      requestTransfer: RequestTransfer,
      sendTransfer: SendTransfer,
      settleTransfer: SettleTransfer,
    ) =>
      new Lending({
        loans,
        collections,
        statements,
        assessments,
        consents,
        reminders,
        records,
        borrowers: records,
        histories: records,
        mobileMoney,
        journal,
        notifier,
        audit,
        unitOfWork,
        clock,
        ids,
        requestTransfer,
        sendTransfer,
        settleTransfer,
      }),
    [
      MikroOrmLoanRepository,
      MikroOrmLoanCollections,
      MikroOrmKeyFactsStatements,
      PostgresCreditAssessments,
      PostgresScoringConsents,
      PostgresLoanReminderNotices,
      MemberCreditRecords,
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
    ],
  );
});
