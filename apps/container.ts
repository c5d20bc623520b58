/**
 * The composition root: one inversify container for the server, the CLI and the tests.
 *
 * - Ports are bound once, by their token in apps/tokens.ts. An adapter serving several ports is
 *   bound under the first and `servesAlso` the others (one instance); no adapter class is a key,
 *   so nothing can resolve a concrete repository.
 * - Use cases are bound by their class, each given its ports (`withDeps`). Channels (routes, USSD,
 *   CLI, jobs) resolve use cases; server.ts, the scheduler module and the CLI are the only places
 *   that do.
 * - Core classes carry no decorators; everything is bound with `toResolvedValue` factories. Things
 *   that need I/O to be created (the ORM, the identity provider's discovery) are made first, in
 *   `Infrastructure`, and bound as constants, so resolving stays synchronous. Tests pass their
 *   own Infrastructure (an injected Clock, a fake MailTransport) or rebind a port. Run each use
 *   case inside `RequestContext.create(orm.em, …)`.
 * - The audit trail (`TOKENS.AuditTrail`) records inside the use case's unit of work, so the
 *   decision and its audit row commit together.
 */
import { randomBytes } from 'node:crypto';
import { Container, ContainerModule } from 'inversify';
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import type { Logger } from 'pino';
import { AttemptLimits, type AttemptLimitPolicy } from '../core/accounts/attempt-limits.ts';
import type { AuditLog, AuditTrail } from '../core/audit/ports.ts';
import type { Digest } from '../core/audit/audit-chain.ts';
import { VerifyAuditLog } from '../core/audit/verify-audit-log.ts';
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
import { SignInWithProvider, type SignInWithProviderDeps } from '../core/accounts/sign-in-with-provider.ts';
import { ACCOUNT_THROTTLE, CLIENT_THROTTLE, SignInThrottle, type ThrottlePolicies } from '../core/accounts/sign-in-throttle.ts';
import { SignOut, SignOutEverywhere } from '../core/accounts/sign-out.ts';
import type { SingleSignOn } from '../core/accounts/single-sign-on.ts';
import { StartProviderSignIn } from '../core/accounts/start-provider-sign-in.ts';
import { SessionStarter } from '../core/accounts/start-session.ts';
import { ConfirmContributionPayment } from '../core/contributions/confirm-contribution-payment.ts';
import { ListMemberContributions } from '../core/contributions/list-member-contributions.ts';
import { ListTontineContributions } from '../core/contributions/list-tontine-contributions.ts';
import type { LoanCollectionRepository } from '../core/loans/ports.ts';
import { ConfirmLoanPayment } from '../core/loans/confirm-loan-payment.ts';
import { SettleMerchantPaymentReport } from '../core/merchants/settle-merchant-payment-report.ts';
import { PayContribution } from '../core/contributions/pay-contribution.ts';
import { PayContributionByMobileMoney } from '../core/contributions/pay-contribution-by-mobile-money.ts';
import type { ContributionRepository } from '../core/contributions/ports.ts';
import { Journal } from '../core/ledger/journal.ts';
import type { SandboxApprovals } from '../core/demo/ports.ts';
import type { JournalWriter, LedgerRepository } from '../core/ledger/ports.ts';
import type { MailTransport } from '../core/notifications/mail-transport.ts';
import { RecordSmsDeliveryReport } from '../core/notifications/record-sms-delivery-report.ts';
import { ListNotifications } from '../core/notifications/list-notifications.ts';
import { ListNotificationPage } from '../core/notifications/list-notification-page.ts';
import { MarkAllNotificationsRead } from '../core/notifications/mark-all-notifications-read.ts';
import { MarkNotificationRead } from '../core/notifications/mark-notification-read.ts';
import type { InAppNotifications } from '../core/notifications/ports.ts';
import type { MobileMoney, PayableNumber, PaymentDisputes, PaymentRepository, ProviderOfNumber } from '../core/payments/ports.ts';
import { routeMobileMoney } from '../core/payments/provider-routing.ts';
import { ReconcilePayment } from '../core/payments/reconcile-payment.ts';
import { ShowPayment } from '../core/payments/show-payment.ts';
import { ShowContributionPayment } from '../core/contributions/show-contribution-payment.ts';
import type { Batching } from '../core/shared/batching.ts';
import { AcceptTurnSwap } from '../core/tontines/accept-turn-swap.ts';
import { BrowseTontines } from '../core/tontines/browse-tontines.ts';
import { CancelTontine } from '../core/tontines/cancel-tontine.ts';
import { CreateTontine } from '../core/tontines/create-tontine.ts';
import { DescribeTontines } from '../core/tontines/describe-tontines.ts';
import { DrawPayoutOrder } from '../core/tontines/draw-payout-order.ts';
import { JoinTontine } from '../core/tontines/join-tontine.ts';
import { ListChatMessages } from '../core/tontines/list-chat-messages.ts';
import { ListMemberTontines } from '../core/tontines/list-member-tontines.ts';
import { ListTontineCategories } from '../core/tontines/list-tontine-categories.ts';
import { ListTontineMembers } from '../core/tontines/list-tontine-members.ts';
import { ListTurnSwaps } from '../core/tontines/list-turn-swaps.ts';
import { PayoutIfCycleComplete } from '../core/tontines/payout-if-cycle-complete.ts';
import type { GroupChat, MemberProfiles, MemberWallets, Notifier, PoolBalances, PoolBooks, TontineCategories, TontineRepository } from '../core/tontines/ports.ts';
import { ShowGroupBooks } from '../core/tontines/show-group-books.ts';
import { PostChatMessage } from '../core/tontines/post-chat-message.ts';
import { ProposeTurnSwap } from '../core/tontines/propose-turn-swap.ts';
import { RecommendTontines } from '../core/tontines/recommend-tontines.ts';
import { ShowPayoutOrder } from '../core/tontines/show-payout-order.ts';
import { ShowSavingsDashboard } from '../core/tontines/show-savings-dashboard.ts';
import { ShowTontine } from '../core/tontines/show-tontine.ts';
import { StartTontine } from '../core/tontines/start-tontine.ts';
import { RequestTransfer } from '../core/transfers/request-transfer.ts';
import { SendTransfer } from '../core/transfers/send-transfer.ts';
import { SettleTransfer } from '../core/transfers/settle-transfer.ts';
import { WithdrawSavings } from '../core/tontines/withdraw-savings.ts';
import type { Outbox } from '../core/notifications/outbox.ts';
import { normalisePhoneNumber } from '../core/identity/phone-number.ts';
import type { Clock, IdGenerator } from '../core/shared/clock.ts';
import type { UnitOfWork } from '../core/shared/unit-of-work.ts';
import { Argon2PasswordHasher } from '../adapters/crypto/argon2-password-hasher.ts';
import { NodeSecretTokens, RandomUuidGenerator, sha256Hex } from '../adapters/crypto/node-secret-tokens.ts';
import { loadOutboxKey, OutboxSealer } from '../adapters/crypto/outbox-sealer.ts';
import { MobileMoneyCallbackTokens, type CallbackKind } from '../adapters/mobile-money/callback-tokens.ts';
import { MtnMomoMobileMoney } from '../adapters/mobile-money/mtn-momo-mobile-money.ts';
import { AirtelMoneyMobileMoney } from '../adapters/mobile-money/airtel-money.ts';
import { RoutedMobileMoney } from '../adapters/mobile-money/routed-mobile-money.ts';
import { SandboxMobileMoney } from '../adapters/mobile-money/sandbox-mobile-money.ts';
import { MikroOrmAccountRepository } from '../adapters/postgres/mikro-orm-account-repository.ts';
import { PostgresAuditTrail } from '../adapters/postgres/postgres-audit-trail.ts';
import { GroupCommit } from '../adapters/postgres/group-commit.ts';
import { MikroOrmContributionRepository } from '../adapters/postgres/mikro-orm-contribution-repository.ts';
import { MikroOrmTontineRepository } from '../adapters/postgres/mikro-orm-tontine-repository.ts';
import { PostgresChat, PostgresMemberDirectory, PostgresNotificationStore } from '../adapters/postgres/postgres-community.ts';
import { PostgresLedgerRepository } from '../adapters/postgres/postgres-ledger-repository.ts';
import { PostgresPoolBooks } from '../adapters/postgres/postgres-pool-books.ts';
import { PostgresPaymentDisputes } from '../adapters/postgres/postgres-payment-disputes.ts';
import { PostgresPaymentRepository } from '../adapters/postgres/postgres-payment-repository.ts';
import { MikroOrmSessionStore } from '../adapters/postgres/mikro-orm-session-store.ts';
import { MikroOrmSignInLinkStore } from '../adapters/postgres/mikro-orm-sign-in-link-store.ts';
import { MikroOrmSingleSignOnAttempts } from '../adapters/postgres/mikro-orm-sso-attempts.ts';
import { MikroOrmUnitOfWork } from '../adapters/postgres/mikro-orm-unit-of-work.ts';
import { migrate } from '../adapters/postgres/orm.ts';
import { PostgresOutbox } from '../adapters/postgres/postgres-outbox.ts';
import { DeliverDueEmails } from '../core/notifications/deliver-due-messages.ts';
import type { OutboxQueue } from '../core/notifications/outbox.ts';
import { PostgresRateLimiter } from '../adapters/postgres/postgres-rate-limiter.ts';
import { PostgresSignInThrottle } from '../adapters/postgres/postgres-sign-in-throttle.ts';
import { PostgresSmsDeliveries } from '../adapters/postgres/postgres-sms-deliveries.ts';
import type { Config } from './config.ts';
import { fromDeps, servesAlso, withDeps } from './deps.ts';
import { OutboxNotifier } from './notifications/outbox-notifier.ts';
import { sandboxPayableNumber, SandboxTestNumbers } from './payments/sandbox-test-numbers.ts';
import { SettlePaymentReport } from '../core/payments/settle-payment-report.ts';
import { demoModule } from './demo/module.ts';
import { assistantModule } from './modules/assistant-module.ts';
import { kycModule } from './modules/kyc-module.ts';
import { merchantsModule } from './modules/merchants-module.ts';
import { loansModule } from './modules/loans-module.ts';
import { nidaModule } from './modules/nida-module.ts';
import { profileModule } from './modules/profile-module.ts';
import { learningModule } from './modules/learning-module.ts';
import { finesModule } from './modules/fines-module.ts';
import { schedulerModule } from './scheduler/module.ts';
import { transfersModule } from './modules/transfers-module.ts';
import { uploadsModule } from './modules/uploads-module.ts';
import { workingCapitalModule } from './modules/working-capital-module.ts';
import { ConfirmWorkingCapitalRepayment } from '../core/working-capital/repay-working-capital.ts';
import { ussdModule } from './ussd/module.ts';
import { TOKENS } from './tokens.ts';
import { cardsModule } from './modules/cards-module.ts';

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

