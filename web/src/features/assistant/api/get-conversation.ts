import { queryOptions, useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { apiRequest, readJson } from '../../../lib/api-client.ts';

const messageSchema = z.looseObject({ id: z.string(), content: z.string(), role: z.enum(['user', 'assistant']), timestamp: z.string() });
const conversationSchema = z.looseObject({ messages: z.array(messageSchema) });

export const conversationQueryKey = ['/api/ai-assistant/chat'] as const;

/** GET /api/ai-assistant/chat: the signed-in member's latest messages with the assistant, oldest first. */
export async function getConversation() {
  return (await readJson(await apiRequest('/api/ai-assistant/chat'), conversationSchema)).messages;
}

export const conversationQueryOptions = () => queryOptions({ queryKey: conversationQueryKey, queryFn: getConversation });

export function useConversation({ enabled }: { enabled: boolean }) {
  return useQuery({ ...conversationQueryOptions(), enabled });
}
