/**
 * USSD session: what one session remembers between the requests of Africa's Talking.
 *
 * Guarantees
 * - A session is plain JSON (it is stored per sessionId with a time-to-live).
 * - It keeps only the verdicts of one-time events (a PIN checked, a language chosen, a merchant
 *   code looked up, an ending), keyed by the position in the raw text of the input that caused
 *   them (input-path.ts). Everything else (where the member is, what they
 *   typed) is replayed from the text, so the same (session, text) always gives the same screen,
 *   and an event that has a verdict is never performed again.
 */
import type { Language } from '../core/accounts/user.ts';
import type { MessageKey } from './catalogues/catalogue.ts';

export type Verdict =
  | { readonly kind: 'signed_in' }
  | { readonly kind: 'pin_wrong'; readonly attemptsLeft: number }
  | { readonly kind: 'language'; readonly language: Language }
  /** The merchant a typed code found (null: none), its name as shown, or that it awaits verification: later steps show the same. */
  | { readonly kind: 'merchant'; readonly merchant: { readonly name: string; readonly acceptingPayments: boolean } | { readonly awaitingVerification: true } | null }
  /** The session ended on this message; its values are kept already formatted. */
  | { readonly kind: 'ended'; readonly message: MessageKey; readonly params: Readonly<Record<string, string>> };

export interface UssdSession {
  readonly verdicts: Readonly<Record<string, Verdict>>;
}

export const NEW_SESSION: UssdSession = { verdicts: {} };

/** Whether the session's PIN was entered right (the menu's screens after the PIN are open to it). */
export function isSignedIn(session: UssdSession): boolean {
  return Object.values(session.verdicts).some((verdict) => verdict.kind === 'signed_in');
}

/** The session as the store keeps it: a new session, and the reading of a stored one, where a malformed state is a fault (thrown), never a new session. */
export const USSD_SESSION_FORMAT = {
  fresh: NEW_SESSION,
  read(stored: unknown): UssdSession {
    const verdicts = (stored as { verdicts?: unknown } | null)?.verdicts;
    if (typeof verdicts !== 'object' || verdicts === null || Array.isArray(verdicts)) throw new Error('stored ussd session state is malformed');
    return stored as UssdSession;
  },
};
