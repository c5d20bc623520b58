/**
 * VerifyFace: the member asks to be verified by comparing their selfie with their ID photo
 * (POST /api/kyc/verify-facial).
 *
 * Guarantees
 * - No comparison without the member's consent in force to the current consent text
 *   (`biometric_consent_required`); nothing is recorded then.
 * - Only the member's own private photos are compared (core/kyc/kyc-photo.ts). The ID photo is the
 *   national-ID registry's photo when the member has one, else the one sent with the request, else
 *   the one saved with PUT /api/kyc/id-photo, else the member's upload to the NIDA form; the
 *   selfie the one sent, else the one saved. Neither: `photos_required`. Every address sent is
 *   checked, even when the registry's photo is the one compared.
 * - Refusals found before the model runs (consent, photos, the attempt limit) change nothing but
 *   the attempt counter; the limit (`KYC_ATTEMPTS`) counts comparisons about to run, not refused
 *   requests, so garbage never costs the member an attempt and never reaches the model.
 * - Every comparison that ran is a decision kept for audit (KycDecisions, and the audit trail in
 *   the same unit of work): member, photos and their source, similarity, percent, threshold,
 *   cut-off, model name and version, outcome and reason, consent, instant. A photo in which the
 *   model finds no usable face is answered with its error (`selfie_no_face_found`, …) and is
 *   recorded as a `rejected` decision; a completed comparison under 80 % is an answer,
 *   `verified: false` with its percent (each channel words it), recorded as `not_matched`.
 * - At 80 % or more (core/kyc/face-match.ts) the member is verified (users.kyc_verified) with this
 *   confidence and instant; a later comparison under 80 % does not take a verification back.
 * - Photos sent with the request are saved on the member's KYC record with the decision.
 */
import type { RateLimiter } from '../accounts/ports.ts';
import type { AuditTrail } from '../audit/ports.ts';
import type { Clock, IdGenerator } from '../shared/clock.ts';
import { ok, rateLimited, type Err, type Ok, type RateLimited } from '../shared/result.ts';
import type { UnitOfWork } from '../shared/unit-of-work.ts';
import type { MemberImages, StoredObject } from '../uploads/ports.ts';
import { BIOMETRIC_CONSENT } from './biometric-consent.ts';
import { isVerified, KYC_ATTEMPTS, matchPercent, VERIFIED_AT_PERCENT } from './face-match.ts';
import { ownPrivatePhoto, type KycPhotoError } from './kyc-photo.ts';
import type {
  BiometricConsents,
  FaceMatcher,
  FacePhoto,
  FacePhotoError,
  IdPhotoSource,
  KycDecision,
  KycDecisions,
  KycRecords,
  RegistryIdPhotos,
} from './ports.ts';

export interface VerifyFaceDeps {
  images: MemberImages;
  records: KycRecords;
  consents: BiometricConsents;
  registryPhotos: RegistryIdPhotos;
  matcher: FaceMatcher;
  decisions: KycDecisions;
  limiter: RateLimiter;
  audit: AuditTrail;
  uow: UnitOfWork;
  clock: Clock;
  ids: IdGenerator;
}

export interface VerifyFaceInput {
  memberId: string;
  /** Addresses as the client sends them (upload URL, object path or served URL); optional. */
  idPhotoAddress?: string;
  selfieAddress?: string;
  /** Why the member verifies (`profile_update` by default), kept with the decision. */
  verificationType: string;
  /** The client's reference for what the verification is for, kept with the decision. */
  referenceId?: string;
}

export type VerifyFaceError =
  | 'biometric_consent_required'
  | 'photos_required'
  | KycPhotoError
  | 'rate_limited'
  | FacePhotoError
  | 'face_matcher_unavailable';

/** A refusal; `photo` names the photo at fault. */
export type VerifyFaceFailure = (Err<Exclude<VerifyFaceError, 'rate_limited'>> & { readonly photo?: FacePhoto }) | RateLimited;

export interface FaceVerification {
  verified: boolean;
  /** Percent, one decimal. */
  matchConfidence: number;
  /** When the member was verified by this comparison; absent when it did not verify them. */
  verifiedAt?: Date;
  decisionId: string;
  idPhotoSource: IdPhotoSource;
  thresholdPercent: number;
  model: { name: string; version: string };
}

const fail = (error: Exclude<VerifyFaceError, 'rate_limited'>, extra: { photo?: FacePhoto } = {}): VerifyFaceFailure => ({ ok: false, error, ...extra });

export class VerifyFace {
  constructor(private readonly deps: VerifyFaceDeps) {}

