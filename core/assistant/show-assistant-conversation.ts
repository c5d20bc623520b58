/**
 * ShowAssistantConversation: a member reads their latest messages with the assistant again
 * (their own only, oldest first, at most CONVERSATION_LENGTH).
 */
import type { AssistantConversations, AssistantMessage } from './ports.ts';

export const CONVERSATION_LENGTH = 50;

export class ShowAssistantConversation {
  constructor(private readonly deps: { conversations: AssistantConversations }) {}

  execute(input: { memberId: string }): Promise<AssistantMessage[]> {
    return this.deps.conversations.recent(input.memberId, CONVERSATION_LENGTH);
  }
}
