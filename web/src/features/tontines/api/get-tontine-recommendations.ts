import { queryOptions, useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { apiRequest, readJson } from '../../../lib/api-client.ts';

const recommendationSchema = z.looseObject({
  id: z.pipe(z.union([z.string(), z.number()]), z.transform(String)),
  name: z.string(),
  reason: z.nullish(z.string()),
  contributionAmount: z.pipe(z.union([z.string(), z.number()]), z.transform(String)),
  frequency: z.string(),
  membersCount: z.nullish(z.number()),
  currentMembers: z.nullish(z.number()),
  maxMembers: z.number(),
  matchScore: z.number(),
});
export type TontineRecommendation = z.infer<typeof recommendationSchema>;

// Spec part 1 §7: the answer is a list, or an object carrying the list as `recommendations`.
const answerSchema = z.union([
  z.array(recommendationSchema),
  z.pipe(z.object({ recommendations: z.array(recommendationSchema) }), z.transform((answer) => answer.recommendations)),
]);

/** GET /api/ai-assistant/tontine-recommendations (signed in only). */
export async function getTontineRecommendations(): Promise<TontineRecommendation[]> {
  return readJson(await apiRequest('/api/ai-assistant/tontine-recommendations'), answerSchema);
}

export const tontineRecommendationsQueryOptions = () =>
  queryOptions({ queryKey: ['/api/ai-assistant/tontine-recommendations'], queryFn: getTontineRecommendations });

export function useTontineRecommendations({ enabled }: { enabled: boolean }) {
  return useQuery({ ...tontineRecommendationsQueryOptions(), enabled });
}
