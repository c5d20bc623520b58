/**
 * TanStack Query defaults from spec part 1 §7.
 *
 * Guarantees:
 * - The default query function GETs the path made by joining the query key's segments with '/'
 *   (so ['/api/tontines', id] fetches /api/tontines/{id}), with the bearer header.
 * - A 401 throws unless a query asks for `on401: 'returnNull'`.
 * - Data never goes stale, is not refetched on focus or by interval (a query may opt in), and
 *   neither queries nor mutations retry.
 */
import { QueryClient, type QueryFunction } from '@tanstack/react-query';
import { apiFetch, throwIfNotOk } from './api-client.ts';

export type UnauthorizedBehavior = 'returnNull' | 'throw';

export function getQueryFn<T>({ on401 }: { on401: UnauthorizedBehavior }): QueryFunction<T | null> {
  return async ({ queryKey, signal }) => {
    const response = await apiFetch(queryKey.join('/'), { signal });
    if (on401 === 'returnNull' && response.status === 401) return null;
    await throwIfNotOk(response);
    return (await response.json()) as T;
  };
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: getQueryFn({ on401: 'throw' }),
        refetchInterval: false,
        refetchOnWindowFocus: false,
        staleTime: Infinity,
        retry: false,
      },
      mutations: {
        retry: false,
      },
    },
  });
}
