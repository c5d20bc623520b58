import { Migration } from '@mikro-orm/migrations';

/**
 * Learning progress (core/learning, adapters/postgres/postgres-lesson-progress.ts), hand-written:
 * `lesson_progress` holds one row per member and finished lesson, with the instant it was first
 * finished. Lesson ids are checked against the catalogue in core before anything is written.
 */
export class Migration20261124500000 extends Migration {

  override name = 'Migration20261124500000';

  override up(): void | Promise<void> {
    this.addSql(`create table "lesson_progress" (
      "user_id" uuid not null,
      "module_id" varchar(40) not null,
      "lesson_id" varchar(60) not null,
      "finished_at" timestamptz not null,
      constraint "lesson_progress_pkey" primary key ("user_id", "module_id", "lesson_id"),
      constraint "lesson_progress_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade
    );`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "lesson_progress";`);
  }
}
