import { queryOptions, useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { apiRequest, readJson } from '../../../lib/api-client.ts';
import { withDefaultCategories, type TontineCategory } from '../tontine-categories.ts';

const categorySchema = z.looseObject({
  id: z.string(),
  name: z.nullish(z.string()),
  description: z.nullish(z.string()),
  memberCount: z.nullish(z.number()),
  avgContribution: z.nullish(z.union([z.string(), z.number()])),
  frequency: z.nullish(z.string()),
});

/** GET /api/tontines/categories; the six defaults of spec part 1 §3 when the server has none. */
export async function getTontineCategories(): Promise<TontineCategory[]> {
  const categories = await readJson(await apiRequest('/api/tontines/categories'), z.array(categorySchema));
  return withDefaultCategories(categories);
}

export const tontineCategoriesQueryOptions = () =>
  queryOptions({ queryKey: ['/api/tontines/categories'], queryFn: getTontineCategories });

export function useTontineCategories() {
  return useQuery(tontineCategoriesQueryOptions());
}
