/**
 * Refresh loan statuses (scheduled daily): a disbursed loan becomes `overdue` once an instalment's
 * due day has ended unpaid, and `active` again when it is caught up.
 *
 * Guarantees
 * - The stored status equals the status derived from the schedule and payments at `now`
 *   (core/loans/loan.ts `statusAt`); only loans whose status changes are written.
 */
import type { Clock } from '../shared/clock.ts';
import type { UnitOfWork } from '../shared/unit-of-work.ts';
import { statusAt, type Loan } from './loan.ts';
import type { LoanRepository } from './ports.ts';

export async function refreshLoanStatuses(deps: { loans: LoanRepository; unitOfWork: UnitOfWork; clock: Clock }): Promise<Loan[]> {
  return deps.unitOfWork.run(async () => {
    const now = deps.clock.now();
    const changed: Loan[] = [];
    for (const loan of await deps.loans.findDisbursed()) {
      const status = statusAt(loan, now);
      if (status === loan.status) continue;
      const updated = { ...loan, status };
      await deps.loans.save(updated);
      changed.push(updated);
    }
    return changed;
  });
}
