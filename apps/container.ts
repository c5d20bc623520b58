/**
 * The composition root: one inversify container for the server, the CLI and the tests.
 *
 * For the background jobs (savings journey): resolve `TOKENS.MobileMoney` (collectionStatus /
 * transferStatus), `PostgresPaymentRepository` (`listPendingOlderThan(instant, limit, now)` for the
 * polling job, `findById`, `findByReference`), then `SettlePaymentReport.execute(report)` — the
 * very path the provider callback takes, loan references included; `SettlePaymentReport.expire`
 * for a collection the provider answers `mobile_money_reference_unknown`; `SavingsTransfers`
 * (`send` again under the same reference, `retry` a failed transfer). The repositories
 * `TOKENS.TontineRepository` / `TOKENS.ContributionRepository` (or their classes
 * `MikroOrmTontineRepository` / `MikroOrmContributionRepository`), `TOKENS.Notifier` (in-app +
 * SMS + e-mail in the outbox, templates in apps/notifications), `PostgresOutbox` (channels
 * 'email' and 'sms') and the use cases (`PayoutIfCycleComplete`, `ConfirmContributionPayment`, …)
 * are bound by their classes. Run each inside `RequestContext.create(orm.em, …)`.
 *
 * The audit trail: resolve `TOKENS.AuditTrail` (port core/audit/ports.ts, adapter
 * `PostgresAuditTrail`) and call `record` inside the use case's unit of work, so the decision and
 * its audit row commit together.
 *
 * Core classes carry no decorators; everything is bound with `toResolvedValue` factories and
 * explicit tokens (ports) or the use-case class itself (use cases). Things that need I/O to be
 * created (the ORM, the identity provider's discovery) are made first, in `Infrastructure`, and
 * bound as constants, so resolving stays synchronous. Tests pass their own Infrastructure (an
 * injected Clock, a fake MailTransport) or rebind a port.
 */