/** The signer of each payment's callback URL: the configured secret, or (sandbox only) a random one for this process. */
export function createCallbackTokens(config: Config): MobileMoneyCallbackTokens {
  const { callbackSecret, callbackUrl } = config.mobileMoney;
  return new MobileMoneyCallbackTokens(callbackSecret ?? randomBytes(32).toString('base64url'), callbackUrl);
}

/** The last segment of Airtel's callback URL: the configured one, or (sandbox only) a random one for this process. */
export function createAirtelCallbackSecret(config: Config): string {
  return config.mobileMoney.airtelCallbackSecret ?? randomBytes(32).toString('base64url');
}

/** Where Airtel (or the sandbox playing it) posts its callbacks: the MTN callback route's sibling, ending in the secret. */
export function airtelCallbackUrl(config: Config, secret: string): string {
  const mtnRoute = config.mobileMoney.callbackUrl.replace(/\/+$/, '');
  const base = /\/callbacks\/mtn$/.test(mtnRoute) ? mtnRoute.replace(/\/mtn$/, '/airtel') : `${config.publicBaseUrl}/api/payments/callbacks/airtel`;
  return `${base}/${secret}`;
}

/**
 * The configured mobile-money adapter: the embedded sandbox (playing MTN and Airtel, by the
 * payer's number) unless live providers are configured; with live providers, one adapter each
 * behind RoutedMobileMoney, which sends every payment to the provider stored with it. The sandbox
 * is answered too: the demo world's members approve their payments there (core/demo/ports.ts).
 */
