/**
 * Creating what the container binds as constants: the database (a configured server or the
 * embedded PGlite), the logger, and the optional providers switched on by their variables.
 */
import type { MikroORM } from '@mikro-orm/postgresql';
import { pino, type DestinationStream, type Logger } from 'pino';
import type { SingleSignOn } from '../core/accounts/single-sign-on.ts';
import type { MailTransport } from '../core/notifications/mail-transport.ts';
import { SystemClock } from '../adapters/clock/system-clock.ts';
import { SmtpMailTransport } from '../adapters/email/smtp-mail-transport.ts';
import { GoogleSingleSignOn } from '../adapters/oidc/google-single-sign-on.ts';
import { connectOrOpenEmbedded, liveEmbeddedPort, openEmbeddedPostgres } from '../adapters/postgres/embedded-postgres.ts';
import { openOrm } from '../adapters/postgres/orm.ts';
import type { Config } from './config.ts';
import type { Infrastructure } from './container.ts';
import { redactSecrets } from './log-redaction.ts';

/**
 * Fields no log line may carry in clear, at the top of a line's fields or up to two objects deep
 * (a request body, an error's details): the national ID number under every name it travels by.
 * Routes log no bodies anyway; this is the net under that rule.
 */
export const LOG_REDACTED_FIELDS = ['idNumber', 'id_number', 'nationalId', 'national_id', 'nin'];
const REDACT_PATHS = LOG_REDACTED_FIELDS.flatMap((field) => [field, `*.${field}`, `*.*.${field}`]);

/**
 * `destination`: where lines go (standard output by default; a test's stream). Every line, whatever
 * wrote it, passes the URL secrets rule (log-redaction.ts) on its way out.
 */
export function createLogger(config: Pick<Config, 'logLevel' | 'nodeEnv'>, destination?: DestinationStream): Logger {
  const options = { level: config.logLevel, base: { service: 'ikimina' }, redact: { paths: REDACT_PATHS, censor: '[redacted]' }, hooks: { streamWrite: redactSecrets } };
  return destination ? pino(options, destination) : pino(options);
}

export interface Database {
  orm: MikroORM;
  /** 'external' (DATABASE_URL) or 'embedded' (PGlite). */
  kind: 'external' | 'embedded';
  close(): Promise<void>;
}

/**
 * The server owns the embedded data folder: it refuses to start when another process (a running
 * server or CLI) holds it. The CLI joins a running server instead (`role: 'cli'`).
 */
export async function openDatabase(config: Config, role: 'server' | 'cli'): Promise<Database> {
  if (config.databaseUrl) {
    const orm = await openOrm({ url: config.databaseUrl, poolMax: config.databasePoolMax, pooler: config.databasePooler, readReplicas: config.databaseReadReplicas });
    return { orm, kind: 'external', close: () => orm.close() };
  }
  if (role === 'server' && (await liveEmbeddedPort(config.dataDir)) !== null) {
    throw new Error(`The embedded database in ${config.dataDir} is in use by another process (see ${config.dataDir}/pglite.port). Stop it first.`);
  }
  const embedded = role === 'server' ? await openEmbeddedPostgres(config.dataDir) : await connectOrOpenEmbedded(config.dataDir);
  const orm = await openOrm({ url: embedded.url, poolMax: config.databasePoolMax, embedded: true });
  return {
    orm,
    kind: 'embedded',
    async close() {
      await orm.close();
      await embedded.stop();
    },
  };
}

export async function createSingleSignOn(config: Config): Promise<SingleSignOn | null> {
  if (!config.google) return null;
  return GoogleSingleSignOn.create({
    issuerUrl: config.google.issuerUrl,
    clientId: config.google.clientId,
    clientSecret: config.google.clientSecret,
    redirectUri: `${config.publicBaseUrl}/api/auth/google/callback`,
    allowInsecureHttp: config.google.allowInsecureHttp,
  });
}

export function createMailTransport(config: Config): MailTransport | null {
  return config.mail.smtpUrl ? new SmtpMailTransport({ url: config.mail.smtpUrl, from: config.mail.from }) : null;
}

export async function createInfrastructure(config: Config, orm: MikroORM, logger: Logger = createLogger(config)): Promise<Infrastructure> {
  return {
    config,
    orm,
    logger,
    clock: new SystemClock(),
    singleSignOn: await createSingleSignOn(config),
    mailTransport: createMailTransport(config),
  };
}
