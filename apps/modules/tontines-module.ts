/**
 * The tontines module's wiring (core/tontines): the groups, their members' directory (profiles,
 * wallets, the people notified), the pools' books and chat; each tontine use case, from creating a
 * group to its payouts (which move money through the transfers module, purposes `payout` and
 * `withdrawal`), and the screens' reads.
 */
import { ContainerModule } from 'inversify';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { PayerOf } from '../../core/payments/ports.ts';
import { AcceptTurnSwap } from '../../core/tontines/accept-turn-swap.ts';
import { BrowseTontines } from '../../core/tontines/browse-tontines.ts';
import { CancelTontine } from '../../core/tontines/cancel-tontine.ts';
import { CreateTontine } from '../../core/tontines/create-tontine.ts';
import { DescribeTontines } from '../../core/tontines/describe-tontines.ts';
import { DrawPayoutOrder } from '../../core/tontines/draw-payout-order.ts';
import { JoinTontine } from '../../core/tontines/join-tontine.ts';
import { ListChatMessages } from '../../core/tontines/list-chat-messages.ts';
import { ListMemberTontines } from '../../core/tontines/list-member-tontines.ts';
import { ListTontineCategories } from '../../core/tontines/list-tontine-categories.ts';
import { ListTontineMembers } from '../../core/tontines/list-tontine-members.ts';
import { ListTurnSwaps } from '../../core/tontines/list-turn-swaps.ts';
import { PayOutDueCycles } from '../../core/tontines/pay-out-due-cycles.ts';
import { PayoutIfCycleComplete } from '../../core/tontines/payout-if-cycle-complete.ts';
import { PostChatMessage } from '../../core/tontines/post-chat-message.ts';
import { ProposeTurnSwap } from '../../core/tontines/propose-turn-swap.ts';
import { RecommendTontines } from '../../core/tontines/recommend-tontines.ts';
import { ShowGroupBooks } from '../../core/tontines/show-group-books.ts';
import { ShowPayoutOrder } from '../../core/tontines/show-payout-order.ts';
import { ShowSavingsDashboard } from '../../core/tontines/show-savings-dashboard.ts';
import { SendMonthlyStatements } from '../../core/tontines/send-monthly-statements.ts';
import { ShowTontine } from '../../core/tontines/show-tontine.ts';
import { StartTontine } from '../../core/tontines/start-tontine.ts';
import { WithdrawSavings } from '../../core/tontines/withdraw-savings.ts';
import { RequestTransfer } from '../../core/transfers/request-transfer.ts';
import { SendTransfer } from '../../core/transfers/send-transfer.ts';
import { MikroOrmTontineRepository } from '../../adapters/postgres/mikro-orm-tontine-repository.ts';
import { PostgresChat, PostgresMemberDirectory } from '../../adapters/postgres/postgres-community.ts';
import { PostgresMonthlyStatements } from '../../adapters/postgres/postgres-monthly-statements.ts';
import { PostgresPoolBooks } from '../../adapters/postgres/postgres-pool-books.ts';
import { servesAlso, withDeps } from '../deps.ts';
import { TOKENS } from '../tokens.ts';

