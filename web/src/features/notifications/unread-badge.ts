/** Spec part 1 §4: the bell badge shows the unread count, and '9+' above 9; none at 0. */
export function unreadBadgeText(unread: number): string | null {
  if (unread <= 0) return null;
  return unread > 9 ? '9+' : String(unread);
}
