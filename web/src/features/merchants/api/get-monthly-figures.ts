import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { apiRequest, readJson } from '../../../lib/api-client.ts';

const amount = z.pipe(z.union([z.string(), z.number()]), z.transform(String));

export const monthlyFiguresSchema = z.looseObject({
  month: z.string(),
  sales: z.looseObject({ count: z.number(), gross: amount, net: amount }),
  fees: amount,
  reversals: z.looseObject({ count: z.number(), gross: amount, net: amount }),
  net: amount,
  settlementsPaid: amount,
  withheldForWorkingCapital: amount,
});
export type MonthlyFigures = z.infer<typeof monthlyFiguresSchema>;

/** GET /api/merchants/{id}/monthly-figures?month=YYYY-MM (the current Kigali month when left out; owner only). */
export async function getMonthlyFigures(merchantId: string, month: string | null): Promise<MonthlyFigures> {
  const query = month === null ? '' : `?month=${encodeURIComponent(month)}`;
  return readJson(await apiRequest(`/api/merchants/${encodeURIComponent(merchantId)}/monthly-figures${query}`), monthlyFiguresSchema);
}

export const monthlyFiguresQueryOptions = (merchantId: string, month: string | null) =>
  queryOptions({ queryKey: ['/api/merchants', merchantId, 'monthly-figures', month], queryFn: () => getMonthlyFigures(merchantId, month) });

export function useMonthlyFigures(merchantId: string, month: string | null) {
  // The month shown stays on screen while the next one loads.
  return useQuery({ ...monthlyFiguresQueryOptions(merchantId, month), placeholderData: keepPreviousData });
}

/** The month before or after `YYYY-MM`. */
export function shiftMonth(month: string, by: number): string {
  const [year, m] = month.split('-').map(Number) as [number, number];
  const index = year * 12 + (m - 1) + by;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}
