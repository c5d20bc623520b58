/**
 * Persistence mapping of what became of each SMS handed to a gateway: the gateway's message id,
 * recorded when the outbox message is marked sent, and the latest delivery report against it.
 */
import { defineEntity, p } from '@mikro-orm/core';

export class SmsDelivery {
  /** The outbox message this SMS was sent for. */
  outboxMessageId: string;
  providerMessageId: string;
  /** The gateway's latest word ("Sent" until a report arrives; AT: Success, Failed, Rejected …). */
  status: string;
  /** No later report changes the outcome. */
  final = false;
  delivered = false;
  networkCode: string | null = null;
  failureReason: string | null = null;
  sentAt: Date;
  reportedAt: Date | null = null;

  constructor(props: { outboxMessageId: string; providerMessageId: string; status: string; sentAt: Date }) {
    this.outboxMessageId = props.outboxMessageId;
    this.providerMessageId = props.providerMessageId;
    this.status = props.status;
    this.sentAt = props.sentAt;
  }
}

export const SmsDeliverySchema = defineEntity({
  class: SmsDelivery,
  tableName: 'sms_deliveries',
  properties: {
    outboxMessageId: p.uuid().primary(),
    providerMessageId: p.string().length(255).unique('sms_deliveries_provider_message_id_unique'),
    status: p.string().length(64),
    final: p.boolean().default(false),
    delivered: p.boolean().default(false),
    networkCode: p.string().length(16).nullable(),
    failureReason: p.string().length(255).nullable(),
    sentAt: p.datetime(),
    reportedAt: p.datetime().nullable(),
  },
});