  async execute(input: VerifyFaceInput): Promise<Ok<FaceVerification> | VerifyFaceFailure> {
    const { images, records, consents, registryPhotos, matcher, limiter, clock } = this.deps;
    const { memberId } = input;

    const consent = await consents.activeConsentOf(memberId);
    if (!consent || consent.textVersion !== BIOMETRIC_CONSENT.version) return fail('biometric_consent_required');

    // Every address sent is the member's own private photo, or the request is refused.
    const sent: Partial<Record<FacePhoto, StoredObject>> = {};
    for (const [photo, address] of [['id_photo', input.idPhotoAddress], ['selfie', input.selfieAddress]] as const) {
      if (address === undefined) continue;
      const image = await ownPrivatePhoto(images, memberId, address);
      if (!image.ok) return fail(image.error, { photo });
      sent[photo] = image.value;
    }

    const record = await records.recordOf(memberId);
    const selfie = sent.selfie ?? (await this.saved(memberId, record.selfiePath));
    const idPhoto = await this.idPhoto(memberId, sent.id_photo, record.idPhotoPath);
    if (!selfie || !idPhoto) return fail('photos_required');

    const now = clock.now();
    const attempt = await limiter.hit(`kyc_verify:${memberId}`, KYC_ATTEMPTS.windowSeconds, now);
    if (attempt.count > KYC_ATTEMPTS.perWindow) return rateLimited(attempt.resetInSeconds);

    const [idBytes, selfieBytes] = await Promise.all([images.read(idPhoto.image.path), images.read(selfie.path)]);
    const compared = await matcher.compare(idBytes, selfieBytes);
    if (!compared.ok && compared.error === 'face_matcher_unavailable') return fail('face_matcher_unavailable');

    const model = matcher.model;
    const base = {
      id: this.deps.ids.newId(),
      memberId,
      verificationType: input.verificationType,
      ...(input.referenceId !== undefined ? { referenceId: input.referenceId } : {}),
      idPhotoPath: idPhoto.image.path,
      idPhotoSource: idPhoto.source,
      selfiePath: selfie.path,
      thresholdPercent: VERIFIED_AT_PERCENT,
      cutoffSimilarity: model.cutoffSimilarity,
      modelName: model.name,
      modelVersion: model.version,
      consentId: consent.id,
      decidedAt: clock.now(),
    };

    if (!compared.ok) {
      const reason = compared.error as FacePhotoError;
      await this.keep({ ...base, outcome: 'rejected', reason }, sent);
      return fail(reason, { photo: reason.startsWith('selfie_') ? 'selfie' : 'id_photo' });
    }

    const similarity = compared.value.similarity;
    const percent = matchPercent(similarity, model.cutoffSimilarity);
    const verified = isVerified(percent);
    await this.keep({ ...base, outcome: verified ? 'verified' : 'not_matched', similarity, matchConfidence: percent }, sent);
    return ok({
      verified,
      matchConfidence: percent,
      ...(verified ? { verifiedAt: base.decidedAt } : {}),
      decisionId: base.id,
      idPhotoSource: idPhoto.source,
      thresholdPercent: VERIFIED_AT_PERCENT,
      model: { name: model.name, version: model.version },
    });
  }

  /** A saved path, if it is still the member's own private photo. */
  private async saved(memberId: string, path: string | undefined): Promise<StoredObject | undefined> {
    if (path === undefined) return undefined;
    const image = await ownPrivatePhoto(this.deps.images, memberId, path);
    return image.ok ? image.value : undefined;
  }

  private async idPhoto(memberId: string, sent: StoredObject | undefined, savedPath: string | undefined): Promise<{ image: StoredObject; source: IdPhotoSource } | undefined> {
    const registry = await this.saved(memberId, await this.deps.registryPhotos.registryPhotoOf(memberId));
    if (registry) return { image: registry, source: 'registry' };
    if (sent) return { image: sent, source: 'kyc_upload' };
    const saved = await this.saved(memberId, savedPath);
    if (saved) return { image: saved, source: 'kyc_upload' };
    const nida = await this.saved(memberId, await this.deps.registryPhotos.uploadedIdPhotoOf(memberId));
    return nida ? { image: nida, source: 'nida_upload' } : undefined;
  }

  /** The decision, its audit row, the photos sent and (when verified) the member's standing, in one unit of work. */
  private keep(decision: KycDecision, sent: Partial<Record<FacePhoto, StoredObject>>): Promise<void> {
    const { records, decisions, audit, uow } = this.deps;
    return uow.run(async () => {
      for (const [photo, image] of Object.entries(sent) as [FacePhoto, StoredObject][]) await records.savePhoto(decision.memberId, photo, image.path, decision.decidedAt);
      await decisions.record(decision);
      if (decision.outcome === 'verified' && decision.matchConfidence !== undefined) await records.markVerified(decision.memberId, decision.matchConfidence, decision.decidedAt);
      await audit.record({
        action: `kyc_${decision.outcome}`,
        actor: `member:${decision.memberId}`,
        subject: `member:${decision.memberId}`,
        details: {
          decisionId: decision.id,
          verificationType: decision.verificationType,
          referenceId: decision.referenceId ?? null,
          idPhotoSource: decision.idPhotoSource,
          similarity: decision.similarity === undefined ? null : Math.round(decision.similarity * 10_000) / 10_000,
          matchConfidence: decision.matchConfidence ?? null,
          thresholdPercent: decision.thresholdPercent,
          cutoffSimilarity: decision.cutoffSimilarity,
          model: decision.modelName,
          modelVersion: decision.modelVersion,
          reason: decision.reason ?? null,
        },
      });
    });
  }
}
