/**
 * ListChatMessages: a member reads their group's chat.
 *
 * Guarantees
 * - For the group's members only (`not_a_member`); someone else's personal savings is
 *   `tontine_not_found` (tontine-access.ts).
 * - The newest CHAT_PAGE messages, oldest first, each with its author's full name and avatar
 *   (the reader is a member); an author whose profile is gone is "Former member".
 */
import { ok, type Result } from '../shared/result.ts';
import { fullName } from './member-names.ts';
import type { ChatMessage, GroupChat, MemberProfiles, TontineRepository } from './ports.ts';
import { memberTontine, type TontineAccessError } from './tontine-access.ts';

export const CHAT_PAGE = 100;

export interface ListChatMessagesDeps {
  tontines: Pick<TontineRepository, 'get'>;
  chat: Pick<GroupChat, 'list'>;
  profiles: MemberProfiles;
}

export interface ListChatMessagesInput {
  tontineId: string;
  userId: string;
}

export interface ChatEntry {
  message: ChatMessage;
  authorName: string;
  authorAvatar: string | null;
}

export class ListChatMessages {
  constructor(private readonly deps: ListChatMessagesDeps) {}

  async execute(input: ListChatMessagesInput): Promise<Result<ChatEntry[], TontineAccessError>> {
    const member = memberTontine(await this.deps.tontines.get(input.tontineId), input.userId);
    if (!member.ok) return member;
    const messages = await this.deps.chat.list(member.value.id, CHAT_PAGE);
    const profiles = await this.deps.profiles.profiles(messages.map((m) => m.userId));
    return ok(
      messages.map((message) => ({
        message,
        authorName: fullName(profiles.get(message.userId)),
        authorAvatar: profiles.get(message.userId)?.profilePhotoUrl ?? null,
      })),
    );
  }
}
