import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, readJson } from '../../../lib/api-client.ts';
import { loanPaymentsSchema, type LoanPayments } from './loan-schemas.ts';

export const REPAYMENT_POLL_MS = 2_000;

/** GET /api/loans/{id}/payments: repayments received and the mobile-money requests behind them. */
export async function getLoanPayments(loanId: string): Promise<LoanPayments> {
  return readJson(await apiRequest(`/api/loans/${encodeURIComponent(loanId)}/payments`), loanPaymentsSchema);
}

/** Polled every 2 s while `waitingFor` (a repayment request id) is still waiting for the member's approval. */
export function useLoanPayments(loanId: string, waitingFor: string | null) {
  return useQuery({
    ...queryOptions({ queryKey: ['/api/loans', loanId, 'payments'], queryFn: () => getLoanPayments(loanId) }),
    enabled: waitingFor !== null,
    refetchInterval: (query) => {
      const request = query.state.data?.requests.find((r) => r.id === waitingFor);
      return request === undefined || request.status === 'requested' ? REPAYMENT_POLL_MS : false;
    },
  });
}
