/**
 * The community side of tontines in PostgreSQL: in-app notifications, group chat, the default
 * categories, and the members' public profiles and wallets.
 *
 * Guarantees
 * - A notification is read and marked read only by its owner: every query is scoped by user id.
 * - A notification and the outbox messages (e-mail, SMS) it causes are written in one statement,
 *   in the caller's transaction: all of them or none.
 * - Chat messages are listed oldest first, the newest `limit` of them.
 * - Public profiles carry names and avatars only, never phone numbers or e-mail addresses.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Language } from '../../core/accounts/user.ts';
import { Money } from '../../core/money/money.ts';
import type { OutgoingMessage } from '../../core/notifications/outbox.ts';
import type { InAppNotification, InAppNotifications, NotificationPosition, NotificationRecipients, NotificationWriter, Recipient } from '../../core/notifications/ports.ts';
import type { MobileMoneyProvider, PayerOf } from '../../core/payments/ports.ts';
import type {
  CategoryDefaults,
  ChatMessage,
  GroupChat,
  MemberProfile,
  MemberProfiles,
  MemberWallets,
  NotificationType,
  TontineCategories,
} from '../../core/tontines/ports.ts';
import { UUID_PATTERN } from './mikro-orm-tontine-repository.ts';
import { sqlArray } from './sql-array.ts';
import { runPrepared } from './prepared-statements.ts';
import { readFromReplica } from './read-replicas.ts';

export class PostgresNotificationStore implements InAppNotifications, NotificationWriter {
  constructor(private readonly em: EntityManager) {}

  /**
   * The in-app row and the outbox messages it causes (pending, due at once), in one round trip:
   * a notice is written inside every payment confirmation.
   */
  /**
   * In-app notifications, each with its outbox messages, in one statement however many: a batch
   * of payment confirmations writes all its notices at once.
   */
  async addAll(notices: readonly { notification: InAppNotification; messages: readonly (OutgoingMessage & { id: string })[] }[]): Promise<void> {
    if (notices.length === 0) return;
    const notifications = notices.map((n) => n.notification);
    const messages = notices.flatMap((n) => n.messages.map((m) => ({ ...m, createdAt: n.notification.createdAt })));
    await runPrepared(this.em,
      `with notices as (
         insert into notifications (id, user_id, type, title, message, is_read, created_at, template, params)
         select * from unnest($1::uuid[], $2::uuid[], $3::text[], $4::varchar[], $5::text[], $6::boolean[], $7::timestamptz[], $14::text[], $15::jsonb[])
       )
       insert into outbox_messages (id, channel, recipient, subject, body, status, attempts, next_attempt_at, created_at)
       select m.id, m.channel, m.recipient, m.subject, m.body, 'pending', 0, m.created_at, m.created_at
       from unnest($8::uuid[], $9::text[], $10::varchar[], $11::varchar[], $12::text[], $13::timestamptz[]) as m(id, channel, recipient, subject, body, created_at)`,
      [
        sqlArray(notifications.map((n) => n.id)),
        sqlArray(notifications.map((n) => n.userId)),
        sqlArray(notifications.map((n) => n.type)),
        sqlArray(notifications.map((n) => n.title)),
        sqlArray(notifications.map((n) => n.message)),
        sqlArray(notifications.map((n) => n.isRead)),
        sqlArray(notifications.map((n) => n.createdAt.toISOString())),
        sqlArray(messages.map((m) => m.id)),
        sqlArray(messages.map((m) => m.channel)),
        sqlArray(messages.map((m) => m.recipient)),
        sqlArray(messages.map((m) => m.subject)),
        sqlArray(messages.map((m) => m.body)),
        sqlArray(messages.map((m) => m.createdAt.toISOString())),
        sqlArray(notifications.map((n) => n.template?.key ?? null)),
        sqlArray(notifications.map((n) => (n.template ? JSON.stringify(n.template.params) : null))),
      ],
    );
  }

  async listForUser(userId: string, limit: number): Promise<InAppNotification[]> {
    const rows = await this.em.execute<NotificationDbRow[]>(
      'select id, user_id, type, title, message, template, params, is_read, created_at from notifications where user_id = ? order by created_at desc, id desc limit ?',
      [userId, limit],
    );
    return rows.map(notificationOf);
  }

  /**
   * Keyset paging on (created_at, id), newest first. A cursor carries milliseconds (a JS Date):
   * the stored time is compared at that precision, so a row written with microseconds is not
   * skipped or repeated.
   */
  async listPage(userId: string, after: NotificationPosition | undefined, limit: number): Promise<InAppNotification[]> {
    if (after && !UUID_PATTERN.test(after.id)) return [];
    const rows = after
      ? await this.em.execute<NotificationDbRow[]>(
          `select id, user_id, type, title, message, template, params, is_read, created_at from notifications
            where user_id = ? and (date_trunc('milliseconds', created_at), id) < (?::timestamptz, ?::uuid)
            order by date_trunc('milliseconds', created_at) desc, id desc limit ?`,
          [userId, after.createdAt.toISOString(), after.id, limit],
        )
      : await this.em.execute<NotificationDbRow[]>(
          `select id, user_id, type, title, message, template, params, is_read, created_at from notifications
            where user_id = ? order by date_trunc('milliseconds', created_at) desc, id desc limit ?`,
          [userId, limit],
        );
    return rows.map(notificationOf);
  }

  async countUnread(userId: string): Promise<number> {
    const rows = await this.em.execute<{ n: string }[]>('select count(*) as n from notifications where user_id = ? and not is_read', [userId]);
    return Number(rows[0]?.n ?? 0);
  }

  async markAllRead(userId: string): Promise<number> {
    const rows = await this.em.execute<{ id: string }[]>('update notifications set is_read = true where user_id = ? and not is_read returning id', [userId]);
    return rows.length;
  }

  /** Undefined when there is no such notification of this user. */
  async markRead(id: string, userId: string): Promise<InAppNotification | undefined> {
    if (!UUID_PATTERN.test(id)) return undefined;
    const rows = await this.em.execute<NotificationDbRow[]>(
      'update notifications set is_read = true where id = ? and user_id = ? returning id, user_id, type, title, message, template, params, is_read, created_at',
      [id, userId],
    );
    return rows[0] && notificationOf(rows[0]);
  }
}

