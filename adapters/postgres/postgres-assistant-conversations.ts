/**
 * A member's conversation with the assistant, in `assistant_messages`.
 *
 * Guarantees
 * - `recent` reads one member's rows only (the member's id is in the WHERE clause of its one
 *   query), the latest `limit`, answered oldest first; ties on the instant keep insertion order
 *   (the question is stored a millisecond before its answer).
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import type { AssistantConversations, AssistantMessage } from '../../core/assistant/ports.ts';
import { isIntent, isLanguage } from '../../core/assistant/understand.ts';
import { readFromReplica } from './read-replicas.ts';

interface Row {
  id: string;
  user_id: string;
  role: string;
  content: string;
  language: string;
  intent: string | null;
  created_at: Date | string;
}

export class PostgresAssistantConversations implements AssistantConversations {
  constructor(private readonly em: EntityManager) {}

  async append(messages: readonly AssistantMessage[]): Promise<void> {
    for (const m of messages) {
      await this.em.execute(
        'insert into assistant_messages (id, user_id, role, content, language, intent, created_at) values (?, ?, ?, ?, ?, ?, ?)',
        [m.id, m.memberId, m.role, m.content, m.language, m.intent, m.createdAt],
      );
    }
  }

  async recent(memberId: string, limit: number): Promise<AssistantMessage[]> {
    // Replica-safe, the member's own history: on the primary for a few seconds after they asked something (read-replicas.ts).
    const rows = await readFromReplica<Row>(
      this.em,
      'select id, user_id, role, content, language, intent, created_at from assistant_messages where user_id = ? order by created_at desc, role asc limit ?',
      [memberId, limit],
    );
    return rows.reverse().map((r) => ({
      id: r.id,
      memberId: r.user_id,
      role: r.role === 'assistant' ? 'assistant' : 'user',
      content: r.content,
      language: isLanguage(r.language) ? r.language : 'en',
      intent: r.intent !== null && isIntent(r.intent) ? r.intent : null,
      createdAt: new Date(r.created_at),
    }));
  }
}
