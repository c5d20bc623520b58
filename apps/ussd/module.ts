/**
 * The USSD channel's bindings: the PIN and session stores, the phone-account use cases, the member
 * snapshots and the channel itself; and USSD access set up from the web (its codes and use cases,
 * which `ussdAccessRouteUseCases` hands the web routes). Loaded by buildContainer, so the server, the simulator
 * (in-process) and the tests resolve the same channel.
 */
import { ChangeLanguage } from '../../core/accounts/change-language.ts';
import { PayMerchant, ShowPayPage } from '../../core/merchants/pay-merchant.ts';
import { ContainerModule, type Container } from 'inversify';
import { RequestUssdAccessCode } from '../../core/accounts/request-ussd-access-code.ts';
import { SetUpUssdAccess } from '../../core/accounts/set-up-ussd-access.ts';
import { ShowUssdAccess } from '../../core/accounts/show-ussd-access.ts';
import { NodeOneTimeCodes } from '../../adapters/crypto/node-secret-tokens.ts';
import { PostgresUssdAccessCodes } from '../../adapters/postgres/ussd-access-codes.ts';
import type { UssdAccessRouteUseCases } from '../http/ussd-access-routes.ts';
import type { EntityManager } from '@mikro-orm/postgresql';
import { ChangeUssdPin } from '../../core/accounts/change-ussd-pin.ts';
import { RegisterByPhone } from '../../core/accounts/register-by-phone.ts';
import type { PinHasher } from '../../core/accounts/ussd-pins.ts';
import { VerifyUssdPin } from '../../core/accounts/verify-ussd-pin.ts';
import { PayContribution } from '../../core/contributions/pay-contribution.ts';
import { ListMemberLoans } from '../../core/loans/list-member-loans.ts';
import { Argon2PasswordHasher, PIN_COST } from '../../adapters/crypto/argon2-password-hasher.ts';
import { PostgresMemberSavings } from '../../adapters/postgres/postgres-member-savings.ts';
import { PostgresUssdPins } from '../../adapters/postgres/ussd-pins.ts';
import { PostgresUssdSessionStore } from '../../adapters/postgres/ussd-session-store.ts';
import { USSD_SESSION_FORMAT } from '../../ussd/session.ts';
import { TOKENS } from '../tokens.ts';
import { withDeps } from '../deps.ts';
import { UssdMemberSnapshots } from './member-snapshots.ts';
import { ShowGroupBooks } from '../../core/tontines/show-group-books.ts';
import { ListOpenVotes } from '../../core/decisions/list-open-votes.ts';
import { VoteOnProposal } from '../../core/decisions/vote-on-proposal.ts';
import { UssdChannel } from './ussd-channel.ts';

export function ussdAccessRouteUseCases(container: Container): UssdAccessRouteUseCases {
  return { show: container.get(ShowUssdAccess), requestCode: container.get(RequestUssdAccessCode), setUp: container.get(SetUpUssdAccess) };
}

export const ussdModule = new ContainerModule(({ bind }) => {
  bind(TOKENS.UssdPins).toResolvedValue((em: EntityManager) => new PostgresUssdPins(em), [TOKENS.EntityManager]);
  bind(TOKENS.PinHasher).toResolvedValue(() => new Argon2PasswordHasher(PIN_COST));
  bind(TOKENS.UssdSessionStore).toResolvedValue((em: EntityManager) => new PostgresUssdSessionStore(em, USSD_SESSION_FORMAT), [TOKENS.EntityManager]);
  bind(TOKENS.MemberSavingsReads).toResolvedValue((em: EntityManager) => new PostgresMemberSavings(em), [TOKENS.EntityManager]);

  const pins = TOKENS.UssdPins;
  const hasher = TOKENS.PinHasher;
  const { AccountRepository: accounts, UnitOfWork: uow, IdGenerator: ids, Clock: clock } = TOKENS;
  bind(RegisterByPhone).toResolvedValue(...withDeps(RegisterByPhone, { accounts, pins, hasher, uow, ids, clock }));
  bind(VerifyUssdPin).toResolvedValue(...withDeps(VerifyUssdPin, { pins, hasher, uow, clock }));
  bind(ChangeUssdPin).toResolvedValue(...withDeps(ChangeUssdPin, { pins, hasher, uow, clock }));

  bind(TOKENS.UssdAccessCodes).toResolvedValue((em: EntityManager) => new PostgresUssdAccessCodes(em), [TOKENS.EntityManager]);
  bind(TOKENS.OneTimeCodes).toResolvedValue(() => new NodeOneTimeCodes());
  const codes = TOKENS.UssdAccessCodes;
  const oneTimeCodes = TOKENS.OneTimeCodes;
  bind(ShowUssdAccess).toResolvedValue(...withDeps(ShowUssdAccess, { accounts, pins, codes, clock }));
  bind(RequestUssdAccessCode).toResolvedValue(
    ...withDeps(RequestUssdAccessCode, { accounts, pins, codes, oneTimeCodes, limiter: TOKENS.RateLimiter, outbox: TOKENS.Outbox, uow, clock }),
  );
  bind(SetUpUssdAccess).toResolvedValue(...withDeps(SetUpUssdAccess, { accounts, pins, codes, oneTimeCodes, hasher, uow, clock }));

  bind(UssdMemberSnapshots).toResolvedValue(
    ...withDeps(UssdMemberSnapshots, {
      savings: TOKENS.MemberSavingsReads,
      notifications: TOKENS.InAppNotifications,
      listMemberLoans: ListMemberLoans,
      showPayPage: ShowPayPage,
      showGroupBooks: ShowGroupBooks,
      listOpenVotes: ListOpenVotes,
    }),
  );

  bind(UssdChannel).toResolvedValue(
    ...withDeps(UssdChannel, {
      store: TOKENS.UssdSessionStore,
      snapshots: UssdMemberSnapshots,
      uow,
      clock,
      logger: TOKENS.Logger,
      verifyPin: VerifyUssdPin,
      register: RegisterByPhone,
      changePin: ChangeUssdPin,
      changeLanguage: ChangeLanguage,
      payContribution: PayContribution,
      providerOf: TOKENS.ProviderOfNumber,
      payMerchant: PayMerchant,
      payableNumber: TOKENS.PayableNumber,
      accounts,
      voteOnProposal: VoteOnProposal,
    }),
  );
});