import { randomBytes } from 'node:crypto';
import type { ServiceIdentifier } from 'inversify';
import { Container, ContainerModule } from 'inversify';
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import type { Logger } from 'pino';
import { AttemptLimits } from '../core/accounts/attempt-limits.ts';
import type { AuditTrail } from '../core/audit/ports.ts';
import { Authenticate } from '../core/accounts/authenticate.ts';
import { ChangePassword } from '../core/accounts/change-password.ts';
import { ListSessions, RevokeSession } from '../core/accounts/member-sessions.ts';
import type {
  AccountRepository,
  PasswordHasher,
  RateLimiter,
  SecretTokens,
  SessionStore,
  SignInLinkStore,
  SingleSignOnAttempts,
  ThrottleStore,
} from '../core/accounts/ports.ts';
import { RedeemSignInLink } from '../core/accounts/redeem-sign-in-link.ts';
import { RegisterAccount } from '../core/accounts/register-account.ts';
import { RequestSignInLink } from '../core/accounts/request-sign-in-link.ts';
import { RequestPasswordReset, ResetPassword } from '../core/accounts/reset-password.ts';
import { DEFAULT_SESSION_POLICY, type SessionPolicy } from '../core/accounts/session-policy.ts';
import { SeedDemoAccounts } from '../core/accounts/seed-demo-accounts.ts';
import { SignIn } from '../core/accounts/sign-in.ts';
import { SignInWithProvider } from '../core/accounts/sign-in-with-provider.ts';
import { ACCOUNT_THROTTLE, CLIENT_THROTTLE, SignInThrottle } from '../core/accounts/sign-in-throttle.ts';
import { SignOut, SignOutEverywhere } from '../core/accounts/sign-out.ts';
import type { SingleSignOn } from '../core/accounts/single-sign-on.ts';
import { StartProviderSignIn } from '../core/accounts/start-provider-sign-in.ts';
import { SessionStarter } from '../core/accounts/start-session.ts';
import { ConfirmContributionPayment } from '../core/contributions/confirm-contribution-payment.ts';
import type { CreditAssessmentRepository, CreditHistories, ScoringConsents } from '../core/credit/ports.ts';
import { ConfirmLoanPayment } from '../core/loans/confirm-loan-payment.ts';
import type { DisburseLoanDeps } from '../core/loans/disburse-loan.ts';
import type {
  Borrowers,
  DisbursementAttemptRepository,
  KeyFactsStatementRepository,
  LoanCollectionRepository,
  LoanReminderNotices,
  LoanRepository,
  MemberSavings,
} from '../core/loans/ports.ts';
import { PayContribution } from '../core/contributions/pay-contribution.ts';
import type { ContributionRepository } from '../core/contributions/ports.ts';
import { Journal } from '../core/ledger/journal.ts';
import type { JournalWriter, LedgerRepository } from '../core/ledger/ports.ts';
import type { MailTransport } from '../core/notifications/mail-transport.ts';
import type { MobileMoney, MobileMoneyProvider, PaymentDisputes } from '../core/payments/ports.ts';
import { ReconcilePayment } from '../core/payments/reconcile-payment.ts';
import { AcceptTurnSwap } from '../core/tontines/accept-turn-swap.ts';
import { CancelTontine } from '../core/tontines/cancel-tontine.ts';
import { CreateTontine } from '../core/tontines/create-tontine.ts';
import { DrawPayoutOrder } from '../core/tontines/draw-payout-order.ts';
import { JoinTontine } from '../core/tontines/join-tontine.ts';
import { PayoutIfCycleComplete } from '../core/tontines/payout-if-cycle-complete.ts';
import type { MemberWallets, Notifier, TontineRepository } from '../core/tontines/ports.ts';
import { ProposeTurnSwap } from '../core/tontines/propose-turn-swap.ts';
import { StartTontine } from '../core/tontines/start-tontine.ts';
import { SavingsTransfers } from '../core/tontines/savings-transfers.ts';
import { WithdrawSavings } from '../core/tontines/withdraw-savings.ts';
import type { Outbox } from '../core/notifications/outbox.ts';
import { normalisePhoneNumber } from '../core/identity/phone-number.ts';
import type { Clock, IdGenerator } from '../core/shared/clock.ts';
import type { UnitOfWork } from '../core/shared/unit-of-work.ts';
import { Argon2PasswordHasher } from '../adapters/crypto/argon2-password-hasher.ts';
import { NodeSecretTokens, RandomUuidGenerator } from '../adapters/crypto/node-secret-tokens.ts';
import { loadOutboxKey, OutboxSealer } from '../adapters/crypto/outbox-sealer.ts';
import { EmailOutboxDispatcher } from '../adapters/email/email-outbox-dispatcher.ts';
import { MobileMoneyCallbackTokens, type CallbackKind } from '../adapters/mobile-money/callback-tokens.ts';
import { MtnMomoMobileMoney } from '../adapters/mobile-money/mtn-momo-mobile-money.ts';
import { SandboxMobileMoney } from '../adapters/mobile-money/sandbox-mobile-money.ts';
import { MikroOrmAccountRepository } from '../adapters/postgres/mikro-orm-account-repository.ts';
import { PostgresAuditTrail } from '../adapters/postgres/postgres-audit-trail.ts';
import { MikroOrmContributionRepository } from '../adapters/postgres/mikro-orm-contribution-repository.ts';
import { MikroOrmTontineRepository } from '../adapters/postgres/mikro-orm-tontine-repository.ts';
import { PostgresChat, PostgresMemberDirectory, PostgresNotificationStore } from '../adapters/postgres/postgres-community.ts';
import { PostgresLedgerRepository } from '../adapters/postgres/postgres-ledger-repository.ts';
import { PostgresPaymentDisputes } from '../adapters/postgres/postgres-payment-disputes.ts';
import { PostgresPaymentRepository } from '../adapters/postgres/postgres-payment-repository.ts';
import { MikroOrmSessionStore } from '../adapters/postgres/mikro-orm-session-store.ts';
import { MikroOrmSignInLinkStore } from '../adapters/postgres/mikro-orm-sign-in-link-store.ts';
import { MikroOrmSingleSignOnAttempts } from '../adapters/postgres/mikro-orm-sso-attempts.ts';
import { MikroOrmUnitOfWork } from '../adapters/postgres/mikro-orm-unit-of-work.ts';
import { PostgresOutbox } from '../adapters/postgres/postgres-outbox.ts';
import { PostgresRateLimiter } from '../adapters/postgres/postgres-rate-limiter.ts';
import { PostgresSignInThrottle } from '../adapters/postgres/postgres-sign-in-throttle.ts';
import type { Config } from './config.ts';
import { OutboxNotifier } from './notifications/outbox-notifier.ts';
import { sandboxPayableNumber, SandboxTestNumbers } from './payments/sandbox-test-numbers.ts';
import { ContributionPayments } from './payments/contribution-payments.ts';
import { SettlePaymentReport } from './payments/settle-payment-report.ts';
import { loansModule } from './modules/loans-module.ts';
import { schedulerModule } from './scheduler/module.ts';
import { ussdModule } from './ussd/module.ts';

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
  ThrottleStore: token<ThrottleStore>('ThrottleStore'),
  SessionPolicy: token<SessionPolicy>('SessionPolicy'),
  Outbox: token<Outbox>('Outbox'),
  SingleSignOn: token<SingleSignOn | null>('SingleSignOn'),
  MailTransport: token<MailTransport | null>('MailTransport'),
  /** Provider sign-in use cases; null when no provider is configured. */
  ProviderSignIn: token<{ start: StartProviderSignIn; finish: SignInWithProvider } | null>('ProviderSignIn'),
  /** Null when no mail transport is configured. */
  EmailDispatcher: token<EmailOutboxDispatcher | null>('EmailDispatcher'),
  MobileMoney: token<MobileMoney>('MobileMoney'),
  CallbackTokens: token<MobileMoneyCallbackTokens>('CallbackTokens'),
  PaymentDisputes: token<PaymentDisputes>('PaymentDisputes'),
  /** The provider of the configured adapter: its clearing account and its payments. */
  MobileMoneyProvider: token<MobileMoneyProvider>('MobileMoneyProvider'),
  /** Reads a phone as a number the configured provider can be asked to collect from. */
  PayableNumber: token<(phone: string) => string | undefined>('PayableNumber'),
  TontineRepository: token<TontineRepository>('TontineRepository'),
  ContributionRepository: token<ContributionRepository>('ContributionRepository'),
  LedgerRepository: token<LedgerRepository>('LedgerRepository'),
  JournalWriter: token<JournalWriter>('JournalWriter'),
  MemberWallets: token<MemberWallets>('MemberWallets'),
  Notifier: token<Notifier>('Notifier'),
  /** The append-only, hash-chained record of decisions (core/audit/ports.ts). */
  AuditTrail: token<AuditTrail>('AuditTrail'),
  // Loans and credit (core/loans/ports.ts, core/credit/ports.ts); bound in apps/modules/loans-module.ts.
  LoanRepository: token<LoanRepository>('LoanRepository'),
  LoanCollections: token<LoanCollectionRepository>('LoanCollections'),
  DisbursementAttempts: token<DisbursementAttemptRepository>('DisbursementAttempts'),
  KeyFactsStatements: token<KeyFactsStatementRepository>('KeyFactsStatements'),
  LoanReminderNotices: token<LoanReminderNotices>('LoanReminderNotices'),
  Borrowers: token<Borrowers>('Borrowers'),
  MemberSavings: token<MemberSavings>('MemberSavings'),
  CreditHistories: token<CreditHistories>('CreditHistories'),
  CreditAssessments: token<CreditAssessmentRepository>('CreditAssessments'),
  ScoringConsents: token<ScoringConsents>('ScoringConsents'),
  /** The ports core/loans/disburse-loan.ts takes (payment polling, disbursement retries). */
  LoanDisbursementPorts: token<DisburseLoanDeps>('LoanDisbursementPorts'),
};