export function createMobileMoney(
  config: Config,
  tokens: MobileMoneyCallbackTokens,
  airtelSecret: string = createAirtelCallbackSecret(config),
): { mobileMoney: MobileMoney; sandbox: SandboxMobileMoney | null } {
  const settings = config.mobileMoney;
  const callbackUrlFor = (kind: CallbackKind, reference: string) => tokens.urlFor(kind, reference);
  if (settings.provider !== 'sandbox') {
    const mtn = settings.mtn;
    const airtel = settings.airtel;
    const mobileMoney = new RoutedMobileMoney({
      ...(mtn
        ? {
            mtn: new MtnMomoMobileMoney({
              baseUrl: mtn.baseUrl,
              targetEnvironment: mtn.targetEnvironment,
              currency: mtn.currency,
              collection: mtn.collection,
              disbursement: mtn.disbursement,
              callbackUrlFor,
            }),
          }
        : {}),
      ...(airtel
        ? {
            airtel: new AirtelMoneyMobileMoney({
              baseUrl: airtel.baseUrl,
              clientId: airtel.clientId,
              clientSecret: airtel.clientSecret,
              country: airtel.country,
              currency: airtel.currency,
              ...(airtel.disbursement ? { disbursement: airtel.disbursement } : {}),
            }),
          }
        : {}),
    });
    return { mobileMoney, sandbox: null };
  }
  const sandbox = new SandboxMobileMoney({ callbackUrlFor, airtelCallbackUrl: airtelCallbackUrl(config, airtelSecret), settleMs: settings.settleMs, ongoingMs: settings.ongoingMs });
  return { mobileMoney: new SandboxTestNumbers(sandbox), sandbox };
}

/** The provider a number's payments go through: `sandbox` for all in sandbox mode, else by the number (core/payments/provider-routing.ts). */
export function providerOfNumber(config: Config): ProviderOfNumber {
  const settings = config.mobileMoney;
  if (settings.provider === 'sandbox') return () => 'sandbox';
  const providers = settings.providers;
  return (msisdn) => routeMobileMoney(msisdn, providers);
}

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
    bind(TOKENS.PayableNumber).toConstantValue(
      infra.config.mobileMoney.provider === 'sandbox'
        ? sandboxPayableNumber
        : (phone: string) => {
            // A Rwandan number whose operator's provider is configured.
            const parsed = normalisePhoneNumber(phone);
            return parsed.ok && providerOf(parsed.value) !== undefined ? parsed.value : undefined;
          },
    );
  });
}

