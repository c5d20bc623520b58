/**
 * MobileMoneyCallbackTokens: the unguessable token each payment's callback URL carries, so that a
 * post that did not come from the provider we asked is refused before any work.
 *
 * MTN takes the callback URL per request (`X-Callback-Url`), so every collection and transfer is
 * given its own: `<callback base>/<token>`, where the token is `c` (collection) or `t` (transfer)
 * followed by the base64url HMAC-SHA256, under a server secret, of the kind and our reference.
 * A stranger who knows a reference (a payer sees their payment id) cannot make its token without
 * the secret, and a token made for one payment is worth nothing for another.
 *
 * Guarantees
 * - `verify` compares in constant time (`timingSafeEqual` over equal-length digests) and answers
 *   the kind the token was made for, or undefined for anything else (wrong length, other kind,
 *   other reference, other secret).
 * - Nothing is stored: every replica with the same secret makes and checks the same tokens. A
 *   secret changed while payments are pending turns their callbacks away; the polling job still
 *   asks the provider about them, so nothing is lost but a little time.
 * - A token is only a filter: a callback it lets through is still a hint, and money moves only on
 *   the provider's own answer to a status query (VerifyPaymentReport).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { CallbackUrlTokens } from '../../core/payments/ports.ts';

export type CallbackKind = 'collection' | 'transfer';

const PREFIX: Record<CallbackKind, string> = { collection: 'c', transfer: 't' };
const KIND_OF_PREFIX: Record<string, CallbackKind> = { c: 'collection', t: 'transfer' };
/** 1 prefix letter + 43 base64url characters of a 32-byte HMAC. */
const TOKEN_LENGTH = 44;

export class MobileMoneyCallbackTokens implements CallbackUrlTokens {
  private readonly base: string;

  /** `base`: the callback route without a token (`…/api/payments/callbacks/mtn`). */
  constructor(
    private readonly secret: string,
    base: string,
  ) {
    this.base = base.replace(/\/+$/, '');
  }

  tokenFor(kind: CallbackKind, reference: string): string {
    return PREFIX[kind] + this.mac(kind, reference).toString('base64url');
  }

  /** The URL the provider is given for this payment's callback. */
  urlFor(kind: CallbackKind, reference: string): string {
    return `${this.base}/${this.tokenFor(kind, reference)}`;
  }

  /** The kind this token was made for with this reference; undefined when it was not. */
  verify(token: string, reference: string): CallbackKind | undefined {
    if (token.length !== TOKEN_LENGTH) return undefined;
    const kind = KIND_OF_PREFIX[token[0]!];
    if (kind === undefined) return undefined;
    const given = Buffer.from(token.slice(1), 'base64url');
    const expected = this.mac(kind, reference);
    // base64url decoding ignores stray characters, so a mangled token can decode shorter.
    if (given.length !== expected.length) return undefined;
    return timingSafeEqual(given, expected) ? kind : undefined;
  }

  private mac(kind: CallbackKind, reference: string): Buffer {
    return createHmac('sha256', this.secret).update(`${kind}\n${reference}`, 'utf8').digest();
  }
}
