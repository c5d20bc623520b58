import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { apiFetch, apiRequest, readJson, throwServerError } from '../../../lib/api-client.ts';

const amount = z.pipe(z.union([z.string(), z.number()]), z.transform(String));

export const workingCapitalKeyFactsSchema = z.looseObject({
  amount,
  fee: amount,
  feePercent: z.number(),
  totalRepayable: amount,
  aprPercent: z.number(),
  withholdingPercent: z.number(),
  expectedWeeklyRepayment: amount,
  expectedWeeks: z.number(),
  minimumEvery60Days: amount,
  termMonths: z.number(),
  earlyRepaymentFee: amount,
});
export type WorkingCapitalKeyFacts = z.infer<typeof workingCapitalKeyFactsSchema>;

export const workingCapitalLoanSchema = z.looseObject({
  id: z.string(),
  status: z.string(),
  keyFacts: workingCapitalKeyFactsSchema,
  repaid: amount,
  owed: amount,
  reviewReason: z.nullish(z.string()),
});
export type WorkingCapitalLoan = z.infer<typeof workingCapitalLoanSchema>;

export const workingCapitalSchema = z.looseObject({
  eligible: z.boolean(),
  reasons: z._default(z.array(z.looseObject({ code: z.string(), message: z.string() })), []),
  limit: amount,
  basis: z.looseObject({ payments: z.number(), netSales: amount, days: z.number() }),
  offer: z.optional(z.looseObject({ limit: amount, feePercent: z.number(), withholdingPercent: z.number() })),
  current: z.optional(workingCapitalLoanSchema),
});
export type WorkingCapital = z.infer<typeof workingCapitalSchema>;

const path = (merchantId: string) => `/api/merchants/${encodeURIComponent(merchantId)}/working-capital`;

/** GET /api/merchants/{id}/working-capital: the offer (or why not), the figures behind it, and the current advance (owner only). */
export async function getWorkingCapital(merchantId: string): Promise<WorkingCapital> {
  return readJson(await apiRequest(path(merchantId)), workingCapitalSchema);
}

export const workingCapitalQueryOptions = (merchantId: string) => queryOptions({ queryKey: ['/api/merchants', merchantId, 'working-capital'], queryFn: () => getWorkingCapital(merchantId) });

export function useWorkingCapital(merchantId: string) {
  return useQuery(workingCapitalQueryOptions(merchantId));
}

/** POST …/working-capital {amount}: the key facts of that amount and the decision (approved or pending). */
export function useApplyForWorkingCapital(merchantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (francs: number) => {
      const response = await apiFetch(path(merchantId), { method: 'POST', body: { amount: francs } });
      if (!response.ok) await throwServerError(response);
      return workingCapitalLoanSchema.parse(await response.json());
    },
    onSettled: () => void queryClient.invalidateQueries({ queryKey: workingCapitalQueryOptions(merchantId).queryKey }),
  });
}

/** POST …/working-capital/{loanId}/accept: the key facts accepted, the amount sent to the business's number. */
export function useAcceptWorkingCapital(merchantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (loanId: string) => {
      const response = await apiFetch(`${path(merchantId)}/${encodeURIComponent(loanId)}/accept`, { method: 'POST' });
      if (!response.ok) await throwServerError(response);
      return workingCapitalLoanSchema.parse(await response.json());
    },
    onSettled: () => void queryClient.invalidateQueries({ queryKey: workingCapitalQueryOptions(merchantId).queryKey }),
  });
}

/** POST …/working-capital/{loanId}/repay {amount}: whole francs up to what is owed, by mobile money from the business's number (the phone is prompted). */
export function useRepayWorkingCapital(merchantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ loanId, francs }: { loanId: string; francs: number }) => {
      const response = await apiFetch(`${path(merchantId)}/${encodeURIComponent(loanId)}/repay`, { method: 'POST', body: { amount: francs } });
      if (!response.ok) await throwServerError(response);
      return readJson(response, z.looseObject({ amount, phoneNumber: z.string() }));
    },
    onSettled: () => void queryClient.invalidateQueries({ queryKey: workingCapitalQueryOptions(merchantId).queryKey }),
  });
}
