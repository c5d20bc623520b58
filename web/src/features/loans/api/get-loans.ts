import { queryOptions, useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { apiRequest, readJson } from '../../../lib/api-client.ts';
import { okBody, prefetchedInitialData } from '../../../lib/prefetched-initial-data.ts';
import { loanSchema, type Loan } from './loan-schemas.ts';

const loanListSchema = z.array(loanSchema);

/** GET /api/loans: the member's own loans, newest first. */
export async function getLoans(): Promise<Loan[]> {
  return readJson(await apiRequest('/api/loans'), loanListSchema);
}

export const loansQueryOptions = () => queryOptions({ queryKey: ['/api/loans'], queryFn: getLoans, ...prefetchedInitialData('/api/loans', okBody(loanListSchema)) });

export function useLoans({ enabled }: { enabled: boolean }) {
  return useQuery({ ...loansQueryOptions(), enabled });
}
