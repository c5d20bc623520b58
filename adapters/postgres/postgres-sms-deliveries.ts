/**
 * What became of each SMS handed to a gateway, and the gateway's delivery reports against it.
 *
 * Guarantees
 * - `recordSent` runs in the dispatcher's transaction with the outbox's `markSent`, so a sent SMS
 *   always has its provider message id, and a report can always find its message.
 * - A report is stored against the message it names; once a final report (delivered, failed,
 *   rejected) is stored, no later report changes anything: neither a late non-final one
 *   ("Buffered" arriving after "Success") nor another final one (a forged "Failed" after a
 *   "Success"). One conditional UPDATE, so two concurrent reports cannot both win.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import type { SmsDeliveries, SmsDeliveryReport } from '../../core/notifications/sms-sender.ts';
import { SmsDelivery } from './sms-delivery-schema.ts';

/** The status a delivery has between the gateway accepting it and its first report. */
export const SMS_ACCEPTED_STATUS = 'Sent';

export class PostgresSmsDeliveries implements SmsDeliveries {
  constructor(private readonly em: EntityManager) {}

  async recordSent(outboxMessageId: string, providerMessageId: string, at: Date): Promise<void> {
    await this.em.insert(new SmsDelivery({ outboxMessageId, providerMessageId, status: SMS_ACCEPTED_STATUS, sentAt: at }));
  }

  /** The outbox message the report was stored against; null when no SMS carries that id. */
  async recordReport(report: SmsDeliveryReport, at: Date): Promise<{ outboxMessageId: string; stored: boolean } | null> {
    const updated = await this.em.execute<{ outbox_message_id: string }[]>(
      `update sms_deliveries
       set status = ?, final = ?, delivered = ?, network_code = ?, failure_reason = ?, reported_at = ?
       where provider_message_id = ? and not final
       returning outbox_message_id`,
      [report.status, report.final, report.delivered, report.networkCode ?? null, report.failureReason ?? null, at, report.providerMessageId],
    );
    if (updated[0]) return { outboxMessageId: updated[0].outbox_message_id, stored: true };
    const known = await this.findByProviderMessageId(report.providerMessageId);
    return known ? { outboxMessageId: known.outboxMessageId, stored: false } : null;
  }

  findByProviderMessageId(providerMessageId: string): Promise<SmsDelivery | null> {
    return this.em.findOne(SmsDelivery, { providerMessageId });
  }

  findByOutboxMessage(outboxMessageIds: readonly string[]): Promise<SmsDelivery[]> {
    return this.em.find(SmsDelivery, { outboxMessageId: { $in: [...outboxMessageIds] } });
  }
}
