import { queryOptions, useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { apiRequest, readJson } from '../../../lib/api-client.ts';

/**
 * The figures the lessons state, from the constants the server's rules use
 * (GET /api/education/figures, core/learning/learning-figures.ts): a lesson never promises a fee,
 * a loan share or a reminder day the product does not apply.
 */
export const learningFiguresSchema = z.object({
  currency: z.string(),
  merchantFeePercent: z.number(),
  merchantKeepsPercent: z.number(),
  agentCommissionPercent: z.number(),
  loanShareOfSavingsPercent: z.number(),
  minLoanFrancs: z.number(),
  maxLoanFrancs: z.number(),
  minTermMonths: z.number(),
  maxTermMonths: z.number(),
  minPurposeLength: z.number(),
  instantApprovalMinScore: z.number(),
  rateBands: z.array(z.object({ minScore: z.number(), annualRatePercent: z.number() })),
  creditScoreMin: z.number(),
  creditScoreMax: z.number(),
  reminderDaysBefore: z.array(z.number()),
  reminderHour: z.number(),
  settlementPeriodDays: z.number(),
  settlementWeekday: z.enum(['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday']),
  commissionPayoutDayOfMonth: z.number(),
  minimumAge: z.number(),
  faceMatchPercent: z.number(),
  modules: z.array(z.object({ id: z.string(), difficulty: z.enum(['beginner', 'intermediate', 'advanced']), durationMinutes: z.number(), lessons: z.array(z.string()) })),
});
export type LearningFigures = z.infer<typeof learningFiguresSchema>;

export async function getLearningFigures(): Promise<LearningFigures> {
  return readJson(await apiRequest('/api/education/figures'), learningFiguresSchema);
}

export const learningFiguresQueryOptions = () => queryOptions({ queryKey: ['/api/education/figures'], queryFn: getLearningFigures, staleTime: 5 * 60_000 });

export function useLearningFigures() {
  return useQuery(learningFiguresQueryOptions());
}
