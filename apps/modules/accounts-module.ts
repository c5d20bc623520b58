/**
 * The accounts module's wiring (core/accounts): the account, session, sign-in-link, throttle and
 * rate-limit stores; every account use case, whichever channel calls it (web sign-in and profile,
 * USSD PINs and USSD access set up from the web, the CLI's demo accounts, the hourly prune).
 * `profileRouteUseCases` and `ussdAccessRouteUseCases` hand the web routes what they call.
 */
import type { Container } from 'inversify';
import { ContainerModule } from 'inversify';
import type { EntityManager } from '@mikro-orm/postgresql';
import { AttemptLimits } from '../../core/accounts/attempt-limits.ts';
import { Authenticate } from '../../core/accounts/authenticate.ts';
import { ChangeLanguage } from '../../core/accounts/change-language.ts';
import { ChangePassword } from '../../core/accounts/change-password.ts';
import { ChangeUssdPin } from '../../core/accounts/change-ussd-pin.ts';
import { ListAccounts } from '../../core/accounts/list-accounts.ts';
import { ListSessions, RevokeSession } from '../../core/accounts/member-sessions.ts';
import { PruneAttemptCounters } from '../../core/accounts/prune-attempt-counters.ts';
import { RedeemSignInLink } from '../../core/accounts/redeem-sign-in-link.ts';
import { RegisterAccount } from '../../core/accounts/register-account.ts';
import { RegisterByPhone } from '../../core/accounts/register-by-phone.ts';
import { RequestSignInLink } from '../../core/accounts/request-sign-in-link.ts';
import { RequestUssdAccessCode } from '../../core/accounts/request-ussd-access-code.ts';
import { RequestPasswordReset, ResetPassword } from '../../core/accounts/reset-password.ts';
import { SeedDemoAccounts } from '../../core/accounts/seed-demo-accounts.ts';
import { DEFAULT_SESSION_POLICY, type SessionPolicy } from '../../core/accounts/session-policy.ts';
import { SetUpUssdAccess } from '../../core/accounts/set-up-ussd-access.ts';
import { ShowUssdAccess } from '../../core/accounts/show-ussd-access.ts';
import { SignIn } from '../../core/accounts/sign-in.ts';
import { SignInWithProvider, type SignInWithProviderDeps } from '../../core/accounts/sign-in-with-provider.ts';
import { ACCOUNT_THROTTLE, CLIENT_THROTTLE, SignInThrottle, type ThrottlePolicies } from '../../core/accounts/sign-in-throttle.ts';
import { SignOut, SignOutEverywhere } from '../../core/accounts/sign-out.ts';
import type { SingleSignOn } from '../../core/accounts/single-sign-on.ts';
import { StartProviderSignIn } from '../../core/accounts/start-provider-sign-in.ts';
import { SessionStarter } from '../../core/accounts/start-session.ts';
import { UpdateProfile } from '../../core/accounts/update-profile.ts';
import { VerifyUssdPin } from '../../core/accounts/verify-ussd-pin.ts';
import { Argon2PasswordHasher, PIN_COST } from '../../adapters/crypto/argon2-password-hasher.ts';
import { NodeOneTimeCodes } from '../../adapters/crypto/node-secret-tokens.ts';
import { MikroOrmAccountRepository } from '../../adapters/postgres/mikro-orm-account-repository.ts';
import { MikroOrmSessionStore } from '../../adapters/postgres/mikro-orm-session-store.ts';
import { MikroOrmSignInLinkStore } from '../../adapters/postgres/mikro-orm-sign-in-link-store.ts';
import { MikroOrmSingleSignOnAttempts } from '../../adapters/postgres/mikro-orm-sso-attempts.ts';
import { PostgresRateLimiter } from '../../adapters/postgres/postgres-rate-limiter.ts';
import { PostgresSignInThrottle } from '../../adapters/postgres/postgres-sign-in-throttle.ts';
import { PostgresUssdAccessCodes } from '../../adapters/postgres/ussd-access-codes.ts';
import { PostgresUssdPins } from '../../adapters/postgres/ussd-pins.ts';
import type { Config } from '../config.ts';
import { fromDeps, servesAlso, withDeps } from '../deps.ts';
import type { ProfileRouteUseCases } from '../http/profile-routes.ts';
import type { UssdAccessRouteUseCases } from '../http/ussd-access-routes.ts';
import { TOKENS } from '../tokens.ts';

