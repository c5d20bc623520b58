/**
 * The USSD channel's bindings: the PIN and session stores, the phone-account use cases, the member
 * snapshots and the channel itself. Loaded by buildContainer, so the server, the simulator
 * (in-process) and the tests resolve the same channel.
 */
import type { ServiceIdentifier } from 'inversify';
import { ContainerModule } from 'inversify';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Logger } from 'pino';
import { ChangeLanguage } from '../../core/accounts/change-language.ts';
import { ChangeUssdPin } from '../../core/accounts/change-ussd-pin.ts';
import type { AccountRepository } from '../../core/accounts/ports.ts';
import { RegisterByPhone } from '../../core/accounts/register-by-phone.ts';
import type { PinHasher, UssdPins } from '../../core/accounts/ussd-pins.ts';
import { VerifyUssdPin } from '../../core/accounts/verify-ussd-pin.ts';
import { PayContribution } from '../../core/contributions/pay-contribution.ts';
import { ListMemberLoans } from '../../core/loans/list-member-loans.ts';
import type { ContributionRepository } from '../../core/contributions/ports.ts';
import type { MobileMoneyProvider } from '../../core/payments/ports.ts';
import type { Clock, IdGenerator } from '../../core/shared/clock.ts';
import type { UnitOfWork } from '../../core/shared/unit-of-work.ts';
import type { TontineRepository } from '../../core/tontines/ports.ts';
import { Argon2PasswordHasher, PIN_COST } from '../../adapters/crypto/argon2-password-hasher.ts';
import { PostgresMemberDirectory, PostgresNotificationStore } from '../../adapters/postgres/postgres-community.ts';
import { PostgresUssdPins } from '../../adapters/postgres/ussd-pins.ts';
import { PostgresUssdSessionStore } from '../../adapters/postgres/ussd-session-store.ts';
import { TOKENS } from '../container.ts';
import { UssdMemberSnapshots } from './member-snapshots.ts';
import { UssdChannel } from './ussd-channel.ts';

function token<T>(name: string): ServiceIdentifier<T> {
  return Symbol.for(`ikimina.ussd.${name}`);
}

export const USSD_TOKENS = {
  UssdPins: token<PostgresUssdPins>('UssdPins'),
  /** PINs are hashed like passwords, at a cost chosen for PINs (docs/decisions.md). */
  PinHasher: token<PinHasher>('PinHasher'),
};

export const ussdModule = new ContainerModule(({ bind }) => {
  bind(USSD_TOKENS.UssdPins).toResolvedValue((em: EntityManager) => new PostgresUssdPins(em), [TOKENS.EntityManager]);
  bind(USSD_TOKENS.PinHasher).toResolvedValue(() => new Argon2PasswordHasher(PIN_COST));
  bind(PostgresUssdSessionStore).toResolvedValue((em: EntityManager) => new PostgresUssdSessionStore(em), [TOKENS.EntityManager]);

  const accountDeps = (accounts: AccountRepository, pins: UssdPins, hasher: PinHasher, uow: UnitOfWork, ids: IdGenerator, clock: Clock) => ({ accounts, pins, hasher, uow, ids, clock });
  const accountTokens = [TOKENS.AccountRepository, USSD_TOKENS.UssdPins, USSD_TOKENS.PinHasher, TOKENS.UnitOfWork, TOKENS.IdGenerator, TOKENS.Clock] as const;
  bind(RegisterByPhone).toResolvedValue((...d: Parameters<typeof accountDeps>) => new RegisterByPhone(accountDeps(...d)), [...accountTokens]);
  bind(VerifyUssdPin).toResolvedValue((...d: Parameters<typeof accountDeps>) => new VerifyUssdPin(accountDeps(...d)), [...accountTokens]);
  bind(ChangeUssdPin).toResolvedValue((...d: Parameters<typeof accountDeps>) => new ChangeUssdPin(accountDeps(...d)), [...accountTokens]);
  bind(ChangeLanguage).toResolvedValue((...d: Parameters<typeof accountDeps>) => new ChangeLanguage(accountDeps(...d)), [...accountTokens]);

  bind(UssdMemberSnapshots).toResolvedValue(
    (
      callers: PostgresUssdPins,
      tontines: TontineRepository,
      contributions: ContributionRepository,
      notifications: PostgresNotificationStore,
      directory: PostgresMemberDirectory,
      listMemberLoans: ListMemberLoans,
    ) => new UssdMemberSnapshots({ callers, tontines, contributions, notifications, directory, listMemberLoans }),
    [USSD_TOKENS.UssdPins, TOKENS.TontineRepository, TOKENS.ContributionRepository, PostgresNotificationStore, PostgresMemberDirectory, ListMemberLoans],
  );

  bind(UssdChannel).toResolvedValue(
    (
      store: PostgresUssdSessionStore,
      snapshots: UssdMemberSnapshots,
      uow: UnitOfWork,
      clock: Clock,
      logger: Logger,
      verifyPin: VerifyUssdPin,
      register: RegisterByPhone,
      changePin: ChangeUssdPin,
      changeLanguage: ChangeLanguage,
      payContribution: PayContribution,
      provider: MobileMoneyProvider,
      payableNumber: (phone: string) => string | undefined,
    ) => new UssdChannel({ store, snapshots, uow, clock, logger, verifyPin, register, changePin, changeLanguage, payContribution, provider, payableNumber }),
    [
      PostgresUssdSessionStore,
      UssdMemberSnapshots,
      TOKENS.UnitOfWork,
      TOKENS.Clock,
      TOKENS.Logger,
      VerifyUssdPin,
      RegisterByPhone,
      ChangeUssdPin,
      ChangeLanguage,
      PayContribution,
      TOKENS.MobileMoneyProvider,
      TOKENS.PayableNumber,
    ],
  );
});
