/**
 * A member's progress through the learning modules: finishing a lesson, taking it back, and
 * reading what they have finished.
 *
 * Guarantees
 * - Only lessons of the catalogue can be finished or taken back (`lesson_not_found` otherwise),
 *   and nothing is recorded then.
 * - Finishing a lesson twice keeps the first instant and answers `exists`, treated as success.
 * - Each call reads or changes the progress of the member it is given only.
 */
import { err, ok, type Result } from '../shared/result.ts';
import type { Clock } from '../shared/clock.ts';
import { lessonExists } from './lesson-catalogue.ts';
import type { FinishedLesson, LessonProgressRepository } from './ports.ts';

export interface LessonRef {
  userId: string;
  moduleId: string;
  lessonId: string;
}

export class ListFinishedLessons {
  constructor(private readonly deps: { progress: Pick<LessonProgressRepository, 'finishedBy'> }) {}

  execute(input: { userId: string }): Promise<FinishedLesson[]> {
    return this.deps.progress.finishedBy(input.userId);
  }
}

export class FinishLesson {
  constructor(private readonly deps: { progress: Pick<LessonProgressRepository, 'recordFinished'>; clock: Clock }) {}

  async execute(input: LessonRef): Promise<Result<'recorded' | 'exists', 'lesson_not_found'>> {
    if (!lessonExists(input.moduleId, input.lessonId)) return err('lesson_not_found');
    return ok(await this.deps.progress.recordFinished({ ...input, finishedAt: this.deps.clock.now() }));
  }
}

export class ForgetLesson {
  constructor(private readonly deps: { progress: Pick<LessonProgressRepository, 'forget'> }) {}

  async execute(input: LessonRef): Promise<Result<'forgotten' | 'not_finished', 'lesson_not_found'>> {
    if (!lessonExists(input.moduleId, input.lessonId)) return err('lesson_not_found');
    return ok((await this.deps.progress.forget(input.userId, input.moduleId, input.lessonId)) ? 'forgotten' : 'not_finished');
  }
}
