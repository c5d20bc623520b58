import { describe, expect, it } from 'vitest';
import type { User } from '../accounts/user.ts';
import { InMemoryContributionRepository } from '../contributions/contributions.fixtures.ts';
import { InMemoryCreditAssessments } from '../credit/credit.fixtures.ts';
import { assessCreditHistory, MODEL_VERSION } from '../credit/scorecard.ts';
import { Money } from '../money/money.ts';
import { localDate } from '../shared/calendar.ts';
import { FixedClock } from '../shared/shared.fixtures.ts';
import { FakeWallets, InMemoryTontineRepository } from '../tontines/tontines.fixtures.ts';
import { amortisationSchedule } from './amortisation.ts';
import type { Loan } from './loan.ts';
import { InMemoryLoanRepository } from './loans.fixtures.ts';
import { instalmentPayments, MemberCreditRecords } from './member-credit-records.ts';
import type { LoanRepayment } from './ports.ts';

const rwf = Money.ofFrancs;
const NOW = new Date('2026-06-01T10:00:00Z');

const loan: Loan = {
  id: 'L1',
  memberId: 'm1',
  amount: rwf(30_000),
  termMonths: 3,
  purpose: 'Stock for my shop',
  annualRateBps: 1_200,
  creditScore: 700,
  status: 'active',
  appliedAt: new Date('2026-01-30T10:00:00Z'),
  disbursedAt: new Date('2026-01-31T10:00:00Z'),
  schedule: amortisationSchedule({ principal: rwf(30_000), annualRateBps: 1_200, termMonths: 3 }, localDate(2026, 1, 31)),
  totalPaid: Money.ZERO,
};
const repayment = (amount: Money, receivedAt: string): LoanRepayment => ({
  id: receivedAt,
  loanId: 'L1',
  provider: 'mtn',
  providerReference: receivedAt,
  amount,
  interest: Money.ZERO,
  principal: amount,
  receivedAt: new Date(receivedAt),
});

describe('instalment payments', () => {
  it('date each instalment by the repayment that completed it, in the order repayments came', () => {
    const [first, second] = loan.schedule;
    const payments = instalmentPayments(loan, [
      repayment(second!.amount.plus(rwf(10)), '2026-03-20T10:00:00Z'),
      repayment(first!.amount.minus(rwf(10)), '2026-02-25T10:00:00Z'),
    ]);
    expect(payments.map((p) => [p.dueDate, p.paidAt?.toISOString()])).toEqual([
      [first!.dueDate, '2026-03-20T10:00:00.000Z'],
      [second!.dueDate, '2026-03-20T10:00:00.000Z'],
      [loan.schedule[2]!.dueDate, undefined],
    ]);
  });
});

describe('member credit records', () => {
  function world() {
    const user = { id: 'm1', createdAt: new Date('2025-06-01T08:00:00Z'), nidaVerified: true } as User;
    const loans = new InMemoryLoanRepository();
    const assessments = new InMemoryCreditAssessments();
    const clock = new FixedClock(NOW);
    const deps = {
      accounts: { findById: async (id: string) => (id === 'm1' ? user : null) },
      tontines: new InMemoryTontineRepository(),
      contributions: new InMemoryContributionRepository(),
      loans,
      wallets: new FakeWallets(),
      clock,
    };
    return { records: new MemberCreditRecords(deps), loans, assessments, clock };
  }

  it('score a borrower on the scorecard over their records now, never on a score recorded earlier', async () => {
    const { records, loans, assessments, clock } = world();
    await loans.save(loan);
    const history = await records.historyOf('m1');
    expect(history).toMatchObject({ identityVerified: true, savingsBalance: Money.ZERO, groupsJoined: 0 });
    expect(history?.payments.map((p) => p.kind)).toEqual(['loan_instalment', 'loan_instalment', 'loan_instalment']);
    const now = assessCreditHistory(history!, NOW);
    expect(await records.profileOf('m1')).toMatchObject({ creditScore: now.score, creditModelVersion: MODEL_VERSION, wallet: { provider: 'mtn' } });
    // A stale recorded score does not lend (it made the key facts and the decision disagree).
    await assessments.save({ ...now, score: 777, id: 'a1', memberId: 'm1', assessedAt: NOW });
    expect((await records.profileOf('m1'))?.creditScore).toBe(now.score);
    // A year on, the score is the scorecard's at that instant.
    clock.set(new Date('2027-06-01T10:00:00Z'));
    const later = assessCreditHistory((await records.historyOf('m1'))!, clock.now());
    expect((await records.profileOf('m1'))?.creditScore).toBe(later.score);
  });

  it('know no unknown member', async () => {
    const { records } = world();
    expect(await records.historyOf('ghost')).toBeUndefined();
    expect(await records.profileOf('ghost')).toBeUndefined();
    expect(await records.savingsBalanceOf('ghost')).toEqual(Money.ZERO);
  });
});
