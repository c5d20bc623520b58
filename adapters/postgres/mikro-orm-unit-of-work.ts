import type { EntityManager } from '@mikro-orm/postgresql';
import type { UnitOfWork } from '../../core/shared/unit-of-work.ts';

/**
 * One database transaction per use case. The repositories hold the global EntityManager, which
 * resolves to the transaction's fork inside `run` (MikroORM's TransactionContext), so every write
 * of the use case joins the transaction. Changes to loaded entities are flushed before commit.
 */
export class MikroOrmUnitOfWork implements UnitOfWork {
  constructor(private readonly em: EntityManager) {}

  run<T>(work: () => Promise<T>): Promise<T> {
    return this.em.transactional(() => work());
  }
}
