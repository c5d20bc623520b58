/**
 * The statements module's wiring (core/statements): the ledger read every statement prints
 * (PostgresStatementLedger, replica-safe), the signed download links the CLI e-mails, and the use
 * cases the statement routes (apps/http/statement-routes.ts) and the admin CLI (`statements send`)
 * resolve.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import { ContainerModule } from 'inversify';
import { HmacStatementLinks, loadStatementLinkKey } from '../../adapters/crypto/hmac-statement-links.ts';
import { PostgresStatementLedger, PostgresStatementRecipients } from '../../adapters/postgres/postgres-statement-ledger.ts';
import { EmailStatement } from '../../core/statements/email-statement.ts';
import { ShowGroupReport } from '../../core/statements/group-report.ts';
import { ShowMemberStatement } from '../../core/statements/member-statement.ts';
import { ShowMerchantStatement } from '../../core/statements/merchant-statement.ts';
import { OpenStatementLink } from '../../core/statements/open-statement-link.ts';
import type { Config } from '../config.ts';
import { withDeps } from '../deps.ts';
import { TOKENS } from '../tokens.ts';

export const statementsModule = new ContainerModule(({ bind }) => {
  bind(TOKENS.StatementLedger).toResolvedValue((em: EntityManager) => new PostgresStatementLedger(em), [TOKENS.EntityManager]);
  bind(TOKENS.StatementRecipients).toResolvedValue((em: EntityManager) => new PostgresStatementRecipients(em), [TOKENS.EntityManager]);
  bind(TOKENS.StatementLinks).toResolvedValue((config: Config) => new HmacStatementLinks(loadStatementLinkKey(config.statementLinkKey, config.dataDir), config.publicBaseUrl), [TOKENS.Config]);

  const statementLedger = TOKENS.StatementLedger;
  const clock = TOKENS.Clock;
  bind(ShowMemberStatement).toResolvedValue(
    ...withDeps(ShowMemberStatement, { accounts: TOKENS.AccountRepository, tontines: TOKENS.TontineRepository, loans: TOKENS.LoanRepository, statementLedger, clock }),
  );
  bind(ShowGroupReport).toResolvedValue(...withDeps(ShowGroupReport, { tontines: TOKENS.TontineRepository, profiles: TOKENS.MemberProfiles, statementLedger, clock }));
  bind(ShowMerchantStatement).toResolvedValue(
    ...withDeps(ShowMerchantStatement, { registry: TOKENS.Merchants, ledger: TOKENS.MerchantMonthLedger, statementLedger, clock }),
  );
  bind(OpenStatementLink).toResolvedValue(...withDeps(OpenStatementLink, { links: TOKENS.StatementLinks, recipients: TOKENS.StatementRecipients, clock }));
  bind(EmailStatement).toResolvedValue(
    ...withDeps(EmailStatement, {
      accounts: TOKENS.AccountRepository,
      recipients: TOKENS.StatementRecipients,
      registry: TOKENS.Merchants,
      links: TOKENS.StatementLinks,
      outbox: TOKENS.Outbox,
      audit: TOKENS.AuditTrail,
      uow: TOKENS.UnitOfWork,
      clock,
    }),
  );
});
