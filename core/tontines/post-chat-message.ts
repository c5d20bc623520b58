/**
 * PostChatMessage: a member writes in their group's chat.
 *
 * Guarantees
 * - For the group's members only (`not_a_member`); someone else's personal savings is
 *   `tontine_not_found` (tontine-access.ts). Nothing is stored for a refusal.
 * - The message is stored as given (the channel trims and bounds it), stamped now with a new id.
 */
import type { Clock, IdGenerator } from '../shared/clock.ts';
import { ok, type Result } from '../shared/result.ts';
import type { ChatMessage, ChatMessageType, GroupChat, TontineRepository } from './ports.ts';
import { memberTontine, type TontineAccessError } from './tontine-access.ts';

export interface PostChatMessageDeps {
  tontines: Pick<TontineRepository, 'get'>;
  chat: Pick<GroupChat, 'add'>;
  clock: Clock;
  ids: IdGenerator;
}

export interface PostChatMessageInput {
  tontineId: string;
  userId: string;
  message: string;
  messageType: ChatMessageType;
}

export class PostChatMessage {
  constructor(private readonly deps: PostChatMessageDeps) {}

  async execute(input: PostChatMessageInput): Promise<Result<ChatMessage, TontineAccessError>> {
    const { tontines, chat, clock, ids } = this.deps;
    const member = memberTontine(await tontines.get(input.tontineId), input.userId);
    if (!member.ok) return member;
    const message: ChatMessage = { id: ids.newId(), tontineId: member.value.id, userId: input.userId, message: input.message, messageType: input.messageType, createdAt: clock.now() };
    await chat.add(message);
    return ok(message);
  }
}
