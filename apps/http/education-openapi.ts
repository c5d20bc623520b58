/** The learning paths of the OpenAPI document (apps/http/openapi.ts spreads them in). */
import type { ZodOpenApiPathsObject } from 'zod-openapi';
import { LearningFiguresResponse, LessonProgressRequest, LessonProgressResponse } from './education-schemas.ts';
import { authed, error, json, op } from './openapi-parts.ts';

const progress = { description: 'The member’s finished lessons, oldest first', ...json(LessonProgressResponse) };

export const educationPaths: ZodOpenApiPathsObject = {
  '/api/education/figures': {
    get: op(
      'The figures the learning modules state (merchant fee, agent commission, loan share of savings, loan bounds, rate bands, ' +
        'reminder days, settlement and commission days, minimum age, face-match threshold), read from the constants the rules ' +
        'apply, and each module’s difficulty, duration and lesson ids. Public.',
      { '200': { description: 'The figures', ...json(LearningFiguresResponse) } },
    ),
  },
  '/api/education/progress': {
    get: authed('The signed-in member’s own finished lessons (there is no way to read another member’s)', { '200': progress }),
    post: authed(
      'Mark one of the signed-in member’s lessons finished (`finished: true`; a repeat keeps the first instant) or take it back (`finished: false`).',
      { '200': progress, '400': error('validation_failed'), '404': error('lesson_not_found: no such module and lesson') },
      { requestBody: json(LessonProgressRequest) },
    ),
  },
};