/** The signer of each payment's callback URL: the configured secret, or (sandbox only) a random one for this process. */
export function createCallbackTokens(config: Config): MobileMoneyCallbackTokens {
  const { callbackSecret, callbackUrl } = config.mobileMoney;
  return new MobileMoneyCallbackTokens(callbackSecret ?? randomBytes(32).toString('base64url'), callbackUrl);
}

/** The configured mobile-money adapter: the embedded sandbox unless MTN is configured. */
export function createMobileMoney(config: Config, tokens: MobileMoneyCallbackTokens): MobileMoney {
  const settings = config.mobileMoney;
  const callbackUrlFor = (kind: CallbackKind, reference: string) => tokens.urlFor(kind, reference);
  if (settings.provider === 'mtn') {
    return new MtnMomoMobileMoney({
      baseUrl: settings.baseUrl,
      targetEnvironment: settings.targetEnvironment,
      currency: settings.currency,
      collection: settings.collection,
      disbursement: settings.disbursement,
      callbackUrlFor,
    });
  }
  return new SandboxTestNumbers(new SandboxMobileMoney({ callbackUrlFor, settleMs: settings.settleMs, ongoingMs: settings.ongoingMs }));
}

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
    const callbackTokens = infra.callbackTokens ?? createCallbackTokens(infra.config);
    bind(TOKENS.CallbackTokens).toConstantValue(callbackTokens);
    bind(TOKENS.MobileMoney).toConstantValue(infra.mobileMoney ?? createMobileMoney(infra.config, callbackTokens));
    bind(TOKENS.MobileMoneyProvider).toConstantValue(infra.config.mobileMoney.provider);
    bind(TOKENS.PayableNumber).toConstantValue(
      infra.config.mobileMoney.provider === 'sandbox'
        ? sandboxPayableNumber
        : (phone: string) => {
            const parsed = normalisePhoneNumber(phone);
            return parsed.ok ? parsed.value : undefined;
          },
    );
  });
}

