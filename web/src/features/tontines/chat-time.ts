/**
 * Chat timestamps (spec part 1 §9): the time of day when the message is under 24 hours old,
 * otherwise a short date. A message slightly in the future (clock skew) shows its time.
 */
const DAY = 24 * 60 * 60 * 1000;

export function chatTimestampStyle(at: Date, now: Date): 'time' | 'date' {
  return now.getTime() - at.getTime() < DAY ? 'time' : 'date';
}

/** A chat message to send: trimmed, and nothing at all when it is empty or whitespace (spec §5). */
export function messageToSend(draft: string): string | null {
  const text = draft.trim();
  return text === '' ? null : text;
}
