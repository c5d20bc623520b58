import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { apiRequest, readJson } from '../../../lib/api-client.ts';

export const CHAT_POLL_MS = 3_000;

export const chatMessageSchema = z.looseObject({
  id: z.pipe(z.union([z.string(), z.number()]), z.transform(String)),
  userId: z.nullish(z.pipe(z.union([z.string(), z.number()]), z.transform(String))),
  userName: z.nullish(z.string()),
  userAvatar: z.nullish(z.string()),
  message: z.string(),
  // text, system or payment_notification
  messageType: z.nullish(z.string()),
  createdAt: z.string(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

const chatKey = (tontineId: string) => ['/api/tontines', tontineId, 'chat'] as const;

/** GET /api/tontines/{id}/chat (members only), polled every 3 s while the chat is shown. */
export async function getChat(tontineId: string, signal?: AbortSignal): Promise<ChatMessage[]> {
  return readJson(await apiRequest(`/api/tontines/${encodeURIComponent(tontineId)}/chat`, signal ? { signal } : {}), z.array(chatMessageSchema));
}

export function useChat(tontineId: string, { enabled }: { enabled: boolean }) {
  return useQuery({
    ...queryOptions({ queryKey: chatKey(tontineId), queryFn: ({ signal }) => getChat(tontineId, signal) }),
    enabled,
    refetchInterval: CHAT_POLL_MS,
  });
}

/** POST /api/tontines/{id}/chat {message, messageType: 'text'}. */
export async function sendChatMessage(tontineId: string, message: string): Promise<void> {
  await apiRequest(`/api/tontines/${encodeURIComponent(tontineId)}/chat`, { method: 'POST', body: { message, messageType: 'text' } });
}

export function useSendChatMessage(tontineId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (message: string) => sendChatMessage(tontineId, message),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: chatKey(tontineId) }),
  });
}
