/**
 * The learning API (/api/education).
 *
 * Guarantees
 * - GET /figures is public: the figures the lessons state, read from the constants the rules use
 *   (core/learning/learning-figures.ts), and the modules' difficulty, duration and lesson ids.
 * - The progress routes have no member id in them: a member reads and changes only their own
 *   finished lessons. An unknown lesson is 404 `lesson_not_found` and changes nothing.
 */
import { Router } from '@koa/router';
import type { z } from 'zod';
import { learningFigures } from '../../core/learning/learning-figures.ts';
import { LEARNING_MODULES } from '../../core/learning/lesson-catalogue.ts';
import type { FinishLesson, ForgetLesson, ListFinishedLessons } from '../../core/learning/lesson-progress.ts';
import type { Authentication, AuthState } from './auth-routes.ts';
import type { LearningFiguresResponse, LessonProgressResponse } from './education-schemas.ts';
import { LessonProgressRequest } from './education-schemas.ts';
import { sendFailure } from './errors.ts';
import { parseBody } from './validation.ts';

export interface EducationRouteUseCases {
  listFinished: ListFinishedLessons;
  finish: FinishLesson;
  forget: ForgetLesson;
}

const FIGURES: z.infer<typeof LearningFiguresResponse> = {
  ...learningFigures(),
  modules: LEARNING_MODULES.map((module) => ({ ...module, lessons: [...module.lessons] })),
};

export function educationRoutes(useCases: EducationRouteUseCases, auth: Authentication): Router {
  const router = new Router({ prefix: '/api/education' });

  const progressOf = async (userId: string): Promise<z.infer<typeof LessonProgressResponse>> => ({
    finished: (await useCases.listFinished.execute({ userId })).map((lesson) => ({
      module: lesson.moduleId,
      lesson: lesson.lessonId,
      finishedAt: lesson.finishedAt.toISOString(),
    })),
  });

  router.get('/figures', (ctx) => {
    ctx.set('Cache-Control', 'public, max-age=300');
    ctx.body = FIGURES;
  });

  router.get('/progress', auth.required, async (ctx) => {
    ctx.body = await progressOf((ctx.state.auth as AuthState).user.id);
  });

  router.post('/progress', auth.required, async (ctx) => {
    const input = parseBody(ctx, LessonProgressRequest);
    if (!input) return;
    const userId = (ctx.state.auth as AuthState).user.id;
    const ref = { userId, moduleId: input.module, lessonId: input.lesson };
    const result = input.finished ? await useCases.finish.execute(ref) : await useCases.forget.execute(ref);
    if (!result.ok) return sendFailure(ctx, result);
    ctx.body = await progressOf(userId);
  });

  return router;
}