export const tontinesModule = new ContainerModule(({ bind }) => {
  // Each adapter is bound once, under the first port it serves; its other ports are that binding.
  bind(TOKENS.TontineRepository).toResolvedValue((em: EntityManager) => new MikroOrmTontineRepository(em), [TOKENS.EntityManager]);
  servesAlso(bind, TOKENS.TontineNames, TOKENS.TontineRepository);
  servesAlso(bind, TOKENS.CompletedCycles, TOKENS.TontineRepository);
  bind(TOKENS.PoolBooks).toResolvedValue((em: EntityManager) => new PostgresPoolBooks(em), [TOKENS.EntityManager]);
  bind(TOKENS.MonthlyStatements).toResolvedValue((em: EntityManager) => new PostgresMonthlyStatements(em), [TOKENS.EntityManager]);
  bind(TOKENS.GroupChat).toResolvedValue((em: EntityManager) => new PostgresChat(em), [TOKENS.EntityManager]);
  bind(TOKENS.MemberWallets).toResolvedValue((em: EntityManager, payerOf: PayerOf) => new PostgresMemberDirectory(em, payerOf), [TOKENS.EntityManager, TOKENS.PayerOf]);
  servesAlso(bind, TOKENS.MemberProfiles, TOKENS.MemberWallets);
  servesAlso(bind, TOKENS.TontineCategories, TOKENS.MemberWallets);
  servesAlso(bind, TOKENS.NotificationRecipients, TOKENS.MemberWallets);

  // Each dependency name of the tontine use cases, with the token it is resolved from.
  const tontines = TOKENS.TontineRepository;
  const contributions = TOKENS.ContributionRepository;
  const profiles = TOKENS.MemberProfiles;
  const notifier = TOKENS.Notifier;
  const wallets = TOKENS.MemberWallets;
  const journal = TOKENS.JournalWriter;
  const balances = TOKENS.PoolBalances;
  const chat = TOKENS.GroupChat;
  const uow = TOKENS.UnitOfWork;
  const clock = TOKENS.Clock;
  const ids = TOKENS.IdGenerator;
  const requestTransfer = RequestTransfer;
  const sendTransfer = SendTransfer;
  const describe = DescribeTontines;

  bind(CreateTontine).toResolvedValue(...withDeps(CreateTontine, { tontines, contributions, uow, clock, ids }));
  bind(JoinTontine).toResolvedValue(...withDeps(JoinTontine, { tontines, contributions, uow, clock, ids }));
  // The rotation's changes are announced to every member (core/tontines/group-announcements.ts).
  bind(StartTontine).toResolvedValue(...withDeps(StartTontine, { tontines, contributions, profiles, notifier, uow, clock, ids }));
  bind(CancelTontine).toResolvedValue(...withDeps(CancelTontine, { tontines, uow }));
  bind(AcceptTurnSwap).toResolvedValue(...withDeps(AcceptTurnSwap, { tontines, profiles, notifier, uow }));
  bind(DrawPayoutOrder).toResolvedValue(...withDeps(DrawPayoutOrder, { tontines, profiles, notifier, uow, clock, ids }));
  bind(ProposeTurnSwap).toResolvedValue(...withDeps(ProposeTurnSwap, { tontines, uow, clock, ids }));
  bind(PayoutIfCycleComplete).toResolvedValue(
    ...withDeps(PayoutIfCycleComplete, { tontines, contributions, journal, uow, requestTransfer, sendTransfer, wallets, notifier, clock, ids }),
  );
  bind(PayOutDueCycles).toResolvedValue(...withDeps(PayOutDueCycles, { cycles: TOKENS.CompletedCycles, payout: PayoutIfCycleComplete, events: TOKENS.Logger }));
  bind(WithdrawSavings).toResolvedValue(...withDeps(WithdrawSavings, { tontines, journal, uow, requestTransfer, sendTransfer, wallets, clock }));

  // The screens' reads.
  bind(DescribeTontines).toResolvedValue(...withDeps(DescribeTontines, { profiles, balances, contributions, clock }));
  bind(BrowseTontines).toResolvedValue(...withDeps(BrowseTontines, { tontines, describe }));
  bind(ListMemberTontines).toResolvedValue(...withDeps(ListMemberTontines, { tontines, describe }));
  bind(ShowTontine).toResolvedValue(...withDeps(ShowTontine, { tontines, describe }));
  bind(ListTontineMembers).toResolvedValue(...withDeps(ListTontineMembers, { tontines, profiles }));
  bind(ListTontineCategories).toResolvedValue(...withDeps(ListTontineCategories, { categories: TOKENS.TontineCategories, tontines }));
  bind(SendMonthlyStatements).toResolvedValue(
    ...withDeps(SendMonthlyStatements, { statements: TOKENS.MonthlyStatements, tontines, books: TOKENS.PoolBooks, profiles, notifier, uow: TOKENS.UnitOfWork, clock: TOKENS.Clock, events: TOKENS.Logger }),
  );
  bind(ShowGroupBooks).toResolvedValue(...withDeps(ShowGroupBooks, { tontines, balances, books: TOKENS.PoolBooks, profiles }));
  bind(ShowPayoutOrder).toResolvedValue(...withDeps(ShowPayoutOrder, { tontines, profiles }));
  bind(ListTurnSwaps).toResolvedValue(...withDeps(ListTurnSwaps, { tontines }));
  bind(ListChatMessages).toResolvedValue(...withDeps(ListChatMessages, { tontines, chat, profiles }));
  bind(PostChatMessage).toResolvedValue(...withDeps(PostChatMessage, { tontines, chat, clock, ids }));
  bind(RecommendTontines).toResolvedValue(...withDeps(RecommendTontines, { tontines, contributions }));
  bind(ShowSavingsDashboard).toResolvedValue(...withDeps(ShowSavingsDashboard, { tontines, contributions, clock }));
});
