/**
 * RecordSmsDeliveryReport: keep what the SMS gateway reports about a message it accepted.
 *
 * Guarantees
 * - The report is stored against the SMS whose provider message id it names, at the clock's time;
 *   a final status (delivered, failed, rejected) is never overwritten, by a late or forged report
 *   of any status (SmsDeliveries).
 * - Answers the outbox message it names and whether it was stored (`unchanged` when a final
 *   report was there already), or null for an id no SMS of ours carries: nothing is stored.
 */
import type { Clock } from '../shared/clock.ts';
import type { SmsDeliveries, SmsDeliveryReport } from './sms-sender.ts';

export interface RecordSmsDeliveryReportDeps {
  deliveries: SmsDeliveries;
  clock: Clock;
}

export type RecordedSmsDeliveryReport = { outcome: 'stored' | 'unchanged'; outboxMessageId: string } | { outcome: 'unknown_message' };

export class RecordSmsDeliveryReport {
  constructor(private readonly deps: RecordSmsDeliveryReportDeps) {}

  async execute(input: SmsDeliveryReport): Promise<RecordedSmsDeliveryReport> {
    const { deliveries, clock } = this.deps;
    const recorded = await deliveries.recordReport(input, clock.now());
    if (!recorded) return { outcome: 'unknown_message' };
    return { outcome: recorded.stored ? 'stored' : 'unchanged', outboxMessageId: recorded.outboxMessageId };
  }
}
