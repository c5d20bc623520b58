/**
 * The audit log's rows, newest first, optionally of one action or subject: the admin's
 * `audit list` (cli/program.ts).
 *
 * Guarantees
 * - Reads only, at most `limit` rows; changes nothing of the chain.
 */
import type { ChainedAuditRow } from './audit-chain.ts';
import type { AuditListFilter, AuditLog } from './ports.ts';

export class ListAuditRows {
  constructor(private readonly deps: { log: Pick<AuditLog, 'list'> }) {}

  execute(filter: AuditListFilter): Promise<ChainedAuditRow[]> {
    return this.deps.log.list(filter);
  }
}
