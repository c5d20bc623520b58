/**
 * The facial KYC module's wiring (core/kyc): the face model (FaceApiMatcher, one per process,
 * its thread started by the first comparison), the Postgres stores, the national-ID photos read
 * from the NIDA module's table, and each use case bound by its class. The KYC routes receive
 * `kycRouteUseCases`.
 *
 * `TOKENS.MemberImages` (core/uploads/ports.ts) is bound by the uploads module, not here;
 * `TOKENS.RateLimiter` and `TOKENS.AuditTrail` by the accounts and audit modules.
 */
import type { Container } from 'inversify';
import { ContainerModule } from 'inversify';
import type { EntityManager } from '@mikro-orm/postgresql';
import { RecordBiometricConsent } from '../../core/kyc/record-biometric-consent.ts';
import { SaveKycPhoto } from '../../core/kyc/save-kyc-photo.ts';
import { ShowKycStatus } from '../../core/kyc/show-kyc-status.ts';
import { VerifyFace } from '../../core/kyc/verify-face.ts';
import { WithdrawBiometricConsent } from '../../core/kyc/withdraw-biometric-consent.ts';
import { FaceApiMatcher } from '../../adapters/kyc/face-api-matcher.ts';
import { PostgresBiometricConsents, PostgresKycDecisions, PostgresKycRecords, PostgresRegistryIdPhotos } from '../../adapters/postgres/postgres-kyc-store.ts';
import type { Config } from '../config.ts';
import { withDeps } from '../deps.ts';
import type { KycRouteUseCases } from '../http/kyc-routes.ts';
import { TOKENS } from '../tokens.ts';

/** The use cases the KYC routes call (apps/http/kyc-routes.ts). */
export function kycRouteUseCases(container: Container): KycRouteUseCases {
  return {
    showKycStatus: container.get(ShowKycStatus),
    saveKycPhoto: container.get(SaveKycPhoto),
    recordBiometricConsent: container.get(RecordBiometricConsent),
    withdrawBiometricConsent: container.get(WithdrawBiometricConsent),
    verifyFace: container.get(VerifyFace),
  };
}

export const kycModule = new ContainerModule(({ bind }) => {
  const em = [TOKENS.EntityManager] as const;
  bind(TOKENS.FaceMatcher).toResolvedValue((config: Config) => new FaceApiMatcher(config.kyc.modelDir ? { modelDir: config.kyc.modelDir } : {}), [TOKENS.Config]);
  bind(TOKENS.KycRecords).toResolvedValue((m: EntityManager) => new PostgresKycRecords(m), [...em]);
  bind(TOKENS.BiometricConsents).toResolvedValue((m: EntityManager) => new PostgresBiometricConsents(m), [...em]);
  bind(TOKENS.KycDecisions).toResolvedValue((m: EntityManager) => new PostgresKycDecisions(m), [...em]);
  bind(TOKENS.RegistryIdPhotos).toResolvedValue((m: EntityManager) => new PostgresRegistryIdPhotos(m), [...em]);

  const records = TOKENS.KycRecords;
  const consents = TOKENS.BiometricConsents;
  const images = TOKENS.MemberImages;
  const registryPhotos = TOKENS.RegistryIdPhotos;
  const audit = TOKENS.AuditTrail;
  const uow = TOKENS.UnitOfWork;
  const clock = TOKENS.Clock;
  const ids = TOKENS.IdGenerator;
  bind(ShowKycStatus).toResolvedValue(...withDeps(ShowKycStatus, { records, consents, registryPhotos }));
  bind(SaveKycPhoto).toResolvedValue(...withDeps(SaveKycPhoto, { images, records, uow, clock }));
  bind(RecordBiometricConsent).toResolvedValue(...withDeps(RecordBiometricConsent, { consents, audit, uow, clock, ids }));
  bind(WithdrawBiometricConsent).toResolvedValue(...withDeps(WithdrawBiometricConsent, { consents, audit, uow, clock }));
  bind(VerifyFace).toResolvedValue(
    ...withDeps(VerifyFace, {
      images,
      records,
      consents,
      registryPhotos,
      matcher: TOKENS.FaceMatcher,
      decisions: TOKENS.KycDecisions,
      limiter: TOKENS.RateLimiter,
      audit,
      uow,
      clock,
      ids,
    }),
  );
});
