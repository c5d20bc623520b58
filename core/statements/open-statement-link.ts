/**
 * OpenStatementLink: the claim of a statement download link (GET /api/statements/download?token=),
 * the link e-mailed by `statements send`. Its token is the credential, so it opens only while
 * whoever it was sent to (the member, or the merchant's owner) still has an account: once that
 * account is erased (DELETE /api/me, core/data-rights/delete-account.ts) the link is invalid, like
 * a forged or expired one (Law 058/2021: nothing of an erased member is handed out any more).
 *
 * Guarantees
 * - Null for a forged or expired token and for an erased holder: the three are not told apart (the
 *   route answers each with 404 `statement_link_invalid`, a code of the HTTP edge).
 */
import type { Clock } from '../shared/clock.ts';
import type { StatementClaim, StatementLinks, StatementRecipients } from './ports.ts';

export class OpenStatementLink {
  constructor(private readonly deps: { links: Pick<StatementLinks, 'verify'>; recipients: Pick<StatementRecipients, 'isErased'>; clock: Clock }) {}

  async execute(input: { token: string }): Promise<StatementClaim | null> {
    const claim = this.deps.links.verify(input.token, this.deps.clock.now());
    if (!claim || (await this.deps.recipients.isErased(claim.userId))) return null;
    return claim;
  }
}
