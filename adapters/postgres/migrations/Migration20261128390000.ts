import { Migration } from '@mikro-orm/migrations';

/**
 * `recent_writes`: when each member last changed something on the web, so that their own reads
 * stay on the primary for a few seconds after (adapters/postgres/read-replicas.ts). Unlogged: it
 * is read and written on the primary only, never replicated, and losing it in a crash only sends
 * a few reads to the primary that could have gone to a replica.
 */
export class Migration20261128390000 extends Migration {

  override name = 'Migration20261128390000';

  override up(): void | Promise<void> {
    this.addSql(`create unlogged table "recent_writes" ("member_id" uuid not null, "at" timestamptz not null, primary key ("member_id"));`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table "recent_writes";`);
  }
}
