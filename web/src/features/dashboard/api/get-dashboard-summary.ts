import { queryOptions, useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { apiRequest, readJson } from '../../../lib/api-client.ts';
import { okBody, prefetchedInitialData } from '../../../lib/prefetched-initial-data.ts';

const amount = z.pipe(z.union([z.string(), z.number()]), z.transform(String));

// The computed values DOMAIN.md asks for in place of the specification's placeholders.
export const dashboardSummarySchema = z.object({
  totalSavings: amount,
  activeTontines: z.int(),
  savingsStreakMonths: z.int(),
  nextPayment: z.nullable(z.object({ amount, dueDate: z.string(), tontineName: z.string() })),
  onTimeRate: z.nullable(z.number()),
  nextPayout: z.nullable(z.object({ date: z.string(), amount, tontineName: z.string() })),
});
export type DashboardSummary = z.infer<typeof dashboardSummarySchema>;

/** GET /api/dashboard/summary (signed in). */
export async function getDashboardSummary(): Promise<DashboardSummary> {
  return readJson(await apiRequest('/api/dashboard/summary'), dashboardSummarySchema);
}

export const dashboardSummaryQueryOptions = () =>
  queryOptions({
    queryKey: ['/api/dashboard/summary'],
    queryFn: getDashboardSummary,
    ...prefetchedInitialData('/api/dashboard/summary', okBody(dashboardSummarySchema)),
  });

export function useDashboardSummary({ enabled }: { enabled: boolean }) {
  return useQuery({ ...dashboardSummaryQueryOptions(), enabled });
}
