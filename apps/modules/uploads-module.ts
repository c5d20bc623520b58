/**
 * The uploads module's wiring: the storage chosen from the configuration (local disk by default,
 * S3 when S3_* are set) with its upload addresses, the object records in PostgreSQL, the image
 * re-encoder, `TOKENS.MemberImages` for identity, KYC and the profile, and each use case of
 * core/uploads bound by its class. Channels receive the use cases they call:
 * `uploadReceivingUseCases`, `objectRouteUseCases`, `companionUseCases` and `companionSettings`;
 * the scheduler the `upload-prune` job.
 */
import type { Container, ServiceIdentifier } from 'inversify';
import { ContainerModule } from 'inversify';
import type { EntityManager } from '@mikro-orm/postgresql';
import { AbortMultipartUpload } from '../../core/uploads/abort-multipart-upload.ts';
import { CompleteMultipartUpload } from '../../core/uploads/complete-multipart-upload.ts';
import { ListUploadParts } from '../../core/uploads/list-upload-parts.ts';
import type { FileStorage, UploadAddresses, UploadSignatures } from '../../core/uploads/ports.ts';
import { PruneAbandonedUploads } from '../../core/uploads/prune-abandoned-uploads.ts';
import { ReadMemberObject } from '../../core/uploads/read-member-object.ts';
import { ReceiveUploadPart } from '../../core/uploads/receive-upload-part.ts';
import { ReceiveUpload } from '../../core/uploads/receive-upload.ts';
import { RequestUploadAddress } from '../../core/uploads/request-upload-address.ts';
import { SetProfilePhoto } from '../../core/uploads/set-profile-photo.ts';
import { SignUploadParts } from '../../core/uploads/sign-upload-parts.ts';
import { StartMultipartUpload } from '../../core/uploads/start-multipart-upload.ts';
import { StoredMemberImages } from '../../core/uploads/stored-member-images.ts';
import { HmacUploadAddresses, loadUploadSigningKey } from '../../adapters/crypto/hmac-upload-addresses.ts';
import { PostgresStoredObjects } from '../../adapters/postgres/postgres-stored-objects.ts';
import { LocalFileStorage } from '../../adapters/storage/local-file-storage.ts';
import { S3FileStorage } from '../../adapters/storage/s3-file-storage.ts';
import { SharpImageReencoder } from '../../adapters/storage/sharp-image-reencoder.ts';
import type { Config } from '../config.ts';
import { withDeps } from '../deps.ts';
import type { CompanionSettings, CompanionUseCases } from '../http/companion-routes.ts';
import { UPLOAD_ROUTE, type ObjectRouteUseCases, type UploadReceivingUseCases } from '../http/upload-routes.ts';
import { TOKENS } from '../tokens.ts';

/** Where bytes go and how clients reach it: made once from the configuration. */
interface ChosenStorage {
  storage: FileStorage;
  addresses: UploadAddresses;
  signatures: UploadSignatures;
  bucket: string;
}

const CHOSEN_STORAGE: ServiceIdentifier<ChosenStorage> = Symbol.for('ikimina.uploads.ChosenStorage');

/** With S3 this server gives no upload address of its own, so it accepts none. */
const NO_LOCAL_ADDRESSES: UploadSignatures = { verify: () => false };

export function chooseStorage(config: Config): ChosenStorage {
  const chosen = config.uploads.storage;
  if (chosen.kind === 's3') {
    const s3 = new S3FileStorage(chosen);
    return { storage: s3, addresses: s3, signatures: NO_LOCAL_ADDRESSES, bucket: chosen.bucket };
  }
  // A path, not a URL on PUBLIC_BASE_URL: the browser PUTs to the address the page was opened at
  // (localhost, 127.0.0.1, a LAN address, the public name), which the CSP's connect-src 'self' allows;
  // no Host header is trusted to build it.
  const signed = new HmacUploadAddresses(loadUploadSigningKey(config.uploads.signingKey, config.dataDir), UPLOAD_ROUTE);
  return { storage: new LocalFileStorage(chosen.dir), addresses: signed, signatures: signed, bucket: 'local' };
}

/**
 * The origin a browser uploads to besides this server (the CSP's connect-src must allow it): the
 * bucket's public endpoint with S3; none with local storage.
 */
export function uploadConnectSources(config: Config): string[] {
  const chosen = config.uploads.storage;
  if (chosen.kind === 'local') return [];
  return [new URL(chosen.publicEndpoint ?? chosen.endpoint ?? `https://s3.${chosen.region}.amazonaws.com`).origin];
}

const settle = { objects: TOKENS.StoredObjects, storage: TOKENS.FileStorage, reencoder: TOKENS.ImageReencoder, clock: TOKENS.Clock, uow: TOKENS.UnitOfWork } as const;