const notificationsModule = new ContainerModule(({ bind }) => {
  // Resolved once: the key file of the embedded default is read (or created) at first use.
  bind(OutboxSealer).toResolvedValue((config: Config) => new OutboxSealer(loadOutboxKey(config.outboxEncryptionKey, config.dataDir)), [TOKENS.Config]);
  // One PostgresOutbox serves the three ports: use cases enqueue, dispatchers claim, the CLI reads.
  bind(TOKENS.Outbox).toResolvedValue(
    (em: EntityManager, ids: IdGenerator, clock: Clock, sealer: OutboxSealer) => new PostgresOutbox(em, ids, clock, sealer),
    [TOKENS.EntityManager, TOKENS.IdGenerator, TOKENS.Clock, OutboxSealer],
  );
  servesAlso(bind, TOKENS.OutboxQueue, TOKENS.Outbox);
  servesAlso(bind, TOKENS.OutboxReader, TOKENS.Outbox);
  bind(TOKENS.SmsDeliveries).toResolvedValue((em: EntityManager) => new PostgresSmsDeliveries(em), [TOKENS.EntityManager]);
  bind(RecordSmsDeliveryReport).toResolvedValue(...withDeps(RecordSmsDeliveryReport, { deliveries: TOKENS.SmsDeliveries, clock: TOKENS.Clock }));
  bind(TOKENS.DeliverDueEmails).toResolvedValue(
    (outbox: OutboxQueue, transport: MailTransport | null, clock: Clock) => (transport ? new DeliverDueEmails({ outbox, transport, clock }) : null),
    [TOKENS.OutboxQueue, TOKENS.MailTransport, TOKENS.Clock],
  );
});

const auditModule = new ContainerModule(({ bind }) => {
  bind(TOKENS.AuditTrail).toResolvedValue((em: EntityManager, clock: Clock) => new PostgresAuditTrail(em, clock), [TOKENS.EntityManager, TOKENS.Clock]);
  bind(VerifyAuditLog).toResolvedValue((log: AuditLog, digest: Digest) => new VerifyAuditLog({ log, digest }), [TOKENS.AuditLog, TOKENS.AuditDigest]);
  servesAlso(bind, TOKENS.AuditLog, TOKENS.AuditTrail);
  bind(TOKENS.AuditDigest).toConstantValue(sha256Hex);
});

