/**
 * The assistant API: ask a question (members and visitors), read one's conversation again
 * (members). Each route parses with zod, calls one use case of core/assistant, maps its result.
 *
 * Guarantees
 * - The member is the session's, never a field of the request: the assistant reads that member's
 *   records only. A visitor is answered generally, counted by their address, and nothing is kept.
 * - An empty message, one over 1,000 characters and a body that is not `{message: string}` are
 *   400s with a stable code, answered and kept nothing; past the rate limit, 429 with Retry-After.
 */
import { Router } from '@koa/router';
import type { Context } from 'koa';
import type { AskAssistant } from '../../core/assistant/ask-assistant.ts';
import type { AssistantMessage } from '../../core/assistant/ports.ts';
import type { ShowAssistantConversation } from '../../core/assistant/show-assistant-conversation.ts';
import { SCREEN_PATHS } from '../../core/assistant/grounded-tools.ts';
import { isLanguage } from '../../core/assistant/understand.ts';
import type { Authentication, AuthState } from './auth-routes.ts';
import { ChatRequest } from './assistant-schemas.ts';
import { sendFailure } from './errors.ts';
import { parseBody } from './validation.ts';

export interface AssistantRouteUseCases {
  askAssistant: Pick<AskAssistant, 'execute'>;
  showAssistantConversation: Pick<ShowAssistantConversation, 'execute'>;
}

export const presentMessage = (m: AssistantMessage) => ({ id: m.id, content: m.content, role: m.role, timestamp: m.createdAt.toISOString() });

export function assistantRoutes(useCases: AssistantRouteUseCases, auth: Authentication): Router {
  const router = new Router({ prefix: '/api/ai-assistant' });
  const authOf = (ctx: Context) => ctx.state.auth as AuthState | undefined;

  router.post('/chat', auth.optional, async (ctx) => {
    const input = parseBody(ctx, ChatRequest);
    if (!input) return;
    const user = authOf(ctx)?.user;
    const saved = user && isLanguage(user.language) ? user.language : null;
    const result = await useCases.askAssistant.execute({
      memberId: user?.id ?? null,
      language: saved ?? input.language ?? 'en',
      message: input.message,
      clientKey: ctx.ip,
    });
    if (!result.ok) return sendFailure(ctx, result);
    const a = result.value;
    ctx.body = {
      response: a.response,
      language: a.language,
      intent: a.intent,
      engine: a.engine,
      sources: [...a.sources],
      links: a.links.map((screen) => ({ screen, path: SCREEN_PATHS[screen] })),
      messages: a.messages.map(presentMessage),
    };
  });

  router.get('/chat', auth.required, async (ctx) => {
    const messages = await useCases.showAssistantConversation.execute({ memberId: authOf(ctx)!.user.id });
    ctx.body = { messages: messages.map(presentMessage) };
  });

  return router;
}
