import { useQueryClient } from '@tanstack/react-query';
import { Loader2, ScanFace, ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import { Check } from '../../../components/ui/check.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { useFormatters } from '../../../hooks/use-formatters.ts';
import { toast } from '../../../hooks/use-toast.ts';
import { failureText } from '../../../lib/server-text.ts';
import { photoProblem, uploadFailureText } from '../../../lib/uploads.ts';
import { useGiveKycConsent } from '../api/give-kyc-consent.ts';
import { kycStatusQueryOptions, useKycStatus } from '../api/get-kyc-status.ts';
import { useSaveKycPhoto, type KycPhotoKind } from '../api/save-kyc-photo.ts';
import { useVerifyFacial } from '../api/verify-facial.ts';
import { CardHeader, StatusNotice, VerificationCardSkeleton } from './card-parts.tsx';
import { PhotoField } from './photo-field.tsx';

type Photos = Record<KycPhotoKind, { path: string | null; uploading: boolean }>;
const NO_PHOTOS: Photos = { idPhoto: { path: null, uploading: false }, selfie: { path: null, uploading: false } };

/**
 * The facial KYC card (spec part 1 §2.6, §5, §8): the member's consent to biometric processing
 * (recorded before the first comparison, Law 058/2021), two photos (ID photo and selfie), each
 * picked or taken with the camera, and a verify button disabled until both exist; after success
 * the Verified card with the match confidence percent.
 */
export function FacialKycCard({ accountVerified, onVerified }: { accountVerified: boolean; onVerified: () => Promise<void> }) {
  const { t, i18n } = useTranslation();
  const format = useFormatters();
  const queryClient = useQueryClient();
  const status = useKycStatus();
  const savePhoto = useSaveKycPhoto();
  const consent = useGiveKycConsent();
  const verify = useVerifyFacial();
  /** The photos uploaded on this page; before any, the ones saved on the server (shown after a reload). */
  const [uploaded, setPhotos] = useState<Photos>(NO_PHOTOS);
  const photos: Photos = {
    idPhoto: { ...uploaded.idPhoto, path: uploaded.idPhoto.path ?? status.data?.idPhotoURL ?? null },
    selfie: { ...uploaded.selfie, path: uploaded.selfie.path ?? status.data?.selfieURL ?? null },
  };
  /** The consent text in force, from the server, in the member's language: the member consents to exactly what is recorded. */
  const consentInForce = status.data?.consent ?? null;
  const consentText = consentInForce && { version: consentInForce.version, text: consentInForce.texts?.[i18n.language] ?? consentInForce.text };
  const [consentChecked, setConsentChecked] = useState(false);
  const [consentRecorded, setConsentRecorded] = useState(false);
  /** The last successful comparison, shown while the status call is unavailable. */
  const [result, setResult] = useState<{ matchConfidence: number | null; verifiedAt: string } | null>(null);

  const verified = status.data?.verified ?? (result !== null || accountVerified);
  const consentGiven = consentRecorded || status.data?.consentGiven === true;
  const bothPhotos = photos.idPhoto.path !== null && photos.selfie.path !== null;
  const uploading = photos.idPhoto.uploading || photos.selfie.uploading;
  const busy = consent.isPending || verify.isPending;

  const onPhoto = (kind: KycPhotoKind) => (file: File) => {
    const failed = kind === 'idPhoto' ? t('verification.toast.idPhotoFailed') : t('verification.toast.selfieFailed');
    const problem = photoProblem(file);
    if (problem) return toast({ variant: 'destructive', title: t('verification.toast.uploadFailed'), description: t(`uploads.problem.${problem}`) });
    setPhotos((current) => ({ ...current, [kind]: { ...current[kind], uploading: true } }));
    savePhoto.mutate(
      { kind, file },
      {
        onSuccess: (path) => {
          setPhotos((current) => ({ ...current, [kind]: { path, uploading: false } }));
          toast({ title: kind === 'idPhoto' ? t('verification.toast.idPhotoUploaded') : t('verification.toast.selfieUploaded') });
        },
        onError: (error) => {
          setPhotos((current) => ({ ...current, [kind]: { ...current[kind], uploading: false } }));
          toast({ variant: 'destructive', title: t('verification.toast.uploadFailed'), description: uploadFailureText(i18n, error, failed) });
        },
      },
    );
  };

  const fail = (error: unknown) =>
    toast({ variant: 'destructive', title: t('verification.toast.failed'), description: failureText(i18n, error, t('verification.toast.kycFailed')) });

  const runVerification = async () => {
    const idPhotoURL = photos.idPhoto.path;
    const selfieURL = photos.selfie.path;
    if (idPhotoURL === null || selfieURL === null) {
      return toast({ variant: 'destructive', title: t('verification.toast.photosRequired'), description: t('verification.toast.photosRequiredDescription') });
    }
    if (!consentGiven) {
      if (!consentChecked || consentText === null) return toast({ variant: 'destructive', title: t('verification.toast.consentRequired'), description: t('verification.toast.consentRequiredDescription') });
      try {
        await consent.mutateAsync({ version: consentText.version, language: i18n.language });
        setConsentRecorded(true);
      } catch (error) {
        return fail(error);
      }
    }
    verify.mutate(
      { idPhotoURL, selfieURL, verificationType: 'profile_update' },
      {
        onSuccess: async (answer) => {
          if (!answer.verified) {
            // Said from the figures, in the member's language: the server's message is English.
            const { matchConfidence: percent, thresholdPercent: needed } = answer;
            const description =
              percent == null || needed == null
                ? t('verification.toast.kycFailed')
                : t('verification.toast.kycNotMatched', { confidence: format.percent(percent), threshold: format.percent(needed) });
            return toast({ variant: 'destructive', title: t('verification.toast.failed'), description });
          }
          const confidence = answer.matchConfidence ?? null;
          setResult({ matchConfidence: confidence, verifiedAt: new Date().toISOString() });
          toast({
            title: t('verification.toast.kycSuccess'),
            description: confidence === null ? undefined : t('verification.toast.kycSuccessDescription', { confidence: format.percent(confidence) }),
          });
          await queryClient.invalidateQueries({ queryKey: kycStatusQueryOptions().queryKey });
          await onVerified();
        },
        onError: fail,
      },
    );
  };

  const confidence = status.data?.matchConfidence ?? result?.matchConfidence ?? null;
  const verifiedAt = status.data?.verifiedAt ?? result?.verifiedAt ?? null;

  if (status.isPending) return <VerificationCardSkeleton icon={ScanFace} title={t('verification.face.title')} testId="skeleton-facial-kyc" />;
  return (
    <Card className="grid min-w-0 content-start gap-4 p-5" data-testid="card-facial-kyc" data-state={verified ? 'verified' : 'not-verified'}>
      <CardHeader icon={ScanFace} title={t('verification.face.title')} verified={verified} />
      {status.isError && <StatusNotice onRetry={() => void status.refetch()} testId="notice-kyc-status" />}
      {verified ? (
        <div className="grid gap-3 rounded-xl bg-emerald-50 p-4 text-sm dark:bg-emerald-950/40" data-testid="details-facial-kyc">
          <p className="flex items-center gap-2 font-medium">
            <ShieldCheck className="size-4 text-emerald-600" aria-hidden="true" />
            {t('verification.face.verifiedText')}
          </p>
          {/* Label above value on a phone, as on the national ID card. */}
          <dl className="grid gap-0.5 sm:grid-cols-[minmax(0,9rem)_minmax(0,1fr)] sm:gap-2">
            <dt className="text-muted-foreground">{t('verification.face.confidence')}</dt>
            <dd className="text-lg font-semibold" data-testid="text-kyc-confidence">
              {confidence === null ? '—' : `${format.percent(confidence)}%`}
            </dd>
            <dt className="text-muted-foreground max-sm:mt-2">{t('verification.face.verifiedAt')}</dt>
            <dd className="font-medium" data-testid="text-kyc-verified-at">
              {format.date(verifiedAt)}
            </dd>
          </dl>
        </div>
      ) : (
        <div className="grid gap-4">
          <p className="text-sm text-muted-foreground">{t('verification.face.text')}</p>
          {consentGiven ? (
            <p className="text-sm text-muted-foreground" data-testid="text-kyc-consent-recorded">
              {t('verification.face.consentGiven')}
            </p>
          ) : consentText ? (
            <div className="rounded-xl border border-border p-3" data-consent-version={consentText.version}>
              <Check checked={consentChecked} onChange={setConsentChecked} testId="checkbox-kyc-consent">
                <span data-testid="text-kyc-consent">{consentText.text}</span>
              </Check>
            </div>
          ) : (
            <p className="flex items-center gap-2 text-sm text-muted-foreground" data-testid="text-kyc-consent-loading">
              {status.isPending && <Loader2 className="size-4 animate-spin" aria-hidden="true" />}
              {t('verification.face.consentLoading')}
            </p>
          )}
          <div className="grid gap-4 sm:grid-cols-2">
            <PhotoField id="kyc-id-photo" label={t('verification.face.idPhoto')} photoPath={photos.idPhoto.path} uploading={photos.idPhoto.uploading} camera onFile={onPhoto('idPhoto')} />
            <PhotoField id="kyc-selfie" label={t('verification.face.selfie')} photoPath={photos.selfie.path} uploading={photos.selfie.uploading} camera onFile={onPhoto('selfie')} />
          </div>
          <div className="grid gap-2">
            <Button
              type="button"
              className="justify-self-start"
              onClick={() => void runVerification()}
              disabled={!bothPhotos || uploading || busy || (!consentGiven && (!consentChecked || consentText === null))}
              data-testid="button-verify-face"
            >
              {busy && <Loader2 className="animate-spin" />}
              {busy ? t('verification.face.verifying') : t('verification.face.verify')}
            </Button>
            {!bothPhotos && <p className="text-xs text-muted-foreground">{t('verification.face.needBoth')}</p>}
          </div>
        </div>
      )}
    </Card>
  );
}
