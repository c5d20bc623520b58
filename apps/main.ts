/**
 * `npm start`: read the configuration, open the database (embedded PGlite unless DATABASE_URL
 * is set), apply migrations, seed the demo accounts on a new database, then serve on PORT.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { RequestContext } from '@mikro-orm/core';
import { SeedDemoAccounts } from '../core/accounts/seed-demo-accounts.ts';
import { OUTBOX_KEY_FILE, OutboxSealer } from '../adapters/crypto/outbox-sealer.ts';
import { migrate } from '../adapters/postgres/orm.ts';
import { startBackgroundWork } from './background.ts';
import { ConfigError, loadConfig } from './config.ts';
import { buildContainer } from './container.ts';
import { createInfrastructure, createLogger, openDatabase } from './infrastructure.ts';
import { createApp } from './server.ts';

if (existsSync('.env')) process.loadEnvFile('.env');

let config;
try {
  config = loadConfig(process.env);
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}

const logger = createLogger(config);
const database = await openDatabase(config, 'server');
const migration = await migrate(database.orm);
if (migration.applied.length > 0) logger.info({ applied: migration.applied }, 'migrations applied');

const container = buildContainer(await createInfrastructure(config, database.orm, logger));
// Resolved now, so a broken key file stops the start rather than the first sign-in link.
container.get(OutboxSealer);
if (config.databaseUrl !== null && config.outboxEncryptionKey === null) {
  logger.warn(
    { keyFile: join(config.dataDir, OUTBOX_KEY_FILE) },
    'OUTBOX_ENCRYPTION_KEY is not set: sign-in links are sealed with this machine’s key file; set the same key on every replica',
  );
}

if (migration.previouslyApplied === 0) {
  const seeded = await RequestContext.create(database.orm.em, () => container.get(SeedDemoAccounts).execute());
  console.log('\nNew database: demo accounts (clearly marked isDemo):');
  for (const account of seeded) console.log(`  ${account.email}  password: ${account.password}`);
  console.log('');
}

const app = createApp(container);
const background = startBackgroundWork(container);
const server = app.listen(config.port, config.host, () => {
  logger.info({ url: config.publicBaseUrl, port: config.port, database: database.kind }, 'Ikimina is listening');
});

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  logger.info({ signal }, 'shutting down');
  server.close();
  server.closeIdleConnections();
  await background.stop();
  await database.close();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
