/**
 * Request and response schemas of the learning API (/api/education): the figures the lessons
 * state, and the signed-in member's finished lessons.
 */
import { z } from 'zod';
import { DIFFICULTIES } from '../../core/learning/lesson-catalogue.ts';

export const LearningFiguresResponse = z
  .object({
    currency: z.string().meta({ example: 'RWF' }),
    merchantFeePercent: z.number().meta({ example: 2 }),
    merchantKeepsPercent: z.number().meta({ example: 98 }),
    agentCommissionPercent: z.number().meta({ example: 0.5 }),
    loanShareOfSavingsPercent: z.number().meta({ example: 50 }),
    minLoanFrancs: z.number().int(),
    maxLoanFrancs: z.number().int(),
    minTermMonths: z.number().int(),
    maxTermMonths: z.number().int(),
    minPurposeLength: z.number().int(),
    instantApprovalMinScore: z.number().int(),
    rateBands: z.array(z.object({ minScore: z.number().int(), annualRatePercent: z.number() })).meta({ description: 'Annual rate by credit score, highest band first' }),
    creditScoreMin: z.number().int(),
    creditScoreMax: z.number().int(),
    reminderDaysBefore: z.array(z.number().int()).meta({ example: [3, 1, 0] }),
    reminderHour: z.number().int().meta({ description: 'Kigali time' }),
    settlementPeriodDays: z.number().int(),
    settlementWeekday: z.enum(['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday']),
    commissionPayoutDayOfMonth: z.number().int(),
    minimumAge: z.number().int(),
    faceMatchPercent: z.number(),
    modules: z.array(
      z.object({
        id: z.string().meta({ example: 'tontines' }),
        difficulty: z.enum(DIFFICULTIES),
        durationMinutes: z.number().int(),
        lessons: z.array(z.string()),
      }),
    ),
  })
  .meta({ id: 'LearningFigures' });

export const LessonProgressRequest = z
  .object({
    module: z.string({ error: 'module is required' }).min(1, { error: 'module is required' }).max(40, { error: 'Unknown module' }).meta({ example: 'tontines' }),
    lesson: z.string({ error: 'lesson is required' }).min(1, { error: 'lesson is required' }).max(60, { error: 'Unknown lesson' }).meta({ example: 'what-is-a-tontine' }),
    finished: z.boolean({ error: 'finished must be true or false' }).meta({ description: 'true marks the lesson finished, false takes it back' }),
  })
  .strict()
  .meta({ id: 'LessonProgressRequest' });

export const LessonProgressResponse = z
  .object({
    finished: z.array(z.object({ module: z.string(), lesson: z.string(), finishedAt: z.string().meta({ format: 'date-time' }) })),
  })
  .meta({ id: 'LessonProgress' });
