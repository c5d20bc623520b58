/**
 * The contributions module's wiring (core/contributions): the contributions and the member's
 * savings as USSD reads them; paying a contribution (every channel calls PayContributionByMobileMoney
 * for mobile money; the card checkout and the demo start theirs with PayContribution), confirming
 * it from the provider's word, the listings, and the reminder and overdue notices the scheduler runs.
 */
import { ContainerModule } from 'inversify';
import type { EntityManager } from '@mikro-orm/postgresql';
import { ConfirmContributionPayment } from '../../core/contributions/confirm-contribution-payment.ts';
import { ListMemberContributions } from '../../core/contributions/list-member-contributions.ts';
import { ListTontineContributions } from '../../core/contributions/list-tontine-contributions.ts';
import { PayContributionByMobileMoney } from '../../core/contributions/pay-contribution-by-mobile-money.ts';
import { PayContribution } from '../../core/contributions/pay-contribution.ts';
import { SendContributionReminders } from '../../core/contributions/send-contribution-reminders.ts';
import { SendOverdueNotices } from '../../core/contributions/send-overdue-notices.ts';
import { ShowContributionPayment } from '../../core/contributions/show-contribution-payment.ts';
import type { Clock, IdGenerator } from '../../core/shared/clock.ts';
import { MikroOrmContributionRepository } from '../../adapters/postgres/mikro-orm-contribution-repository.ts';
import { PostgresContributionNotices } from '../../adapters/postgres/postgres-contribution-notices.ts';
import { PostgresMemberSavings } from '../../adapters/postgres/postgres-member-savings.ts';
import { withDeps } from '../deps.ts';
import { TOKENS } from '../tokens.ts';

export const contributionsModule = new ContainerModule(({ bind }) => {
  bind(TOKENS.ContributionRepository).toResolvedValue(
    (em: EntityManager, ids: IdGenerator, clock: Clock) => new MikroOrmContributionRepository(em, ids, clock),
    [TOKENS.EntityManager, TOKENS.IdGenerator, TOKENS.Clock],
  );
  bind(TOKENS.MemberSavingsReads).toResolvedValue((em: EntityManager) => new PostgresMemberSavings(em), [TOKENS.EntityManager]);
  bind(TOKENS.ContributionNotices).toResolvedValue((em: EntityManager) => new PostgresContributionNotices(em), [TOKENS.EntityManager]);

  const contributions = TOKENS.ContributionRepository;
  const tontines = TOKENS.TontineRepository;
  const payments = TOKENS.PaymentRepository;
  const uow = TOKENS.UnitOfWork;
  const clock = TOKENS.Clock;
  const ids = TOKENS.IdGenerator;
  bind(PayContribution).toResolvedValue(...withDeps(PayContribution, { contributions, uow, mobileMoney: TOKENS.MobileMoney, clock, ids }));
  bind(PayContributionByMobileMoney).toResolvedValue(
    ...withDeps(PayContributionByMobileMoney, { payContribution: PayContribution, payments, payerOf: TOKENS.PayerOf, batching: TOKENS.Batching }),
  );
  bind(ConfirmContributionPayment).toResolvedValue(...withDeps(ConfirmContributionPayment, { contributions, journal: TOKENS.JournalWriter, uow, clock, ids }));
  bind(ListMemberContributions).toResolvedValue(...withDeps(ListMemberContributions, { contributions, tontines, clock }));
  bind(ListTontineContributions).toResolvedValue(...withDeps(ListTontineContributions, { tontines, contributions, profiles: TOKENS.MemberProfiles, clock }));
  bind(ShowContributionPayment).toResolvedValue(...withDeps(ShowContributionPayment, { contributions, payments }));

  const notices = { notices: TOKENS.ContributionNotices, notifier: TOKENS.Notifier, uow, clock, events: TOKENS.Logger } as const;
  bind(SendContributionReminders).toResolvedValue(...withDeps(SendContributionReminders, notices));
  bind(SendOverdueNotices).toResolvedValue(...withDeps(SendOverdueNotices, notices));
});
