/**
 * The names of an object: its path (what members see), its served URL, and the storage keys the
 * server keeps its bytes under.
 *
 * Guarantees
 * - An object's path is `/objects/<visibility>/<id>`, served at `/api` + path.
 * - The bytes of a checked object live under `objects/<visibility>/<id>`; bytes a client sent
 *   straight to the storage (S3) wait, unchecked, under `incoming/<id>`, a key that is never
 *   served: what is served is always what was checked.
 * - `parseObjectAddress` reads every address a client may send back for an object (the path, the
 *   served URL absolute or not, the companion's key, the upload address it was given, local or
 *   S3) and nothing else; it never trusts the address for ownership, only for the id.
 */
import type { ObjectVisibility } from './ports.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const isObjectId = (text: string): boolean => UUID.test(text);

export const isVisibility = (text: string | undefined): text is ObjectVisibility => text === 'private' || text === 'public';

export const objectPathOf = (visibility: ObjectVisibility, id: string): string => `/objects/${visibility}/${id}`;

/** The URL path an object is served at (relative to the server, so it works behind any host). */
export const servedUrlOf = (objectPath: string): string => `/api${objectPath}`;

/** Where the checked bytes of an object are kept. */
export const objectKeyOf = (visibility: ObjectVisibility, id: string): string => `objects/${visibility}/${id}`;

/** Where bytes sent straight to the storage wait until they are checked. */
export const incomingKeyOf = (id: string): string => `incoming/${id}`;

export interface ObjectAddress {
  id: string;
  /** Known when the address names it (a path or served URL); an upload address does not. */
  visibility?: ObjectVisibility;
}

/** The path of a URL or path text: scheme and host, query and fragment dropped. */
function pathPart(address: string): string {
  const withoutOrigin = address.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i, '');
  return withoutOrigin.split(/[?#]/, 1)[0] ?? '';
}

/** The object an address names, or null when it names none. */
export function parseObjectAddress(address: string): ObjectAddress | null {
  if (address.length > 4096) return null;
  const segments = pathPart(address.trim()).split('/').filter((s) => s !== '');
  const [id, parent, grandparent] = [segments.at(-1), segments.at(-2), segments.at(-3)];
  if (id === undefined || !isObjectId(id)) return null;
  if (grandparent === 'objects' && isVisibility(parent)) return { id: id.toLowerCase(), visibility: parent };
  // The local upload address (/api/objects/uploads/<id>) and the S3 one (/<bucket>/incoming/<id>).
  if (parent === 'uploads' || parent === 'incoming') return { id: id.toLowerCase() };
  return null;
}
