/**
 * OutboxNotifier: the Notifier port. One notification becomes an in-app row, an e-mail (when the
 * member has an address) and (when the member has a phone) an SMS, all in the member's language, all written in the caller's
 * transaction: the outbox dispatchers deliver them afterwards, with retries, so a crash neither
 * loses nor doubles one. Two round trips: the member read, then the in-app row with its outbox
 * messages in one statement (a notice is written inside every payment confirmation).
 */
import type { OutgoingMessage } from '../../core/notifications/outbox.ts';
import type { Clock, IdGenerator } from '../../core/shared/clock.ts';
import { invariant } from '../../core/shared/result.ts';
import type { MemberNotification, Notifier } from '../../core/tontines/ports.ts';
import type { PostgresMemberDirectory, PostgresNotificationStore } from '../../adapters/postgres/postgres-community.ts';
import { isTemplateKey, render } from './catalogue.ts';

export class OutboxNotifier implements Notifier {
  constructor(
    private readonly directory: PostgresMemberDirectory,
    private readonly store: PostgresNotificationStore,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
  ) {}

  async notify(notification: MemberNotification): Promise<void> {
    invariant(isTemplateKey(notification.template), `no notification template ${notification.template}`);
    const recipient = await this.directory.recipient(notification.userId);
    invariant(recipient, `no member ${notification.userId} to notify`);
    const text = render(recipient.language, notification.template, notification.params);
    const id = this.ids.newId();
    const messages: (OutgoingMessage & { id: string })[] = [];
    // An account opened by phone (USSD) has no e-mail address: its SMS and in-app row still go.
    if (recipient.email) messages.push({ id: this.ids.newId(), channel: 'email', recipient: recipient.email, subject: text.title, body: `${recipient.firstName},\n\n${text.message}\n` });
    if (recipient.phoneNumber) messages.push({ id: this.ids.newId(), channel: 'sms', recipient: recipient.phoneNumber, subject: null, body: text.message });
    await this.store.add({ id, userId: recipient.id, type: notification.type, ...text, isRead: false, createdAt: this.clock.now() }, messages);
  }
}
