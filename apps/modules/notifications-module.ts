/**
 * The notifications module's wiring (core/notifications): the sealed outbox (e-mails and SMS wait
 * there until a dispatcher sends them), its two dispatchers (SMTP; Africa's Talking SMS), the SMS
 * delivery reports, the in-app notifications and their use cases, and the Notifier every module
 * announces through (apps/notifications/outbox-notifier.ts: one message pipeline for e-mail, SMS
 * and in-app).
 */
import { ContainerModule } from 'inversify';
import type { EntityManager } from '@mikro-orm/postgresql';
import { DeliverDueEmails, DeliverDueSms, type DeliverDueEmailsDeps, type DeliverDueSmsDeps } from '../../core/notifications/deliver-due-messages.ts';
import { ListNotificationPage } from '../../core/notifications/list-notification-page.ts';
import { ListOutboxMessages } from '../../core/notifications/list-outbox-messages.ts';
import { ShowOutboxMessage } from '../../core/notifications/show-outbox-message.ts';
import { ListNotifications } from '../../core/notifications/list-notifications.ts';
import { MarkAllNotificationsRead } from '../../core/notifications/mark-all-notifications-read.ts';
import { MarkNotificationRead } from '../../core/notifications/mark-notification-read.ts';
import { RecordSmsDeliveryReport } from '../../core/notifications/record-sms-delivery-report.ts';
import type { Clock, IdGenerator } from '../../core/shared/clock.ts';
import { loadOutboxKey, OutboxSealer } from '../../adapters/crypto/outbox-sealer.ts';
import { PostgresNotificationStore } from '../../adapters/postgres/postgres-community.ts';
import { PostgresOutbox } from '../../adapters/postgres/postgres-outbox.ts';
import { PostgresSmsDeliveries } from '../../adapters/postgres/postgres-sms-deliveries.ts';
import { AfricasTalkingSmsSender, parseDeliveryReport } from '../../adapters/sms/africastalking-sms-sender.ts';
import type { Config } from '../config.ts';
import { fromDeps, servesAlso, withDeps } from '../deps.ts';
import { OutboxNotifier } from '../notifications/outbox-notifier.ts';
import { TOKENS } from '../tokens.ts';

/** Deps whose `K` may be null: the use case is then not made (nothing configured to do it). */
type Optional<D, K extends keyof D> = Omit<D, K> & { [P in K]: D[P] | null };

export const notificationsModule = new ContainerModule(({ bind }) => {
  // One PostgresOutbox serves the three ports: use cases enqueue, dispatchers claim, the CLI reads.
  // Made once (apps/main.ts resolves it at start): its sealer reads (or creates) the embedded default's key file then.
  bind(TOKENS.Outbox).toResolvedValue(
    (em: EntityManager, ids: IdGenerator, clock: Clock, config: Config) =>
      new PostgresOutbox(em, ids, clock, new OutboxSealer(loadOutboxKey(config.outboxEncryptionKey, config.dataDir))),
    [TOKENS.EntityManager, TOKENS.IdGenerator, TOKENS.Clock, TOKENS.Config],
  );
  servesAlso(bind, TOKENS.OutboxQueue, TOKENS.Outbox);
  servesAlso(bind, TOKENS.OutboxReader, TOKENS.Outbox);

  // E-mail: null without a mail transport (e-mails stay in the outbox).
  bind(TOKENS.DeliverDueEmails).toResolvedValue(
    ...fromDeps(({ transport, ...deps }: Optional<DeliverDueEmailsDeps, 'transport'>) => (transport ? new DeliverDueEmails({ ...deps, transport }) : null), {
      outbox: TOKENS.OutboxQueue,
      transport: TOKENS.MailTransport,
      clock: TOKENS.Clock,
    }),
  );
  // SMS: Africa's Talking when configured; null otherwise (SMS stay in the outbox).
  bind(TOKENS.SmsSender).toResolvedValue(
    (config: Config) =>
      config.africasTalking
        ? new AfricasTalkingSmsSender({
            username: config.africasTalking.username,
            apiKey: config.africasTalking.apiKey,
            baseUrl: config.africasTalking.baseUrl,
            ...(config.africasTalking.senderId ? { from: config.africasTalking.senderId } : {}),
          })
        : null,
    [TOKENS.Config],
  );
  bind(TOKENS.SmsDeliveryReportParser).toConstantValue(parseDeliveryReport);
  bind(TOKENS.SmsDeliveries).toResolvedValue((em: EntityManager) => new PostgresSmsDeliveries(em), [TOKENS.EntityManager]);
  bind(TOKENS.DeliverDueSms).toResolvedValue(
    ...fromDeps(({ sender, ...deps }: Optional<DeliverDueSmsDeps, 'sender'>) => (sender ? new DeliverDueSms({ ...deps, sender }) : null), {
      outbox: TOKENS.OutboxQueue,
      deliveries: TOKENS.SmsDeliveries,
      sender: TOKENS.SmsSender,
      uow: TOKENS.UnitOfWork,
      clock: TOKENS.Clock,
    }),
  );
  bind(RecordSmsDeliveryReport).toResolvedValue(...withDeps(RecordSmsDeliveryReport, { deliveries: TOKENS.SmsDeliveries, clock: TOKENS.Clock }));

  // In-app notifications, and the Notifier that writes them with their e-mail and SMS.
  bind(TOKENS.InAppNotifications).toResolvedValue((em: EntityManager) => new PostgresNotificationStore(em), [TOKENS.EntityManager]);
  servesAlso(bind, TOKENS.NotificationWriter, TOKENS.InAppNotifications);
  bind(TOKENS.Notifier).toResolvedValue(
    (...deps: ConstructorParameters<typeof OutboxNotifier>) => new OutboxNotifier(...deps),
    [TOKENS.NotificationRecipients, TOKENS.NotificationWriter, TOKENS.IdGenerator, TOKENS.Clock],
  );
  // The admin's reads of the outbox (`outbox list|show`).
  bind(ListOutboxMessages).toResolvedValue(...withDeps(ListOutboxMessages, { outbox: TOKENS.OutboxReader }));
  bind(ShowOutboxMessage).toResolvedValue(...withDeps(ShowOutboxMessage, { outbox: TOKENS.OutboxReader }));
  const notifications = TOKENS.InAppNotifications;
  bind(ListNotifications).toResolvedValue(...withDeps(ListNotifications, { notifications }));
  bind(ListNotificationPage).toResolvedValue(...withDeps(ListNotificationPage, { notifications }));
  bind(MarkNotificationRead).toResolvedValue(...withDeps(MarkNotificationRead, { notifications }));
  bind(MarkAllNotificationsRead).toResolvedValue(...withDeps(MarkAllNotificationsRead, { notifications }));
});
