import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest, readJson } from '../../../lib/api-client.ts';
import { withDefaultCategories, type TontineCategory } from '../tontine-categories.ts';

const categorySchema = z.looseObject({
  id: z.string(),
  name: z.string().nullish(),
  description: z.string().nullish(),
  memberCount: z.number().nullish(),
  avgContribution: z.union([z.string(), z.number()]).nullish(),
  frequency: z.string().nullish(),
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
