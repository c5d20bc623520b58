import { useMutation } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { apiFetch, ApiError, readJson } from '../../../lib/api-client.ts';

export const chatMessageSchema = z.looseObject({
  id: z.string(),
  content: z.string(),
  role: z.enum(['user', 'assistant']),
  timestamp: z.string(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

/** The screens an answer may point to (core/assistant SCREENS); the client opens each on its own route. */
export const ANSWER_SCREENS = ['dashboard', 'verification', 'loans', 'tontines', 'profile', 'education'] as const;
export type AnswerScreen = (typeof ANSWER_SCREENS)[number];

const chatAnswerSchema = z.looseObject({
  response: z.string(),
  language: z.optional(z.string()),
  messages: z.optional(z.array(chatMessageSchema)),
  // A screen this client does not know is left out rather than failing the answer.
  links: z.optional(z.pipe(z.array(z.looseObject({ screen: z.string() })), z.transform((links) => links.map((l) => l.screen).filter((s): s is AnswerScreen => (ANSWER_SCREENS as readonly string[]).includes(s))))),
});
export type ChatAnswer = z.infer<typeof chatAnswerSchema>;

/**
 * POST /api/ai-assistant/chat, body `{message}` (spec part 2 §7; the reply field read is
 * `response`). A refused message (400, 429) raises an ApiError carrying the server's own words.
 */
export async function sendChatMessage(input: { message: string; language?: string }): Promise<ChatAnswer> {
  const response = await apiFetch('/api/ai-assistant/chat', { method: 'POST', body: input });
  if (!response.ok) {
    const body = (await response.json().catch(() => ({}))) as { error?: unknown; code?: unknown };
    throw new ApiError(response.status, typeof body.error === 'string' ? body.error : `${response.status}: ${response.statusText}`, typeof body.code === 'string' ? body.code : undefined);
  }
  return readJson(response, chatAnswerSchema);
}

export function useSendChatMessage() {
  return useMutation({ mutationFn: sendChatMessage });
}
