/**
 * The working-capital module's wiring (core/working-capital): its Postgres store, the settlement's
 * withholding (bound as TOKENS.SettlementWithholding, which the settlement use cases take), and
 * its use cases, which the merchant routes, the admin CLI (`loans review`) and the scheduler
 * resolve. Its disbursements move money through the transfers module (purpose
 * `working_capital_disbursement`: apps/modules/transfers-module.ts).
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import { ContainerModule } from 'inversify';
import { PostgresWorkingCapital, PostgresWorkingCapitalCollections, PostgresWorkingCapitalRepayments } from '../../adapters/postgres/postgres-working-capital.ts';
import { ConfirmWorkingCapitalRepayment, StartWorkingCapitalRepayment } from '../../core/working-capital/repay-working-capital.ts';
import { RequestTransfer } from '../../core/transfers/request-transfer.ts';
import { SendTransfer } from '../../core/transfers/send-transfer.ts';
import { AcceptWorkingCapital } from '../../core/working-capital/accept-working-capital.ts';
import { ApplyForWorkingCapital } from '../../core/working-capital/apply-for-working-capital.ts';
import { RefreshWorkingCapital, ReviewWorkingCapital } from '../../core/working-capital/review-working-capital.ts';
import { ShowWorkingCapital } from '../../core/working-capital/show-working-capital.ts';
import { WithholdFromSettlements } from '../../core/working-capital/withhold-from-settlements.ts';
import { withDeps } from '../deps.ts';
import { TOKENS } from '../tokens.ts';

export const workingCapitalModule = new ContainerModule(({ bind }) => {
  bind(TOKENS.WorkingCapital).toResolvedValue((em: EntityManager) => new PostgresWorkingCapital(em), [TOKENS.EntityManager]);
  // The repayments' port over the same store (stateless: one EntityManager, the request's context).
  bind(TOKENS.WorkingCapitalRepayments).toResolvedValue((em: EntityManager) => new PostgresWorkingCapitalRepayments(new PostgresWorkingCapital(em)), [TOKENS.EntityManager]);
  bind(TOKENS.WorkingCapitalCollections).toResolvedValue((em: EntityManager) => new PostgresWorkingCapitalCollections(em), [TOKENS.EntityManager]);

  // Each dependency name of the working-capital use cases, with the token it is resolved from.
  const loans = TOKENS.WorkingCapital;
  const sales = TOKENS.WorkingCapital;
  const repayments = TOKENS.WorkingCapitalRepayments;
  const collections = TOKENS.WorkingCapitalCollections;
  const registry = TOKENS.Merchants;
  const merchants = TOKENS.Merchants;
  const journal = TOKENS.JournalWriter;
  const notifier = TOKENS.Notifier;
  const uow = TOKENS.UnitOfWork;
  const clock = TOKENS.Clock;
  const ids = TOKENS.IdGenerator;
  const audit = TOKENS.AuditTrail;

  bind(ShowWorkingCapital).toResolvedValue(...withDeps(ShowWorkingCapital, { registry, loans, repayments, sales, clock }));
  bind(ApplyForWorkingCapital).toResolvedValue(...withDeps(ApplyForWorkingCapital, { registry, loans, sales, notifier, uow, clock, ids }));
  bind(AcceptWorkingCapital).toResolvedValue(
    ...withDeps(AcceptWorkingCapital, { loans, merchants, requestTransfer: RequestTransfer, sendTransfer: SendTransfer, notifier, uow, clock }),
  );
  bind(ReviewWorkingCapital).toResolvedValue(...withDeps(ReviewWorkingCapital, { loans, audit, notifier, uow, clock }));
  bind(RefreshWorkingCapital).toResolvedValue(...withDeps(RefreshWorkingCapital, { loans, audit, notifier, uow, clock }));
  bind(StartWorkingCapitalRepayment).toResolvedValue(...withDeps(StartWorkingCapitalRepayment, { loans, merchants, collections, mobileMoney: TOKENS.MobileMoney, uow, clock, ids }));
  bind(ConfirmWorkingCapitalRepayment).toResolvedValue(...withDeps(ConfirmWorkingCapitalRepayment, { loans, repayments, journal, ids, collections, notifier, uow, clock }));
  bind(TOKENS.SettlementWithholding).toResolvedValue(...withDeps(WithholdFromSettlements, { loans, repayments, journal, notifier, ids }));
});
