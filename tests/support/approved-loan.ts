/**
 * A loan approved for a member and waiting for its disbursement (20,000 RWF over 6 months at
 * 12 %), saved straight through the loans repository, for tests of what happens after approval.
 */
import { randomUUID } from 'node:crypto';
import { Money } from '../../core/money/money.ts';
import type { LoanRepository } from '../../core/loans/ports.ts';

/** Call inside a MikroORM request context. */
export async function saveApprovedLoan(loans: LoanRepository, memberId: string, appliedAt: Date, id: string = randomUUID()): Promise<string> {
  await loans.save({
    id,
    memberId,
    amount: Money.ofFrancs(20_000),
    termMonths: 6,
    purpose: 'Stock',
    annualRateBps: 1200,
    creditScore: 700,
    status: 'approved',
    appliedAt,
    schedule: [],
    totalPaid: Money.ZERO,
  });
  return id;
}
