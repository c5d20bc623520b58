/**
 * Verify the audit log: walk the whole chain in sequence order, a page at a time, and name the
 * first row that breaks it (core/audit/audit-chain.ts says what breaks it).
 */
import { verifyChain, type ChainCheck, type ChainedAuditRow, type ChainHead, type Digest } from './audit-chain.ts';

export interface AuditChainReader {
  /** Rows with a sequence number above `seq`, in sequence order, at most `limit`. */
  rowsAfter(seq: number, limit: number): Promise<ChainedAuditRow[]>;
}

export const VERIFY_PAGE = 1000;

export async function verifyAuditLog(deps: { log: AuditChainReader; digest: Digest }, pageSize = VERIFY_PAGE): Promise<ChainCheck> {
  let head: ChainHead | undefined;
  let checked = 0;
  for (;;) {
    const page = await deps.log.rowsAfter(head?.seq ?? 0, pageSize);
    const check = verifyChain(page, deps.digest, head);
    if (!check.ok) return check;
    checked += check.checked;
    head = check.head;
    if (page.length < pageSize) return { ok: true, head, checked };
  }
}
