/**
 * `npm start`: read the configuration, open the database (embedded PGlite unless DATABASE_URL
 * is set), apply migrations, listen on PORT, seed the demo accounts (on a new database) and the
 * demo world (apps/demo/seed-on-start.ts), then serve.
 *
 * The server listens before the container is built: without PUBLIC_BASE_URL the public URL (the
 * mobile-money callback URL, e-mailed links, the Google redirect) is the port actually bound, so
 * PORT=3100 or PORT=0 moves the whole app. Requests that arrive meanwhile wait for the app.
 */
import { existsSync } from 'node:fs';
import { createServer, type RequestListener } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { NATIONAL_ID_HASH_KEY_FILE, NATIONAL_ID_KEY_FILE } from '../adapters/crypto/national-id-vault.ts';
import { OUTBOX_KEY_FILE } from '../adapters/crypto/outbox-sealer.ts';
import { migrate } from '../adapters/postgres/orm.ts';
import { startBackgroundWork } from './background.ts';
import { type Config, ConfigError, loadConfig } from './config.ts';
import { buildContainer, TOKENS } from './container.ts';
import { seedDemoData } from './demo/seed-on-start.ts';
import { createInfrastructure, createLogger, openDatabase } from './infrastructure.ts';
import { createApp } from './server.ts';

if (existsSync('.env')) process.loadEnvFile('.env');

function readConfig(options: { listeningPort?: number } = {}): Config {
  try {
    return loadConfig(process.env, options);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

const startConfig = readConfig();
const logger = createLogger(startConfig);
const database = await openDatabase(startConfig, 'server');
const migration = await migrate(database.orm);
if (migration.applied.length > 0) logger.info({ applied: migration.applied }, 'migrations applied');

let serveApp: RequestListener | undefined;
const waiting: Array<() => void> = [];
const server = createServer((request, response) => {
  if (serveApp) serveApp(request, response);
  else waiting.push(() => serveApp!(request, response));
});
await new Promise<void>((resolve, reject) => {
  server.once('error', reject);
  server.listen(startConfig.port, startConfig.host, resolve);
});
const port = (server.address() as AddressInfo).port;
const config = readConfig({ listeningPort: port });

const container = buildContainer(await createInfrastructure(config, database.orm, logger));
// Resolved now, so a broken key file stops the start rather than the first sign-in link.
container.get(TOKENS.Outbox);
container.get(TOKENS.NationalIdVault);
if (config.databaseUrl !== null && config.nationalId.keys === null) {
  logger.warn(
    { keyFiles: [join(config.dataDir, NATIONAL_ID_KEY_FILE), join(config.dataDir, NATIONAL_ID_HASH_KEY_FILE)] },
    'NATIONAL_ID_KEYS is not set: national ID numbers are sealed with this machine’s key files; set NATIONAL_ID_KEYS and NATIONAL_ID_HASH_KEY on every replica',
  );
}
if (config.databaseUrl !== null && config.outboxEncryptionKey === null) {
  logger.warn(
    { keyFile: join(config.dataDir, OUTBOX_KEY_FILE) },
    'OUTBOX_ENCRYPTION_KEY is not set: sign-in links are sealed with this machine’s key file; set the same key on every replica',
  );
}

try {
  const seeded = await seedDemoData(container, { newDatabase: migration.previouslyApplied === 0 });
  if (seeded.accounts) {
    console.log('\nNew database: demo accounts (clearly marked isDemo):');
    for (const account of seeded.accounts) console.log(`  ${account.email}  password: ${account.password}`);
    console.log('');
  }
  if (seeded.world.seeded) {
    const { groups, paymentsSettled } = seeded.world;
    console.log(`Demo world for demo.member@ikimina.demo: ${groups} groups, ${paymentsSettled} payments settled, a loan in repayment (SEED_DEMO_WORLD=false to skip).\n`);
  }
  if (seeded.business.seeded) {
    const { merchantCode, agentCode, sales, settlements } = seeded.business;
    const onboarded = agentCode ? `, onboarded by demo.agent@ikimina.demo (${agentCode})` : '';
    console.log(`Demo business for demo.merchant@ikimina.demo: ${merchantCode}, verified${onboarded}, ${sales} sales, ${settlements} settlement paid (SEED_DEMO_WORLD=false to skip).\n`);
  }
} catch (error) {
  // Demo data must never keep the product from starting.
  logger.error({ err: error }, 'the demo data could not be seeded');
}

serveApp = createApp(container).callback();
for (const serve of waiting.splice(0)) serve();
const background = startBackgroundWork(container);
logger.info({ url: config.publicBaseUrl, port, database: database.kind }, 'Ikimina is listening');

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
