/** In-memory fakes and builders for the loans module's tests. */
import { RecordingAuditTrail } from '../audit/audit.fixtures.ts';
import { MODEL_VERSION } from '../credit/scorecard.ts';
import { FakeCreditHistories, InMemoryCreditAssessments, InMemoryScoringConsents } from '../credit/credit.fixtures.ts';
import { Journal } from '../ledger/journal.ts';
import { InMemoryLedger } from '../ledger/in-memory-ledger.ts';
import { Money } from '../money/money.ts';
import type { MobileMoney, MobileMoneyError, MobileMoneyRequest } from '../payments/ports.ts';
import { err, ok, type Result } from '../shared/result.ts';
import { DirectUnitOfWork, FixedClock, SequentialIds } from '../shared/shared.fixtures.ts';
import { RecordingNotifier } from '../tontines/tontines.fixtures.ts';
import { InMemoryOutgoingTransfers, transferUseCases } from '../transfers/transfers.fixtures.ts';
import { DecideLoanApplication } from './decide-loan-application.ts';
import { DisburseLoan } from './disburse-loan.ts';
import { LoanDisbursementPolicy } from './loan-disbursement-policy.ts';
import type { Loan } from './loan.ts';
import type {
  BorrowerProfile,
  Borrowers,
  KeyFactsStatement,
  KeyFactsStatementRepository,
  LoanCollection,
  LoanCollectionRepository,
  LoanReminderNotices,
  LoanRepayment,
  LoanRepository,
  MemberSavings,
} from './ports.ts';

export class InMemoryLoanRepository implements LoanRepository {
  readonly loans = new Map<string, Loan>();
  readonly repayments: LoanRepayment[] = [];
  async findById(id: string) {
    return this.loans.get(id);
  }
  async findByMember(memberId: string) {
    return [...this.loans.values()].filter((loan) => loan.memberId === memberId);
  }
  async findByApplicationKey(memberId: string, applicationKey: string) {
    return [...this.loans.values()].find((loan) => loan.memberId === memberId && loan.applicationKey === applicationKey);
  }
  async findPending() {
    return [...this.loans.values()].filter((loan) => loan.status === 'pending');
  }
  async findDisbursed() {
    return [...this.loans.values()].filter((loan) => loan.status === 'active' || loan.status === 'overdue');
  }
  async save(loan: Loan) {
    this.loans.set(loan.id, loan);
  }
  async findRepayment(provider: string, providerReference: string) {
    return this.repayments.find((r) => r.provider === provider && r.providerReference === providerReference);
  }
  async listRepayments(loanId: string) {
    return this.repayments.filter((r) => r.loanId === loanId);
  }
  async saveRepayment(repayment: LoanRepayment) {
    this.repayments.push(repayment);
  }
}

export class InMemoryLoanCollections implements LoanCollectionRepository {
  readonly collections = new Map<string, LoanCollection>();
  async add(collection: LoanCollection) {
    if (await this.findByKey(collection.memberId, collection.idempotencyKey)) return 'exists' as const;
    this.collections.set(collection.id, collection);
    return 'added' as const;
  }
  async findByKey(memberId: string, idempotencyKey: string) {
    return [...this.collections.values()].find((c) => c.memberId === memberId && c.idempotencyKey === idempotencyKey);
  }
  async findByReference(reference: string) {
    return [...this.collections.values()].find((c) => c.reference === reference);
  }
  async listByLoan(loanId: string) {
    return [...this.collections.values()].filter((c) => c.loanId === loanId);
  }
  async save(collection: LoanCollection) {
    this.collections.set(collection.id, collection);
  }
  async listRequestedOlderThan(instant: Date, limit: number) {
    return [...this.collections.values()].filter((c) => c.status === 'requested' && c.requestedAt < instant).slice(0, limit);
  }
}

export class InMemoryKeyFactsStatements implements KeyFactsStatementRepository {
  readonly statements = new Map<string, KeyFactsStatement>();
  async findById(id: string) {
    return this.statements.get(id);
  }
  async findByLoan(loanId: string) {
    return [...this.statements.values()].find((s) => s.loanId === loanId);
  }
  async save(statement: KeyFactsStatement) {
    this.statements.set(statement.id, statement);
  }
}