const accountsModule = new ContainerModule(({ bind }) => {
  const em = [TOKENS.EntityManager] as const;
  bind(TOKENS.AccountRepository).toResolvedValue((m: EntityManager) => new MikroOrmAccountRepository(m), [...em]);
  servesAlso(bind, TOKENS.AccountListing, TOKENS.AccountRepository);
  bind(TOKENS.SessionStore).toResolvedValue((m: EntityManager) => new MikroOrmSessionStore(m), [...em]);
  bind(TOKENS.SignInLinkStore).toResolvedValue((m: EntityManager) => new MikroOrmSignInLinkStore(m), [...em]);
  bind(TOKENS.SingleSignOnAttempts).toResolvedValue((m: EntityManager) => new MikroOrmSingleSignOnAttempts(m), [...em]);
  bind(TOKENS.RateLimiter).toResolvedValue((m: EntityManager) => new PostgresRateLimiter(m), [...em]);
  servesAlso(bind, TOKENS.ExpiringRateLimits, TOKENS.RateLimiter);
  bind(TOKENS.ThrottleStore).toResolvedValue((m: EntityManager) => new PostgresSignInThrottle(m), [...em]);
  servesAlso(bind, TOKENS.ExpiringSignInThrottle, TOKENS.ThrottleStore);
  bind(TOKENS.SessionPolicy).toResolvedValue(
    (config: Config): SessionPolicy => ({ ...DEFAULT_SESSION_POLICY, idleMinutes: config.session.idleMinutes, absoluteHours: config.session.absoluteHours }),
    [TOKENS.Config],
  );
  bind(TOKENS.PublicBaseUrl).toResolvedValue((config: Config) => config.publicBaseUrl, [TOKENS.Config]);
  bind(TOKENS.AttemptLimitPolicy).toResolvedValue((config: Config) => config.rateLimit, [TOKENS.Config]);
  bind(TOKENS.ThrottlePolicies).toResolvedValue(
    (config: Config): ThrottlePolicies => ({
      account: { ...ACCOUNT_THROTTLE, freeFailures: config.signInFreeFailures.perAccount },
      client: { ...CLIENT_THROTTLE, freeFailures: config.signInFreeFailures.perClient },
    }),
    [TOKENS.Config],
  );

  // Each dependency name of the accounts use cases, with the token it is resolved from.
  const accounts = TOKENS.AccountRepository;
  const passwords = TOKENS.PasswordHasher;
  const sessions = TOKENS.SessionStore;
  const links = TOKENS.SignInLinkStore;
  const secrets = TOKENS.SecretTokens;
  const outbox = TOKENS.Outbox;
  const uow = TOKENS.UnitOfWork;
  const ids = TOKENS.IdGenerator;
  const clock = TOKENS.Clock;
  const sessionPolicy = TOKENS.SessionPolicy;
  const publicBaseUrl = TOKENS.PublicBaseUrl;
  const starter = SessionStarter;
  const limits = AttemptLimits;
  const throttle = SignInThrottle;

  bind(SignInThrottle).toResolvedValue(...withDeps(SignInThrottle, { store: TOKENS.ThrottleStore, uow, clock, policies: TOKENS.ThrottlePolicies }));
  bind(AttemptLimits).toResolvedValue(...withDeps(AttemptLimits, { limiter: TOKENS.RateLimiter, policy: TOKENS.AttemptLimitPolicy, clock }));
  bind(SessionStarter).toResolvedValue(...withDeps(SessionStarter, { sessions, secrets, ids, clock, sessionPolicy }));
  bind(RegisterAccount).toResolvedValue(...withDeps(RegisterAccount, { accounts, passwords, starter, limits, uow, ids, clock }));
  bind(SignIn).toResolvedValue(...withDeps(SignIn, { accounts, passwords, starter, throttle }));
  bind(SignOut).toResolvedValue(...withDeps(SignOut, { sessions, secrets, clock }));
  bind(Authenticate).toResolvedValue(...withDeps(Authenticate, { sessions, secrets, clock, sessionPolicy }));
  bind(SignOutEverywhere).toResolvedValue(...withDeps(SignOutEverywhere, { sessions, links, uow, clock }));
  bind(ListSessions).toResolvedValue(...withDeps(ListSessions, { sessions, clock, sessionPolicy }));
  bind(RevokeSession).toResolvedValue(...withDeps(RevokeSession, { sessions, clock }));
  bind(ChangePassword).toResolvedValue(...withDeps(ChangePassword, { accounts, passwords, sessions, links, throttle, outbox, uow, clock, publicBaseUrl }));
  const oneTimeLink = { accounts, links, outbox, secrets, limits, uow, ids, clock, publicBaseUrl };
  bind(RequestPasswordReset).toResolvedValue(...withDeps(RequestPasswordReset, oneTimeLink));
  bind(RequestSignInLink).toResolvedValue(...withDeps(RequestSignInLink, oneTimeLink));
  bind(ResetPassword).toResolvedValue(...withDeps(ResetPassword, { accounts, passwords, links, secrets, sessions, starter, outbox, uow, clock, publicBaseUrl }));
  bind(RedeemSignInLink).toResolvedValue(...withDeps(RedeemSignInLink, { accounts, links, secrets, starter, sessions, uow, clock }));
  bind(TOKENS.ProviderSignIn).toResolvedValue(
    ...fromDeps(
      ({ provider, ...deps }: Omit<SignInWithProviderDeps, 'provider'> & { provider: SingleSignOn | null }) =>
        provider ? { start: new StartProviderSignIn({ ...deps, provider }), finish: new SignInWithProvider({ ...deps, provider }) } : null,
      { provider: TOKENS.SingleSignOn, attempts: TOKENS.SingleSignOnAttempts, accounts, links, secrets, uow, ids, clock },
    ),
  );
  bind(SeedDemoAccounts).toResolvedValue(...withDeps(SeedDemoAccounts, { accounts, passwords, uow, ids, clock }));
});

/**
 * Each queue it makes (pay requests, payment confirmations) runs batches of at most 64, two at a
 * time: enough to keep a batch's statements small; the pool's other connections stay free for the rest of the app.
 */
const REQUEST_BATCHING: Batching = (work) => new GroupCommit(work, { maxBatch: 64, maxConcurrent: 2 });

