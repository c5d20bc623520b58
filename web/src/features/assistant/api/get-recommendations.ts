import { queryOptions, useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { apiRequest, readJson } from '../../../lib/api-client.ts';

const recommendationSchema = z.looseObject({
  id: z.pipe(z.union([z.string(), z.number()]), z.transform(String)),
  name: z.string(),
  contributionAmount: z.pipe(z.union([z.string(), z.number()]), z.transform(String)),
  frequency: z.string(),
  currentMembers: z.nullish(z.number()),
  membersCount: z.nullish(z.number()),
  maxMembers: z.number(),
  matchScore: z.number(),
});
export type GroupRecommendation = z.infer<typeof recommendationSchema>;

const answerSchema = z.union([
  z.array(recommendationSchema),
  z.pipe(z.object({ recommendations: z.array(recommendationSchema) }), z.transform((answer) => answer.recommendations)),
]);

/** GET /api/ai-assistant/tontine-recommendations, with the optional `budget` of Find Matches (spec part 2 §7). */
export async function getGroupRecommendations(budget: number | null): Promise<GroupRecommendation[]> {
  const query = budget === null ? '' : `?budget=${encodeURIComponent(String(budget))}`;
  return readJson(await apiRequest(`/api/ai-assistant/tontine-recommendations${query}`), answerSchema);
}

export const groupRecommendationsQueryOptions = (budget: number | null) =>
  queryOptions({ queryKey: ['/api/ai-assistant/tontine-recommendations', budget], queryFn: () => getGroupRecommendations(budget) });

/** Fetched only when signed in (spec part 2 §6). */
export function useGroupRecommendations({ enabled, budget }: { enabled: boolean; budget: number | null }) {
  return useQuery({ ...groupRecommendationsQueryOptions(budget), enabled });
}
