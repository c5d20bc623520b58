/**
 * The real app (container, Koa) listening on a loopback port, with the embedded sandbox as its
 * mobile money calling the running server back in MTN's format, as MTN would (in Airtel's, at the
 * Airtel route, for 072/073 numbers): for the API tests that pay end to end.
 */
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import type { Container } from 'inversify';
import { pino } from 'pino';
import { SandboxMobileMoney } from '../../adapters/mobile-money/sandbox-mobile-money.ts';
import type { MobileMoney } from '../../core/payments/ports.ts';
import type { Clock } from '../../core/shared/clock.ts';
import { buildContainer, TOKENS } from '../../apps/container.ts';
import { createApp } from '../../apps/server.ts';
import { testConfig } from './test-app.ts';
import type { TestDatabase } from './test-database.ts';

export const SANDBOX_SETTLE_MS = 30;

export interface SandboxApp {
  container: Container;
  /** Where the server listens, e.g. http://127.0.0.1:41234 (for providers' fakes that call it back over HTTP). */
  url: string;
  handler: ReturnType<ReturnType<typeof createApp>['callback']>;
  close(): Promise<void>;
}

export async function startSandboxApp(
  db: TestDatabase,
  options: {
    clock?: Clock;
    /** What the app gets as its provider, given the sandbox (a wrapper that routes or rewrites numbers). */
    mobileMoney: (sandbox: MobileMoney) => MobileMoney;
    /** Settings over the test defaults (tests/support/test-app.ts), as environment variables. */
    env?: Record<string, string>;
  },
): Promise<SandboxApp> {
  // The callback URL is known once the server listens, and the container wants its provider before.
  let sandbox: SandboxMobileMoney | undefined;
  const listening = (): SandboxMobileMoney => {
    if (!sandbox) throw new Error('the sandbox is used before the test server listens');
    return sandbox;
  };
  const lateSandbox: MobileMoney = {
    requestToPay: (request) => listening().requestToPay(request),
    transfer: (request) => listening().transfer(request),
    collectionStatus: (provider, reference) => listening().collectionStatus(provider, reference),
    transferStatus: (provider, reference) => listening().transferStatus(provider, reference),
  };
  const container = buildContainer({
    config: testConfig(options.env),
    orm: db.orm,
    logger: pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' }),
    clock: options.clock ?? { now: () => new Date() },
    singleSignOn: null,
    mailTransport: null,
    mobileMoney: options.mobileMoney(lateSandbox),
  });
  const app = createApp(container);
  const server: Server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  // Each payment's callback goes to the listening server at its own URL, with the app's token for it.
  const port = (server.address() as AddressInfo).port;
  const tokens = container.get(TOKENS.CallbackTokens);
  sandbox = new SandboxMobileMoney({
    settleMs: SANDBOX_SETTLE_MS,
    callbackUrlFor: (kind, reference) => `http://127.0.0.1:${port}${new URL(tokens.urlFor(kind, reference)).pathname}`,
    // When it plays Airtel (072/073 numbers), at the one URL set in Airtel's portal.
    airtelCallbackUrl: `http://127.0.0.1:${port}/api/payments/callbacks/airtel/${container.get<string>(TOKENS.AirtelCallbackSecret)}`,
  });
  return {
    container,
    url: `http://127.0.0.1:${port}`,
    handler: app.callback(),
    async close() {
      sandbox?.close();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
