/**
 * Finished lessons in PostgreSQL (`lesson_progress`, Migration20261124500000).
 *
 * Guarantees
 * - One row per member and lesson: a second finish is one INSERT … ON CONFLICT DO NOTHING that
 *   keeps the first instant and answers 'exists', so concurrent finishes cannot duplicate.
 * - Every query is bound to the member it is given.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import type { FinishedLesson, LessonProgressRepository } from '../../core/learning/ports.ts';

interface LessonProgressRow {
  user_id: string;
  module_id: string;
  lesson_id: string;
  finished_at: Date | string;
}

export class PostgresLessonProgress implements LessonProgressRepository {
  constructor(private readonly em: EntityManager) {}

  async finishedBy(userId: string): Promise<FinishedLesson[]> {
    const rows = await this.em.execute<LessonProgressRow[]>(
      'select user_id, module_id, lesson_id, finished_at from lesson_progress where user_id = ? order by finished_at, module_id, lesson_id',
      [userId],
    );
    return rows.map((row) => ({ userId: row.user_id, moduleId: row.module_id, lessonId: row.lesson_id, finishedAt: new Date(row.finished_at) }));
  }

  async recordFinished(lesson: FinishedLesson): Promise<'recorded' | 'exists'> {
    const rows = await this.em.execute<{ user_id: string }[]>(
      `insert into lesson_progress (user_id, module_id, lesson_id, finished_at) values (?, ?, ?, ?)
       on conflict (user_id, module_id, lesson_id) do nothing returning user_id`,
      [lesson.userId, lesson.moduleId, lesson.lessonId, lesson.finishedAt],
    );
    return rows.length > 0 ? 'recorded' : 'exists';
  }

  async forget(userId: string, moduleId: string, lessonId: string): Promise<boolean> {
    const rows = await this.em.execute<{ user_id: string }[]>(
      'delete from lesson_progress where user_id = ? and module_id = ? and lesson_id = ? returning user_id',
      [userId, moduleId, lessonId],
    );
    return rows.length > 0;
  }
}
