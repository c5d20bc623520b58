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
import type { MobileMoney } from '../../core/payments/ports.ts';
import type { AuditTrail } from '../../core/audit/ports.ts';
import { ConfirmWorkingCapitalRepayment, StartWorkingCapitalRepayment } from '../../core/working-capital/repay-working-capital.ts';
import type { PostgresMerchants } from '../../adapters/postgres/postgres-merchants.ts';
import type { JournalWriter } from '../../core/ledger/ports.ts';
import type { Clock, IdGenerator } from '../../core/shared/clock.ts';
import type { UnitOfWork } from '../../core/shared/unit-of-work.ts';
import type { Notifier } from '../../core/tontines/ports.ts';
import { RequestTransfer } from '../../core/transfers/request-transfer.ts';
import { SendTransfer } from '../../core/transfers/send-transfer.ts';
import { AcceptWorkingCapital } from '../../core/working-capital/accept-working-capital.ts';
import { ApplyForWorkingCapital } from '../../core/working-capital/apply-for-working-capital.ts';
import { RefreshWorkingCapital, ReviewWorkingCapital } from '../../core/working-capital/review-working-capital.ts';
import { ShowWorkingCapital } from '../../core/working-capital/show-working-capital.ts';
import { WithholdFromSettlements } from '../../core/working-capital/withhold-from-settlements.ts';
import { TOKENS } from '../tokens.ts';

/** Everything a working-capital use case may take; each reads the ones it names. */
export interface WorkingCapitalPorts {
  loans: PostgresWorkingCapital;
  sales: PostgresWorkingCapital;
  repayments: PostgresWorkingCapitalRepayments;
  registry: PostgresMerchants;
  merchants: PostgresMerchants;
  journal: JournalWriter;
  notifier: Notifier;
  uow: UnitOfWork;
  clock: Clock;
  ids: IdGenerator;
  requestTransfer: RequestTransfer;
  sendTransfer: SendTransfer;
  collections: PostgresWorkingCapitalCollections;
  mobileMoney: MobileMoney;
  audit: AuditTrail;
}

const PORTS = Symbol.for('ikimina.workingCapital.Ports');

export const workingCapitalModule = new ContainerModule(({ bind }) => {
  bind(TOKENS.WorkingCapital).toResolvedValue((em: EntityManager) => new PostgresWorkingCapital(em), [TOKENS.EntityManager]);
  bind(TOKENS.WorkingCapitalCollections).toResolvedValue((em: EntityManager) => new PostgresWorkingCapitalCollections(em), [TOKENS.EntityManager]);
  bind(PORTS).toResolvedValue(
    (
      loans: PostgresWorkingCapital,
      merchants: PostgresMerchants,
      journal: JournalWriter,
      notifier: Notifier,
      uow: UnitOfWork,
      clock: Clock,
      ids: IdGenerator,
      requestTransfer: RequestTransfer,
      sendTransfer: SendTransfer,
      collections: PostgresWorkingCapitalCollections,
      mobileMoney: MobileMoney,
      audit: AuditTrail,
    ): WorkingCapitalPorts => ({
      loans,
      sales: loans,
      repayments: new PostgresWorkingCapitalRepayments(loans),
      registry: merchants,
      merchants,
      journal,
      notifier,
      uow,
      clock,
      ids,
      requestTransfer,
      sendTransfer,
      collections,
      mobileMoney,
      audit,
    }),
    [TOKENS.WorkingCapital, TOKENS.Merchants, TOKENS.JournalWriter, TOKENS.Notifier, TOKENS.UnitOfWork, TOKENS.Clock, TOKENS.IdGenerator, RequestTransfer, SendTransfer, TOKENS.WorkingCapitalCollections, TOKENS.MobileMoney, TOKENS.AuditTrail],
  );
  const useCase = <T>(UseCase: new (deps: WorkingCapitalPorts) => T) => bind(UseCase).toResolvedValue((p: WorkingCapitalPorts) => new UseCase(p), [PORTS]);
  useCase(ShowWorkingCapital);
  useCase(ApplyForWorkingCapital);
  useCase(AcceptWorkingCapital);
  useCase(ReviewWorkingCapital);
  useCase(RefreshWorkingCapital);
  useCase(StartWorkingCapitalRepayment);
  useCase(ConfirmWorkingCapitalRepayment);
  bind(TOKENS.SettlementWithholding).toResolvedValue((p: WorkingCapitalPorts) => new WithholdFromSettlements(p), [PORTS]);
});
