/**
 * SmsSender: hands one SMS to an SMS gateway. Use cases never call it directly: they write the
 * message to the outbox in their own transaction, and the outbox dispatcher delivers it through
 * this port, so a crash neither loses nor doubles a message (as MailTransport for e-mail).
 */
import type { Result } from '../shared/result.ts';

export interface SmsMessage {
  /** E.164 with the + ("+250788123456"). */
  to: string;
  message: string;
}

export interface SmsSender {
  /** Resolves with the gateway's message id; rejects when the gateway refused it or is unreachable. */
  send(message: SmsMessage): Promise<{ providerMessageId: string }>;
}

/** What a gateway later reports about one message it accepted. */
export interface SmsDeliveryReport {
  /** The id `send` resolved with. */
  providerMessageId: string;
  phoneNumber: string;
  /** The gateway's own word (Africa's Talking: Sent, Submitted, Buffered, Rejected, Success, Failed). */
  status: string;
  /** No later report will change the outcome. */
  final: boolean;
  /** Reached the phone. */
  delivered: boolean;
  networkCode: string | undefined;
  failureReason: string | undefined;
}

/** What became of each SMS handed to a gateway: the store delivery reports are recorded in. */
export interface SmsDeliveries {
  /** An SMS the gateway accepted, under its message id (in the unit of work that marks it sent). */
  recordSent(outboxMessageId: string, providerMessageId: string, at: Date): Promise<void>;
  /**
   * Stores the report against the SMS whose provider message id it names, unless a final report
   * is there already (a final status is never overwritten, also by a concurrent report). The
   * outbox message it names, and whether this report was stored; null when no SMS carries that id.
   */
  recordReport(report: SmsDeliveryReport, at: Date): Promise<{ outboxMessageId: string; stored: boolean } | null>;
}

/** Reads one delivery-report callback's form fields; pure, no I/O. */
export type SmsDeliveryReportParser = (fields: Record<string, unknown>) => Result<SmsDeliveryReport, 'sms_delivery_report_invalid'>;