/** Tontines, contributions, payments, the ledger and notifications: the savings journey. */
const savingsModule = new ContainerModule(({ bind }) => {
  bind(TOKENS.Batching).toConstantValue(REQUEST_BATCHING);
  bind(TOKENS.LedgerRepository).toResolvedValue((em: EntityManager) => new PostgresLedgerRepository(em), [TOKENS.EntityManager]);
  bind(TOKENS.JournalWriter).toResolvedValue((ledger: LedgerRepository) => new Journal(ledger), [TOKENS.LedgerRepository]);
  // Each adapter is bound once, under the first port it serves; its other ports are that binding.
  bind(TOKENS.TontineRepository).toResolvedValue((em: EntityManager) => new MikroOrmTontineRepository(em), [TOKENS.EntityManager]);
  servesAlso(bind, TOKENS.TontineNames, TOKENS.TontineRepository);
  servesAlso(bind, TOKENS.CompletedCycles, TOKENS.TontineRepository);
  bind(TOKENS.ContributionRepository).toResolvedValue(
    (em: EntityManager, ids: IdGenerator, clock: Clock) => new MikroOrmContributionRepository(em, ids, clock),
    [TOKENS.EntityManager, TOKENS.IdGenerator, TOKENS.Clock],
  );
  bind(TOKENS.PaymentRepository).toResolvedValue((em: EntityManager) => new PostgresPaymentRepository(em), [TOKENS.EntityManager]);
  servesAlso(bind, TOKENS.PoolBalances, TOKENS.LedgerRepository);
  bind(TOKENS.InAppNotifications).toResolvedValue((em: EntityManager) => new PostgresNotificationStore(em), [TOKENS.EntityManager]);
  servesAlso(bind, TOKENS.NotificationWriter, TOKENS.InAppNotifications);
  bind(TOKENS.PoolBooks).toResolvedValue((em: EntityManager) => new PostgresPoolBooks(em), [TOKENS.EntityManager]);
  bind(TOKENS.GroupChat).toResolvedValue((em: EntityManager) => new PostgresChat(em), [TOKENS.EntityManager]);
  bind(TOKENS.MemberWallets).toResolvedValue(
    (em: EntityManager, providerOf: ProviderOfNumber, payable: (phone: string) => string | undefined) => new PostgresMemberDirectory(em, providerOf, payable),
    [TOKENS.EntityManager, TOKENS.ProviderOfNumber, TOKENS.PayableNumber],
  );
  servesAlso(bind, TOKENS.MemberProfiles, TOKENS.MemberWallets);
  servesAlso(bind, TOKENS.TontineCategories, TOKENS.MemberWallets);
  servesAlso(bind, TOKENS.NotificationRecipients, TOKENS.MemberWallets);
  bind(TOKENS.Notifier).toResolvedValue(
    (...deps: ConstructorParameters<typeof OutboxNotifier>) => new OutboxNotifier(...deps),
    [TOKENS.NotificationRecipients, TOKENS.NotificationWriter, TOKENS.IdGenerator, TOKENS.Clock],
  );

  const base = { tontines: TOKENS.TontineRepository, contributions: TOKENS.ContributionRepository, uow: TOKENS.UnitOfWork, clock: TOKENS.Clock, ids: TOKENS.IdGenerator };
  const schedule = (tontines: TontineRepository, contributions: ContributionRepository, uow: UnitOfWork, clock: Clock, ids: IdGenerator) => ({ tontines, contributions, uow, clock, ids });
  const scheduleDeps = [base.tontines, base.contributions, base.uow, base.clock, base.ids] as const;
  bind(CreateTontine).toResolvedValue((...d: Parameters<typeof schedule>) => new CreateTontine(schedule(...d)), [...scheduleDeps]);
  bind(JoinTontine).toResolvedValue((...d: Parameters<typeof schedule>) => new JoinTontine(schedule(...d)), [...scheduleDeps]);
  // The rotation's changes are announced to every member (core/tontines/group-announcements.ts).
  const announcing = { profiles: TOKENS.MemberProfiles, notifier: TOKENS.Notifier } as const;
  bind(StartTontine).toResolvedValue(
    (profiles: MemberProfiles, notifier: Notifier, ...d: Parameters<typeof schedule>) => new StartTontine({ ...schedule(...d), profiles, notifier }),
    [announcing.profiles, announcing.notifier, ...scheduleDeps],
  );
  bind(CancelTontine).toResolvedValue((tontines: TontineRepository, uow: UnitOfWork) => new CancelTontine({ tontines, uow }), [base.tontines, base.uow]);
  bind(AcceptTurnSwap).toResolvedValue(
    (tontines: TontineRepository, profiles: MemberProfiles, notifier: Notifier, uow: UnitOfWork) => new AcceptTurnSwap({ tontines, profiles, notifier, uow }),
    [base.tontines, announcing.profiles, announcing.notifier, base.uow],
  );
  bind(DrawPayoutOrder).toResolvedValue(
    (tontines: TontineRepository, profiles: MemberProfiles, notifier: Notifier, uow: UnitOfWork, clock: Clock, ids: IdGenerator) =>
      new DrawPayoutOrder({ tontines, profiles, notifier, uow, clock, ids }),
    [base.tontines, announcing.profiles, announcing.notifier, base.uow, base.clock, base.ids],
  );
  bind(ProposeTurnSwap).toResolvedValue(
    (tontines: TontineRepository, uow: UnitOfWork, clock: Clock, ids: IdGenerator) => new ProposeTurnSwap({ tontines, uow, clock, ids }),
    [base.tontines, base.uow, base.clock, base.ids],
  );
  bind(PayContribution).toResolvedValue(
    (contributions: ContributionRepository, uow: UnitOfWork, mobileMoney: MobileMoney, clock: Clock, ids: IdGenerator) => new PayContribution({ contributions, uow, mobileMoney, clock, ids }),
    [base.contributions, base.uow, TOKENS.MobileMoney, base.clock, base.ids],
  );
  bind(PayContributionByMobileMoney).toResolvedValue(
    (payContribution: PayContribution, payments: PaymentRepository, providerOf: ProviderOfNumber, payableNumber: PayableNumber) =>
      new PayContributionByMobileMoney({ payContribution, payments, providerOf, payableNumber, batching: REQUEST_BATCHING }),
    [PayContribution, TOKENS.PaymentRepository, TOKENS.ProviderOfNumber, TOKENS.PayableNumber],
  );
  bind(ConfirmContributionPayment).toResolvedValue(
    (contributions: ContributionRepository, journal: JournalWriter, uow: UnitOfWork, clock: Clock, ids: IdGenerator) => new ConfirmContributionPayment({ contributions, journal, uow, clock, ids }),
    [base.contributions, TOKENS.JournalWriter, base.uow, base.clock, base.ids],
  );
  bind(PayoutIfCycleComplete).toResolvedValue(
    (
      tontines: TontineRepository,
      contributions: ContributionRepository,
      journal: JournalWriter,
      uow: UnitOfWork,
      requestTransfer: RequestTransfer,
      sendTransfer: SendTransfer,
      wallets: MemberWallets,
      notifier: Notifier,
      clock: Clock,
      ids: IdGenerator,
    ) => new PayoutIfCycleComplete({ tontines, contributions, journal, uow, requestTransfer, sendTransfer, wallets, notifier, clock, ids }),
    [base.tontines, base.contributions, TOKENS.JournalWriter, base.uow, RequestTransfer, SendTransfer, TOKENS.MemberWallets, TOKENS.Notifier, base.clock, base.ids],
  );
  bind(WithdrawSavings).toResolvedValue(
    (tontines: TontineRepository, journal: JournalWriter, uow: UnitOfWork, requestTransfer: RequestTransfer, sendTransfer: SendTransfer, wallets: MemberWallets, clock: Clock) =>
      new WithdrawSavings({ tontines, journal, uow, requestTransfer, sendTransfer, wallets, clock }),
    [base.tontines, TOKENS.JournalWriter, base.uow, RequestTransfer, SendTransfer, TOKENS.MemberWallets, base.clock],
  );
  bind(SettlePaymentReport).toResolvedValue(
    ...withDeps(SettlePaymentReport, {
      payments: TOKENS.PaymentRepository,
      contributions: base.contributions,
      tontines: TOKENS.TontineNames,
      confirm: ConfirmContributionPayment,
      payout: PayoutIfCycleComplete,
      settleTransfer: SettleTransfer,
      confirmLoanPayment: ConfirmLoanPayment,
      loanCollections: TOKENS.LoanCollections,
      merchantPayments: SettleMerchantPaymentReport,
      workingCapitalRepayments: ConfirmWorkingCapitalRepayment,
      notifier: TOKENS.Notifier,
      batching: TOKENS.Batching,
      uow: base.uow,
      log: TOKENS.Logger,
    }),
  );

  // The screens' reads.
  bind(DescribeTontines).toResolvedValue(
    (profiles: MemberProfiles, balances: PoolBalances, contributions: ContributionRepository, clock: Clock) => new DescribeTontines({ profiles, balances, contributions, clock }),
    [TOKENS.MemberProfiles, TOKENS.PoolBalances, base.contributions, base.clock],
  );
  bind(BrowseTontines).toResolvedValue((tontines: TontineRepository, describe: DescribeTontines) => new BrowseTontines({ tontines, describe }), [base.tontines, DescribeTontines]);
  bind(ListMemberTontines).toResolvedValue((tontines: TontineRepository, describe: DescribeTontines) => new ListMemberTontines({ tontines, describe }), [base.tontines, DescribeTontines]);
  bind(ShowTontine).toResolvedValue((tontines: TontineRepository, describe: DescribeTontines) => new ShowTontine({ tontines, describe }), [base.tontines, DescribeTontines]);
  bind(ListTontineMembers).toResolvedValue((tontines: TontineRepository, profiles: MemberProfiles) => new ListTontineMembers({ tontines, profiles }), [base.tontines, TOKENS.MemberProfiles]);
  bind(ListTontineCategories).toResolvedValue(
    (categories: TontineCategories, tontines: TontineRepository) => new ListTontineCategories({ categories, tontines }),
    [TOKENS.TontineCategories, base.tontines],
  );
  bind(ShowGroupBooks).toResolvedValue(
    (tontines: TontineRepository, balances: PoolBalances, books: PoolBooks, profiles: MemberProfiles) => new ShowGroupBooks({ tontines, balances, books, profiles }),
    [base.tontines, TOKENS.PoolBalances, TOKENS.PoolBooks, TOKENS.MemberProfiles],
  );
  bind(ShowPayoutOrder).toResolvedValue((tontines: TontineRepository, profiles: MemberProfiles) => new ShowPayoutOrder({ tontines, profiles }), [base.tontines, TOKENS.MemberProfiles]);
  bind(ListTurnSwaps).toResolvedValue((tontines: TontineRepository) => new ListTurnSwaps({ tontines }), [base.tontines]);
  bind(ListChatMessages).toResolvedValue(
    (tontines: TontineRepository, chat: GroupChat, profiles: MemberProfiles) => new ListChatMessages({ tontines, chat, profiles }),
    [base.tontines, TOKENS.GroupChat, TOKENS.MemberProfiles],
  );
  bind(PostChatMessage).toResolvedValue(
    (tontines: TontineRepository, chat: GroupChat, clock: Clock, ids: IdGenerator) => new PostChatMessage({ tontines, chat, clock, ids }),
    [base.tontines, TOKENS.GroupChat, base.clock, base.ids],
  );
  bind(RecommendTontines).toResolvedValue(
    (tontines: TontineRepository, contributions: ContributionRepository) => new RecommendTontines({ tontines, contributions }),
    [base.tontines, base.contributions],
  );
  bind(ShowSavingsDashboard).toResolvedValue(
    (tontines: TontineRepository, contributions: ContributionRepository, clock: Clock) => new ShowSavingsDashboard({ tontines, contributions, clock }),
    [base.tontines, base.contributions, base.clock],
  );
  bind(ListMemberContributions).toResolvedValue(
    (contributions: ContributionRepository, tontines: TontineRepository, clock: Clock) => new ListMemberContributions({ contributions, tontines, clock }),
    [base.contributions, base.tontines, base.clock],
  );
  bind(ListTontineContributions).toResolvedValue(
    (tontines: TontineRepository, contributions: ContributionRepository, profiles: MemberProfiles, clock: Clock) => new ListTontineContributions({ tontines, contributions, profiles, clock }),
    [base.tontines, base.contributions, TOKENS.MemberProfiles, base.clock],
  );
  bind(ShowPayment).toResolvedValue((payments: PaymentRepository) => new ShowPayment({ payments }), [TOKENS.PaymentRepository]);
  bind(ShowContributionPayment).toResolvedValue(
    (contributions: ContributionRepository, payments: PaymentRepository) => new ShowContributionPayment({ contributions, payments }),
    [base.contributions, TOKENS.PaymentRepository],
  );
  bind(ListNotifications).toResolvedValue((notifications: InAppNotifications) => new ListNotifications({ notifications }), [TOKENS.InAppNotifications]);
  bind(MarkNotificationRead).toResolvedValue((notifications: InAppNotifications) => new MarkNotificationRead({ notifications }), [TOKENS.InAppNotifications]);
  bind(ListNotificationPage).toResolvedValue((notifications: InAppNotifications) => new ListNotificationPage({ notifications }), [TOKENS.InAppNotifications]);
  bind(MarkAllNotificationsRead).toResolvedValue((notifications: InAppNotifications) => new MarkAllNotificationsRead({ notifications }), [TOKENS.InAppNotifications]);

  bind(TOKENS.PaymentDisputes).toResolvedValue((em: EntityManager) => new PostgresPaymentDisputes(em), [TOKENS.EntityManager]);
  bind(ReconcilePayment).toResolvedValue(
    (mobileMoney: MobileMoney, config: Config, settle: SettlePaymentReport, disputes: PaymentDisputes, audit: AuditTrail, uow: UnitOfWork, clock: Clock) =>
      new ReconcilePayment({
        mobileMoney,
        provider: config.mobileMoney.provider,
        currency: config.mobileMoney.currency,
        currencies: config.mobileMoney.provider === 'sandbox' ? {} : { ...(config.mobileMoney.mtn ? { mtn: config.mobileMoney.mtn.currency } : {}), ...(config.mobileMoney.airtel ? { airtel: config.mobileMoney.airtel.currency } : {}) },
        settle: (report) => settle.execute(report),
        disputes,
        audit,
        uow,
        clock,
      }),
    [TOKENS.MobileMoney, TOKENS.Config, SettlePaymentReport, TOKENS.PaymentDisputes, TOKENS.AuditTrail, base.uow, base.clock],
  );
});

export function buildContainer(infra: Infrastructure): Container {
  const container = new Container({ defaultScope: 'Singleton' });
  container.load(infrastructureModule(infra), auditModule, notificationsModule, accountsModule, loansModule, transfersModule, savingsModule, schedulerModule, ussdModule, demoModule, nidaModule, uploadsModule, profileModule, kycModule, assistantModule, learningModule, finesModule, merchantsModule, workingCapitalModule, cardsModule);
  return container;
}
