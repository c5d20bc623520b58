import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest, readJson } from '../../../lib/api-client.ts';

const amount = z.union([z.string(), z.number()]).transform(String);

// The computed values DOMAIN.md asks for in place of the specification's placeholders.
export const dashboardSummarySchema = z.object({
  totalSavings: amount,
  activeTontines: z.number().int(),
  savingsStreakMonths: z.number().int(),
  nextPayment: z.object({ amount, dueDate: z.string(), tontineName: z.string() }).nullable(),
  onTimeRate: z.number().nullable(),
  nextPayout: z.object({ date: z.string(), amount, tontineName: z.string() }).nullable(),
});
export type DashboardSummary = z.infer<typeof dashboardSummarySchema>;

/** GET /api/dashboard/summary (signed in). */
export async function getDashboardSummary(): Promise<DashboardSummary> {
  return readJson(await apiRequest('/api/dashboard/summary'), dashboardSummarySchema);
}

export const dashboardSummaryQueryOptions = () =>
  queryOptions({ queryKey: ['/api/dashboard/summary'], queryFn: getDashboardSummary });

export function useDashboardSummary({ enabled }: { enabled: boolean }) {
  return useQuery({ ...dashboardSummaryQueryOptions(), enabled });
}
