/**
 * Screen: what one USSD answer shows, and how texts are fitted into it.
 *
 * Guarantees
 * - `ussdSafe` returns printable ASCII only: accents are dropped (e -> e), any other character
 *   becomes `?`, and runs of white space (new lines included) become one space.
 * - `truncate` never returns more than `max` characters; a cut is marked with a final `.`.
 * - `paginate` puts every item on exactly one page, in order, at most `maxItems` per page, and
 *   each page with its head, its tail and (when items follow) the "more" line fits SCREEN_LIMIT
 *   with `reserve` characters to spare; an item too long to fit alone is truncated.
 */
export const SCREEN_LIMIT = 160;

export interface Screen {
  readonly kind: 'CON' | 'END';
  readonly text: string;
}

export function ussdSafe(text: string): string {
  return text
    .replace(/\s+/g, ' ')
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[^\x20-\x7E]/gu, '?')
    .trim();
}

export function truncate(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, Math.max(0, max - 1)).trimEnd()}.`;
}

export function joinLines(lines: readonly string[]): string {
  return lines.join('\n');
}

export interface PageLayout {
  readonly head: readonly string[];
  readonly tail: readonly string[];
  /** The line that leads to the next page ("9 More"). */
  readonly more: string;
  /** Items are numbered 1..maxItems on each page when they can be chosen. */
  readonly numbered: boolean;
  readonly maxItems: number;
  /** Characters kept free for a one-line notice above the head. */
  readonly reserve: number;
}

/** The item lines of each page; an empty list gives no page. */
export function paginate(layout: PageLayout, items: readonly string[]): string[][] {
  const budget = SCREEN_LIMIT - layout.reserve;
  const size = (lines: readonly string[]) => joinLines(lines).length;
  const lineOf = (item: string, position: number) => (layout.numbered ? `${position} ${item}` : item);
  const pages: string[][] = [];
  let next = 0;
  while (next < items.length) {
    const page: string[] = [];
    while (next < items.length && page.length < layout.maxItems) {
      const line = lineOf(items[next]!, page.length + 1);
      const followed = next + 1 < items.length;
      const screen = (itemLines: readonly string[]) => [...layout.head, ...itemLines, ...(followed ? [layout.more] : []), ...layout.tail];
      if (size(screen([...page, line])) <= budget) {
        page.push(line);
        next += 1;
      } else if (page.length === 0) {
        // Alone and still too long: cut the item to the room left, so every page shows something.
        const room = budget - size(screen(['']));
        page.push(truncate(line, room));
        next += 1;
      } else {
        break;
      }
    }
    pages.push(page);
  }
  return pages;
}
