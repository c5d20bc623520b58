import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { apiRequest, readJson } from '../../../lib/api-client.ts';

export const MOVEMENT_KINDS = [
  'contribution',
  'payout',
  'payout_returned',
  'withdrawal',
  'withdrawal_returned',
  'contribution_reversed',
  'fine',
  'fine_reversed',
  'fine_posted',
  'fine_waived',
  'reversal',
  'rounding',
  'other',
] as const;
export type MovementKind = (typeof MOVEMENT_KINDS)[number];

export const booksPageSchema = z.object({
  balance: z.string(),
  movements: z.array(
    z.object({
      at: z.string(),
      // A kind this client does not know yet reads as "other movement" rather than failing the page.
      kind: z.catch(z.enum(MOVEMENT_KINDS), 'other'),
      member: z.nullable(z.string()),
      amount: z.string(),
      balanceAfter: z.string(),
      reference: z.nullable(z.string()),
      // A fine posted or waived moves no money: its amount is the fine's (DOMAIN.md "Fines").
      fine: z.optional(z.nullable(z.string())),
    }),
  ),
  nextCursor: z.nullable(z.string()),
});
export type BooksPage = z.infer<typeof booksPageSchema>;
export type Movement = BooksPage['movements'][number];

/** GET /api/tontines/{id}/ledger (members only): the pool's balance and its movements, newest first, a page at a time. */
export async function getBooksPage(tontineId: string, { cursor, signal }: { cursor: string | null; signal?: AbortSignal }): Promise<BooksPage> {
  const query = cursor === null ? '' : `?cursor=${encodeURIComponent(cursor)}`;
  return readJson(await apiRequest(`/api/tontines/${encodeURIComponent(tontineId)}/ledger${query}`, signal ? { signal } : {}), booksPageSchema);
}

export const groupBooksQueryOptions = (tontineId: string) =>
  infiniteQueryOptions({
    queryKey: ['/api/tontines', tontineId, 'ledger'],
    queryFn: ({ pageParam, signal }) => getBooksPage(tontineId, { cursor: pageParam, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

export function useGroupBooks(tontineId: string) {
  return useInfiniteQuery(groupBooksQueryOptions(tontineId));
}
