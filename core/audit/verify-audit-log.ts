/**
 * VerifyAuditLog: walk the whole chain in sequence order, a page at a time, and name the first
 * row that breaks it (core/audit/audit-chain.ts says what breaks it).
 */
import { verifyChain, type ChainCheck, type ChainedAuditRow, type ChainHead, type Digest } from './audit-chain.ts';

export interface AuditChainReader {
  /** Rows with a sequence number above `seq`, in sequence order, at most `limit`. */
  rowsAfter(seq: number, limit: number): Promise<ChainedAuditRow[]>;
}

export const VERIFY_PAGE = 1000;

export interface VerifyAuditLogDeps {
  log: AuditChainReader;
  digest: Digest;
  /** Rows read at a time; VERIFY_PAGE when not given. */
  pageSize?: number;
}

export class VerifyAuditLog {
  constructor(private readonly deps: VerifyAuditLogDeps) {}

  async execute(): Promise<ChainCheck> {
    const { log, digest, pageSize = VERIFY_PAGE } = this.deps;
    let head: ChainHead | undefined;
    let checked = 0;
    for (;;) {
      const page = await log.rowsAfter(head?.seq ?? 0, pageSize);
      const check = verifyChain(page, digest, head);
      if (!check.ok) return check;
      checked += check.checked;
      head = check.head;
      if (page.length < pageSize) return { ok: true, head, checked };
    }
  }
}
