/** Request and response schemas of the assistant API (/api/ai-assistant/chat): validation at the edge and the OpenAPI document. */
import { z } from 'zod';
import { SCREENS } from '../../core/assistant/grounded-tools.ts';
import { INTENTS, LANGUAGES } from '../../core/assistant/intents.ts';

export const ChatRequest = z.object({
  message: z.string({ error: 'Please type a message.' }).meta({ description: 'At most 1,000 characters once trimmed', example: 'How much have I saved?' }),
  language: z
    .enum(LANGUAGES, { error: 'Language must be en, fr, rw or sw' })
    .optional()
    .meta({ description: "A signed-out visitor's page language; a member is answered in their saved language (or the message's own, when clearly another)" }),
});

export const ChatMessageResponse = z.object({
  id: z.string(),
  content: z.string(),
  role: z.enum(['user', 'assistant']),
  timestamp: z.string().meta({ format: 'date-time' }),
});

export const ChatResponse = z.object({
  response: z.string().meta({ description: 'The answer; a figure in it is followed by the line naming its source and screen (in words, never an address)' }),
  language: z.enum(LANGUAGES),
  intent: z.enum(INTENTS),
  engine: z.enum(['built_in', 'model']).meta({ description: 'The built-in engine, or the configured language model (used only when every number it stated came from a tool)' }),
  sources: z.array(z.string()),
  links: z
    .array(z.object({ screen: z.enum(SCREENS), path: z.string().meta({ example: '/loans' }) }))
    .meta({ description: 'The screens the answer points to, for the client to offer as links (e.g. the Verification tab when the ID is what a loan misses)' }),
  messages: z.array(ChatMessageResponse).meta({ description: 'The question and the answer as kept (empty for a visitor: nothing is kept)' }),
});

export const ConversationResponse = z.object({ messages: z.array(ChatMessageResponse) });
