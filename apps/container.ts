/**
 * The composition root: one inversify container for the server, the CLI and the tests. This file
 * binds the infrastructure (what needs I/O or the configuration to be made: the ORM, the clock,
 * the mobile-money provider) and loads each module's own wiring, `apps/modules/<module>-module.ts`.
 *
 * - Ports are bound once, by their token in apps/tokens.ts (typed by the port, never an adapter
 *   class). An adapter serving several ports is bound under the first and `servesAlso` the others.
 * - Use cases are bound by their class with `withDeps` (each names its own dependencies). Channels
 *   (routes, USSD, CLI, jobs) resolve use cases; server.ts, the scheduler module and the CLI are
 *   the only places that do.
 * - Core classes carry no decorators; everything is bound with `toResolvedValue` factories, so
 *   resolving stays synchronous. Tests pass their own Infrastructure (an injected Clock, a fake
 *   MailTransport, their own mobile money) or rebind a port. Run each use case inside
 *   `RequestContext.create(orm.em, …)`.
 */
import { Container, ContainerModule } from 'inversify';
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import type { Logger } from 'pino';
import type { SingleSignOn } from '../core/accounts/single-sign-on.ts';
import type { MailTransport } from '../core/notifications/mail-transport.ts';
import type { MobileMoney } from '../core/payments/ports.ts';
import type { Batching } from '../core/shared/batching.ts';
import type { Clock } from '../core/shared/clock.ts';
import { Argon2PasswordHasher } from '../adapters/crypto/argon2-password-hasher.ts';
import { NodeSecretTokens, RandomUuidGenerator } from '../adapters/crypto/node-secret-tokens.ts';
import type { MobileMoneyCallbackTokens } from '../adapters/mobile-money/callback-tokens.ts';
import { GroupCommit } from '../adapters/postgres/group-commit.ts';
import { MikroOrmUnitOfWork } from '../adapters/postgres/mikro-orm-unit-of-work.ts';
import { migrate } from '../adapters/postgres/orm.ts';
import type { Config } from './config.ts';
import { createAirtelCallbackSecret, createCallbackTokens, createMobileMoney, payerOfNumber, payoutProviderOf, providerOfNumber } from './payments/mobile-money.ts';
import { MODULES } from './modules/modules.ts';
import { TOKENS } from './tokens.ts';

export interface Infrastructure {
  config: Config;
  orm: MikroORM;
  logger: Logger;
  clock: Clock;
  /** Null when Google sign-in is not configured. */
  singleSignOn: SingleSignOn | null;
  /** Null when no SMTP server is configured: e-mails stay in the outbox. */
  mailTransport: MailTransport | null;
  /** Made from the configuration when absent (tests pass a SandboxMobileMoney of their own). */
  mobileMoney?: MobileMoney;
  /** Made from the configuration when absent; a test passing its own provider passes the tokens it gave it. */
  callbackTokens?: MobileMoneyCallbackTokens;
  /** The last segment of the Airtel callback URL; from the configuration (or random) when absent. */
  airtelCallbackSecret?: string;
}

// The tokens live in apps/tokens.ts (one table, no import cycle with the modules); re-exported for the callers that resolve through the container.
export { TOKENS };

/**
 * Each queue it makes (pay requests, payment confirmations) runs batches of at most 64, two at a
 * time: enough to keep a batch's statements small; the pool's other connections stay free for the rest of the app.
 */
const REQUEST_BATCHING: Batching = (work) => new GroupCommit(work, { maxBatch: 64, maxConcurrent: 2 });

function infrastructureModule(infra: Infrastructure): ContainerModule {
  return new ContainerModule(({ bind }) => {
    bind(TOKENS.Config).toConstantValue(infra.config);
    bind(TOKENS.Orm).toConstantValue(infra.orm);
    bind(TOKENS.Migrations).toConstantValue({ apply: () => migrate(infra.orm), create: () => infra.orm.migrator.create() });
    bind(TOKENS.EntityManager).toConstantValue(infra.orm.em);
    bind(TOKENS.Logger).toConstantValue(infra.logger);
    bind(TOKENS.Clock).toConstantValue(infra.clock);
    bind(TOKENS.SingleSignOn).toConstantValue(infra.singleSignOn);
    bind(TOKENS.MailTransport).toConstantValue(infra.mailTransport);
    bind(TOKENS.IdGenerator).toResolvedValue(() => new RandomUuidGenerator());
    bind(TOKENS.SecretTokens).toResolvedValue(() => new NodeSecretTokens());
    bind(TOKENS.PasswordHasher).toResolvedValue(() => new Argon2PasswordHasher());
    bind(TOKENS.UnitOfWork).toResolvedValue((em: EntityManager) => new MikroOrmUnitOfWork(em), [TOKENS.EntityManager]);
    bind(TOKENS.Batching).toConstantValue(REQUEST_BATCHING);
    // The mobile-money provider (apps/payments/mobile-money.ts): the configured one, or a test's own.
    const callbackTokens = infra.callbackTokens ?? createCallbackTokens(infra.config);
    bind(TOKENS.CallbackTokens).toConstantValue(callbackTokens);
    const airtelSecret = infra.airtelCallbackSecret ?? createAirtelCallbackSecret(infra.config);
    bind(TOKENS.AirtelCallbackSecret).toConstantValue(airtelSecret);
    const made = infra.mobileMoney ? { mobileMoney: infra.mobileMoney, sandbox: null } : createMobileMoney(infra.config, callbackTokens, airtelSecret);
    bind(TOKENS.MobileMoney).toConstantValue(made.mobileMoney);
    bind(TOKENS.SandboxApprovals).toConstantValue(made.sandbox);
    bind(TOKENS.MobileMoneyProvider).toConstantValue(infra.config.mobileMoney.provider);
    const providerOf = providerOfNumber(infra.config);
    bind(TOKENS.ProviderOfNumber).toConstantValue(providerOf);
    bind(TOKENS.PayerOf).toConstantValue(payerOfNumber(infra.config, providerOf));
    bind(TOKENS.PayoutProviderOf).toConstantValue(payoutProviderOf(infra.config, providerOf));
  });
}

export function buildContainer(infra: Infrastructure): Container {
  const container = new Container({ defaultScope: 'Singleton' });
  container.load(infrastructureModule(infra), ...MODULES);
  return container;
}
