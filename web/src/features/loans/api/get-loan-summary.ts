import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, readJson } from '../../../lib/api-client.ts';
import { okBody, prefetchedInitialData } from '../../../lib/prefetched-initial-data.ts';
import { loanSummarySchema, type LoanSummary } from './loan-schemas.ts';

/** GET /api/loans/summary: the four figures of /loans and the member's available credit. */
export async function getLoanSummary(): Promise<LoanSummary> {
  return readJson(await apiRequest('/api/loans/summary'), loanSummarySchema);
}

export const loanSummaryQueryOptions = () => queryOptions({ queryKey: ['/api/loans/summary'], queryFn: getLoanSummary, ...prefetchedInitialData('/api/loans/summary', okBody(loanSummarySchema)) });

export function useLoanSummary({ enabled }: { enabled: boolean }) {
  return useQuery({ ...loanSummaryQueryOptions(), enabled });
}
