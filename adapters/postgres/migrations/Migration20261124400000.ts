import { Migration } from '@mikro-orm/migrations';

/**
 * The assistant's conversations (core/assistant, adapters/postgres/postgres-assistant-conversations.ts),
 * hand-written: one row per message of a member with the assistant, the member's question or its
 * answer, with the language and intent understood. A member's messages go with their account.
 */
export class Migration20261124400000 extends Migration {

  override name = 'Migration20261124400000';

  override up(): void | Promise<void> {
    this.addSql(`create table "assistant_messages" (
      "id" uuid not null,
      "user_id" uuid not null,
      "role" varchar(16) not null,
      "content" text not null,
      "language" varchar(2) not null,
      "intent" varchar(32) null,
      "created_at" timestamptz not null,
      constraint "assistant_messages_pkey" primary key ("id"),
      constraint "assistant_messages_role_check" check ("role" in ('user', 'assistant')),
      constraint "assistant_messages_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade
    );`);
    this.addSql(`create index "assistant_messages_user_index" on "assistant_messages" ("user_id", "created_at");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "assistant_messages";`);
  }
}