const notificationsModule = new ContainerModule(({ bind }) => {
  // Resolved once: the key file of the embedded default is read (or created) at first use.
  bind(OutboxSealer).toResolvedValue((config: Config) => new OutboxSealer(loadOutboxKey(config.outboxEncryptionKey, config.dataDir)), [TOKENS.Config]);
  bind(PostgresOutbox).toResolvedValue(
    (em: EntityManager, ids: IdGenerator, clock: Clock, sealer: OutboxSealer) => new PostgresOutbox(em, ids, clock, sealer),
    [TOKENS.EntityManager, TOKENS.IdGenerator, TOKENS.Clock, OutboxSealer],
  );
  bind(TOKENS.Outbox).toService(PostgresOutbox);
  bind(TOKENS.EmailDispatcher).toResolvedValue(
    (outbox: PostgresOutbox, transport: MailTransport | null, clock: Clock) => (transport ? new EmailOutboxDispatcher(outbox, transport, clock) : null),
    [PostgresOutbox, TOKENS.MailTransport, TOKENS.Clock],
  );
});

const auditModule = new ContainerModule(({ bind }) => {
  bind(PostgresAuditTrail).toResolvedValue((em: EntityManager, clock: Clock) => new PostgresAuditTrail(em, clock), [TOKENS.EntityManager, TOKENS.Clock]);
  bind(TOKENS.AuditTrail).toService(PostgresAuditTrail);
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
  bind(PostgresSignInThrottle).toResolvedValue((m: EntityManager) => new PostgresSignInThrottle(m), [...em]);
  bind(TOKENS.ThrottleStore).toService(PostgresSignInThrottle);
  bind(TOKENS.SessionPolicy).toResolvedValue(
    (config: Config): SessionPolicy => ({ ...DEFAULT_SESSION_POLICY, idleMinutes: config.session.idleMinutes, absoluteHours: config.session.absoluteHours }),
    [TOKENS.Config],
  );
  bind(SignInThrottle).toResolvedValue(
    (store: ThrottleStore, uow: UnitOfWork, clock: Clock, config: Config) =>
      new SignInThrottle(store, uow, clock, {
        account: { ...ACCOUNT_THROTTLE, freeFailures: config.signInFreeFailures.perAccount },
        client: { ...CLIENT_THROTTLE, freeFailures: config.signInFreeFailures.perClient },
      }),
    [TOKENS.ThrottleStore, TOKENS.UnitOfWork, TOKENS.Clock, TOKENS.Config],
  );

  bind(AttemptLimits).toResolvedValue((limiter: RateLimiter, config: Config, clock: Clock) => new AttemptLimits(limiter, config.rateLimit, clock), [
    TOKENS.RateLimiter,
    TOKENS.Config,
    TOKENS.Clock,
  ]);
  bind(SessionStarter).toResolvedValue(
    (...deps: ConstructorParameters<typeof SessionStarter>) => new SessionStarter(...deps),
    [TOKENS.SessionStore, TOKENS.SecretTokens, TOKENS.IdGenerator, TOKENS.Clock, TOKENS.SessionPolicy],
  );
  bind(RegisterAccount).toResolvedValue(
    (...deps: ConstructorParameters<typeof RegisterAccount>) => new RegisterAccount(...deps),
    [TOKENS.AccountRepository, TOKENS.PasswordHasher, SessionStarter, AttemptLimits, TOKENS.UnitOfWork, TOKENS.IdGenerator, TOKENS.Clock],
  );
  bind(SignIn).toResolvedValue((...deps: ConstructorParameters<typeof SignIn>) => new SignIn(...deps), [
    TOKENS.AccountRepository,
    TOKENS.PasswordHasher,
    SessionStarter,
    SignInThrottle,
  ]);
  bind(SignOut).toResolvedValue((...deps: ConstructorParameters<typeof SignOut>) => new SignOut(...deps), [
    TOKENS.SessionStore,
    TOKENS.SecretTokens,
    TOKENS.Clock,
  ]);
  bind(Authenticate).toResolvedValue((...deps: ConstructorParameters<typeof Authenticate>) => new Authenticate(...deps), [
    TOKENS.SessionStore,
    TOKENS.SecretTokens,
    TOKENS.Clock,
    TOKENS.SessionPolicy,
  ]);
  bind(SignOutEverywhere).toResolvedValue((...deps: ConstructorParameters<typeof SignOutEverywhere>) => new SignOutEverywhere(...deps), [
    TOKENS.SessionStore,
    TOKENS.SignInLinkStore,
    TOKENS.UnitOfWork,
    TOKENS.Clock,
  ]);
  bind(ListSessions).toResolvedValue((...deps: ConstructorParameters<typeof ListSessions>) => new ListSessions(...deps), [
    TOKENS.SessionStore,
    TOKENS.Clock,
    TOKENS.SessionPolicy,
  ]);
  bind(RevokeSession).toResolvedValue((...deps: ConstructorParameters<typeof RevokeSession>) => new RevokeSession(...deps), [TOKENS.SessionStore, TOKENS.Clock]);
  bind(ChangePassword).toResolvedValue(
    (accounts: AccountRepository, passwords: PasswordHasher, sessions: SessionStore, links: SignInLinkStore, throttle: SignInThrottle, outbox: Outbox, uow: UnitOfWork, clock: Clock, config: Config) =>
      new ChangePassword(accounts, passwords, sessions, links, throttle, outbox, uow, clock, config.publicBaseUrl),
    [TOKENS.AccountRepository, TOKENS.PasswordHasher, TOKENS.SessionStore, TOKENS.SignInLinkStore, SignInThrottle, TOKENS.Outbox, TOKENS.UnitOfWork, TOKENS.Clock, TOKENS.Config],
  );
  bind(RequestPasswordReset).toResolvedValue(
    (accounts: AccountRepository, links: SignInLinkStore, outbox: Outbox, secrets: SecretTokens, limits: AttemptLimits, uow: UnitOfWork, ids: IdGenerator, clock: Clock, config: Config) =>
      new RequestPasswordReset(accounts, links, outbox, secrets, limits, uow, ids, clock, config.publicBaseUrl),
    [TOKENS.AccountRepository, TOKENS.SignInLinkStore, TOKENS.Outbox, TOKENS.SecretTokens, AttemptLimits, TOKENS.UnitOfWork, TOKENS.IdGenerator, TOKENS.Clock, TOKENS.Config],
  );
  bind(ResetPassword).toResolvedValue(
    (accounts: AccountRepository, passwords: PasswordHasher, links: SignInLinkStore, secrets: SecretTokens, sessions: SessionStore, starter: SessionStarter, outbox: Outbox, uow: UnitOfWork, clock: Clock, config: Config) =>
      new ResetPassword(accounts, passwords, links, secrets, sessions, starter, outbox, uow, clock, config.publicBaseUrl),
    [TOKENS.AccountRepository, TOKENS.PasswordHasher, TOKENS.SignInLinkStore, TOKENS.SecretTokens, TOKENS.SessionStore, SessionStarter, TOKENS.Outbox, TOKENS.UnitOfWork, TOKENS.Clock, TOKENS.Config],
  );
  bind(RequestSignInLink).toResolvedValue(
    (accounts: AccountRepository, links: SignInLinkStore, outbox: Outbox, secrets: SecretTokens, limits: AttemptLimits, uow: UnitOfWork, ids: IdGenerator, clock: Clock, config: Config) =>
      new RequestSignInLink(accounts, links, outbox, secrets, limits, uow, ids, clock, config.publicBaseUrl),
    [TOKENS.AccountRepository, TOKENS.SignInLinkStore, TOKENS.Outbox, TOKENS.SecretTokens, AttemptLimits, TOKENS.UnitOfWork, TOKENS.IdGenerator, TOKENS.Clock, TOKENS.Config],
  );
  bind(RedeemSignInLink).toResolvedValue(
    (...deps: ConstructorParameters<typeof RedeemSignInLink>) => new RedeemSignInLink(...deps),
    [TOKENS.AccountRepository, TOKENS.SignInLinkStore, TOKENS.SecretTokens, SessionStarter, TOKENS.SessionStore, TOKENS.UnitOfWork, TOKENS.Clock],
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

/** Tontines, contributions, payments, the ledger and notifications: the savings journey. */
const savingsModule = new ContainerModule(({ bind }) => {
  bind(PostgresLedgerRepository).toResolvedValue((em: EntityManager) => new PostgresLedgerRepository(em), [TOKENS.EntityManager]);
  bind(TOKENS.LedgerRepository).toService(PostgresLedgerRepository);
  bind(TOKENS.JournalWriter).toResolvedValue((ledger: LedgerRepository) => new Journal(ledger), [TOKENS.LedgerRepository]);
  bind(MikroOrmTontineRepository).toResolvedValue((em: EntityManager) => new MikroOrmTontineRepository(em), [TOKENS.EntityManager]);
  bind(TOKENS.TontineRepository).toService(MikroOrmTontineRepository);
  bind(MikroOrmContributionRepository).toResolvedValue(
    (em: EntityManager, ids: IdGenerator, clock: Clock) => new MikroOrmContributionRepository(em, ids, clock),
    [TOKENS.EntityManager, TOKENS.IdGenerator, TOKENS.Clock],
  );
  bind(TOKENS.ContributionRepository).toService(MikroOrmContributionRepository);
  bind(PostgresPaymentRepository).toResolvedValue((em: EntityManager, ids: IdGenerator) => new PostgresPaymentRepository(em, () => ids.newId()), [
    TOKENS.EntityManager,
    TOKENS.IdGenerator,
  ]);
  bind(PostgresNotificationStore).toResolvedValue((em: EntityManager) => new PostgresNotificationStore(em), [TOKENS.EntityManager]);
  bind(PostgresChat).toResolvedValue((em: EntityManager) => new PostgresChat(em), [TOKENS.EntityManager]);
  bind(PostgresMemberDirectory).toResolvedValue(
    (em: EntityManager, provider: MobileMoneyProvider, payable: (phone: string) => string | undefined) => new PostgresMemberDirectory(em, provider, payable),
    [TOKENS.EntityManager, TOKENS.MobileMoneyProvider, TOKENS.PayableNumber],
  );
  bind(TOKENS.MemberWallets).toService(PostgresMemberDirectory);
  bind(OutboxNotifier).toResolvedValue(
    (...deps: ConstructorParameters<typeof OutboxNotifier>) => new OutboxNotifier(...deps),
    [PostgresMemberDirectory, PostgresNotificationStore, TOKENS.IdGenerator, TOKENS.Clock],
  );
  bind(TOKENS.Notifier).toService(OutboxNotifier);

  const base = { tontines: TOKENS.TontineRepository, contributions: TOKENS.ContributionRepository, uow: TOKENS.UnitOfWork, clock: TOKENS.Clock, ids: TOKENS.IdGenerator };
  const schedule = (tontines: TontineRepository, contributions: ContributionRepository, uow: UnitOfWork, clock: Clock, ids: IdGenerator) => ({ tontines, contributions, uow, clock, ids });
  const scheduleDeps = [base.tontines, base.contributions, base.uow, base.clock, base.ids] as const;
  bind(CreateTontine).toResolvedValue((...d: Parameters<typeof schedule>) => new CreateTontine(schedule(...d)), [...scheduleDeps]);
  bind(JoinTontine).toResolvedValue((...d: Parameters<typeof schedule>) => new JoinTontine(schedule(...d)), [...scheduleDeps]);
  bind(StartTontine).toResolvedValue((...d: Parameters<typeof schedule>) => new StartTontine(schedule(...d)), [...scheduleDeps]);
  bind(CancelTontine).toResolvedValue((tontines: TontineRepository, uow: UnitOfWork) => new CancelTontine({ tontines, uow }), [base.tontines, base.uow]);
  bind(AcceptTurnSwap).toResolvedValue((tontines: TontineRepository, uow: UnitOfWork) => new AcceptTurnSwap({ tontines, uow }), [base.tontines, base.uow]);
  bind(DrawPayoutOrder).toResolvedValue(
    (tontines: TontineRepository, uow: UnitOfWork, clock: Clock, ids: IdGenerator) => new DrawPayoutOrder({ tontines, uow, clock, ids }),
    [base.tontines, base.uow, base.clock, base.ids],
  );
  bind(ProposeTurnSwap).toResolvedValue(
    (tontines: TontineRepository, uow: UnitOfWork, clock: Clock, ids: IdGenerator) => new ProposeTurnSwap({ tontines, uow, clock, ids }),
    [base.tontines, base.uow, base.clock, base.ids],
  );
  bind(PayContribution).toResolvedValue(
    (contributions: ContributionRepository, uow: UnitOfWork, mobileMoney: MobileMoney, clock: Clock, ids: IdGenerator) => new PayContribution({ contributions, uow, mobileMoney, clock, ids }),
    [base.contributions, base.uow, TOKENS.MobileMoney, base.clock, base.ids],
  );
  bind(ContributionPayments).toResolvedValue(
    (payContribution: PayContribution, payments: PostgresPaymentRepository, provider: MobileMoneyProvider, payableNumber: (phone: string) => string | undefined) =>
      new ContributionPayments({ payContribution, payments, provider, payableNumber }),
    [PayContribution, PostgresPaymentRepository, TOKENS.MobileMoneyProvider, TOKENS.PayableNumber],
  );
  bind(ConfirmContributionPayment).toResolvedValue(
    (contributions: ContributionRepository, journal: JournalWriter, uow: UnitOfWork, clock: Clock, ids: IdGenerator) => new ConfirmContributionPayment({ contributions, journal, uow, clock, ids }),
    [base.contributions, TOKENS.JournalWriter, base.uow, base.clock, base.ids],
  );
  bind(SavingsTransfers).toResolvedValue(
    (attempts: PostgresPaymentRepository, tontines: TontineRepository, journal: JournalWriter, uow: UnitOfWork, mobileMoney: MobileMoney, wallets: MemberWallets, notifier: Notifier, clock: Clock, ids: IdGenerator) =>
      new SavingsTransfers({ attempts, tontines, journal, uow, mobileMoney, wallets, notifier, clock, ids }),
    [PostgresPaymentRepository, base.tontines, TOKENS.JournalWriter, base.uow, TOKENS.MobileMoney, TOKENS.MemberWallets, TOKENS.Notifier, base.clock, base.ids],
  );
  bind(PayoutIfCycleComplete).toResolvedValue(
    (tontines: TontineRepository, contributions: ContributionRepository, journal: JournalWriter, uow: UnitOfWork, transfers: SavingsTransfers, wallets: MemberWallets, notifier: Notifier, clock: Clock, ids: IdGenerator) =>
      new PayoutIfCycleComplete({ tontines, contributions, journal, uow, transfers, wallets, notifier, clock, ids }),
    [base.tontines, base.contributions, TOKENS.JournalWriter, base.uow, SavingsTransfers, TOKENS.MemberWallets, TOKENS.Notifier, base.clock, base.ids],
  );
  bind(WithdrawSavings).toResolvedValue(
    (tontines: TontineRepository, journal: JournalWriter, uow: UnitOfWork, transfers: SavingsTransfers, wallets: MemberWallets, clock: Clock) =>
      new WithdrawSavings({ tontines, journal, uow, transfers, wallets, clock }),
    [base.tontines, TOKENS.JournalWriter, base.uow, SavingsTransfers, TOKENS.MemberWallets, base.clock],
  );
  bind(SettlePaymentReport).toResolvedValue(
    (
      payments: PostgresPaymentRepository,
      contributions: MikroOrmContributionRepository,
      tontines: MikroOrmTontineRepository,
      confirm: ConfirmContributionPayment,
      payout: PayoutIfCycleComplete,
      transfers: SavingsTransfers,
      confirmLoanPayment: ConfirmLoanPayment,
      loanCollections: LoanCollectionRepository,
      notifier: OutboxNotifier,
      uow: UnitOfWork,
      logger: Logger,
    ) => new SettlePaymentReport({ payments, contributions, tontines, confirm, payout, transfers, confirmLoanPayment, loanCollections, notifier, uow, logger }),
    [
      PostgresPaymentRepository,
      MikroOrmContributionRepository,
      MikroOrmTontineRepository,
      ConfirmContributionPayment,
      PayoutIfCycleComplete,
      SavingsTransfers,
      ConfirmLoanPayment,
      TOKENS.LoanCollections,
      OutboxNotifier,
      base.uow,
      TOKENS.Logger,
    ],
  );
  bind(TOKENS.PaymentDisputes).toResolvedValue((em: EntityManager) => new PostgresPaymentDisputes(em), [TOKENS.EntityManager]);
  bind(ReconcilePayment).toResolvedValue(
    (mobileMoney: MobileMoney, config: Config, settle: SettlePaymentReport, disputes: PaymentDisputes, audit: AuditTrail, uow: UnitOfWork, clock: Clock) =>
      new ReconcilePayment({ mobileMoney, provider: config.mobileMoney.provider, currency: config.mobileMoney.currency, settle: (report) => settle.execute(report), disputes, audit, uow, clock }),
    [TOKENS.MobileMoney, TOKENS.Config, SettlePaymentReport, TOKENS.PaymentDisputes, TOKENS.AuditTrail, base.uow, base.clock],
  );
});

export function buildContainer(infra: Infrastructure): Container {
  const container = new Container({ defaultScope: 'Singleton' });
  container.load(infrastructureModule(infra), auditModule, notificationsModule, accountsModule, loansModule, savingsModule, schedulerModule, ussdModule);
  return container;
}
