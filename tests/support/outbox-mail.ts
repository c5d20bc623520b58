/**
 * The e-mails an outbox holds for one recipient, oldest first, read straight from the table, with
 * the body as stored (the one-time link sealed) and as it will be delivered (the link opened by
 * the app's own PostgresOutbox, as the dispatcher and the admin CLI open it).
 */
import type { TestApp } from './test-app.ts';
import type { TestDatabase } from './test-database.ts';
import { TOKENS } from '../../apps/tokens.ts';

export interface StoredMail {
  id: string;
  channel: string;
  subject: string;
  status: string;
  attempts: number;
  /** As stored: the link's place only. */
  stored: string;
  sealedSecret: string | null;
  /** As delivered: the link in its place. */
  body: string;
}

export async function mailsTo(db: TestDatabase, t: TestApp, recipient: string): Promise<StoredMail[]> {
  const rows = await db.orm.em
    .fork()
    .execute<{ id: string; channel: string; subject: string; body: string; sealed_secret: string | null; status: string; attempts: number }[]>(
      'select id, channel, subject, body, sealed_secret, status, attempts from outbox_messages where recipient = ? order by created_at, id',
      [recipient],
    );
  const outbox = t.container.get(TOKENS.OutboxReader);
  return rows.map(({ body, sealed_secret, ...row }) => ({ ...row, stored: body, sealedSecret: sealed_secret, body: outbox.reveal({ id: row.id, body, sealedSecret: sealed_secret }) }));
}

/** The token of the first link to `path` (e.g. '/auth/magic-link') in a delivered body. */
export function linkTokenIn(body: string, baseUrl: string, path: string): string {
  const match = new RegExp(`${baseUrl}${path}#token=([A-Za-z0-9_-]{43})`).exec(body);
  if (!match?.[1]) throw new Error(`no ${path} link in: ${body}`);
  return match[1];
}
