/** In-memory doubles of the KYC ports, for core tests: one `kycWorld()` wires them to the use cases. */
import type { RateLimitHit, RateLimiter } from '../accounts/ports.ts';
import { RecordingAuditTrail } from '../audit/audit.fixtures.ts';
import { DirectUnitOfWork, FixedClock, SequentialIds } from '../shared/shared.fixtures.ts';
import type { MemberImages, ObjectVisibility, StoredObject } from '../uploads/ports.ts';
import { BIOMETRIC_CONSENT } from './biometric-consent.ts';
import type {
  BiometricConsent,
  BiometricConsents,
  FaceComparison,
  FaceMatcher,
  FaceMatchError,
  FaceModel,
  FacePhoto,
  KycDecision,
  KycDecisions,
  KycRecord,
  KycRecords,
  RegistryIdPhotos,
} from './ports.ts';
import { RecordBiometricConsent } from './record-biometric-consent.ts';
import { SaveKycPhoto } from './save-kyc-photo.ts';
import { ShowKycStatus } from './show-kyc-status.ts';
import { VerifyFace } from './verify-face.ts';
import { WithdrawBiometricConsent } from './withdraw-biometric-consent.ts';

/** Objects by path, each with its owner; the address a client sends is the path itself here. */
export class InMemoryMemberImages implements MemberImages {
  readonly objects = new Map<string, StoredObject & { bytes: Uint8Array }>();
  private seq = 0;
  /** Addresses answered with a content error, as the real store answers a file that is no image. */
  readonly refused = new Map<string, 'upload_too_large' | 'unsupported_media_type'>();
  readonly reads: string[] = [];

  put(ownerId: string, options: { visibility?: ObjectVisibility; bytes?: Uint8Array } = {}): string {
    const visibility = options.visibility ?? 'private';
    const path = `/objects/${visibility}/obj-${++this.seq}`;
    const bytes = options.bytes ?? new Uint8Array([this.seq]);
    this.objects.set(path, { path, visibility, ownerId, contentType: 'image/jpeg', size: bytes.length, createdAt: new Date(0), bytes });
    return path;
  }

  async ownedImage(ownerId: string, address: string) {
    const refusal = this.refused.get(address);
    if (refusal) return { ok: false as const, error: refusal };
    const found = this.objects.get(address);
    if (!found || found.ownerId !== ownerId) return { ok: false as const, error: 'object_not_found' as const };
    const { bytes: _bytes, ...object } = found;
    return { ok: true as const, value: object };
  }

  async read(path: string): Promise<Uint8Array> {
    const found = this.objects.get(path);
    if (!found) throw new Error(`no object ${path}`);
    this.reads.push(path);
    return found.bytes;
  }

  async storeForMember(ownerId: string, bytes: Uint8Array, visibility: ObjectVisibility) {
    const path = this.put(ownerId, { visibility, bytes });
    const { bytes: _bytes, ...object } = this.objects.get(path)!;
    return { ok: true as const, value: object };
  }
}

export class InMemoryKycRecords implements KycRecords {
  readonly records = new Map<string, KycRecord>();
  async recordOf(memberId: string): Promise<KycRecord> {
    return this.records.get(memberId) ?? { memberId, verified: false };
  }
  async savePhoto(memberId: string, photo: FacePhoto, path: string, _at?: Date): Promise<void> {
    const record = await this.recordOf(memberId);
    this.records.set(memberId, { ...record, ...(photo === 'id_photo' ? { idPhotoPath: path } : { selfiePath: path }) });
  }
  async markVerified(memberId: string, matchConfidence: number, at: Date): Promise<void> {
    const record = await this.recordOf(memberId);
    this.records.set(memberId, { ...record, verified: true, matchConfidence, verifiedAt: at });
  }
}

