/**
 * The national ID module's wiring (core/identity): the register chosen from the configuration
 * (the embedded sandbox, or Prembly IdentityPass), the vault (AES-256-GCM under the configured or
 * embedded keys), the Postgres records, and the use cases the routes (`nidaRouteUseCases`) and the
 * admin CLI (`keys rotate`: RotateNationalIdKeys) resolve.
 *
 * `TOKENS.MemberImages` (core/uploads/ports.ts) is bound by the uploads module, not here.
 */
import type { Container } from 'inversify';
import { ContainerModule } from 'inversify';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { NationalIdRegistry } from '../../core/identity/ports.ts';
import { RotateNationalIdKeys } from '../../core/identity/rotate-national-id-keys.ts';
import { SaveNationalIdPhoto } from '../../core/identity/save-national-id-photo.ts';
import { ShowNationalIdStatus } from '../../core/identity/show-national-id-status.ts';
import { VerifyNationalId, type NationalIdLookupLimit, type VerifyNationalIdDeps } from '../../core/identity/verify-national-id.ts';
import { AesGcmNationalIdVault, loadNationalIdKeys } from '../../adapters/crypto/national-id-vault.ts';
import { PremblyNationalIdRegistry } from '../../adapters/identity/prembly-national-id-registry.ts';
import { SandboxNationalIdRegistry } from '../../adapters/identity/sandbox-national-id-registry.ts';
import { PostgresNationalIds } from '../../adapters/postgres/postgres-national-ids.ts';
import type { Config } from '../config.ts';
import { fromDeps, withDeps } from '../deps.ts';
import type { NidaRouteUseCases } from '../http/nida-routes.ts';
import { TOKENS } from '../tokens.ts';

const DAY_SECONDS = 86_400;

const lookupLimitOf = (config: Config): NationalIdLookupLimit => ({ perMember: config.nationalId.lookupsPerDay, windowSeconds: DAY_SECONDS });

/** The register of the configuration: Prembly when configured, else the embedded sandbox. */
export function createNationalIdRegistry(config: Config['nationalId']): NationalIdRegistry {
  const { registry, timeoutMs } = config;
  if (registry.provider === 'prembly') return new PremblyNationalIdRegistry({ baseUrl: registry.baseUrl, appId: registry.appId, apiKey: registry.apiKey, timeoutMs });
  return new SandboxNationalIdRegistry({ timeoutMs });
}

/** The use cases the national ID routes call (apps/http/nida-routes.ts). */
export function nidaRouteUseCases(container: Container): NidaRouteUseCases {
  return {
    showNationalIdStatus: container.get(ShowNationalIdStatus),
    verifyNationalId: container.get(VerifyNationalId),
    saveNationalIdPhoto: container.get(SaveNationalIdPhoto),
  };
}

export const nidaModule = new ContainerModule(({ bind }) => {
  bind(TOKENS.NationalIdRegistry).toResolvedValue((config: Config) => createNationalIdRegistry(config.nationalId), [TOKENS.Config]);
  // Resolved once: the embedded default's key files are read (or created) at first use.
  bind(TOKENS.NationalIdVault).toResolvedValue((config: Config) => new AesGcmNationalIdVault(loadNationalIdKeys(config.nationalId.keys, config.dataDir)), [TOKENS.Config]);
  bind(TOKENS.NationalIdRepository).toResolvedValue((em: EntityManager) => new PostgresNationalIds(em), [TOKENS.EntityManager]);

  const nationalIds = TOKENS.NationalIdRepository;
  const vault = TOKENS.NationalIdVault;
  const uow = TOKENS.UnitOfWork;
  bind(VerifyNationalId).toResolvedValue(
    ...fromDeps(({ config, ...deps }: Omit<VerifyNationalIdDeps, 'lookupLimit'> & { config: Config }) => new VerifyNationalId({ ...deps, lookupLimit: lookupLimitOf(config) }), {
      config: TOKENS.Config,
      registry: TOKENS.NationalIdRegistry,
      vault,
      nationalIds,
      images: TOKENS.MemberImages,
      limiter: TOKENS.RateLimiter,
      audit: TOKENS.AuditTrail,
      log: TOKENS.Logger,
      uow,
      clock: TOKENS.Clock,
      ids: TOKENS.IdGenerator,
    }),
  );
  bind(ShowNationalIdStatus).toResolvedValue(...withDeps(ShowNationalIdStatus, { nationalIds, vault, accounts: TOKENS.AccountRepository }));
  bind(SaveNationalIdPhoto).toResolvedValue(...withDeps(SaveNationalIdPhoto, { images: TOKENS.MemberImages, nationalIds, uow }));
  bind(RotateNationalIdKeys).toResolvedValue(...withDeps(RotateNationalIdKeys, { nationalIds, vault, audit: TOKENS.AuditTrail, uow }));
});
