/**
 * Ports of facial KYC (core/kyc): the face model, the member's KYC record (saved photos, the
 * verified flag), biometric consents, the decisions kept for audit, and the national-ID
 * registry's photo. The photos themselves are the member's private objects (core/uploads/ports.ts
 * `MemberImages`).
 *
 * Guarantees (of every adapter)
 * - `FaceMatcher.compare` never throws for what a photo contains: no face, several faces, a face
 *   too small, or bytes no decoder reads are each an error naming the photo. It throws only when
 *   the model itself cannot run, and answers `face_matcher_unavailable` when it is not there.
 * - Biometric templates (face descriptors) exist only in the matcher's memory for one comparison:
 *   no port here stores one.
 */

/** Which of the two photos of a comparison. */
export type FacePhoto = 'id_photo' | 'selfie';

/** What can be wrong with one photo, for the model. */
export type FaceProblem = 'no_face_found' | 'several_faces_found' | 'face_too_small' | 'unreadable_image';

/** `selfie_no_face_found`, `id_photo_several_faces_found`, … */
export type FacePhotoError = `${FacePhoto}_${FaceProblem}`;

export type FaceMatchError = FacePhotoError | 'face_matcher_unavailable';

/** The model behind a matcher, recorded with every decision. */
export interface FaceModel {
  /** e.g. `face-api-dlib`. */
  readonly name: string;
  /** The package and model versions, e.g. `@vladmandic/face-api 1.7.15 (face_recognition_model, ssd_mobilenetv1, face_landmark_68, tiny_face_detector; @tensorflow/tfjs-backend-wasm 4.22.0)`. */
  readonly version: string;
  /**
   * The model's raw similarity at which a pair is the same person, chosen on our calibration set
   * (docs/kyc.md): it maps to exactly `VERIFIED_AT_PERCENT` (core/kyc/face-match.ts).
   */
  readonly cutoffSimilarity: number;
}

export interface FaceComparison {
  /** The model's similarity of the two faces, 0 (unlike) to 1 (identical), unrounded. */
  readonly similarity: number;
}

export interface FaceMatcher {
  readonly model: FaceModel;
  /** Compares the face of the ID photo with the face of the selfie (image bytes: JPEG, PNG, WebP). */
  compare(idPhoto: Uint8Array, selfie: Uint8Array): Promise<{ ok: true; value: FaceComparison } | { ok: false; error: FaceMatchError }>;
}

/** The member's KYC record: the photos they saved and the standing the last successful comparison gave. */
export interface KycRecord {
  readonly memberId: string;
  /** users.kyc_verified. */
  readonly verified: boolean;
  /** Object paths (`/objects/private/<id>`) of the saved photos. */
  readonly idPhotoPath?: string;
  readonly selfiePath?: string;
  /** Of the last successful comparison. */
  readonly matchConfidence?: number;
  readonly verifiedAt?: Date;
}

export interface KycRecords {
  /** The member's record; a member who never used KYC has one with `verified` false and nothing else. */
  recordOf(memberId: string): Promise<KycRecord>;
  savePhoto(memberId: string, photo: FacePhoto, path: string, at: Date): Promise<void>;
  /** Sets users.kyc_verified and keeps the confidence and instant of this success. */
  markVerified(memberId: string, matchConfidence: number, at: Date): Promise<void>;
}

/** A member's consent to the processing of their biometric data (Law 058/2021: biometric data are sensitive personal data). */
export interface BiometricConsent {
  readonly id: string;
  readonly memberId: string;
  /** The version of the text the member accepted (core/kyc/biometric-consent.ts). */
  readonly textVersion: string;
  readonly givenAt: Date;
}

export interface BiometricConsents {
  /** The member's consent in force (not withdrawn), the latest if several. */
  activeConsentOf(memberId: string): Promise<BiometricConsent | undefined>;
  record(consent: BiometricConsent): Promise<void>;
  /** Withdraws every consent in force; answers how many. */
  withdraw(memberId: string, at: Date): Promise<number>;
}

/** Where the ID photo of a comparison came from. */
export type IdPhotoSource = 'registry' | 'kyc_upload' | 'nida_upload';

export type KycOutcome = 'verified' | 'not_matched' | 'rejected';

/** One comparison, kept for audit whatever its outcome. */
export interface KycDecision {
  readonly id: string;
  readonly memberId: string;
  readonly verificationType: string;
  readonly referenceId?: string;
  readonly idPhotoPath: string;
  readonly idPhotoSource: IdPhotoSource;
  readonly selfiePath: string;
  readonly outcome: KycOutcome;
  /** For `rejected`: the photo's problem (`selfie_no_face_found`, …). */
  readonly reason?: FacePhotoError;
  readonly similarity?: number;
  readonly matchConfidence?: number;
  readonly thresholdPercent: number;
  readonly cutoffSimilarity: number;
  readonly modelName: string;
  readonly modelVersion: string;
  readonly consentId: string;
  readonly decidedAt: Date;
}

export interface KycDecisions {
  record(decision: KycDecision): Promise<void>;
}

/**
 * The national-ID side of the member's identity (the NIDA module's `national_ids`): the photo the
 * registry returned for their verified ID, and the ID photo they uploaded there themselves, each
 * an object path of the member's own private object.
 */
export interface RegistryIdPhotos {
  registryPhotoOf(memberId: string): Promise<string | undefined>;
  uploadedIdPhotoOf(memberId: string): Promise<string | undefined>;
}
