/**
 * Where the browser finds a stored photo (an avatar, an ID photo, a selfie).
 *
 * Guarantees:
 * - A stored object's path `/objects/<public|private>/<id>` is served under `/api` (shared
 *   uploads contract): a public one is a plain image address anyone may load.
 * - A private object is served only with the owner's bearer token, which an <img> cannot send:
 *   `objectSrc` answers null for it, and `isPrivateObject` tells the caller to fetch it itself
 *   (hooks/use-object-image.ts).
 * - An absolute address (https:, a data: or blob: URL, or a path already under /api) is used as
 *   it is; anything else (an unknown scheme such as javascript:) is no image address at all.
 *
 * Free of zod on purpose: the header loads it on every signed-in page.
 */
const OBJECT_PATH = /^\/objects\/(public|private)\/[A-Za-z0-9._-]+$/;

function pathOf(url: string): string {
  return url.startsWith('/api/objects/') ? url.slice('/api'.length) : url;
}

export function isPrivateObject(url: string | null | undefined): boolean {
  if (!url) return false;
  const match = OBJECT_PATH.exec(pathOf(url.split('?')[0] ?? ''));
  return match?.[1] === 'private';
}

/** The address an <img> can load, or null (nothing stored, a private object, an unusable value). */
export function objectSrc(url: string | null | undefined): string | null {
  if (!url) return null;
  const path = pathOf(url.split('?')[0] ?? '');
  const match = OBJECT_PATH.exec(path);
  if (match) return match[1] === 'public' ? `/api${path}` : null;
  if (/^(https:|blob:|data:image\/)/i.test(url) || url.startsWith('/api/')) return url;
  return null;
}

/** The address to fetch a private object from, with the bearer token; null for anything else. */
export function privateObjectFetchPath(url: string | null | undefined): string | null {
  if (!url || !isPrivateObject(url)) return null;
  return `/api${pathOf(url.split('?')[0] ?? '')}`;
}
