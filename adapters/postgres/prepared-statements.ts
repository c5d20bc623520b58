/**
 * Prepared statements for the hot paths (payment confirmations, payment starts): a statement run
 * with `runPrepared` is parsed and planned by PostgreSQL once per connection, then only executed
 * (on a direct connection; see PgBouncer below).
 * MikroORM's `em.execute` inlines the parameters into the text, so PostgreSQL parses and plans
 * every call afresh; for the few statements a payment runs hundreds of times a second, that was
 * about a third of the database's CPU (bench/README.md).
 *
 * Guarantees
 * - `runPrepared` runs in the unit of work's transaction when there is one (the same connection
 *   as every `em.execute` of the use case), else on a pooled connection.
 * - PreparingClient (the pool's client class, set in orm.ts) names every statement that comes
 *   with parameters after its text: the same text is the same prepared statement on a connection,
 *   two texts never share a name. MikroORM's own queries come without parameters (inlined) and
 *   are sent as before. Past `MAX_NAMED_STATEMENTS` distinct texts, new texts run unnamed, so a
 *   connection never holds an unbounded number of statements.
 * - Behind PgBouncer in transaction mode (`DATABASE_POOLER=pgbouncer`) the pool's client is pg's
 *   own: statements go with their parameters but unnamed, parsed afresh on whichever server session
 *   PgBouncer lends the transaction. A named statement would be missing on the next session, or
 *   already there under the same name for another client (PgBouncer 1.18 does not track them).
 * - Not used with the embedded PGlite, whose connections share one session (orm.ts): there
 *   `runPrepared` sends each statement as one simple query, as `em.execute` does.
 */
import { createHash } from 'node:crypto';
import { CompiledQuery, type Kysely, type Transaction } from 'kysely';
import type { EntityManager } from '@mikro-orm/postgresql';
import pg from 'pg';

const MAX_NAMED_STATEMENTS = 200;
const statementNames = new Map<string, string>();

/** The statement's name: a digest of its text, so two texts never share one. */
function nameOf(text: string): string | undefined {
  let name = statementNames.get(text);
  if (name === undefined && statementNames.size < MAX_NAMED_STATEMENTS) {
    name = `ikimina_${createHash('sha256').update(text).digest('hex').slice(0, 24)}`;
    statementNames.set(text, name);
  }
  return name;
}

export class PreparingClient extends pg.Client {
  // pg's `query` has many overloads; only (text, values) with values is rewritten.
  override query(...args: unknown[]): never {
    const [config, values] = args;
    if (typeof config === 'string' && Array.isArray(values) && values.length > 0) {
      const name = nameOf(config);
      if (name !== undefined) args[0] = { name, text: config };
    }
    return (super.query as (...a: unknown[]) => never)(...args);
  }
}

/**
 * Runs one statement (placeholders `$1`, `$2`, …) as a prepared statement, in the current
 * transaction if any; answers its rows. On a pool without PreparingClient (the embedded PGlite)
 * it goes through MikroORM as one simple query, parameters inlined: PGlite's connections share
 * one session and interleave the messages of the extended protocol, so a parse from one
 * connection would replace another's between its parse and its bind.
 */
export async function runPrepared<Row>(em: EntityManager, sql: string, params: readonly unknown[]): Promise<Row[]> {
  if (!preparesStatements(em)) {
    const positional = [...sql.matchAll(/\$(\d+)/g)].map((m) => params[Number(m[1]) - 1]);
    return em.execute<Row[]>(sql.replace(/\$\d+/g, '?'), positional);
  }
  const executor = em.getTransactionContext<Transaction<unknown>>() ?? (em.getConnection().getClient() as Kysely<unknown>);
  const result = await executor.executeQuery<Row>(CompiledQuery.raw(sql, [...params]));
  return [...result.rows];
}

/** False on the embedded PGlite, whose pool has no client class of ours (orm.ts). */
function preparesStatements(em: EntityManager): boolean {
  const client = (em.config.get('driverOptions') as { Client?: unknown } | undefined)?.Client;
  return client === PreparingClient || client === pg.Client;
}
