/**
 * The browser session: what the server answered at sign-in, kept in local storage.
 *
 * Guarantees:
 * - Signed in means exactly that a token is stored under `ikimina_token`.
 * - The token, user and profile keys are written together and cleared together.
 * - A stored value that is not a JSON object (edited by hand, older version) reads as absent
 *   rather than breaking the page.
 *
 * Kept free of zod on purpose: this module is on every page's first load, and the answer was
 * already checked by the sign-in endpoint's schema before it was stored.
 */
export const SESSION_KEYS = {
  token: 'ikimina_token',
  user: 'ikimina_user',
  profile: 'ikimina_profile',
} as const;

export interface SessionUser {
  email: string;
  firstName?: string | null | undefined;
  lastName?: string | null | undefined;
  language?: string | null | undefined;
  profilePhotoUrl?: string | null | undefined;
  [field: string]: unknown;
}

export interface SessionProfile {
  firstName?: string | null | undefined;
  lastName?: string | null | undefined;
  phoneNumber?: string | null | undefined;
  address?: string | null | undefined;
  dateOfBirth?: string | null | undefined;
  [field: string]: unknown;
}

export interface AuthSession {
  token: string;
  user: SessionUser;
  profile?: SessionProfile | null | undefined;
}

export function readToken(): string | null {
  return localStorage.getItem(SESSION_KEYS.token);
}

export function isSignedIn(): boolean {
  return readToken() !== null;
}

function readObject(key: string): Record<string, unknown> | null {
  const raw = localStorage.getItem(key);
  if (raw === null) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

export function readSessionUser(): SessionUser | null {
  const user = readObject(SESSION_KEYS.user);
  return user !== null && typeof user.email === 'string' ? (user as SessionUser) : null;
}

export function readSessionProfile(): SessionProfile | null {
  return readObject(SESSION_KEYS.profile) as SessionProfile | null;
}

export function saveSession(session: AuthSession): void {
  localStorage.setItem(SESSION_KEYS.token, session.token);
  localStorage.setItem(SESSION_KEYS.user, JSON.stringify(session.user));
  localStorage.setItem(SESSION_KEYS.profile, JSON.stringify(session.profile ?? null));
}

/**
 * Brings the stored user and profile in line with what the server answered after the member
 * edited them (the token stays): fields given replace the stored ones, others are kept. Nothing
 * is written when nobody is signed in.
 */
export function updateStoredSession(user: Partial<SessionUser>, profile?: SessionProfile): void {
  const stored = readSessionUser();
  if (readToken() === null || stored === null) return;
  localStorage.setItem(SESSION_KEYS.user, JSON.stringify({ ...stored, ...user }));
  if (profile !== undefined) localStorage.setItem(SESSION_KEYS.profile, JSON.stringify({ ...readSessionProfile(), ...profile }));
}

export function clearSession(): void {
  localStorage.removeItem(SESSION_KEYS.token);
  localStorage.removeItem(SESSION_KEYS.user);
  localStorage.removeItem(SESSION_KEYS.profile);
}

type SessionEndedListener = () => void;
const endedListeners = new Set<SessionEndedListener>();

/** Called once when the server no longer accepts the stored token (see `endSession`). */
export function onSessionEnded(listener: SessionEndedListener): () => void {
  endedListeners.add(listener);
  return () => endedListeners.delete(listener);
}

/**
 * The server refused the stored token (idle, too old, signed out elsewhere, password changed):
 * the session is cleared and the listeners (the app layout: toast, sign-in dialog, back to this
 * page) told, once; nothing happens when no session is stored any more.
 */
export function endSession(): void {
  if (readToken() === null) return;
  clearSession();
  for (const listener of endedListeners) listener();
}

/**
 * The address that shows this page again, signed out, with the sign-in dialog open
 * (`?signin=true`); signing in reloads the page the dialog was opened on, so the member is back
 * where they were.
 */
export function signInAgainPath(location: { pathname: string; search: string; hash: string }): string {
  const search = new URLSearchParams(location.search);
  search.set('signin', 'true');
  return `${location.pathname}?${search.toString()}${location.hash}`;
}
