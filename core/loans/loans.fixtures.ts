/** In-memory fakes and builders for the loans module's tests. */
import { Journal } from '../ledger/journal.ts';
import { InMemoryLedger } from '../ledger/in-memory-ledger.ts';
import { Money } from '../money/money.ts';
import type { MobileMoney, MobileMoneyError, MobileMoneyRequest } from '../payments/ports.ts';
import { err, ok, type Result } from '../shared/result.ts';
import { DirectUnitOfWork, FixedClock, SequentialIds } from '../shared/shared.fixtures.ts';
import type { Loan } from './loan.ts';
import type { BorrowerProfile, Borrowers, LoanRepayment, LoanRepository } from './ports.ts';

export class InMemoryLoanRepository implements LoanRepository {
  readonly loans = new Map<string, Loan>();
  readonly repayments: LoanRepayment[] = [];
  async findById(id: string) {
    return this.loans.get(id);
  }
  async findByMember(memberId: string) {
    return [...this.loans.values()].filter((loan) => loan.memberId === memberId);
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
  async saveRepayment(repayment: LoanRepayment) {
    this.repayments.push(repayment);
  }
}

export class FakeBorrowers implements Borrowers {
  readonly profiles = new Map<string, BorrowerProfile>();
  async profileOf(memberId: string) {
    return this.profiles.get(memberId);
  }
}

export const aBorrower = (overrides: Partial<BorrowerProfile> = {}): BorrowerProfile => ({
  identityVerified: true,
  savingsBalance: Money.ofFrancs(400_000),
  creditScore: 720,
  wallet: { provider: 'mtn', msisdn: '+250788123456' },
  ...overrides,
});

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
  return {
    ledger,
    journal: new Journal(ledger),
    loans: new InMemoryLoanRepository(),
    borrowers: new FakeBorrowers(),
    mobileMoney: new FakeMobileMoney(),
    unitOfWork: new DirectUnitOfWork(),
    clock: new FixedClock(new Date(now)),
    ids: new SequentialIds('loan'),
  };
}