interface NotificationDbRow {
  id: string;
  user_id: string;
  type: NotificationType;
  title: string;
  message: string;
  template: string | null;
  params: Record<string, string> | null;
  is_read: boolean;
  created_at: Date;
}

function notificationOf(row: NotificationDbRow): InAppNotification {
  return {
    id: row.id,
    userId: row.user_id,
    type: row.type,
    title: row.title,
    message: row.message,
    ...(row.template === null ? {} : { template: { key: row.template, params: row.params ?? {} } }),
    isRead: row.is_read,
    createdAt: new Date(row.created_at),
  };
}

export class PostgresChat implements GroupChat {
  constructor(private readonly em: EntityManager) {}

  async add(message: ChatMessage): Promise<void> {
    await this.em.execute('insert into chat_messages (id, tontine_id, user_id, message, message_type, created_at) values (?, ?, ?, ?, ?, ?)', [
      message.id,
      message.tontineId,
      message.userId,
      message.message,
      message.messageType,
      message.createdAt,
    ]);
  }

  async list(tontineId: string, limit: number): Promise<ChatMessage[]> {
    const rows = await this.em.execute<{ id: string; tontine_id: string; user_id: string; message: string; message_type: ChatMessage['messageType']; created_at: Date }[]>(
      `select * from (select id, tontine_id, user_id, message, message_type, created_at from chat_messages
         where tontine_id = ? order by created_at desc, id desc limit ?) newest order by created_at, id`,
      [tontineId, limit],
    );
    return rows.map((r) => ({ id: r.id, tontineId: r.tontine_id, userId: r.user_id, message: r.message, messageType: r.message_type, createdAt: new Date(r.created_at) }));
  }
}

export class PostgresMemberDirectory implements MemberWallets, MemberProfiles, TontineCategories, NotificationRecipients {
  constructor(
    private readonly em: EntityManager,
    /** A wallet's payable number and the provider it goes through (078/079 MTN, 072/073 Airtel; `sandbox` in sandbox mode). */
    private readonly payerOf: PayerOf,
  ) {}

  async profiles(userIds: readonly string[]): Promise<Map<string, MemberProfile>> {
    const ids = [...new Set(userIds)].filter((id) => UUID_PATTERN.test(id));
    if (ids.length === 0) return new Map();
    const rows = await runPrepared<{ id: string; first_name: string; last_name: string; profile_photo_url: string | null }>(this.em,
      'select id, first_name, last_name, profile_photo_url from users where id = any($1::uuid[])',
      [sqlArray(ids)],
    );
    return new Map(rows.map((r) => [r.id, { id: r.id, firstName: r.first_name, lastName: r.last_name, profilePhotoUrl: r.profile_photo_url }]));
  }

  async recipient(userId: string): Promise<Recipient | undefined> {
    return (await this.recipients([userId])).get(userId);
  }

  /** The members to notify, by id (one query for many). */
  async recipients(userIds: readonly string[]): Promise<Map<string, Recipient>> {
    const ids = [...new Set(userIds)].filter((id) => UUID_PATTERN.test(id));
    if (ids.length === 0) return new Map();
    const rows = await runPrepared<{ id: string; email: string | null; phone_number: string | null; first_name: string; language: Language }>(this.em,
      'select id, email, phone_number, first_name, language from users where id = any($1::uuid[])',
      [sqlArray(ids)],
    );
    return new Map(rows.map((row) => [row.id, { id: row.id, email: row.email, phoneNumber: row.phone_number, firstName: row.first_name, language: row.language }]));
  }

  /** The member's phone on their profile, when it is a payable mobile number. */
  async walletOf(userId: string): Promise<{ provider: MobileMoneyProvider; msisdn: string } | undefined> {
    const phone = (await this.recipient(userId))?.phoneNumber;
    return phone ? this.payerOf(phone) : undefined;
  }

  async categories(): Promise<CategoryDefaults[]> {
    // Replica-safe: reference data (read-replicas.ts).
    const rows = await readFromReplica<{ id: string; name: string; description: string; frequency: string; avg: string }>(
      this.em,
      'select id, name, description, frequency, default_avg_contribution_centimes::text as avg from tontine_categories order by sort_order',
    );
    return rows.map((r) => ({ id: r.id, name: r.name, description: r.description, frequency: r.frequency, defaultAverageContribution: Money.ofCentimes(Number(r.avg)) }));
  }
}
