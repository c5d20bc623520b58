/**
 * The statements module's wiring (core/statements): the ledger read every statement prints
 * (PostgresStatementLedger, replica-safe), the signed download links the CLI e-mails, and the use
 * cases the statement routes (apps/http/statement-routes.ts) and the admin CLI (`statements send`)
 * resolve.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import { ContainerModule } from 'inversify';
import { HmacStatementLinks, loadStatementLinkKey } from '../../adapters/crypto/hmac-statement-links.ts';
import type { PostgresMerchants } from '../../adapters/postgres/postgres-merchants.ts';
import { PostgresMerchantMonthLedger } from '../../adapters/postgres/postgres-merchant-month-ledger.ts';
import { PostgresStatementLedger, PostgresStatementRecipients } from '../../adapters/postgres/postgres-statement-ledger.ts';
import type { AccountRepository } from '../../core/accounts/ports.ts';
import type { AuditTrail } from '../../core/audit/ports.ts';
import type { LoanRepository } from '../../core/loans/ports.ts';
import type { Outbox } from '../../core/notifications/outbox.ts';
import type { Clock } from '../../core/shared/clock.ts';
import type { UnitOfWork } from '../../core/shared/unit-of-work.ts';
import { EmailStatement } from '../../core/statements/email-statement.ts';
import { ShowGroupReport } from '../../core/statements/group-report.ts';
import { ShowMemberStatement } from '../../core/statements/member-statement.ts';
import { ShowMerchantStatement } from '../../core/statements/merchant-statement.ts';
import type { MemberProfiles, TontineRepository } from '../../core/tontines/ports.ts';
import type { Config } from '../config.ts';
import { TOKENS } from '../tokens.ts';

export const statementsModule = new ContainerModule(({ bind }) => {
  bind(HmacStatementLinks).toResolvedValue((config: Config) => new HmacStatementLinks(loadStatementLinkKey(config.statementLinkKey, config.dataDir), config.publicBaseUrl), [TOKENS.Config]);
  bind(ShowMemberStatement).toResolvedValue(
    (accounts: AccountRepository, tontines: TontineRepository, loans: LoanRepository, em: EntityManager, clock: Clock) =>
      new ShowMemberStatement({ accounts, tontines, loans, statementLedger: new PostgresStatementLedger(em), clock }),
    [TOKENS.AccountRepository, TOKENS.TontineRepository, TOKENS.LoanRepository, TOKENS.EntityManager, TOKENS.Clock],
  );
  bind(ShowGroupReport).toResolvedValue(
    (tontines: TontineRepository, profiles: MemberProfiles, em: EntityManager, clock: Clock) => new ShowGroupReport({ tontines, profiles, statementLedger: new PostgresStatementLedger(em), clock }),
    [TOKENS.TontineRepository, TOKENS.MemberProfiles, TOKENS.EntityManager, TOKENS.Clock],
  );
  bind(ShowMerchantStatement).toResolvedValue(
    (registry: PostgresMerchants, em: EntityManager, clock: Clock) =>
      new ShowMerchantStatement({ registry, ledger: new PostgresMerchantMonthLedger(em), statementLedger: new PostgresStatementLedger(em), clock }),
    [TOKENS.Merchants, TOKENS.EntityManager, TOKENS.Clock],
  );
  bind(EmailStatement).toResolvedValue(
    (accounts: AccountRepository, registry: PostgresMerchants, links: HmacStatementLinks, outbox: Outbox, audit: AuditTrail, uow: UnitOfWork, em: EntityManager, clock: Clock) =>
      new EmailStatement({ accounts, recipients: new PostgresStatementRecipients(em), registry, links, outbox, audit, uow, clock }),
    [TOKENS.AccountRepository, TOKENS.Merchants, HmacStatementLinks, TOKENS.Outbox, TOKENS.AuditTrail, TOKENS.UnitOfWork, TOKENS.EntityManager, TOKENS.Clock],
  );
});
