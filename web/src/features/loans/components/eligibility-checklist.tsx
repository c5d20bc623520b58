import { ArrowRight, CheckCircle2, CircleAlert, FileSignature, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { useFormatters } from '../../../hooks/use-formatters.ts';
import { cn } from '../../../lib/cn.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import type { LoanEligibility, LoanRequirement } from '../api/loan-schemas.ts';
import { personalSavingsPath } from '../loan-form.ts';

type Status = LoanRequirement['status'];

const STATUS_ICON: Record<Status, LucideIcon> = { met: CheckCircle2, missing: CircleAlert, in_form: FileSignature };
const STATUS_TONE: Record<Status, string> = {
  met: 'text-emerald-700 dark:text-emerald-400',
  missing: 'text-amber-700 dark:text-amber-400',
  in_form: 'text-muted-foreground',
};

/** The verification tab of the dashboard, where a national ID is verified. */
const VERIFY_ID_PATH = '/dashboard?tab=verification';

/**
 * What borrowing needs (GET /api/loans/eligibility, the rule the decision itself applies): each
 * requirement with its state and its next step — verify the ID (a link to the dashboard's
 * Verification tab), save what is missing for the minimum loan (a link that opens personal savings
 * with that amount), repay or wait — then the consents the form asks. Never a limit below the
 * minimum without saying so.
 */
export function EligibilityChecklist({ eligibility, onSeeMyLoans }: { eligibility: LoanEligibility; onSeeMyLoans: () => void }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const minimum = format.money(eligibility.minimumLoan);

  const steps = eligibility.requirements.map((requirement): ReactNode => {
    switch (requirement.kind) {
      case 'identity_verified':
        return requirement.status === 'met' ? (
          <Step key="identity" testId="requirement-identity" status="met" title={t('loans.eligibility.identity.met')} />
        ) : (
          <Step key="identity" testId="requirement-identity" status="missing" title={t('loans.eligibility.identity.missing')} text={t('loans.eligibility.identity.missingText')}>
            <ActionLink to={VERIFY_ID_PATH} testId="link-verify-id" label={t('loans.eligibility.identity.action')} />
          </Step>
        );
      case 'savings': {
        const savings = format.money(requirement.savingsBalance);
        if (requirement.status === 'met') {
          return (
            <Step
              key="savings"
              testId="requirement-savings"
              status="met"
              title={t('loans.eligibility.savings.met')}
              text={t('loans.eligibility.savings.metText', { amount: format.money(eligibility.availableCredit), savings })}
            />
          );
        }
        if (requirement.savingsMissing === null || requirement.savingsNeeded === null) {
          return <Step key="savings" testId="requirement-savings" status="missing" title={t('loans.eligibility.savings.limitUsed')} text={t('loans.eligibility.savings.limitUsedText')} />;
        }
        return (
          <Step
            key="savings"
            testId="requirement-savings"
            status="missing"
            title={t('loans.eligibility.savings.missing', { amount: format.money(requirement.savingsMissing) })}
            text={t('loans.eligibility.savings.missingText', { minimum, needed: format.money(requirement.savingsNeeded), savings })}
          >
            <ActionLink to={personalSavingsPath(requirement.savingsMissing)} testId="link-save-more" label={t('loans.eligibility.savings.action')} />
          </Step>
        );
      }
      case 'no_overdue_loan':
        return requirement.status === 'missing' ? (
          <Step key="overdue" testId="requirement-overdue" status="missing" title={t('loans.eligibility.overdue.missing')} text={t('loans.eligibility.overdue.missingText')}>
            <Button variant="outline" size="tall" className="w-fit max-w-full" onClick={onSeeMyLoans} data-testid="button-see-my-loans">
              <span className="min-w-0 whitespace-normal text-left">{t('loans.eligibility.overdue.action')}</span>
              <ArrowRight />
            </Button>
          </Step>
        ) : null;
      case 'no_open_application':
        return requirement.status === 'missing' ? (
          <Step key="open" testId="requirement-open-application" status="missing" title={t('loans.eligibility.open.missing')} text={t('loans.eligibility.open.missingText')} />
        ) : null;
      case 'scoring_consent':
        return (
          <Step key="consents" testId="requirement-consents" status={requirement.status} title={t('loans.eligibility.consents.title')}>
            <ul className="grid list-disc gap-1 pl-5 text-sm text-muted-foreground">
              <li>
                {t('loans.eligibility.consents.scoring')}
                {requirement.consentedAt !== null && ` · ${t('loans.eligibility.consents.scoringGiven', { date: format.date(requirement.consentedAt) })}`}
              </li>
              <li>{t('loans.eligibility.consents.keyFacts')}</li>
            </ul>
          </Step>
        );
      case 'key_facts_accepted':
        // Shown with the scoring consent: both are given in the form.
        return null;
    }
  });

  return (
    <Card className="grid gap-4 p-5" data-testid="card-loan-eligibility" data-eligible={eligibility.eligible}>
      <div>
        <h2 className="text-lg font-semibold" data-testid="text-eligibility-title">
          {eligibility.eligible ? t('loans.eligibility.readyTitle') : t('loans.eligibility.title')}
        </h2>
        <p className="mt-1 text-sm text-muted-foreground" data-testid="text-eligibility-summary">
          {eligibility.eligible ? t('loans.eligibility.readyText', { minimum, amount: format.money(eligibility.maximumLoan) }) : t('loans.eligibility.notReadyText')}
        </p>
      </div>
      <ol className="grid gap-3">{steps}</ol>
    </Card>
  );
}

function Step({ status, title, text, testId, children }: { status: Status; title: string; text?: string; testId: string; children?: ReactNode }) {
  const { t } = useTranslation();
  const Icon = STATUS_ICON[status];
  return (
    <li className="flex gap-3 rounded-xl border border-border/70 p-3" data-testid={testId} data-status={status}>
      <Icon className={cn('mt-0.5 size-5 shrink-0', STATUS_TONE[status])} aria-hidden="true" />
      <div className="grid min-w-0 flex-1 gap-1.5">
        <p className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-0.5">
          <span className="font-medium">{title}</span>
          <span className={cn('text-xs font-semibold', STATUS_TONE[status])}>{t(`loans.eligibility.status.${status}`)}</span>
        </p>
        {text !== undefined && <p className="text-sm text-muted-foreground">{text}</p>}
        {children}
      </div>
    </li>
  );
}

function ActionLink({ to, label, testId }: { to: string; label: string; testId: string }) {
  return (
    <Button asChild variant="outline" size="tall" className="w-fit max-w-full">
      <Link to={to} data-testid={testId}>
        <span className="min-w-0 whitespace-normal text-left">{label}</span>
        <ArrowRight />
      </Link>
    </Button>
  );
}
