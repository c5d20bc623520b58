import { useQueryClient } from '@tanstack/react-query';
import { IdCard, Loader2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import { Field } from '../../../components/field.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { useFormatters } from '../../../hooks/use-formatters.ts';
import { toast } from '../../../hooks/use-toast.ts';
import { failureText } from '../../../lib/server-text.ts';
import { photoProblem, uploadFailureText, uploadPhoto } from '../../../lib/uploads.ts';
import { nidaStatusQueryOptions, useNidaStatus, type NidaStatus } from '../api/get-nida-status.ts';
import { useSaveNidaIdPhoto } from '../api/save-nida-id-photo.ts';
import { useVerifyNida } from '../api/verify-nida.ts';
import { EMPTY_NIDA_FORM, maskIdNumber, nidaFormErrors, verifyNidaBody, type NidaField, type NidaForm, type NidaFormErrors } from '../nida-form.ts';
import { CardHeader, StatusNotice, VerificationCardSkeleton } from './card-parts.tsx';
import { PhotoField } from './photo-field.tsx';

/**
 * The national ID card (spec part 1 §2.6): Not Verified shows the form; after success, the
 * Verified card with the verified details. The state comes from GET /api/nida/status, and from
 * the account's flag while that is unavailable.
 */
export function NationalIdCard({ accountVerified, onVerified }: { accountVerified: boolean; onVerified: () => Promise<void> }) {
  const { t } = useTranslation();
  const status = useNidaStatus();
  if (status.isPending) return <VerificationCardSkeleton icon={IdCard} title={t('verification.nationalId.title')} testId="skeleton-national-id" />;
  const verified = status.data?.verified ?? accountVerified;
  return (
    <Card className="grid min-w-0 content-start gap-4 p-5" data-testid="card-national-id" data-state={verified ? 'verified' : 'not-verified'}>
      <CardHeader icon={IdCard} title={t('verification.nationalId.title')} verified={verified} />
      {status.isError && <StatusNotice onRetry={() => void status.refetch()} testId="notice-nida-status" />}
      {verified ? <VerifiedNationalId status={status.data ?? null} /> : <NationalIdForm onVerified={onVerified} />}
    </Card>
  );
}

function VerifiedNationalId({ status }: { status: NidaStatus | null }) {
  const { t, i18n } = useTranslation();
  const format = useFormatters();
  const save = useSaveNidaIdPhoto();
  const [photoPath, setPhotoPath] = useState<string | null>(null);
  const name = [status?.firstName, status?.lastName].filter(Boolean).join(' ');

  const onPhoto = (file: File) => {
    const problem = photoProblem(file);
    if (problem) return toast({ variant: 'destructive', title: t('verification.toast.uploadFailed'), description: t(`uploads.problem.${problem}`) });
    save.mutate(file, {
      onSuccess: (path) => {
        setPhotoPath(path);
        toast({ title: t('verification.toast.idPhotoUploaded') });
      },
      onError: (error) => toast({ variant: 'destructive', title: t('verification.toast.uploadFailed'), description: uploadFailureText(i18n, error, t('verification.toast.idPhotoFailed')) }),
    });
  };

  return (
    <div className="grid gap-4">
      {status === null ? (
        <p className="rounded-xl bg-emerald-50 p-4 text-sm dark:bg-emerald-950/40" data-testid="details-national-id">
          {t('verification.nationalId.detailsUnavailable')}
        </p>
      ) : (
        <dl className="grid gap-3 rounded-xl bg-emerald-50 p-4 text-sm dark:bg-emerald-950/40" data-testid="details-national-id">
          <Detail label={t('verification.nationalId.verifiedName')} value={name || '—'} testId="text-nida-name" />
          <Detail label={t('verification.nationalId.verifiedNumber')} value={maskIdNumber(status.idNumber)} testId="text-nida-number" />
          <Detail label={t('verification.nationalId.verifiedPhone')} value={status.phoneNumber || '—'} testId="text-nida-phone" />
          <Detail label={t('verification.nationalId.verifiedAt')} value={format.date(status.verifiedAt)} testId="text-nida-verified-at" />
        </dl>
      )}
      <PhotoField id="nida-id-photo" label={t('verification.nationalId.addPhoto')} photoPath={photoPath} uploading={save.isPending} camera={false} onFile={onPhoto} />
    </div>
  );
}

function Detail({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    // Label above value on a phone: beside a 9rem label a phone number had 104 px and broke in two.
    <div className="grid gap-0.5 sm:grid-cols-[minmax(0,9rem)_minmax(0,1fr)] sm:gap-2">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="break-words font-medium" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

function NationalIdForm({ onVerified }: { onVerified: () => Promise<void> }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const verify = useVerifyNida();
  const [form, setForm] = useState<NidaForm>(EMPTY_NIDA_FORM);
  const [errors, setErrors] = useState<NidaFormErrors>({});
  const [idPhoto, setIdPhoto] = useState<{ path: string | null; uploading: boolean }>({ path: null, uploading: false });

  const update = (field: keyof NidaForm) => (event: { target: { value: string } }) => {
    setForm((current) => ({ ...current, [field]: event.target.value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };
  const errorOf = (field: NidaField) => (errors[field] ? t(`verification.nationalId.errors.${field}`) : undefined);

  // The optional ID photo is uploaded as soon as it is picked; the verification sends its address.
  const onPhoto = (file: File) => {
    const problem = photoProblem(file);
    if (problem) return toast({ variant: 'destructive', title: t('verification.toast.uploadFailed'), description: t(`uploads.problem.${problem}`) });
    setIdPhoto((current) => ({ ...current, uploading: true }));
    uploadPhoto(file, 'private').then(
      (uploaded) => {
        setIdPhoto({ path: uploaded.objectPath, uploading: false });
        toast({ title: t('verification.toast.idPhotoUploaded') });
      },
      (error: unknown) => {
        setIdPhoto((current) => ({ ...current, uploading: false }));
        toast({ variant: 'destructive', title: t('verification.toast.uploadFailed'), description: uploadFailureText(i18n, error, t('verification.toast.idPhotoFailed')) });
      },
    );
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = nidaFormErrors(form);
    if (Object.keys(found).length > 0) return setErrors(found);
    verify.mutate(verifyNidaBody(form, idPhoto.path), {
      onSuccess: async () => {
        // The title says it; the server's message is the same words in English.
        toast({ title: t('verification.toast.nidaSuccess') });
        await queryClient.invalidateQueries({ queryKey: nidaStatusQueryOptions().queryKey });
        await onVerified();
      },
      onError: (error) => toast({ variant: 'destructive', title: t('verification.toast.failed'), description: failureText(i18n, error, t('verification.toast.nidaFailed')) }),
    });
  };

  return (
    <form className="grid gap-3" onSubmit={submit} noValidate data-testid="form-national-id">
      <p className="text-sm text-muted-foreground">{t('verification.nationalId.intro')}</p>
      <Field
        id="nida-id-number"
        label={t('verification.nationalId.idNumber')}
        hint={t('verification.nationalId.idHint')}
        error={errorOf('idNumber')}
        value={form.idNumber}
        onChange={update('idNumber')}
        inputMode="numeric"
        autoComplete="off"
        maxLength={24}
        data-testid="input-nida-id-number"
      />
      <Field
        id="nida-phone"
        label={t('verification.nationalId.phone')}
        hint={t('verification.nationalId.phoneHint')}
        error={errorOf('phoneNumber')}
        value={form.phoneNumber}
        onChange={update('phoneNumber')}
        type="tel"
        autoComplete="tel"
        placeholder="+250 7XX XXX XXX"
        data-testid="input-nida-phone"
      />
      <div className="grid gap-3 sm:grid-cols-2">
        <Field id="nida-first-name" label={t('verification.nationalId.firstName')} error={errorOf('firstName')} value={form.firstName} onChange={update('firstName')} autoComplete="given-name" data-testid="input-nida-first-name" />
        <Field id="nida-last-name" label={t('verification.nationalId.lastName')} error={errorOf('lastName')} value={form.lastName} onChange={update('lastName')} autoComplete="family-name" data-testid="input-nida-last-name" />
      </div>
      <Field id="nida-dob" label={t('verification.nationalId.dateOfBirth')} error={undefined} value={form.dateOfBirth} onChange={update('dateOfBirth')} type="date" autoComplete="bday" data-testid="input-nida-dob" />
      <PhotoField id="nida-form-id-photo" label={t('verification.nationalId.idPhoto')} photoPath={idPhoto.path} uploading={idPhoto.uploading} camera={false} onFile={onPhoto} />
      <Button type="submit" disabled={verify.isPending || idPhoto.uploading} className="justify-self-start" data-testid="button-verify-nida">
        {verify.isPending && <Loader2 className="animate-spin" />}
        {verify.isPending ? t('verification.nationalId.submitting') : t('verification.nationalId.submit')}
      </Button>
    </form>
  );
}
