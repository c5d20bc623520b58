/**
 * The facial KYC API (/api/kyc/…, spec part 1 §3, §7, §8). Each route parses with zod, calls one
 * use case of core/kyc, maps its result through the one error table and shapes the answer.
 *
 *   GET    /api/kyc/status          → {verified, matchConfidence, verifiedAt, consentGiven, consent, idPhotoURL, selfieURL, registryIdPhoto}
 *   PUT    /api/kyc/id-photo        {idPhotoURL}  → {objectPath, idPhotoURL}
 *   PUT    /api/kyc/selfie          {selfieURL}   → {objectPath, selfieURL}
 *   POST   /api/kyc/consent         {version?}    → {consentGiven, version, givenAt}
 *   DELETE /api/kyc/consent                       → {consentGiven: false, …}
 *   POST   /api/kyc/verify-facial   {idPhotoURL?, selfieURL?, verificationType?, referenceId?}
 *                                   → {verified, matchConfidence, message, verifiedAt, decisionId, …}
 *
 * Guarantees
 * - Every route needs a signed-in member and acts on that member's record only: no route takes a
 *   member id, and another member's photo answers 404 `object_not_found` like an unknown one.
 * - A body is validated before anything is read: garbage never reaches the store or the model.
 * - A completed comparison under 80 % answers 200 `verified: false` with its percent and a message
 *   (the client shows 'Verification failed' with that message); a photo the model cannot use is a
 *   422 whose code names the photo (`selfie_no_face_found`, …) with the field at fault in `fields`.
 * - Answers are not cached (`Cache-Control: no-store`): they describe a person's biometric check.
 */
import { Router } from '@koa/router';
import type { Context, Middleware } from 'koa';
import type { FacePhoto } from '../../core/kyc/ports.ts';
import type { RecordBiometricConsent } from '../../core/kyc/record-biometric-consent.ts';
import type { SaveKycPhoto } from '../../core/kyc/save-kyc-photo.ts';
import type { ShowKycStatus } from '../../core/kyc/show-kyc-status.ts';
import type { VerifyFace, VerifyFaceFailure } from '../../core/kyc/verify-face.ts';
import type { WithdrawBiometricConsent } from '../../core/kyc/withdraw-biometric-consent.ts';
import { BIOMETRIC_CONSENT } from '../../core/kyc/biometric-consent.ts';
import type { AuthState } from './auth-routes.ts';
import { IMAGE_ONLY, sendFailure } from './errors.ts';
import { BiometricConsentRequest, KycIdPhotoRequest, KycSelfieRequest, VerifyFacialRequest } from './kyc-schemas.ts';
import { parseBody } from './validation.ts';

/** The use cases the KYC routes call, each by the name of what the member intends. */
export interface KycRouteUseCases {
  showKycStatus: Pick<ShowKycStatus, 'execute'>;
  saveKycPhoto: Pick<SaveKycPhoto, 'execute'>;
  recordBiometricConsent: Pick<RecordBiometricConsent, 'execute'>;
  withdrawBiometricConsent: Pick<WithdrawBiometricConsent, 'execute'>;
  verifyFace: Pick<VerifyFace, 'execute'>;
}

const FIELD: Record<FacePhoto, string> = { id_photo: 'idPhotoURL', selfie: 'selfieURL' };
/** Where a member reads their own stored object (GET /api/objects/private/<id>). */
const served = (objectPath: string | null) => (objectPath === null ? null : `/api${objectPath}`);
const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

/** What the member reads after a completed comparison (the web words it in its own catalogue). */
export function comparisonMessage(verified: boolean, percent: number, thresholdPercent: number): string {
  return verified
    ? `Your selfie matches your ID photo (${percent.toFixed(1)} % match). Your identity is verified.`
    : `Your selfie does not match your ID photo closely enough (${percent.toFixed(1)} % match, ${thresholdPercent} % needed). ` +
        'Please take a new selfie facing the camera in good light, without glasses or a hat, and try again.';
}

/** The field at fault when a failure names a photo. */
const fieldOf = (failure: VerifyFaceFailure) => ('photo' in failure && failure.photo ? { field: FIELD[failure.photo] } : {});

