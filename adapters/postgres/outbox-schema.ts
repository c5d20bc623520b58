/**
 * Persistence mapping of the outbox (e-mail and SMS waiting to be delivered) and of the rate-limit
 * counters.
 */
import { defineEntity, p } from '@mikro-orm/core';
import type { OutboxChannel } from '../../core/notifications/outbox.ts';

export type OutboxStatus = 'pending' | 'sent' | 'failed';

export class OutboxMessage {
  id: string;
  channel: OutboxChannel;
  recipient: string;
  subject: string | null;
  /** With a sealed secret: SECRET_PLACE stands where the secret goes. */
  body: string;
  /** The message's one-time secret, AES-256-GCM sealed (OutboxSealer); null once delivered. */
  sealedSecret: string | null;
  status: OutboxStatus = 'pending';
  attempts = 0;
  /** A pending message is due from this instant; a claim or a failure moves it later. */
  nextAttemptAt: Date;
  lastError: string | null = null;
  providerMessageId: string | null = null;
  createdAt: Date;
  sentAt: Date | null = null;

  constructor(props: { id: string; channel: OutboxChannel; recipient: string; subject: string | null; body: string; sealedSecret: string | null; createdAt: Date }) {
    this.id = props.id;
    this.channel = props.channel;
    this.recipient = props.recipient;
    this.subject = props.subject;
    this.body = props.body;
    this.sealedSecret = props.sealedSecret;
    this.createdAt = props.createdAt;
    this.nextAttemptAt = props.createdAt;
  }
}

export const OutboxMessageSchema = defineEntity({
  class: OutboxMessage,
  tableName: 'outbox_messages',
  indexes: [{ name: 'outbox_messages_due_index', properties: ['status', 'channel', 'nextAttemptAt'] }],
  properties: {
    id: p.uuid().primary(),
    channel: p.enum(['email', 'sms']),
    recipient: p.string().length(254),
    subject: p.string().length(255).nullable(),
    body: p.text(),
    sealedSecret: p.text().nullable(),
    status: p.enum(['pending', 'sent', 'failed']).default('pending'),
    attempts: p.integer().default(0),
    nextAttemptAt: p.datetime(),
    lastError: p.text().nullable(),
    providerMessageId: p.string().length(255).nullable(),
    createdAt: p.datetime(),
    sentAt: p.datetime().nullable(),
  },
});

/** One fixed window of one rate-limit key. */
export class RateLimitWindow {
  constructor(
    public key: string,
    public windowStart: Date,
    public hits: number,
  ) {}
}

export const RateLimitWindowSchema = defineEntity({
  class: RateLimitWindow,
  tableName: 'rate_limit_windows',
  properties: {
    key: p.string().length(320).primary(),
    windowStart: p.datetime().primary(),
    hits: p.integer(),
  },
});
