import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, readJson } from '../../../lib/api-client.ts';
import { okBody, prefetchedInitialData } from '../../../lib/prefetched-initial-data.ts';
import { loanEligibilitySchema, type LoanEligibility } from './loan-schemas.ts';

/** GET /api/loans/eligibility: what borrowing needs and what the member still misses (the checklist of /loans). */
export async function getLoanEligibility(): Promise<LoanEligibility> {
  return readJson(await apiRequest('/api/loans/eligibility'), loanEligibilitySchema);
}

export const loanEligibilityQueryOptions = () =>
  queryOptions({ queryKey: ['/api/loans/eligibility'], queryFn: getLoanEligibility, ...prefetchedInitialData('/api/loans/eligibility', okBody(loanEligibilitySchema)) });

export function useLoanEligibility({ enabled }: { enabled: boolean }) {
  return useQuery({ ...loanEligibilityQueryOptions(), enabled });
}