/** The profiles set by a test; a member's savings are their profile's (zero without one). */
export class FakeBorrowers implements Borrowers, MemberSavings {
  readonly profiles = new Map<string, BorrowerProfile>();
  async profileOf(memberId: string) {
    return this.profiles.get(memberId);
  }
  async savingsBalanceOf(memberId: string) {
    return this.profiles.get(memberId)?.savingsBalance ?? Money.ZERO;
  }
}

export class InMemoryLoanReminderNotices implements LoanReminderNotices {
  readonly sent = new Map<string, Date>();
  async sentKeys(keys: readonly string[]) {
    return new Set(keys.filter((key) => this.sent.has(key)));
  }
  async recordOnce(key: string, at: Date) {
    if (this.sent.has(key)) return false;
    this.sent.set(key, at);
    return true;
  }
}

export const aBorrower = (overrides: Partial<BorrowerProfile> = {}): BorrowerProfile => ({
  identityVerified: true,
  savingsBalance: Money.ofFrancs(400_000),
  creditScore: 720,
  creditModelVersion: MODEL_VERSION,
  wallet: { provider: 'mtn', msisdn: '+250788123456' },
  ...overrides,
});

/** The assessment an application is decided on (DecideLoanApplication), at `score`. */
export const assessedAt = (score: number) => ({ score, modelVersion: MODEL_VERSION });

/** Records every request; answers ok unless told to fail. Same reference twice answers the first outcome. */
export class FakeMobileMoney implements Pick<MobileMoney, 'requestToPay' | 'transfer'> {
  readonly transfers: MobileMoneyRequest[] = [];
  readonly collections: MobileMoneyRequest[] = [];
  failWith: MobileMoneyError | undefined;
  async requestToPay(request: MobileMoneyRequest): Promise<Result<{ providerReference: string }, MobileMoneyError>> {
    return this.answer(this.collections, request);
  }
  async transfer(request: MobileMoneyRequest): Promise<Result<{ providerReference: string }, MobileMoneyError>> {
    return this.answer(this.transfers, request);
  }
  private answer(log: MobileMoneyRequest[], request: MobileMoneyRequest) {
    if (this.failWith) return err(this.failWith);
    if (!log.some((r) => r.reference === request.reference)) log.push(request);
    return ok({ providerReference: `p-${request.reference}` });
  }
}

export function loansWorld(now = '2026-01-31T10:00:00Z') {
  const ledger = new InMemoryLedger();
  const borrowers = new FakeBorrowers();
  const world = {
    ledger,
    journal: new Journal(ledger),
    loans: new InMemoryLoanRepository(),
    collections: new InMemoryLoanCollections(),
    transfers: new InMemoryOutgoingTransfers(),
    statements: new InMemoryKeyFactsStatements(),
    consents: new InMemoryScoringConsents(),
    histories: new FakeCreditHistories(),
    assessments: new InMemoryCreditAssessments(),
    notifier: new RecordingNotifier(),
    audit: new RecordingAuditTrail(),
    borrowers,
    savings: borrowers,
    reminders: new InMemoryLoanReminderNotices(),
    mobileMoney: new FakeMobileMoney(),
    uow: new DirectUnitOfWork(),
    clock: new FixedClock(new Date(now)),
    ids: new SequentialIds('loan'),
  };
  const transferCases = transferUseCases(world, (requestTransfer) => ({
    loan_disbursement: new LoanDisbursementPolicy({ ...world, requestTransfer }),
  }));
  return { ...world, ...transferCases };
}

/**
 * A world where member m1 (a good borrower) holds a disbursed 100,000 RWF loan over 12 months,
 * taken through the real decision and disbursement; `members` adds other good borrowers.
 */
export async function activeLoanWorld(options: { now?: string; members?: readonly string[] } = {}) {
  const w = loansWorld(options.now);
  for (const memberId of ['m1', ...(options.members ?? [])]) w.borrowers.profiles.set(memberId, aBorrower());
  const applied = await new DecideLoanApplication(w).execute({ memberId: 'm1', amount: Money.ofFrancs(100_000), termMonths: 12, purpose: 'Stock for my shop', assessment: assessedAt(720) });
  if (!applied.ok) throw new Error(applied.error);
  const disbursed = await new DisburseLoan(w).execute({ loanId: applied.value.id });
  if (!disbursed.ok) throw new Error(disbursed.error);
  return { w, loan: disbursed.value, loanId: disbursed.value.id };
}
