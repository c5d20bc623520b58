import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { apiRequest, readJson } from '../../../lib/api-client.ts';
import { notificationSchema, notificationsQueryOptions } from './get-notifications.ts';

export const notificationPageSchema = z.object({
  notifications: z.array(notificationSchema),
  nextCursor: z.nullable(z.string()),
  unreadCount: z.number(),
});
export type NotificationPage = z.infer<typeof notificationPageSchema>;

/** GET /api/notifications/page: the member's notifications whole, newest first, a page at a time (the server's cursor). */
export async function getNotificationPage({ cursor, signal }: { cursor: string | null; signal?: AbortSignal }): Promise<NotificationPage> {
  const query = cursor === null ? '' : `?cursor=${encodeURIComponent(cursor)}`;
  return readJson(await apiRequest(`/api/notifications/page${query}`, signal ? { signal } : {}), notificationPageSchema);
}

/** Under the bell's key, so that marking one read (the bell or this page) refreshes both. */
export const notificationPagesQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: [...notificationsQueryOptions().queryKey, 'pages'],
    queryFn: ({ pageParam, signal }) => getNotificationPage({ cursor: pageParam, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

export function useNotificationPages() {
  return useInfiniteQuery(notificationPagesQueryOptions());
}
