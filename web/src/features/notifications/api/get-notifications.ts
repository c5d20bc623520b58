import { queryOptions, useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { apiFetch, readJson, throwIfNotOk } from '../../../lib/api-client.ts';

export const NOTIFICATIONS_POLL_MS = 30_000;

export const notificationSchema = z.object({
  id: z.pipe(z.union([z.string(), z.number()]), z.transform(String)),
  // contribution_due, loan_payment, payout_received or other; unknown types are shown as other.
  type: z.string(),
  title: z.string(),
  message: z.string(),
  isRead: z.boolean(),
  createdAt: z.string(),
});
export type Notification = z.infer<typeof notificationSchema>;

/** GET /api/notifications. A 404 reads as no notifications: older servers lack the route. */
export async function getNotifications({ signal }: { signal?: AbortSignal } = {}): Promise<Notification[]> {
  const response = await apiFetch('/api/notifications', signal ? { signal } : {});
  if (response.status === 404) return [];
  await throwIfNotOk(response);
  return readJson(response, z.array(notificationSchema));
}

export const notificationsQueryOptions = () =>
  queryOptions({
    queryKey: ['/api/notifications'],
    queryFn: ({ signal }) => getNotifications({ signal }),
    refetchInterval: NOTIFICATIONS_POLL_MS,
  });

export function useNotifications({ enabled }: { enabled: boolean }) {
  return useQuery({ ...notificationsQueryOptions(), enabled });
}
