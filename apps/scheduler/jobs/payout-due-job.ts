/**
 * `payout-due`: every five minutes, pays out each active group whose current cycle is fully paid
 * but not paid out yet. The payout normally follows the confirmation of the cycle's last
 * contribution at once (SettlePaymentReport); this job is what pays it when that did not happen:
 * the process stopped between the confirmation's commit and the payout, the check failed, or the
 * recipient had no wallet then. For personal savings it opens the next period the same way.
 *
 * Guarantees
 * - A cycle is paid out once: PayoutIfCycleComplete locks the group and keys the payout by cycle,
 *   so this job, a confirmation and another replica's run never pay it twice.
 * - A group still waiting for a contribution is not touched; one that cannot be paid now
 *   (`recipient_has_no_wallet`) is logged and tried again on the next run.
 * - One group's failure is logged and does not stop the others.
 */
import type { Logger } from 'pino';
import type { PayoutIfCycleComplete } from '../../../core/tontines/payout-if-cycle-complete.ts';
import type { MikroOrmTontineRepository } from '../../../adapters/postgres/mikro-orm-tontine-repository.ts';
import type { Job, JobReport } from '../job-runner.ts';

/** At most this many groups are paid out per run; the rest wait for the next. */
export const PAYOUT_BATCH = 100;

export class PayoutDueJob implements Job {
  readonly name = 'payout-due';
  readonly schedules = ['*/5 * * * *'];

  constructor(private readonly deps: { tontines: MikroOrmTontineRepository; payout: PayoutIfCycleComplete; logger: Logger }) {}

  async run(): Promise<JobReport> {
    const { tontines, payout, logger } = this.deps;
    const report = { paidOut: 0, savingsAdvanced: 0, postponed: 0, errors: 0 };
    for (const tontineId of await tontines.listWithCurrentCycleComplete(PAYOUT_BATCH)) {
      try {
        const paid = await payout.execute({ tontineId });
        if (!paid.ok) {
          report.postponed++;
          logger.warn({ tontineId, error: paid.error }, 'payout due but postponed');
        } else if (paid.value.kind === 'paid_out') report.paidOut++;
        else if (paid.value.kind === 'savings_period_advanced') report.savingsAdvanced++;
      } catch (error) {
        report.errors++;
        logger.error({ err: error, tontineId }, 'payout due failed');
      }
    }
    return report;
  }
}
