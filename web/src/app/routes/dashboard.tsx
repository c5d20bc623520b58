import { LayoutDashboard, Receipt, ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs.tsx';
import { AssistantDialog } from '../../features/assistant/components/assistant-dialog.tsx';
import { useSignInDialog } from '../../features/auth/components/sign-in-dialog-provider.tsx';
import { ContributionsPanel } from '../../features/contributions/components/contributions-panel.tsx';
import { DashboardOverview, type LendingFigures } from '../../features/dashboard/components/dashboard-overview.tsx';
import { DashboardWelcome } from '../../features/dashboard/components/dashboard-welcome.tsx';
import { useCreditScore } from '../../features/loans/api/get-credit-score.ts';
import { useLoanRecommendations } from '../../features/loans/api/get-loan-recommendations.ts';
import { useLoanSummary } from '../../features/loans/api/get-loan-summary.ts';
import { useLoans } from '../../features/loans/api/get-loans.ts';
import { PayContributionButton } from '../../features/payments/components/pay-contribution-button.tsx';
import { useMyTontines } from '../../features/tontines/api/get-my-tontines.ts';
import { useUser } from '../../features/users/api/get-user.ts';
import { ProfileHeader } from '../../features/users/components/profile-header.tsx';
import { VerificationCards } from '../../features/verification/components/verification-cards.tsx';
import { isSignedIn } from '../../lib/session.ts';

const TABS = ['overview', 'contributions', 'verification'] as const;
type DashboardTab = (typeof TABS)[number];
const isTab = (value: string | null): value is DashboardTab => (TABS as readonly (string | null)[]).includes(value);

/**
 * /dashboard (spec part 1 §2.4): the welcome page when signed out, else Overview / Contributions /
 * Verification. `?tab=verification` (or contributions) opens that tab: the profile page's Start
 * Verification buttons lead there.
 */
export default function DashboardRoute() {
  const { openSignIn } = useSignInDialog();
  if (!isSignedIn()) return <DashboardWelcome onSignIn={() => openSignIn('login')} />;
  return <SignedInDashboard />;
}

function SignedInDashboard() {
  const { t } = useTranslation();
  const [assistantOpen, setAssistantOpen] = useState(false);
  const { data: user } = useUser({ enabled: true });
  const myTontines = useMyTontines({ enabled: true });
  const lending = useLendingFigures();
  const openAssistant = () => setAssistantOpen(true);
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get('tab');
  const tab: DashboardTab = isTab(requested) ? requested : 'overview';
  // The tab is in the address, so a reload or the back button keeps it.
  const showTab = (value: string) => {
    if (!isTab(value)) return;
    setSearchParams((current) => {
      const next = new URLSearchParams(current);
      if (value === 'overview') next.delete('tab');
      else next.set('tab', value);
      return next;
    }, { replace: true });
  };

  return (
    <div className="mx-auto grid max-w-6xl grid-cols-[minmax(0,1fr)] gap-6 px-4 py-10 sm:px-6 lg:px-8">
      <Tabs value={tab} onValueChange={showTab}>
        <TabsList>
          <TabsTrigger value="overview" data-testid="tab-overview">
            <LayoutDashboard />
            {t('overview.tabs.overview')}
          </TabsTrigger>
          <TabsTrigger value="contributions" data-testid="tab-dashboard-contributions">
            <Receipt />
            {t('overview.tabs.contributions')}
          </TabsTrigger>
          <TabsTrigger value="verification" data-testid="tab-verification">
            <ShieldCheck />
            {t('overview.tabs.verification')}
          </TabsTrigger>
        </TabsList>
        <TabsContent value="overview">
          <DashboardOverview profileHeader={<ProfileHeader />} tontines={myTontines.isPending ? undefined : (myTontines.data ?? [])} lending={lending} onOpenAssistant={openAssistant} />
        </TabsContent>
        <TabsContent value="contributions">
          <ContributionsPanel
            renderPay={(contribution) => (
              <PayContributionButton contributionId={contribution.id} amount={contribution.amount} tontineName={contribution.tontineName} defaultPhone={user?.phoneNumber} />
            )}
          />
        </TabsContent>
        <TabsContent value="verification">
          <VerificationCards nidaVerified={user?.nidaVerified === true} kycVerified={user?.kycVerified === true} />
        </TabsContent>
      </Tabs>
      <AssistantDialog open={assistantOpen} onOpenChange={setAssistantOpen} />
    </div>
  );
}

/**
 * The dashboard's loan and credit cards, from the loans feature's calls: pending until the three
 * it needs have answered; no figures (and not pending) when one of them failed.
 */
function useLendingFigures(): { figures: LendingFigures | undefined; pending: boolean } {
  const summaryQuery = useLoanSummary({ enabled: true });
  const creditQuery = useCreditScore({ enabled: true });
  const loansQuery = useLoans({ enabled: true });
  const recommendations = useLoanRecommendations({ enabled: true }).data;
  const summary = summaryQuery.data;
  const credit = creditQuery.data;
  const loans = loansQuery.data;
  const failed = summaryQuery.isError || creditQuery.isError || loansQuery.isError;
  if (summary === undefined || credit === undefined || loans === undefined) return { figures: undefined, pending: !failed };
  const suggested = recommendations?.[0];
  const figures: LendingFigures = {
    activeLoanCount: summary.activeLoanCount,
    availableCredit: summary.availableCredit,
    credit: credit && { score: credit.score, rating: credit.rating, firstRecommendation: credit.recommendations[0] },
    suggestedLoan: suggested && { purpose: suggested.purpose, amount: suggested.amount },
    loans,
  };
  return { figures, pending: false };
}
