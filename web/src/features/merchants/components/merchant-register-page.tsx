import { Loader2, Store } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useNavigate } from 'react-router-dom';
import { AlreadyRegistered } from '../../../components/already-registered.tsx';
import { Field } from '../../../components/field.tsx';
import { SelectField } from '../../../components/select-field.tsx';
import { FormSkeleton } from '../../../components/skeleton.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { useRegistrationForm, useRegistrationOutcome } from '../../../hooks/use-registration-form.ts';
import { DISTRICTS, normaliseCode, PHONE_EXAMPLE } from '../../../lib/registration-rules.ts';
import { useMyMerchant } from '../api/get-my-merchant.ts';
import { lookUpAgent } from '../api/lookup-agent.ts';
import { useRegisterMerchant } from '../api/register-merchant.ts';
import { MERCHANT_CATEGORIES } from '../../../lib/registration-rules.ts';
import { EMPTY_MERCHANT_FORM, merchantRegistrationBody, REGISTRATION_NUMBER_MAX, validateMerchantForm } from '../merchant-form.ts';

/**
 * /merchant/register (spec part 2 §2, §5, §8): a business registers, optionally referred by an
 * agent's code. A registered merchant sees Already Registered; Cancel goes to /dashboard,
 * success to /merchant/dashboard.
 */
export function MerchantRegisterPage() {
  const merchant = useMyMerchant({ enabled: true });

  if (merchant.isPending) {
    return <FormSkeleton testId="skeleton-merchant-register" />;
  }
  // A failed look-up counts as not registered (spec part 2 §7).
  if (merchant.data) {
    return <AlreadyRegistered form="merchantRegister" dashboard="/merchant/dashboard" testId="state-merchant-already-registered" linkTestId="link-merchant-dashboard" />;
  }
  return <MerchantRegisterForm />;
}

function MerchantRegisterForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const register = useRegisterMerchant();
  const { form, set, text, message, checkAll, refuse } = useRegistrationForm(EMPTY_MERCHANT_FORM, validateMerchantForm, (error) =>
    t(`merchantRegister.validation.${error}`, { phone: PHONE_EXAMPLE }),
  );
  const outcome = useRegistrationOutcome('merchantRegister', '/merchant/dashboard', {
    code: 'merchant_code_taken',
    show: (words) => {
      refuse('merchantCode', words);
      document.getElementById('merchant-code')?.focus();
    },
  });
  const [agentNotFound, setAgentNotFound] = useState(false);
  const [lookingUp, setLookingUp] = useState(false);
  const busy = lookingUp || register.isPending;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!checkAll()) return;
    let agentId: string | null = null;
    const agentCode = form.agentCode.trim();
    if (agentCode !== '') {
      setLookingUp(true);
      const lookup = await lookUpAgent(agentCode);
      setLookingUp(false);
      if (lookup.found) agentId = lookup.id;
      else if (!lookup.failed) {
        setAgentNotFound(true);
        return;
      }
    }
    register.mutate(merchantRegistrationBody(form, agentId), outcome);
  };

  return (
    <div className="mx-auto grid max-w-3xl grid-cols-1 gap-6 px-4 py-10 sm:px-6">
      <header>
        <h1 className="text-3xl font-bold tracking-tight" data-testid="text-merchant-register-title">
          {t('merchantRegister.title')}
        </h1>
        <p className="mt-2 text-muted-foreground">{t('merchantRegister.subtitle')}</p>
      </header>
      <Card className="p-5 sm:p-8">
        <form className="grid gap-5" onSubmit={(event) => void submit(event)} noValidate data-testid="form-merchant-register">
          <div className="grid items-start gap-5 sm:grid-cols-2">
            <Field
              id="merchant-code"
              label={t('merchantRegister.merchantCode')}
              hint={t('merchantRegister.merchantCodeHint')}
              error={message('merchantCode')}
              value={form.merchantCode}
              onChange={(event) => set('merchantCode', normaliseCode(event.target.value))}
              autoCapitalize="characters"
              data-testid="input-merchant-code"
            />
            <Field id="merchant-business-name" label={t('merchantRegister.businessName')} error={message('businessName')} {...text('businessName')} autoComplete="organization" data-testid="input-merchant-business-name" />
          </div>
          <div className="grid items-start gap-5 sm:grid-cols-2">
            <SelectField
              id="merchant-category"
              label={t('merchantRegister.merchantCategory')}
              placeholder={t('merchantRegister.categoryPlaceholder')}
              options={MERCHANT_CATEGORIES.map((category) => ({ value: category, label: t(`merchantRegister.categories.${category}`) }))}
              error={message('merchantCategory')}
              value={form.merchantCategory}
              onChange={(event) => set('merchantCategory', event.target.value)}
              data-testid="select-merchant-category"
            />
            <SelectField
              id="merchant-district"
              label={t('business.district')}
              placeholder={t('business.districtPlaceholder')}
              options={DISTRICTS.map((district) => ({ value: district, label: district }))}
              error={message('district')}
              value={form.district}
              onChange={(event) => set('district', event.target.value)}
              data-testid="select-merchant-district"
            />
          </div>
          <Field id="merchant-address" label={t('merchantRegister.businessAddress')} error={message('businessAddress')} {...text('businessAddress')} autoComplete="street-address" data-testid="input-merchant-address" />
          <div className="grid items-start gap-5 sm:grid-cols-2">
            <Field id="merchant-phone" type="tel" label={t('business.phoneNumber')} error={message('phoneNumber')} {...text('phoneNumber')} autoComplete="tel" data-testid="input-merchant-phone" />
            <Field id="merchant-email" type="email" label={t('business.email')} error={message('email')} {...text('email')} autoComplete="email" data-testid="input-merchant-email" />
          </div>
          <fieldset className="grid gap-4 rounded-xl border border-border p-4">
            <legend className="px-1 text-sm font-semibold">{t('merchantRegister.complianceTitle')}</legend>
            <p className="-mt-2 text-xs text-muted-foreground">{t('merchantRegister.complianceHint')}</p>
            <div className="grid items-start gap-4 sm:grid-cols-3">
              <Field id="merchant-tin" label={t('merchantRegister.tin')} error={message('tin')} {...text('tin')} data-testid="input-merchant-tin" />
              <Field id="merchant-trade-license" label={t('merchantRegister.tradeLicenseNumber')} error={undefined} maxLength={REGISTRATION_NUMBER_MAX} {...text('tradeLicenseNumber')} data-testid="input-merchant-trade-license" />
              <Field id="merchant-rdb" label={t('merchantRegister.rdbRegistrationNumber')} error={undefined} maxLength={REGISTRATION_NUMBER_MAX} {...text('rdbRegistrationNumber')} data-testid="input-merchant-rdb" />
            </div>
          </fieldset>
          <Field
            id="merchant-agent-code"
            label={t('merchantRegister.agentCode')}
            hint={t('merchantRegister.agentCodeHint')}
            error={message('agentCode') ?? (agentNotFound ? t('merchantRegister.validation.agentNotFound') : undefined)}
            value={form.agentCode}
            onChange={(event) => {
              setAgentNotFound(false);
              set('agentCode', normaliseCode(event.target.value));
            }}
            autoCapitalize="characters"
            data-testid="input-merchant-agent-code"
          />
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <Button type="button" variant="outline" onClick={() => void navigate('/dashboard')} data-testid="button-merchant-cancel">
              {t('business.cancel')}
            </Button>
            <Button type="submit" disabled={busy} data-testid="button-merchant-submit">
              {busy ? <Loader2 className="animate-spin" /> : <Store />}
              {busy ? t('merchantRegister.submitting') : t('merchantRegister.submit')}
            </Button>
          </div>
        </form>
      </Card>
    </div>
  );
}
