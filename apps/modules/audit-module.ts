/**
 * The audit module's wiring (core/audit): the append-only, hash-chained trail that use cases record
 * their decisions in (inside their own unit of work, so a decision and its row commit together),
 * and the check of its chain that the CLI's `audit verify` runs.
 */
import { ContainerModule } from 'inversify';
import type { EntityManager } from '@mikro-orm/postgresql';
import { ListAuditRows } from '../../core/audit/list-audit-rows.ts';
import { RecordAdminAction } from '../../core/audit/record-admin-action.ts';
import { VerifyAuditLog, type VerifyAuditLogDeps } from '../../core/audit/verify-audit-log.ts';
import type { Clock } from '../../core/shared/clock.ts';
import { sha256Hex } from '../../adapters/crypto/node-secret-tokens.ts';
import { PostgresAuditTrail } from '../../adapters/postgres/postgres-audit-trail.ts';
import { fromDeps, servesAlso, withDeps } from '../deps.ts';
import { TOKENS } from '../tokens.ts';

export const auditModule = new ContainerModule(({ bind }) => {
  bind(TOKENS.AuditTrail).toResolvedValue((em: EntityManager, clock: Clock) => new PostgresAuditTrail(em, clock), [TOKENS.EntityManager, TOKENS.Clock]);
  servesAlso(bind, TOKENS.AuditLog, TOKENS.AuditTrail);
  bind(TOKENS.AuditDigest).toConstantValue(sha256Hex);
  // Read a page at a time (VERIFY_PAGE rows).
  bind(VerifyAuditLog).toResolvedValue(...fromDeps((deps: Omit<VerifyAuditLogDeps, 'pageSize'>) => new VerifyAuditLog(deps), { log: TOKENS.AuditLog, digest: TOKENS.AuditDigest }));
  bind(ListAuditRows).toResolvedValue(...withDeps(ListAuditRows, { log: TOKENS.AuditLog }));
  bind(RecordAdminAction).toResolvedValue(...withDeps(RecordAdminAction, { audit: TOKENS.AuditTrail, uow: TOKENS.UnitOfWork }));
});
