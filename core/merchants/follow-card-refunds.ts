/**
 * The polling job's pass over card refunds (core/merchants/refund-card-payment.ts says what a
 * refund goes through).
 *
 * Guarantees
 * - Each open refund (requested or pending, not asked for a while: at most 200 a pass, least
 *   recently asked first) takes its next step through PursueCardRefund; one refund's failure is
 *   logged and counted and does not stop the others.
 */
import type { Clock } from '../shared/clock.ts';
import type { EventLog } from '../shared/event-log.ts';
import { nextRefundStep } from './merchant-card-refund.ts';
import type { MerchantCardRefunds } from './ports.ts';
import type { PursueCardRefund } from './pursue-card-refund.ts';

/** Follows the card refunds the processor has not finished, and finds out those whose answer was lost (the `card-refunds` job); a disputed one is never listed. */
export class FollowCardRefunds {
  constructor(private readonly deps: { cardRefunds: Pick<MerchantCardRefunds, 'listOpenOlderThan'>; pursue: Pick<PursueCardRefund, 'execute'>; clock: Clock; events: EventLog }) {}

  async execute({ pollAfterSeconds }: { pollAfterSeconds: number }): Promise<{ refundsAsked: number; refundsCompleted: number; refundsFailed: number; refundsOpen: number; refundsDisputed: number; refundErrors: number }> {
    const now = this.deps.clock.now();
    const open = await this.deps.cardRefunds.listOpenOlderThan(new Date(now.getTime() - pollAfterSeconds * 1000), 200, now);
    const report = { refundsAsked: open.length, refundsCompleted: 0, refundsFailed: 0, refundsOpen: 0, refundsDisputed: 0, refundErrors: 0 };
    for (const refund of open) {
      try {
        const step = nextRefundStep(refund, now);
        const { refund: current } = step === 'done' || step === 'wait' || step === 'disputed' ? { refund } : await this.deps.pursue.execute(refund, step);
        if (current.dispute) report.refundsDisputed++;
        else if (current.status === 'completed') report.refundsCompleted++;
        else if (current.status === 'failed') report.refundsFailed++;
        else report.refundsOpen++;
      } catch (error) {
        report.refundErrors++;
        this.deps.events.error({ err: error, refund: refund.id }, 'card refund poll failed');
      }
    }
    return report;
  }
}
