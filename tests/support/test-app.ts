/**
 * The real application (container, Koa app) over a test database, for supertest.
 */
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Container } from 'inversify';
import type Koa from 'koa';
import { pino, type Logger } from 'pino';
import type { SingleSignOn } from '../../core/accounts/single-sign-on.ts';
import type { MailTransport } from '../../core/notifications/mail-transport.ts';
import type { MobileMoney } from '../../core/payments/ports.ts';
import type { Clock } from '../../core/shared/clock.ts';
import type { MemberImages } from '../../core/uploads/ports.ts';
import { loadConfig, type Config } from '../../apps/config.ts';
import { buildContainer } from '../../apps/container.ts';
import { createApp } from '../../apps/server.ts';
import { useMemberImages } from './member-images.ts';
import type { TestDatabase } from './test-database.ts';

export const TEST_BASE_URL = 'http://ikimina.test';
export const TEST_OUTBOX_KEY = Buffer.alloc(32, 7).toString('base64');
/** Fixed national ID keys (version 1) and hash key, so that tests never write the embedded default's key files. */
export const TEST_NATIONAL_ID_KEYS = `1:${Buffer.alloc(32, 11).toString('base64')}`;
export const TEST_NATIONAL_ID_HASH_KEY = Buffer.alloc(32, 12).toString('base64');
export const TEST_UPLOAD_KEY = Buffer.alloc(32, 8).toString('base64');
/** Uploaded objects of every test process go to one temporary folder, never into ./data (ids are UUIDs: no test meets another's). */
export const TEST_OBJECTS_DIR = join(tmpdir(), 'ikimina-test-objects');

export function testConfig(env: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    PUBLIC_BASE_URL: TEST_BASE_URL,
    WEB_DIST_DIR: '/nonexistent/dist/web',
    // High by default so that only the rate-limit tests meet the limits.
    RATE_LIMIT_PER_ADDRESS: '1000',
    RATE_LIMIT_PER_IP: '1000',
    // Every test's requests come from 127.0.0.1: only the sessions tests meet the sign-in throttle.
    SIGN_IN_FREE_FAILURES_PER_ACCOUNT: '1000',
    SIGN_IN_FREE_FAILURES_PER_CLIENT: '1000',
    // Long sessions by default, as for the limits above: tests that move the clock by days or
    // months are about money, not sessions; tests/integration/sessions-api.test.ts sets the real ones.
    SESSION_IDLE_MINUTES: String(10 * 365 * 24 * 60),
    SESSION_ABSOLUTE_HOURS: String(10 * 365 * 24),
    // A fixed key, so that tests never write the embedded default's key file into ./data.
    OUTBOX_ENCRYPTION_KEY: TEST_OUTBOX_KEY,
    NATIONAL_ID_KEYS: TEST_NATIONAL_ID_KEYS,
    NATIONAL_ID_HASH_KEY: TEST_NATIONAL_ID_HASH_KEY,
    // High, as for the limits above: only the national ID tests meet the look-up limit.
    NATIONAL_ID_LOOKUPS_PER_DAY: '1000',
    // High, as for the limits above: only tests/integration/merchant-pay-abuse.test.ts meets the pay page's limits.
    PAY_REQUESTS_PER_NUMBER: '1000',
    PAY_REQUESTS_PER_CLIENT: '1000',
    UPLOAD_SIGNING_KEY: TEST_UPLOAD_KEY,
    OBJECT_STORAGE_DIR: TEST_OBJECTS_DIR,
    ...env,
  });
}

export interface TestApp {
  app: Koa;
  handler: ReturnType<Koa['callback']>;
  container: Container;
  config: Config;
}

export function createTestApp(
  db: TestDatabase,
  options: {
    env?: Record<string, string>;
    clock?: Clock;
    mailTransport?: MailTransport;
    singleSignOn?: SingleSignOn;
    mobileMoney?: MobileMoney;
    /** The member's stored images the app uses instead of its own (see member-images.ts). */
    memberImages?: MemberImages;
    /** Silent by default. */
    logger?: Logger;
    /** Rebinds ports before the app resolves its use cases (a test's face model, images, registry photos). */
    configure?: (container: Container) => void;
  } = {},
): TestApp {
  const config = testConfig(options.env);
  const container = buildContainer({
    config,
    orm: db.orm,
    logger: options.logger ?? pino({ level: 'silent' }),
    clock: options.clock ?? { now: () => new Date() },
    singleSignOn: options.singleSignOn ?? null,
    mailTransport: options.mailTransport ?? null,
    ...(options.mobileMoney ? { mobileMoney: options.mobileMoney } : {}),
  });
  if (options.memberImages) useMemberImages(container, options.memberImages);
  options.configure?.(container);
  const app = createApp(container);
  return { app, handler: app.callback(), container, config };
}
