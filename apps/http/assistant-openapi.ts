/** The assistant paths of the OpenAPI document (apps/http/openapi.ts spreads them in). */
import type { ZodOpenApiPathsObject } from 'zod-openapi';
import { ChatRequest, ChatResponse, ConversationResponse } from './assistant-schemas.ts';
import { authed, error, json, op, security } from './openapi-parts.ts';

export const assistantPaths: ZodOpenApiPathsObject = {
  '/api/ai-assistant/chat': {
    post: op(
      'Ask the assistant. A signed-in member is answered from their own records (savings, next contribution, payouts, credit score, loan limit, ' +
        'a loan quote, groups for a budget) in their saved language, or the message’s own when clearly another; a visitor gets general answers only. ' +
        'Figures come only from the member’s use cases and the product’s rules, each with its source; the member’s question and answer are kept.',
      {
        '200': { description: 'The answer', ...json(ChatResponse) },
        '400': error('validation_failed (no `message` string); message_empty; message_too_long (over 1,000 characters)'),
        '429': error('rate_limited: too many messages in the window (Retry-After)'),
      },
      { requestBody: json(ChatRequest), security: [...security, {}] },
    ),
    get: authed('The signed-in member’s latest messages with the assistant (50 at most), oldest first; never another member’s', {
      '200': { description: 'The conversation', ...json(ConversationResponse) },
    }),
  },
};
