/**
 * The assistant modal's quick questions and its example answers (spec part 1 §2.10).
 *
 * Guarantees: the modal makes no call; every answer is one of these canned examples, shown
 * after 1.5 s and labelled as an example with sample figures (DOMAIN.md "clearly labelled
 * examples"), never as the member's own data.
 */
export const REPLY_DELAY_MS = 1_500;

export const QUICK_QUESTIONS = ['whichGroup', 'creditScore', 'canBorrow', 'howTontinesWork'] as const;
export type QuickQuestion = (typeof QUICK_QUESTIONS)[number];
export type ReplyKey = QuickQuestion | 'general';

/** A quick question gets its own example; anything typed gets the general one. */
export function replyKeyFor(question: QuickQuestion | null): ReplyKey {
  return question ?? 'general';
}
