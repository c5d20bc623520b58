/**
 * One database transaction per use case.
 *
 * Guarantees
 * - The repositories hold the global EntityManager, which resolves to the transaction's fork
 *   inside `run` (MikroORM's TransactionContext), so every write of the use case joins the
 *   transaction. Changes to loaded entities are flushed before commit.
 * - A transaction that PostgreSQL aborts as retryable (40001 serialization failure, 40P01
 *   deadlock) or that lost a race on a unique business key (`ConcurrentWriteConflict`) is run
 *   again from the start, a few times with a short random pause, so a conflict between
 *   concurrent requests never reaches the member as an error. Only the outermost unit of work
 *   retries: a nested one joins its caller's transaction (no savepoint: two round trips saved on
 *   every nested use case) and lets the caller decide; an error inside it fails the whole
 *   transaction, which is retried or rolled back as one.
 */
import { TransactionPropagation, type EntityManager } from '@mikro-orm/postgresql';
import type { UnitOfWork } from '../../core/shared/unit-of-work.ts';

/** A concurrent transaction committed the same unique business key first: run the work again. */
export class ConcurrentWriteConflict extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConcurrentWriteConflict';
  }
}

const RETRYABLE_SQLSTATES = new Set(['40001', '40P01']);
export const MAX_TRANSACTION_ATTEMPTS = 8;

export function isRetryableConflict(error: unknown): boolean {
  if (error instanceof ConcurrentWriteConflict) return true;
  return databaseErrors(error).some(({ code }) => typeof code === 'string' && RETRYABLE_SQLSTATES.has(code));
}

/** The database refused a row because a committed one holds the same key of this unique constraint. */
export function violatesUnique(error: unknown, constraint: string): boolean {
  return databaseErrors(error).some((e) => e.code === '23505' && (e.constraint === constraint || String(e.message).includes(constraint)));
}

/** The error and its causes, as the driver (pg) and MikroORM wrap them. */
function databaseErrors(error: unknown): { code?: unknown; constraint?: unknown; message?: unknown }[] {
  const found = [];
  for (let cause: unknown = error, depth = 0; cause && depth < 5; depth++) {
    const e = cause as { code?: unknown; sqlState?: unknown; constraint?: unknown; message?: unknown; cause?: unknown; previous?: unknown };
    found.push({ code: e.code ?? e.sqlState, constraint: e.constraint, message: e.message });
    cause = e.cause ?? e.previous;
  }
  return found;
}

export class MikroOrmUnitOfWork implements UnitOfWork {
  constructor(private readonly em: EntityManager) {}

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.em.isInTransaction()) return this.em.transactional(() => work(), { propagation: TransactionPropagation.REQUIRED });
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.em.transactional(() => work());
      } catch (error) {
        if (attempt >= MAX_TRANSACTION_ATTEMPTS || !isRetryableConflict(error)) throw error;
        await new Promise((resolve) => setTimeout(resolve, Math.random() * 5 * attempt));
      }
    }
  }
}