export function profileRouteUseCases(container: Container): ProfileRouteUseCases {
  return { updateProfile: container.get(UpdateProfile), changeLanguage: container.get(ChangeLanguage) };
}

export function ussdAccessRouteUseCases(container: Container): UssdAccessRouteUseCases {
  return { show: container.get(ShowUssdAccess), requestCode: container.get(RequestUssdAccessCode), setUp: container.get(SetUpUssdAccess) };
}

export const accountsModule = new ContainerModule(({ bind }) => {
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
  bind(SeedDemoAccounts).toResolvedValue(...withDeps(SeedDemoAccounts, { accounts, passwords, audit: TOKENS.AuditTrail, uow, ids, clock }));
  bind(ListAccounts).toResolvedValue(...withDeps(ListAccounts, { accounts: TOKENS.AccountListing }));
  bind(PruneAttemptCounters).toResolvedValue(...withDeps(PruneAttemptCounters, { rateLimits: TOKENS.ExpiringRateLimits, signInThrottle: TOKENS.ExpiringSignInThrottle, clock }));

  // The profile: a changed phone number ends the member's USSD access (its PIN's key).
  servesAlso(bind, TOKENS.UssdPhoneKeys, TOKENS.UssdPins);
  bind(UpdateProfile).toResolvedValue(...withDeps(UpdateProfile, { accounts, phones: TOKENS.UssdPhoneKeys, audit: TOKENS.AuditTrail, outbox, uow, clock, publicBaseUrl }));
  // The web's language menu and the USSD menu's Language item both call it.
  bind(ChangeLanguage).toResolvedValue(...withDeps(ChangeLanguage, { accounts, uow, clock }));

  // USSD PINs, and USSD access set up from the web with a one-time code.
  bind(TOKENS.UssdPins).toResolvedValue((m: EntityManager) => new PostgresUssdPins(m), [...em]);
  bind(TOKENS.PinHasher).toResolvedValue(() => new Argon2PasswordHasher(PIN_COST));
  bind(TOKENS.UssdAccessCodes).toResolvedValue((m: EntityManager) => new PostgresUssdAccessCodes(m), [...em]);
  bind(TOKENS.OneTimeCodes).toResolvedValue(() => new NodeOneTimeCodes());
  const pins = TOKENS.UssdPins;
  const hasher = TOKENS.PinHasher;
  const codes = TOKENS.UssdAccessCodes;
  const oneTimeCodes = TOKENS.OneTimeCodes;
  bind(RegisterByPhone).toResolvedValue(...withDeps(RegisterByPhone, { accounts, pins, hasher, uow, ids, clock }));
  bind(VerifyUssdPin).toResolvedValue(...withDeps(VerifyUssdPin, { pins, hasher, uow, clock }));
  bind(ChangeUssdPin).toResolvedValue(...withDeps(ChangeUssdPin, { pins, hasher, uow, clock }));
  bind(ShowUssdAccess).toResolvedValue(...withDeps(ShowUssdAccess, { accounts, pins, codes, clock }));
  bind(RequestUssdAccessCode).toResolvedValue(...withDeps(RequestUssdAccessCode, { accounts, pins, codes, oneTimeCodes, limiter: TOKENS.RateLimiter, outbox, uow, clock }));
  bind(SetUpUssdAccess).toResolvedValue(...withDeps(SetUpUssdAccess, { accounts, pins, codes, oneTimeCodes, hasher, uow, clock }));
});
