/**
 * RefreshLoanStatuses (scheduled daily): a disbursed loan becomes `overdue` once an instalment's
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

export class RefreshLoanStatuses {
  constructor(private readonly deps: { loans: LoanRepository; uow: UnitOfWork; clock: Clock }) {}

  /** The loans whose status changed, as saved. */
  execute(): Promise<Loan[]> {
    const { loans, uow, clock } = this.deps;
    return uow.run(async () => {
      const now = clock.now();
      const changed: Loan[] = [];
      for (const loan of await loans.findDisbursed()) {
        const status = statusAt(loan, now);
        if (status === loan.status) continue;
        const updated = { ...loan, status };
        await loans.save(updated);
        changed.push(updated);
      }
      return changed;
    });
  }
}
