import { ContributionsPanel } from '../../features/contributions/components/contributions-panel.tsx';
import { PayContributionButton } from '../../features/payments/components/pay-contribution-button.tsx';

/** The dashboard's Contributions tab, its own chunk (dashboard.tsx loads it when it is wanted). */
export default function DashboardContributionsTab({ defaultPhone }: { defaultPhone: string | null | undefined }) {
  return (
    <ContributionsPanel
      renderPay={(contribution) => (
        <PayContributionButton contributionId={contribution.id} amount={contribution.amount} tontineName={contribution.tontineName} defaultPhone={defaultPhone} />
      )}
    />
  );
}
