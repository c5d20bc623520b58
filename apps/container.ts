/**
 * The composition root: one inversify container for the server, the CLI and the tests.
 *
 * Core classes carry no decorators; everything is bound with `toResolvedValue` factories and
 * explicit tokens (ports) or the use-case class itself (use cases). Things that need I/O to be
 * created (the ORM, the identity provider's discovery) are made first, in `Infrastructure`, and
 * bound as constants, so resolving stays synchronous. Tests pass their own Infrastructure (an
 * injected Clock, a fake MailTransport) or rebind a port.
 */
import type { ServiceIdentifier } from 'inversify';
import { Container, ContainerModule } from 'inversify';
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import type { Logger } from 'pino';
import { AttemptLimits } from '../core/accounts/attempt-limits.ts';
import { Authenticate } from '../core/accounts/authenticate.ts';
import type {
  AccountRepository,
  PasswordHasher,
  RateLimiter,
  SecretTokens,
  SessionStore,
  SignInLinkStore,
  SingleSignOnAttempts,
} from '../core/accounts/ports.ts';
import { RedeemSignInLink } from '../core/accounts/redeem-sign-in-link.ts';
import { RegisterAccount } from '../core/accounts/register-account.ts';
import { RequestSignInLink } from '../core/accounts/request-sign-in-link.ts';
import { SeedDemoAccounts } from '../core/accounts/seed-demo-accounts.ts';
import { SignIn } from '../core/accounts/sign-in.ts';
import { SignInWithProvider } from '../core/accounts/sign-in-with-provider.ts';
import { SignOut } from '../core/accounts/sign-out.ts';
import type { SingleSignOn } from '../core/accounts/single-sign-on.ts';
import { StartProviderSignIn } from '../core/accounts/start-provider-sign-in.ts';
import { SessionStarter } from '../core/accounts/start-session.ts';
import type { MailTransport } from '../core/notifications/mail-transport.ts';
import type { Outbox } from '../core/notifications/outbox.ts';
import type { Clock, IdGenerator } from '../core/shared/clock.ts';
import type { UnitOfWork } from '../core/shared/unit-of-work.ts';
import { Argon2PasswordHasher } from '../adapters/crypto/argon2-password-hasher.ts';
import { NodeSecretTokens, RandomUuidGenerator } from '../adapters/crypto/node-secret-tokens.ts';
import { EmailOutboxDispatcher } from '../adapters/email/email-outbox-dispatcher.ts';
import { MikroOrmAccountRepository } from '../adapters/postgres/mikro-orm-account-repository.ts';
import { MikroOrmSessionStore } from '../adapters/postgres/mikro-orm-session-store.ts';
import { MikroOrmSignInLinkStore } from '../adapters/postgres/mikro-orm-sign-in-link-store.ts';
import { MikroOrmSingleSignOnAttempts } from '../adapters/postgres/mikro-orm-sso-attempts.ts';
import { MikroOrmUnitOfWork } from '../adapters/postgres/mikro-orm-unit-of-work.ts';
import { PostgresOutbox } from '../adapters/postgres/postgres-outbox.ts';
import { PostgresRateLimiter } from '../adapters/postgres/postgres-rate-limiter.ts';
import type { Config } from './config.ts';
import { schedulerModule } from './scheduler/module.ts';

export interface Infrastructure {
  config: Config;
  orm: MikroORM;
  logger: Logger;
  clock: Clock;
  /** Null when Google sign-in is not configured. */
  singleSignOn: SingleSignOn | null;
  /** Null when no SMTP server is configured: e-mails stay in the outbox. */
  mailTransport: MailTransport | null;
}

function token<T>(name: string): ServiceIdentifier<T> {
  return Symbol.for(`ikimina.${name}`);
}