export class InMemoryBiometricConsents implements BiometricConsents {
  readonly consents: (BiometricConsent & { withdrawnAt?: Date })[] = [];
  async activeConsentOf(memberId: string): Promise<BiometricConsent | undefined> {
    return this.consents.filter((c) => c.memberId === memberId && !c.withdrawnAt).at(-1);
  }
  async record(consent: BiometricConsent): Promise<void> {
    this.consents.push(consent);
  }
  async withdraw(memberId: string, at: Date): Promise<number> {
    let n = 0;
    for (const c of this.consents) if (c.memberId === memberId && !c.withdrawnAt) ((c.withdrawnAt = at), n++);
    return n;
  }
}

export class InMemoryKycDecisions implements KycDecisions {
  readonly decisions: KycDecision[] = [];
  async record(decision: KycDecision): Promise<void> {
    this.decisions.push(decision);
  }
}

export class FixedRegistryPhotos implements RegistryIdPhotos {
  readonly registry = new Map<string, string>();
  readonly uploads = new Map<string, string>();
  async registryPhotoOf(memberId: string) {
    return this.registry.get(memberId);
  }
  async uploadedIdPhotoOf(memberId: string) {
    return this.uploads.get(memberId);
  }
}

export const TEST_MODEL: FaceModel = { name: 'test-model', version: 'test 1.0', cutoffSimilarity: 0.8 };

/** Answers the similarity (or the error) it is told to, and records the bytes it was given. */
export class ScriptedFaceMatcher implements FaceMatcher {
  readonly model = TEST_MODEL;
  next: { ok: true; value: FaceComparison } | { ok: false; error: FaceMatchError } = { ok: true, value: { similarity: 0.9 } };
  readonly calls: [Uint8Array, Uint8Array][] = [];
  answer(similarity: number): void {
    this.next = { ok: true, value: { similarity } };
  }
  fail(error: FaceMatchError): void {
    this.next = { ok: false, error };
  }
  async compare(idPhoto: Uint8Array, selfie: Uint8Array) {
    this.calls.push([idPhoto, selfie]);
    return this.next;
  }
}

export class CountingKycLimiter implements RateLimiter {
  readonly counts = new Map<string, number>();
  async hit(key: string, windowSeconds: number, now: Date): Promise<RateLimitHit> {
    const start = Math.floor(now.getTime() / (windowSeconds * 1000)) * windowSeconds * 1000;
    const k = `${key}@${start}`;
    const count = (this.counts.get(k) ?? 0) + 1;
    this.counts.set(k, count);
    return { count, resetInSeconds: Math.ceil((start + windowSeconds * 1000 - now.getTime()) / 1000) };
  }
}

export function kycWorld() {
  const images = new InMemoryMemberImages();
  const records = new InMemoryKycRecords();
  const consents = new InMemoryBiometricConsents();
  const decisions = new InMemoryKycDecisions();
  const registryPhotos = new FixedRegistryPhotos();
  const matcher = new ScriptedFaceMatcher();
  const limiter = new CountingKycLimiter();
  const audit = new RecordingAuditTrail();
  const uow = new DirectUnitOfWork();
  const clock = new FixedClock(new Date('2026-11-23T10:00:00Z'));
  const ids = new SequentialIds('kyc');
  const deps = { images, records, consents, decisions, registryPhotos, matcher, limiter, audit, uow, clock, ids };
  const consent = new RecordBiometricConsent(deps);
  return {
    ...deps,
    verifyFace: new VerifyFace(deps),
    showStatus: new ShowKycStatus(deps),
    savePhoto: new SaveKycPhoto(deps),
    consent,
    withdraw: new WithdrawBiometricConsent(deps),
    /** A member who consented to the current text, with an ID photo and a selfie saved. */
    async readyMember(memberId = 'member-1') {
      await consent.execute({ memberId, version: BIOMETRIC_CONSENT.version });
      const idPhoto = images.put(memberId);
      const selfie = images.put(memberId);
      await records.savePhoto(memberId, 'id_photo', idPhoto);
      await records.savePhoto(memberId, 'selfie', selfie);
      return { memberId, idPhoto, selfie };
    },
  };
}
