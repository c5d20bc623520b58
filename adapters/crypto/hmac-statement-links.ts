/**
 * HmacStatementLinks: the download links of statements sent by e-mail (core/statements/
 * email-statement.ts): `<base>/api/statements/download?token=<claim>.<signature>`, where the claim
 * (whose statement, which period, until when) is base64url JSON and the signature its HMAC-SHA256.
 *
 * Guarantees
 * - A link works, without signing in, for the statement it names and until its expiry only:
 *   changing any part of the claim or the signature fails `verify`; signatures are compared in
 *   constant time; an expired or malformed token is refused like a forged one.
 * - The token is the `token` query parameter, which the logs never show (apps/log-redaction.ts),
 *   and the outbox keeps it sealed until the e-mail is delivered.
 * - The key is 32 bytes: STATEMENT_LINK_KEY (base64), else a key file created once in DATA_DIR.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { StatementClaim, StatementLinks } from '../../core/statements/ports.ts';
import { readOrCreateKeyFile } from './key-file.ts';

export const STATEMENT_LINK_ROUTE = '/api/statements/download';

export function loadStatementLinkKey(configured: Buffer | null, dataDir: string): Buffer {
  return configured ?? readOrCreateKeyFile(dataDir, 'statement-links.key', 'STATEMENT_LINK_KEY');
}

interface SignedClaim {
  v: 1;
  claim: StatementClaim;
  exp: number;
}

export class HmacStatementLinks implements StatementLinks {
  constructor(
    private readonly key: Buffer,
    private readonly publicBaseUrl: string,
  ) {
    if (key.length !== 32) throw new Error('the statement link key must be 32 bytes');
  }

  linkFor(claim: StatementClaim, expiresAt: Date): string {
    const body = Buffer.from(JSON.stringify({ v: 1, claim, exp: Math.floor(expiresAt.getTime() / 1000) } satisfies SignedClaim)).toString('base64url');
    return `${this.publicBaseUrl.replace(/\/+$/, '')}${STATEMENT_LINK_ROUTE}?token=${body}.${this.sign(body)}`;
  }

  /** The claim of a genuine, unexpired token; null otherwise. */
  verify(token: string, now: Date): StatementClaim | null {
    const [body, signature, extra] = token.split('.');
    if (!body || !signature || extra !== undefined) return null;
    const expected = Buffer.from(this.sign(body));
    const given = Buffer.from(signature);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    try {
      const signed = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as SignedClaim;
      return signed.v === 1 && typeof signed.exp === 'number' && signed.exp * 1000 > now.getTime() ? signed.claim : null;
    } catch {
      return null;
    }
  }

  private sign(body: string): string {
    return createHmac('sha256', this.key).update(`statement-link\n${body}`).digest('base64url');
  }
}
