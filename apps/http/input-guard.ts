/**
 * Text the app refuses at the edge, before any handler runs: C0 control characters (NUL, ESC,
 * backspace …), DEL and the bidirectional embeddings, overrides and isolates (U+202A–U+202E,
 * U+2066–U+2069) anywhere in a path segment, a query value or a JSON body (keys included).
 * Tab, line feed and carriage return stay allowed: free text (a description, a chat message) may
 * hold them, and the fields that must be one line say so in their schemas.
 *
 * Why at the edge: PostgreSQL refuses a NUL in text (which surfaced as a 500 from every store
 * behind a free-text field), and no field of this API has a use for the other controls; one rule
 * here covers every route, present and future, where a check per schema would be forgotten.
 * The bidirectional controls reorder what a reader sees without changing what is stored: a
 * business name with U+202E shows the public pay page another name than the merchant code's
 * owner registered. None of the four languages needs them; the plain marks (U+200E, U+200F) stay.
 */
import type { Context, Next } from 'koa';
import { sendError } from './errors.ts';

/** The refused characters, as a regular expression's character class body (the OpenAPI document's patterns use it too). */
export const REFUSED_CHARACTERS = '\\u0000-\\u0008\\u000B\\u000C\\u000E-\\u001F\\u007F\\u202A-\\u202E\\u2066-\\u2069';
const FORBIDDEN = new RegExp(`[${REFUSED_CHARACTERS}]`);

export function hasControlCharacters(text: string): boolean {
  return FORBIDDEN.test(text);
}

/**
 * Where in `value` (a parsed body or query) a string or key holds a refused character, as a dotted
 * path (`''` for the value itself); null when nothing does. Iterative: a deeply nested body cannot
 * exhaust the stack.
 */
export function controlCharacterPath(value: unknown): string | null {
  const pending: Array<{ value: unknown; path: string }> = [{ value, path: '' }];
  while (pending.length > 0) {
    const { value: current, path } = pending.pop()!;
    if (typeof current === 'string') {
      if (hasControlCharacters(current)) return path;
    } else if (Array.isArray(current)) {
      current.forEach((item, i) => pending.push({ value: item, path: path === '' ? String(i) : `${path}.${i}` }));
    } else if (typeof current === 'object' && current !== null) {
      for (const [key, item] of Object.entries(current)) {
        const at = path === '' ? key : `${path}.${key}`;
        if (hasControlCharacters(key)) return at;
        pending.push({ value: item, path: at });
      }
    }
  }
  return null;
}

function decodedSegments(path: string): string[] {
  return path.split('/').map((segment) => {
    try {
      return decodeURIComponent(segment);
    } catch {
      // The router keeps a malformed escape as it is (and the id lookup then finds nothing).
      return segment;
    }
  });
}

/** Answers 400 `invalid_characters` naming where; answers true when it did. */
export function refuseControlCharactersIn(ctx: Context, where: string, value: unknown): boolean {
  const at = controlCharacterPath(value);
  if (at === null) return false;
  const field = at === '' ? where : `${where}.${at}`;
  sendError(ctx, 'invalid_characters', { fields: { [field]: 'Remove the control characters from this field.' } });
  return true;
}

/** The edge rule for the path, the query and a parsed JSON body; mount it after the body parser. */
export function refuseControlCharacters() {
  return async (ctx: Context, next: Next) => {
    if (refuseControlCharactersIn(ctx, 'path', decodedSegments(ctx.path).join('/'))) return;
    if (refuseControlCharactersIn(ctx, 'query', ctx.query)) return;
    if (refuseControlCharactersIn(ctx, 'body', (ctx.request as { body?: unknown }).body)) return;
    return next();
  };
}
