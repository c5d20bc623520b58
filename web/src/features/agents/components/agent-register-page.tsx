import { Loader2, UserPlus } from 'lucide-react';
import type { FormEvent } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useNavigate } from 'react-router-dom';
import { AlreadyRegistered } from '../../../components/already-registered.tsx';
import { Field } from '../../../components/field.tsx';
import { SelectField } from '../../../components/select-field.tsx';
import { FormSkeleton } from '../../../components/skeleton.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Check } from '../../../components/ui/check.tsx';
import { useRegistrationForm, useRegistrationOutcome } from '../../../hooks/use-registration-form.ts';
import { DISTRICTS, normaliseCode, PHONE_EXAMPLE } from '../../../lib/registration-rules.ts';
import { useMyAgent } from '../api/get-my-agent.ts';
import { useRegisterAgent } from '../api/register-agent.ts';
import { agentRegistrationBody, EMPTY_AGENT_FORM, validateAgentForm, type AgentType } from '../agent-form.ts';

/**
 * /agent/register (spec part 2 §2, §5, §8): the agent application. A registered agent sees
 * Already Registered; Cancel and success go to /dashboard.
 */
export function AgentRegisterPage() {
  const agent = useMyAgent({ enabled: true });

  if (agent.isPending) {
    return <FormSkeleton testId="skeleton-agent-register" />;
  }
  if (agent.data) {
    return <AlreadyRegistered form="agentRegister" dashboard="/agent/dashboard" testId="state-agent-already-registered" linkTestId="link-agent-dashboard" />;
  }
  return <AgentRegisterForm />;
}

function AgentRegisterForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const register = useRegisterAgent();
  const { form, set, text, message, checkAll, refuse } = useRegistrationForm(EMPTY_AGENT_FORM, validateAgentForm, (error) =>
    t(`agentRegister.validation.${error}`, { phone: PHONE_EXAMPLE }),
  );
  const outcome = useRegistrationOutcome('agentRegister', '/dashboard', {
    code: 'agent_code_taken',
    show: (words) => {
      refuse('agentCode', words);
      document.getElementById('agent-code')?.focus();
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!checkAll()) return;
    register.mutate(agentRegistrationBody(form), outcome);
  };

  return (
    <div className="mx-auto grid max-w-3xl grid-cols-1 gap-6 px-4 py-10 sm:px-6">
      <header>
        <h1 className="text-3xl font-bold tracking-tight" data-testid="text-agent-register-title">
          {t('agentRegister.title')}
        </h1>
        <p className="mt-2 text-muted-foreground">{t('agentRegister.subtitle')}</p>
      </header>
      <Card className="p-5 sm:p-8">
        <form className="grid gap-5" onSubmit={submit} noValidate data-testid="form-agent-register">
          <div className="grid items-start gap-5 sm:grid-cols-2">
            <Field
              id="agent-code"
              label={t('agentRegister.agentCode')}
              hint={t('agentRegister.agentCodeHint')}
              error={message('agentCode')}
              value={form.agentCode}
              onChange={(event) => set('agentCode', normaliseCode(event.target.value))}
              autoCapitalize="characters"
              data-testid="input-agent-code"
            />
            <fieldset className="grid gap-1.5">
              <legend className="text-sm font-medium">{t('agentRegister.agentType')}</legend>
              <div className="flex flex-wrap gap-4 pt-2">
                {(['individual', 'business'] as const satisfies readonly AgentType[]).map((type) => (
                  <label key={type} className="flex cursor-pointer items-center gap-2 text-sm">
                    <input
                      type="radio"
                      name="agent-type"
                      value={type}
                      checked={form.agentType === type}
                      onChange={() => set('agentType', type)}
                      className="size-4 accent-primary"
                      data-testid={`radio-agent-type-${type}`}
                    />
                    {t(`agentRegister.${type}`)}
                  </label>
                ))}
              </div>
            </fieldset>
          </div>
          {form.agentType === 'business' && (
            <div className="grid items-start gap-5 sm:grid-cols-2">
              <Field id="agent-business-name" label={t('agentRegister.businessName')} error={message('businessName')} {...text('businessName')} data-testid="input-agent-business-name" />
              <Field
                id="agent-business-registration"
                label={t('agentRegister.businessRegistrationNumber')}
                error={message('businessRegistrationNumber')}
                {...text('businessRegistrationNumber')}
                data-testid="input-agent-business-registration"
              />
            </div>
          )}
          <Field id="agent-address" label={t('agentRegister.physicalAddress')} error={message('physicalAddress')} {...text('physicalAddress')} autoComplete="street-address" data-testid="input-agent-address" />
          <div className="grid items-start gap-5 sm:grid-cols-2">
            <SelectField
              id="agent-district"
              label={t('business.district')}
              placeholder={t('business.districtPlaceholder')}
              options={DISTRICTS.map((district) => ({ value: district, label: district }))}
              error={message('district')}
              value={form.district}
              onChange={(event) => set('district', event.target.value)}
              data-testid="select-agent-district"
            />
            <Field id="agent-sector" label={t('agentRegister.sector')} error={undefined} {...text('sector')} data-testid="input-agent-sector" />
          </div>
          <div className="grid items-start gap-5 sm:grid-cols-2">
            <Field id="agent-phone" type="tel" label={t('business.phoneNumber')} error={message('phoneNumber')} {...text('phoneNumber')} autoComplete="tel" data-testid="input-agent-phone" />
            <Field id="agent-email" type="email" label={t('business.email')} error={message('email')} {...text('email')} autoComplete="email" data-testid="input-agent-email" />
          </div>
          <Field
            id="agent-territories"
            label={t('agentRegister.serviceTerritories')}
            hint={t('agentRegister.serviceTerritoriesHint')}
            error={message('serviceTerritories')}
            {...text('serviceTerritories')}
            data-testid="input-agent-territories"
          />
          <div className="grid gap-1.5">
            <Check checked={form.acceptTerms} onChange={(checked) => set('acceptTerms', checked)} testId="checkbox-agent-terms">
              {t('agentRegister.acceptTerms')}
            </Check>
            {message('acceptTerms') !== undefined && (
              <p role="alert" className="text-sm font-medium text-destructive" data-testid="error-agent-terms">
                {message('acceptTerms')}
              </p>
            )}
          </div>
          <p className="text-sm text-muted-foreground">{t('agentRegister.reviewNote')}</p>
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <Button type="button" variant="outline" onClick={() => void navigate('/dashboard')} data-testid="button-agent-cancel">
              {t('business.cancel')}
            </Button>
            <Button type="submit" disabled={register.isPending} data-testid="button-agent-submit">
              {register.isPending ? <Loader2 className="animate-spin" /> : <UserPlus />}
              {register.isPending ? t('agentRegister.submitting') : t('agentRegister.submit')}
            </Button>
          </div>
        </form>
      </Card>
    </div>
  );
}