export function kycRoutes(useCases: KycRouteUseCases, channel: { authenticated: Middleware }): Router {
  const router = new Router({ prefix: '/api/kyc' });
  const { authenticated } = channel;
  const memberOf = (ctx: Context) => (ctx.state.auth as AuthState).user.id;
  const noStore: Middleware = async (ctx, next) => {
    await next();
    ctx.set('Cache-Control', 'no-store');
  };

  router.get('/status', authenticated, noStore, async (ctx) => {
    const status = await useCases.showKycStatus.execute({ memberId: memberOf(ctx) });
    ctx.body = {
      verified: status.verified,
      matchConfidence: status.matchConfidence,
      verifiedAt: iso(status.verifiedAt),
      consentGiven: status.consent.given,
      consent: { version: status.consent.version, text: status.consent.texts.en, texts: status.consent.texts, givenAt: iso(status.consent.givenAt) },
      idPhotoURL: served(status.idPhotoPath),
      selfieURL: served(status.selfiePath),
      registryIdPhoto: status.registryIdPhoto,
    };
  });

  const savePhoto = (photo: FacePhoto) => async (ctx: Context) => {
    const input = photo === 'id_photo' ? parseBody(ctx, KycIdPhotoRequest) : parseBody(ctx, KycSelfieRequest);
    if (!input) return;
    const address = 'idPhotoURL' in input ? input.idPhotoURL : input.selfieURL;
    const saved = await useCases.saveKycPhoto.execute({ memberId: memberOf(ctx), photo, address });
    if (!saved.ok) return sendFailure(ctx, saved, { imageOnly: IMAGE_ONLY, field: FIELD[photo] });
    ctx.body = { objectPath: saved.value.objectPath, [FIELD[photo]]: served(saved.value.objectPath) };
  };
  router.put('/id-photo', authenticated, noStore, savePhoto('id_photo'));
  router.put('/selfie', authenticated, noStore, savePhoto('selfie'));

  router.post('/consent', authenticated, noStore, async (ctx) => {
    if ((ctx.request as { body?: unknown }).body === undefined) (ctx.request as { body?: unknown }).body = {};
    const input = parseBody(ctx, BiometricConsentRequest);
    if (!input) return;
    const given = await useCases.recordBiometricConsent.execute({
      memberId: memberOf(ctx),
      version: input.version ?? BIOMETRIC_CONSENT.version,
      ...(input.language ? { language: input.language } : {}),
    });
    if (!given.ok) return sendFailure(ctx, given);
    ctx.body = { consentGiven: true, version: given.value.textVersion, givenAt: given.value.givenAt.toISOString() };
  });

  router.delete('/consent', authenticated, noStore, async (ctx) => {
    await useCases.withdrawBiometricConsent.execute({ memberId: memberOf(ctx) });
    ctx.body = { consentGiven: false, version: BIOMETRIC_CONSENT.version, givenAt: null };
  });

  router.post('/verify-facial', authenticated, noStore, async (ctx) => {
    const input = parseBody(ctx, VerifyFacialRequest);
    if (!input) return;
    const result = await useCases.verifyFace.execute({
      memberId: memberOf(ctx),
      ...(input.idPhotoURL !== undefined ? { idPhotoAddress: input.idPhotoURL } : {}),
      ...(input.selfieURL !== undefined ? { selfieAddress: input.selfieURL } : {}),
      verificationType: input.verificationType,
      ...(input.referenceId !== undefined ? { referenceId: input.referenceId } : {}),
    });
    if (!result.ok) return sendFailure(ctx, result, { imageOnly: IMAGE_ONLY, ...fieldOf(result) });
    const v = result.value;
    ctx.body = {
      verified: v.verified,
      matchConfidence: v.matchConfidence,
      message: comparisonMessage(v.verified, v.matchConfidence, v.thresholdPercent),
      verifiedAt: iso(v.verifiedAt),
      decisionId: v.decisionId,
      idPhotoSource: v.idPhotoSource,
      thresholdPercent: v.thresholdPercent,
      model: v.model,
    };
  });

  return router;
}