export const TOKENS = {
  Config: token<Config>('Config'),
  Orm: token<MikroORM>('Orm'),
  EntityManager: token<EntityManager>('EntityManager'),
  Logger: token<Logger>('Logger'),
  Clock: token<Clock>('Clock'),
  IdGenerator: token<IdGenerator>('IdGenerator'),
  UnitOfWork: token<UnitOfWork>('UnitOfWork'),
  SecretTokens: token<SecretTokens>('SecretTokens'),
  PasswordHasher: token<PasswordHasher>('PasswordHasher'),
  AccountRepository: token<AccountRepository>('AccountRepository'),
  SessionStore: token<SessionStore>('SessionStore'),
  SignInLinkStore: token<SignInLinkStore>('SignInLinkStore'),
  SingleSignOnAttempts: token<SingleSignOnAttempts>('SingleSignOnAttempts'),
  RateLimiter: token<RateLimiter>('RateLimiter'),
  Outbox: token<Outbox>('Outbox'),
  SingleSignOn: token<SingleSignOn | null>('SingleSignOn'),
  MailTransport: token<MailTransport | null>('MailTransport'),
  /** Provider sign-in use cases; null when no provider is configured. */
  ProviderSignIn: token<{ start: StartProviderSignIn; finish: SignInWithProvider } | null>('ProviderSignIn'),
  /** Null when no mail transport is configured. */
  EmailDispatcher: token<EmailOutboxDispatcher | null>('EmailDispatcher'),
};

function infrastructureModule(infra: Infrastructure): ContainerModule {
  return new ContainerModule(({ bind }) => {
    bind(TOKENS.Config).toConstantValue(infra.config);
    bind(TOKENS.Orm).toConstantValue(infra.orm);
    bind(TOKENS.EntityManager).toConstantValue(infra.orm.em);
    bind(TOKENS.Logger).toConstantValue(infra.logger);
    bind(TOKENS.Clock).toConstantValue(infra.clock);
    bind(TOKENS.SingleSignOn).toConstantValue(infra.singleSignOn);
    bind(TOKENS.MailTransport).toConstantValue(infra.mailTransport);
    bind(TOKENS.IdGenerator).toResolvedValue(() => new RandomUuidGenerator());
    bind(TOKENS.SecretTokens).toResolvedValue(() => new NodeSecretTokens());
    bind(TOKENS.PasswordHasher).toResolvedValue(() => new Argon2PasswordHasher());
    bind(TOKENS.UnitOfWork).toResolvedValue((em: EntityManager) => new MikroOrmUnitOfWork(em), [TOKENS.EntityManager]);
  });
}

const notificationsModule = new ContainerModule(({ bind }) => {
  bind(PostgresOutbox).toResolvedValue((em: EntityManager, ids: IdGenerator, clock: Clock) => new PostgresOutbox(em, ids, clock), [
    TOKENS.EntityManager,
    TOKENS.IdGenerator,
    TOKENS.Clock,
  ]);
  bind(TOKENS.Outbox).toService(PostgresOutbox);
  bind(TOKENS.EmailDispatcher).toResolvedValue(
    (outbox: PostgresOutbox, transport: MailTransport | null, clock: Clock) => (transport ? new EmailOutboxDispatcher(outbox, transport, clock) : null),
    [PostgresOutbox, TOKENS.MailTransport, TOKENS.Clock],
  );
});

