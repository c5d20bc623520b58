import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { apiRequest, readJson } from '../../../lib/api-client.ts';
import { notificationsQueryOptions } from './get-notifications.ts';

/** POST /api/notifications/read-all (the member's own, no id): answers how many were unread. */
export async function markAllNotificationsRead(): Promise<{ marked: number }> {
  return readJson(await apiRequest('/api/notifications/read-all', { method: 'POST' }), z.object({ marked: z.number() }));
}

/** Refreshes the bell and the /notifications page (one key prefix). */
export function useMarkAllNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markAllNotificationsRead,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationsQueryOptions().queryKey }),
  });
}
