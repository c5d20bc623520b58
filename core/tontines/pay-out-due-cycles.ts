/**
 * PayOutDueCycles: pay out each active group whose current cycle is fully paid but not paid out
 * yet. The payout normally follows the confirmation of the cycle's last contribution at once
 * (SettlePaymentReport); this is what pays it when that did not happen: the process stopped
 * between the confirmation's commit and the payout, the check failed, or the recipient had no
 * wallet then. For personal savings it opens the next period the same way.
 *
 * Guarantees
 * - A cycle is paid out once: PayoutIfCycleComplete locks the group and keys the payout by cycle,
 *   so this, a confirmation and another replica's run never pay it twice.
 * - A group still waiting for a contribution is not touched; one that cannot be paid now
 *   (`recipient_has_no_wallet`) is left in the event log and tried again on the next run.
 * - At most PAYOUT_BATCH groups per run; one group's failure does not stop the others.
 */
import type { EventLog } from '../shared/event-log.ts';
import type { PayoutIfCycleComplete } from './payout-if-cycle-complete.ts';
import type { CompletedCycles } from './ports.ts';

/** At most this many groups are paid out per run; the rest wait for the next. */
export const PAYOUT_BATCH = 100;

export interface PayOutDueCyclesDeps {
  cycles: CompletedCycles;
  payout: Pick<PayoutIfCycleComplete, 'execute'>;
  events: EventLog;
}

export interface PayoutDueReport {
  paidOut: number;
  savingsAdvanced: number;
  postponed: number;
  errors: number;
}

export class PayOutDueCycles {
  constructor(private readonly deps: PayOutDueCyclesDeps) {}

  async execute(): Promise<PayoutDueReport> {
    const { cycles, payout, events } = this.deps;
    const report: PayoutDueReport = { paidOut: 0, savingsAdvanced: 0, postponed: 0, errors: 0 };
    for (const tontineId of await cycles.listWithCurrentCycleComplete(PAYOUT_BATCH)) {
      try {
        const paid = await payout.execute({ tontineId });
        if (!paid.ok) {
          report.postponed++;
          events.warn({ tontineId, error: paid.error }, 'payout due but postponed');
        } else if (paid.value.kind === 'paid_out') report.paidOut++;
        else if (paid.value.kind === 'savings_period_advanced') report.savingsAdvanced++;
      } catch (error) {
        report.errors++;
        events.error({ err: error, tontineId }, 'payout due failed');
      }
    }
    return report;
  }
}
