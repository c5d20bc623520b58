/** What the assistant needs from outside core: where conversations are kept, and an optional language model. */
import type { Intent, Language } from './intents.ts';

export interface AssistantMessage {
  readonly id: string;
  readonly memberId: string;
  readonly role: 'user' | 'assistant';
  readonly content: string;
  readonly language: Language;
  /** The intent understood (the user's message) or answered (the assistant's). */
  readonly intent: Intent | null;
  readonly createdAt: Date;
}

/** A member's conversation with the assistant, kept so the chat page shows it again. */
export interface AssistantConversations {
  append(messages: readonly AssistantMessage[]): Promise<void>;
  /** The member's `limit` latest messages, oldest first; never another member's. */
  recent(memberId: string, limit: number): Promise<AssistantMessage[]>;
}

/** A tool the language model may call: an OpenAI-style function with a JSON Schema of its arguments. */
export interface ToolSpec {
  readonly name: string;
  readonly description: string;
  readonly parameters: Readonly<Record<string, unknown>>;
}

export interface ModelRequest {
  readonly message: string;
  readonly language: Language;
  readonly signedIn: boolean;
  readonly tools: readonly ToolSpec[];
  /** Runs a tool for the signed-in member (or the visitor); answers its JSON result. */
  call(name: string, args: unknown): Promise<unknown>;
}

/** An optional language model (adapters/ai): a text, or null when it could not answer in time. */
export interface AssistantModel {
  reply(request: ModelRequest): Promise<string | null>;
}
