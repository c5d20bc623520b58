/**
 * Learning's wiring (core/learning): the figures the lessons state and the member's finished
 * lessons in PostgreSQL. `educationRouteUseCases` hands the education routes what they call.
 */
import type { Container } from 'inversify';
import { ContainerModule } from 'inversify';
import type { EntityManager } from '@mikro-orm/postgresql';
import { PostgresLessonProgress } from '../../adapters/postgres/postgres-lesson-progress.ts';
import { FinishLesson, ForgetLesson, ListFinishedLessons } from '../../core/learning/lesson-progress.ts';
import { withDeps } from '../deps.ts';
import type { EducationRouteUseCases } from '../http/education-routes.ts';
import { TOKENS } from '../tokens.ts';

export function educationRouteUseCases(container: Container): EducationRouteUseCases {
  return { listFinished: container.get(ListFinishedLessons), finish: container.get(FinishLesson), forget: container.get(ForgetLesson) };
}

export const learningModule = new ContainerModule(({ bind }) => {
  bind(TOKENS.LessonProgress).toResolvedValue((em: EntityManager) => new PostgresLessonProgress(em), [TOKENS.EntityManager]);
  bind(ListFinishedLessons).toResolvedValue(...withDeps(ListFinishedLessons, { progress: TOKENS.LessonProgress }));
  bind(FinishLesson).toResolvedValue(...withDeps(FinishLesson, { progress: TOKENS.LessonProgress, clock: TOKENS.Clock }));
  bind(ForgetLesson).toResolvedValue(...withDeps(ForgetLesson, { progress: TOKENS.LessonProgress }));
});
