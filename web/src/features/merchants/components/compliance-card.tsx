import { Loader2, Pencil, ShieldCheck } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Field } from '../../../components/field.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { toast } from '../../../hooks/use-toast.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { failureText } from '../../../lib/server-text.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import type { MyMerchant } from '../api/get-my-merchant.ts';
import { useUpdateCompliance } from '../api/update-compliance.ts';
import { checkTin, complianceBody, REGISTRATION_NUMBER_MAX, type ComplianceForm } from '../merchant-form.ts';
import { DetailRow } from './detail-row.tsx';

const FIELDS = [
  { key: 'tin', label: 'merchantDashboard.tin', testId: 'tin' },
  { key: 'tradeLicenseNumber', label: 'merchantDashboard.tradeLicense', testId: 'trade-license' },
  { key: 'rdbRegistrationNumber', label: 'merchantDashboard.rdb', testId: 'rdb' },
] as const;

/**
 * The dashboard's 'Rwanda BNR Compliance' card (spec part 2 §2: the details present, shown only
 * when one is). While KYB is pending the owner adds or corrects them here (the spec's notice asks
 * for them): the card is shown even when none is given yet, with the form behind "Add or correct
 * details", checked with registration's rules. Once KYB is decided the card only lists them.
 */
export function ComplianceCard({ merchant }: { merchant: MyMerchant }) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);
  const editable = merchant.kybStatus === 'pending' && merchant.id !== undefined;
  const present = FIELDS.filter(({ key }) => Boolean(merchant[key]));
  if (!editable && present.length === 0) return null;

  return (
    <Card id="bnr-compliance" className="scroll-mt-20 p-5" data-testid="card-bnr-compliance">
      <h2 className="mb-3 flex items-center gap-2 text-lg font-semibold">
        <ShieldCheck className="size-5 shrink-0 text-primary" />
        {t('merchantDashboard.complianceTitle')}
      </h2>
      {editing && merchant.id !== undefined ? (
        <ComplianceFormFields merchantId={merchant.id} merchant={merchant} onDone={() => setEditing(false)} />
      ) : (
        <div className="grid gap-4">
          {present.length > 0 ? (
            <dl className="grid gap-3 text-sm">
              {present.map(({ key, label, testId }) => (
                <DetailRow key={key} label={t(label)} testId={`text-compliance-${testId}`}>
                  <span className="break-all font-mono">{merchant[key]}</span>
                </DetailRow>
              ))}
            </dl>
          ) : (
            <p className="text-sm text-muted-foreground" data-testid="text-compliance-none">
              {t('merchantDashboard.complianceNone')}
            </p>
          )}
          {editable && (
            <div className="grid gap-2">
              <p className="text-xs text-muted-foreground">{t('merchantDashboard.complianceHint')}</p>
              <Button variant="outline" className="justify-self-start" onClick={() => setEditing(true)} data-testid="button-edit-compliance">
                <Pencil />
                {t('merchantDashboard.complianceEdit')}
              </Button>
            </div>
          )}
        </div>
      )}
    </Card>
  );
}

function ComplianceFormFields({ merchantId, merchant, onDone }: { merchantId: string; merchant: MyMerchant; onDone: () => void }) {
  const { t, i18n } = useTranslation();
  const update = useUpdateCompliance();
  const [form, setForm] = useState<ComplianceForm>({ tin: merchant.tin ?? '', tradeLicenseNumber: merchant.tradeLicenseNumber ?? '', rdbRegistrationNumber: merchant.rdbRegistrationNumber ?? '' });
  const [tinError, setTinError] = useState<'tinMin' | 'tinMax' | null>(null);
  const complianceInput = (key: keyof ComplianceForm) => ({ value: form[key], onChange: (event: { target: { value: string } }) => setForm((current) => ({ ...current, [key]: event.target.value })) });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const broken = checkTin(form.tin);
    setTinError(broken);
    if (broken !== null) return;
    update.mutate(
      { merchantId, body: complianceBody(form) },
      {
        onSuccess: () => {
          toast({ title: t('merchantDashboard.complianceSavedTitle'), description: t('merchantDashboard.complianceSavedText') });
          onDone();
        },
        onError: (error) => {
          // Decided meanwhile: the refetched merchant turns the card read-only; say why in words of the member's language.
          const locked = error instanceof ApiError && error.code === 'kyb_already_decided';
          toast({
            variant: 'destructive',
            title: t('merchantDashboard.complianceFailedTitle'),
            description: locked ? t('merchantDashboard.complianceLocked') : failureText(i18n, error, t('merchantDashboard.complianceFailedText')),
          });
          if (locked) onDone();
        },
      },
    );
  };

  return (
    <form className="grid gap-4" onSubmit={submit} noValidate data-testid="form-compliance">
      <Field
        id="compliance-tin"
        label={t('merchantRegister.tin')}
        error={tinError === null ? undefined : t(`merchantRegister.validation.${tinError}`)}
        autoComplete="off"
        {...complianceInput('tin')}
        data-testid="input-compliance-tin"
      />
      <Field id="compliance-trade-license" label={t('merchantRegister.tradeLicenseNumber')} error={undefined} autoComplete="off" maxLength={REGISTRATION_NUMBER_MAX} {...complianceInput('tradeLicenseNumber')} data-testid="input-compliance-trade-license" />
      <Field id="compliance-rdb" label={t('merchantRegister.rdbRegistrationNumber')} error={undefined} autoComplete="off" maxLength={REGISTRATION_NUMBER_MAX} {...complianceInput('rdbRegistrationNumber')} data-testid="input-compliance-rdb" />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={update.isPending} data-testid="button-save-compliance">
          {update.isPending && <Loader2 className="animate-spin" />}
          {update.isPending ? t('merchantDashboard.complianceSaving') : t('merchantDashboard.complianceSave')}
        </Button>
        <Button type="button" variant="outline" onClick={onDone} disabled={update.isPending} data-testid="button-cancel-compliance">
          {t('business.cancel')}
        </Button>
      </div>
    </form>
  );
}