const accountsModule = new ContainerModule(({ bind }) => {
  const em = [TOKENS.EntityManager] as const;
  bind(MikroOrmAccountRepository).toResolvedValue((m: EntityManager) => new MikroOrmAccountRepository(m), [...em]);
  bind(TOKENS.AccountRepository).toService(MikroOrmAccountRepository);
  bind(TOKENS.SessionStore).toResolvedValue((m: EntityManager) => new MikroOrmSessionStore(m), [...em]);
  bind(TOKENS.SignInLinkStore).toResolvedValue((m: EntityManager) => new MikroOrmSignInLinkStore(m), [...em]);
  bind(TOKENS.SingleSignOnAttempts).toResolvedValue((m: EntityManager) => new MikroOrmSingleSignOnAttempts(m), [...em]);
  bind(PostgresRateLimiter).toResolvedValue((m: EntityManager) => new PostgresRateLimiter(m), [...em]);
  bind(TOKENS.RateLimiter).toService(PostgresRateLimiter);

  bind(AttemptLimits).toResolvedValue((limiter: RateLimiter, config: Config, clock: Clock) => new AttemptLimits(limiter, config.rateLimit, clock), [
    TOKENS.RateLimiter,
    TOKENS.Config,
    TOKENS.Clock,
  ]);
  bind(SessionStarter).toResolvedValue(
    (sessions: SessionStore, secrets: SecretTokens, ids: IdGenerator, clock: Clock, config: Config) =>
      new SessionStarter(sessions, secrets, ids, clock, config.sessionTtlDays),
    [TOKENS.SessionStore, TOKENS.SecretTokens, TOKENS.IdGenerator, TOKENS.Clock, TOKENS.Config],
  );
  bind(RegisterAccount).toResolvedValue(
    (...deps: ConstructorParameters<typeof RegisterAccount>) => new RegisterAccount(...deps),
    [TOKENS.AccountRepository, TOKENS.PasswordHasher, SessionStarter, AttemptLimits, TOKENS.UnitOfWork, TOKENS.IdGenerator, TOKENS.Clock],
  );
  bind(SignIn).toResolvedValue((...deps: ConstructorParameters<typeof SignIn>) => new SignIn(...deps), [
    TOKENS.AccountRepository,
    TOKENS.PasswordHasher,
    SessionStarter,
    AttemptLimits,
  ]);
  bind(SignOut).toResolvedValue((...deps: ConstructorParameters<typeof SignOut>) => new SignOut(...deps), [
    TOKENS.SessionStore,
    TOKENS.SecretTokens,
    TOKENS.Clock,
  ]);
  bind(Authenticate).toResolvedValue((...deps: ConstructorParameters<typeof Authenticate>) => new Authenticate(...deps), [
    TOKENS.SessionStore,
    TOKENS.AccountRepository,
    TOKENS.SecretTokens,
    TOKENS.Clock,
  ]);
  bind(RequestSignInLink).toResolvedValue(
    (accounts: AccountRepository, links: SignInLinkStore, outbox: Outbox, secrets: SecretTokens, limits: AttemptLimits, uow: UnitOfWork, ids: IdGenerator, clock: Clock, config: Config) =>
      new RequestSignInLink(accounts, links, outbox, secrets, limits, uow, ids, clock, config.publicBaseUrl),
    [TOKENS.AccountRepository, TOKENS.SignInLinkStore, TOKENS.Outbox, TOKENS.SecretTokens, AttemptLimits, TOKENS.UnitOfWork, TOKENS.IdGenerator, TOKENS.Clock, TOKENS.Config],
  );
  bind(RedeemSignInLink).toResolvedValue(
    (...deps: ConstructorParameters<typeof RedeemSignInLink>) => new RedeemSignInLink(...deps),
    [TOKENS.AccountRepository, TOKENS.SignInLinkStore, TOKENS.SecretTokens, SessionStarter, TOKENS.UnitOfWork, TOKENS.Clock],
  );
  bind(TOKENS.ProviderSignIn).toResolvedValue(
    (provider: SingleSignOn | null, attempts: SingleSignOnAttempts, accounts: AccountRepository, links: SignInLinkStore, secrets: SecretTokens, uow: UnitOfWork, ids: IdGenerator, clock: Clock) =>
      provider
        ? {
            start: new StartProviderSignIn(provider, attempts, clock),
            finish: new SignInWithProvider(provider, attempts, accounts, links, secrets, uow, ids, clock),
          }
        : null,
    [TOKENS.SingleSignOn, TOKENS.SingleSignOnAttempts, TOKENS.AccountRepository, TOKENS.SignInLinkStore, TOKENS.SecretTokens, TOKENS.UnitOfWork, TOKENS.IdGenerator, TOKENS.Clock],
  );
  bind(SeedDemoAccounts).toResolvedValue((...deps: ConstructorParameters<typeof SeedDemoAccounts>) => new SeedDemoAccounts(...deps), [
    TOKENS.AccountRepository,
    TOKENS.PasswordHasher,
    TOKENS.UnitOfWork,
    TOKENS.IdGenerator,
    TOKENS.Clock,
  ]);
});

export function buildContainer(infra: Infrastructure): Container {
  const container = new Container({ defaultScope: 'Singleton' });
  container.load(infrastructureModule(infra), notificationsModule, accountsModule, schedulerModule);
  return container;
}
