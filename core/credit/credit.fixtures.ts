/** Fakes and a history builder for the credit module's tests. */
import { Money } from '../money/money.ts';
import type { CreditAssessment, CreditAssessmentRepository, CreditHistories, ScoringConsents } from './ports.ts';
import type { CreditHistory, PaymentRecord } from './scorecard.ts';

export const aNewMember = (overrides: Partial<CreditHistory> = {}): CreditHistory => ({
  memberSince: new Date('2026-06-01T08:00:00Z'),
  identityVerified: false,
  savingsBalance: Money.ZERO,
  payments: [],
  groupsJoined: 0,
  ...overrides,
});

/** `count` monthly contributions due on the 5th from January 2026, paid `daysLate` days after (negative: early). */
export function monthlyContributions(count: number, daysLate = 0): PaymentRecord[] {
  return Array.from({ length: count }, (_, i) => {
    const due = new Date(Date.UTC(2026, i, 5, 10));
    return {
      kind: 'contribution' as const,
      dueDate: due.toISOString().slice(0, 10),
      paidAt: new Date(due.getTime() + daysLate * 86_400_000),
    };
  });
}

export class FakeCreditHistories implements CreditHistories {
  readonly histories = new Map<string, CreditHistory>();
  async historyOf(memberId: string) {
    return this.histories.get(memberId);
  }
}

export class InMemoryCreditAssessments implements CreditAssessmentRepository {
  readonly saved: CreditAssessment[] = [];
  async save(assessment: CreditAssessment) {
    this.saved.push(assessment);
  }
  async latestFor(memberId: string) {
    return this.saved.filter((a) => a.memberId === memberId).at(-1);
  }
}

export class InMemoryScoringConsents implements ScoringConsents {
  readonly given = new Map<string, Date>();
  async consentedAt(memberId: string) {
    return this.given.get(memberId);
  }
  async record(memberId: string, at: Date) {
    if (!this.given.has(memberId)) this.given.set(memberId, at);
  }
  async withdraw(memberId: string) {
    return this.given.delete(memberId);
  }
}
