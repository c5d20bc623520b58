import { queryOptions, useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { apiRequest, readJson } from '../../../lib/api-client.ts';
import { instalmentSchema, type Instalment } from './loan-schemas.ts';

/** GET /api/loans/{id}/schedule: each instalment with what was paid on it. */
export async function getLoanSchedule(loanId: string): Promise<Instalment[]> {
  const body = await readJson(await apiRequest(`/api/loans/${encodeURIComponent(loanId)}/schedule`), z.object({ instalments: z.array(instalmentSchema) }));
  return body.instalments;
}

export const loanScheduleQueryOptions = (loanId: string) => queryOptions({ queryKey: ['/api/loans', loanId, 'schedule'], queryFn: () => getLoanSchedule(loanId) });

export function useLoanSchedule(loanId: string, { enabled }: { enabled: boolean }) {
  return useQuery({ ...loanScheduleQueryOptions(loanId), enabled });
}
