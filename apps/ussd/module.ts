/**
 * The USSD channel's bindings: its session store, the member snapshots its screens read and the
 * channel itself. The use cases it calls are bound by their modules (accounts: PINs and language;
 * contributions; merchants; loans). Loaded by buildContainer, so the server, the simulator
 * (in-process) and the tests resolve the same channel.
 */
import { ContainerModule } from 'inversify';
import type { EntityManager } from '@mikro-orm/postgresql';
import { ChangeLanguage } from '../../core/accounts/change-language.ts';
import { ChangeUssdPin } from '../../core/accounts/change-ussd-pin.ts';
import { RegisterByPhone } from '../../core/accounts/register-by-phone.ts';
import { VerifyUssdPin } from '../../core/accounts/verify-ussd-pin.ts';
import { PayContributionByMobileMoney } from '../../core/contributions/pay-contribution-by-mobile-money.ts';
import { ListMemberLoans } from '../../core/loans/list-member-loans.ts';
import { PayMerchant } from '../../core/merchants/pay-merchant.ts';
import { ShowPayPage } from '../../core/merchants/show-pay-page.ts';
import { ShowGroupBooks } from '../../core/tontines/show-group-books.ts';
import { PostgresUssdSessionStore } from '../../adapters/postgres/ussd-session-store.ts';
import { USSD_SESSION_FORMAT } from '../../ussd/session.ts';
import { withDeps } from '../deps.ts';
import { TOKENS } from '../tokens.ts';
import { UssdMemberSnapshots } from './member-snapshots.ts';
import { ListOpenVotes } from '../../core/decisions/list-open-votes.ts';
import { VoteOnProposal } from '../../core/decisions/vote-on-proposal.ts';
import { UssdChannel } from './ussd-channel.ts';

export const ussdModule = new ContainerModule(({ bind }) => {
  bind(TOKENS.UssdSessionStore).toResolvedValue((em: EntityManager) => new PostgresUssdSessionStore(em, USSD_SESSION_FORMAT), [TOKENS.EntityManager]);

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
      uow: TOKENS.UnitOfWork,
      clock: TOKENS.Clock,
      logger: TOKENS.Logger,
      verifyPin: VerifyUssdPin,
      register: RegisterByPhone,
      changePin: ChangeUssdPin,
      changeLanguage: ChangeLanguage,
      payContribution: PayContributionByMobileMoney,
      payerOf: TOKENS.PayerOf,
      payMerchant: PayMerchant,
      accounts: TOKENS.AccountRepository,
      voteOnProposal: VoteOnProposal,
    }),
  );
});
