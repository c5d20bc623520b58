/**
 * The data-rights module's wiring (core/data-rights, issue 28, Law 058/2021): the member's export
 * (Postgres records, the pdfkit document, files in the object storage of uploads), the erasure of
 * an account, the consents, and the audit of admin reads. `dataRightsRouteUseCases` hands the
 * routes what they call; the job `data-exports` runs PrepareDataExports and PurgeExpiredExports
 * (apps/scheduler/jobs.ts).
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Container } from 'inversify';
import { ContainerModule } from 'inversify';
import { SignInThrottle } from '../../core/accounts/sign-in-throttle.ts';
import { DeleteAccount } from '../../core/data-rights/delete-account.ts';
import { ListConsents } from '../../core/data-rights/list-consents.ts';
import { PrepareDataExports } from '../../core/data-rights/prepare-data-exports.ts';
import { PurgeExpiredExports } from '../../core/data-rights/purge-expired-exports.ts';
import { RecordAdminReads } from '../../core/data-rights/record-admin-reads.ts';
import { RequestDataExport } from '../../core/data-rights/request-data-export.ts';
import { ShowDataExport } from '../../core/data-rights/show-data-export.ts';
import { WithdrawConsent } from '../../core/data-rights/withdraw-consent.ts';
import { WithdrawBiometricConsent } from '../../core/kyc/withdraw-biometric-consent.ts';
import type { FileStorage } from '../../core/uploads/ports.ts';
import { PostgresAccountErasure, PostgresConsentLedger, PostgresDataExports, PostgresMemberRecords } from '../../adapters/postgres/postgres-data-rights.ts';
import { StoredExportFiles } from '../../adapters/storage/export-files.ts';
import { withDeps } from '../deps.ts';
import { PdfKitExportDocument } from '../documents/data-export-pdf.ts';
import type { DataRightsRouteUseCases } from '../http/data-rights-routes.ts';
import { TOKENS } from '../tokens.ts';

export function dataRightsRouteUseCases(container: Container): DataRightsRouteUseCases {
  return {
    requestDataExport: container.get(RequestDataExport),
    showDataExport: container.get(ShowDataExport),
    deleteAccount: container.get(DeleteAccount),
    listConsents: container.get(ListConsents),
    withdrawConsent: container.get(WithdrawConsent),
  };
}

export const dataRightsModule = new ContainerModule(({ bind }) => {
  const em = [TOKENS.EntityManager] as const;
  bind(TOKENS.DataExports).toResolvedValue((m: EntityManager) => new PostgresDataExports(m), [...em]);
  bind(TOKENS.MemberRecords).toResolvedValue((m: EntityManager) => new PostgresMemberRecords(m), [...em]);
  bind(TOKENS.AccountErasure).toResolvedValue((m: EntityManager) => new PostgresAccountErasure(m), [...em]);
  bind(TOKENS.ConsentLedger).toResolvedValue((m: EntityManager) => new PostgresConsentLedger(m), [...em]);
  bind(TOKENS.ExportFiles).toResolvedValue((storage: FileStorage) => new StoredExportFiles(storage), [TOKENS.FileStorage]);
  bind(TOKENS.ExportDocument).toResolvedValue(() => new PdfKitExportDocument());

  const exports = TOKENS.DataExports;
  const files = TOKENS.ExportFiles;
  const audit = TOKENS.AuditTrail;
  const uow = TOKENS.UnitOfWork;
  const clock = TOKENS.Clock;
  bind(RequestDataExport).toResolvedValue(...withDeps(RequestDataExport, { exports, audit, uow, clock, ids: TOKENS.IdGenerator }));
  bind(ShowDataExport).toResolvedValue(...withDeps(ShowDataExport, { exports, files, clock }));
  bind(PrepareDataExports).toResolvedValue(
    ...withDeps(PrepareDataExports, { exports, records: TOKENS.MemberRecords, document: TOKENS.ExportDocument, files, notifier: TOKENS.Notifier, uow, clock }),
  );
  bind(PurgeExpiredExports).toResolvedValue(...withDeps(PurgeExpiredExports, { exports, files, uow, clock }));
  bind(DeleteAccount).toResolvedValue(
    ...withDeps(DeleteAccount, {
      accounts: TOKENS.AccountRepository,
      passwords: TOKENS.PasswordHasher,
      throttle: SignInThrottle,
      erasure: TOKENS.AccountErasure,
      objects: TOKENS.FileStorage,
      audit,
      uow,
      clock,
    }),
  );
  bind(ListConsents).toResolvedValue(...withDeps(ListConsents, { ledger: TOKENS.ConsentLedger }));
  bind(WithdrawConsent).toResolvedValue(...withDeps(WithdrawConsent, { scoring: TOKENS.ScoringConsents, biometrics: WithdrawBiometricConsent, audit, uow, clock }));
  bind(RecordAdminReads).toResolvedValue(...withDeps(RecordAdminReads, { audit, records: TOKENS.MemberRecords, uow }));
});