export const uploadsModule = new ContainerModule(({ bind }) => {
  bind(CHOSEN_STORAGE).toResolvedValue(chooseStorage, [TOKENS.Config]);
  bind(TOKENS.FileStorage).toResolvedValue((c: ChosenStorage) => c.storage, [CHOSEN_STORAGE]);
  bind(TOKENS.UploadAddresses).toResolvedValue((c: ChosenStorage) => c.addresses, [CHOSEN_STORAGE]);
  bind(TOKENS.UploadSignatures).toResolvedValue((c: ChosenStorage) => c.signatures, [CHOSEN_STORAGE]);
  bind(TOKENS.StoredObjects).toResolvedValue((em: EntityManager) => new PostgresStoredObjects(em), [TOKENS.EntityManager]);
  bind(TOKENS.ImageReencoder).toResolvedValue(() => new SharpImageReencoder());
  bind(TOKENS.UploadPolicy).toResolvedValue((config: Config) => ({ addressLifetimeSeconds: config.uploads.addressLifetimeSeconds, addressesPerHour: config.uploads.addressesPerHour }), [TOKENS.Config]);

  bind(TOKENS.MemberImages).toResolvedValue(...withDeps(StoredMemberImages, { ...settle, ids: TOKENS.IdGenerator }));
  const addressing = { objects: TOKENS.StoredObjects, addresses: TOKENS.UploadAddresses, policy: TOKENS.UploadPolicy, clock: TOKENS.Clock } as const;
  bind(RequestUploadAddress).toResolvedValue(...withDeps(RequestUploadAddress, { ...addressing, ids: TOKENS.IdGenerator }));
  bind(ReceiveUpload).toResolvedValue(...withDeps(ReceiveUpload, { ...settle, signatures: TOKENS.UploadSignatures }));
  bind(ReceiveUploadPart).toResolvedValue(...withDeps(ReceiveUploadPart, { ...settle, signatures: TOKENS.UploadSignatures }));
  bind(ReadMemberObject).toResolvedValue(...withDeps(ReadMemberObject, { objects: TOKENS.StoredObjects, storage: TOKENS.FileStorage }));
  bind(SetProfilePhoto).toResolvedValue(...withDeps(SetProfilePhoto, { images: TOKENS.MemberImages, accounts: TOKENS.AccountRepository, clock: TOKENS.Clock }));
  bind(StartMultipartUpload).toResolvedValue(
    ...withDeps(StartMultipartUpload, { objects: TOKENS.StoredObjects, storage: TOKENS.FileStorage, policy: TOKENS.UploadPolicy, clock: TOKENS.Clock, ids: TOKENS.IdGenerator }),
  );
  bind(ListUploadParts).toResolvedValue(...withDeps(ListUploadParts, { objects: TOKENS.StoredObjects, storage: TOKENS.FileStorage }));
  bind(SignUploadParts).toResolvedValue(...withDeps(SignUploadParts, addressing));
  bind(CompleteMultipartUpload).toResolvedValue(...withDeps(CompleteMultipartUpload, settle));
  bind(AbortMultipartUpload).toResolvedValue(...withDeps(AbortMultipartUpload, { objects: TOKENS.StoredObjects, storage: TOKENS.FileStorage }));
  bind(PruneAbandonedUploads).toResolvedValue(...withDeps(PruneAbandonedUploads, { objects: TOKENS.StoredObjects, storage: TOKENS.FileStorage, clock: TOKENS.Clock }));
  // Listed with the other jobs in apps/scheduler/module.ts (TOKENS.Jobs).
});

/** The use cases of the upload PUT routes (apps/http/upload-routes.ts, before the JSON parser). */
export function uploadReceivingUseCases(container: Container): UploadReceivingUseCases {
  return { receiveUpload: container.get(ReceiveUpload), receiveUploadPart: container.get(ReceiveUploadPart) };
}

/** The use cases of the object routes (apps/http/upload-routes.ts). */
export function objectRouteUseCases(container: Container): ObjectRouteUseCases {
  return { requestUploadAddress: container.get(RequestUploadAddress), readMemberObject: container.get(ReadMemberObject), setProfilePhoto: container.get(SetProfilePhoto) };
}

/** The use cases of the companion routes (apps/http/companion-routes.ts). */
export function companionUseCases(container: Container): CompanionUseCases {
  return {
    requestUploadAddress: container.get(RequestUploadAddress),
    startMultipartUpload: container.get(StartMultipartUpload),
    listUploadParts: container.get(ListUploadParts),
    signUploadParts: container.get(SignUploadParts),
    completeMultipartUpload: container.get(CompleteMultipartUpload),
    abortMultipartUpload: container.get(AbortMultipartUpload),
  };
}

export function companionSettings(container: Container): CompanionSettings {
  const config = container.get(TOKENS.Config);
  return { bucket: container.get(CHOSEN_STORAGE).bucket, addressLifetimeSeconds: config.uploads.addressLifetimeSeconds };
}
