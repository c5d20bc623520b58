/**
 * The ledger's wiring (core/ledger): the double-entry books every module moves money through
 * (JournalWriter), and the pools' balances read from them.
 */
import { ContainerModule } from 'inversify';
import type { EntityManager } from '@mikro-orm/postgresql';
import { Journal } from '../../core/ledger/journal.ts';
import type { LedgerRepository } from '../../core/ledger/ports.ts';
import { PostgresLedgerRepository } from '../../adapters/postgres/postgres-ledger-repository.ts';
import { servesAlso } from '../deps.ts';
import { TOKENS } from '../tokens.ts';

export const ledgerModule = new ContainerModule(({ bind }) => {
  bind(TOKENS.LedgerRepository).toResolvedValue((em: EntityManager) => new PostgresLedgerRepository(em), [TOKENS.EntityManager]);
  servesAlso(bind, TOKENS.PoolBalances, TOKENS.LedgerRepository);
  bind(TOKENS.JournalWriter).toResolvedValue((ledger: LedgerRepository) => new Journal(ledger), [TOKENS.LedgerRepository]);
});
