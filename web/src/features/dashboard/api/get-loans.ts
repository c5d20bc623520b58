import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiFetch, readJson, throwIfNotOk } from '../../../lib/api-client.ts';

export const loanSchema = z.looseObject({
  id: z.union([z.string(), z.number()]).transform(String),
  amount: z.union([z.string(), z.number()]).transform(String),
  purpose: z.string().nullish(),
  termMonths: z.number().nullish(),
  interestRate: z.union([z.string(), z.number()]).nullish(),
  status: z.string(),
  applicationDate: z.string().nullish(),
  nextPaymentDate: z.string().nullish(),
});
export type Loan = z.infer<typeof loanSchema>;

/**
 * GET /api/loans. Loans arrive in a later release: until the route exists (404) the answer is
 * null, "none yet", and the dashboard shows '—' rather than a figure it does not have.
 */
export async function getLoans(): Promise<Loan[] | null> {
  const response = await apiFetch('/api/loans');
  if (response.status === 404) return null;
  await throwIfNotOk(response);
  return readJson(response, z.array(loanSchema));
}

export const loansQueryOptions = () => queryOptions({ queryKey: ['/api/loans'], queryFn: getLoans });

export function useLoans({ enabled }: { enabled: boolean }) {
  return useQuery({ ...loansQueryOptions(), enabled });
}
