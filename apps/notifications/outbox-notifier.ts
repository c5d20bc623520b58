/**
 * OutboxNotifier: the Notifier port. One notification becomes an in-app row, an e-mail (when the
 * member has an address) and (when the member has a phone) an SMS, all in the member's language, all written in the caller's
 * transaction: the outbox dispatchers deliver them afterwards, with retries, so a crash neither
 * loses nor doubles one. Two round trips however many notifications: the members read, then the
 * in-app rows with their outbox messages in one statement (notices are written inside every batch
 * of payment confirmations). The in-app row keeps its template key and parameters, so that it is
 * rendered again in the reader's language when read (catalogue.ts renderNotification); the SMS and
 * e-mail leave as rendered now.
 */
import type { OutgoingMessage } from '../../core/notifications/outbox.ts';
import type { NotificationRecipients, NotificationWriter } from '../../core/notifications/ports.ts';
import type { Clock, IdGenerator } from '../../core/shared/clock.ts';
import { invariant } from '../../core/shared/result.ts';
import type { MemberNotification, Notifier } from '../../core/tontines/ports.ts';
import { isTemplateKey, render } from './catalogue.ts';

export class OutboxNotifier implements Notifier {
  constructor(
    private readonly directory: NotificationRecipients,
    private readonly store: NotificationWriter,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
  ) {}

  notify(notification: MemberNotification): Promise<void> {
    return this.notifyAll([notification]);
  }

  /** Many notifications with two round trips in all: the members read together, then every row in one statement. */
  async notifyAll(notifications: readonly MemberNotification[]): Promise<void> {
    if (notifications.length === 0) return;
    const recipients = await this.directory.recipients(notifications.map((n) => n.userId));
    const now = this.clock.now();
    await this.store.addAll(
      notifications.map((notification) => {
        invariant(isTemplateKey(notification.template), `no notification template ${notification.template}`);
        const recipient = recipients.get(notification.userId);
        invariant(recipient, `no member ${notification.userId} to notify`);
        const text = render(recipient.language, notification.template, notification.params);
        const messages: (OutgoingMessage & { id: string })[] = [];
        // An account opened by phone (USSD) has no e-mail address: its SMS and in-app row still go.
        if (recipient.email) messages.push({ id: this.ids.newId(), channel: 'email', recipient: recipient.email, subject: text.title, body: `${recipient.firstName},\n\n${text.message}\n` });
        if (recipient.phoneNumber) messages.push({ id: this.ids.newId(), channel: 'sms', recipient: recipient.phoneNumber, subject: null, body: text.message });
        // The in-app row keeps its template, to be read in the member's language of the day; its text as written is the fallback.
        const template = { key: notification.template, params: notification.params };
        return { notification: { id: this.ids.newId(), userId: recipient.id, type: notification.type, ...text, template, isRead: false, createdAt: now }, messages };
      }),
    );
  }
}
