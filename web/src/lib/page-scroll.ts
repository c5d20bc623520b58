/**
 * Where the page stands after a navigation, decided in one place for the whole app (issue
 * "Journeys, not screens": a group's page opened ~300 px down, hiding its name, status and Pay box).
 *
 * Guarantees
 * - Following a link or a redirect to another page (PUSH or REPLACE to another pathname) opens it
 *   at its top.
 * - Back and forward (POP) leave the scroll to the browser, which restores where the member was.
 * - A change of the query or hash on the same page (a tab in `?tab=`, a filter) keeps the scroll.
 * - Content that follows its newest entry (a chat) scrolls inside its own scroll area, never the
 *   page (`scrollToEndWithin`).
 */
export type NavigationKind = 'PUSH' | 'REPLACE' | 'POP';

export function opensAtTop(previousPathname: string | null, pathname: string, kind: NavigationKind): boolean {
  if (previousPathname === null || kind === 'POP') return false;
  return normalised(previousPathname) !== normalised(pathname);
}

function normalised(pathname: string): string {
  return pathname.replace(/\/+$/, '') || '/';
}

/** Scrolls the scroll area holding `element` to its end, and nothing else (unlike scrollIntoView, which also scrolls the page). */
export function scrollToEndWithin(element: HTMLElement | null): void {
  const viewport = element?.closest<HTMLElement>('[data-radix-scroll-area-viewport]');
  if (viewport) viewport.scrollTop = viewport.scrollHeight;
}
