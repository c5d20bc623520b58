import { LayoutDashboard, Receipt, ShieldCheck } from 'lucide-react';
import { Suspense, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useTranslation } from '../../lib/use-translation.ts';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs.tsx';
import { useSignInDialog } from '../../features/auth/components/sign-in-dialog-provider.tsx';
import { DashboardOverview, type LendingFigures } from '../../features/dashboard/components/dashboard-overview.tsx';
import { DashboardWelcome } from '../../features/dashboard/components/dashboard-welcome.tsx';
import { useCreditScore } from '../../features/loans/api/get-credit-score.ts';
import { useLoanEligibility } from '../../features/loans/api/get-loan-eligibility.ts';
import { useLoanRecommendations } from '../../features/loans/api/get-loan-recommendations.ts';
import { useLoanSummary } from '../../features/loans/api/get-loan-summary.ts';
import { useLoans } from '../../features/loans/api/get-loans.ts';
import { adviceTexts } from '../../features/loans/credit-words.ts';
import { useMyTontines } from '../../features/tontines/api/get-my-tontines.ts';
import { useUser } from '../../features/users/api/get-user.ts';
import { ProfileHeader } from '../../features/users/components/profile-header.tsx';
import { PageSkeleton } from '../../components/skeleton.tsx';
import { deferredComponent } from '../../lib/deferred-component.ts';
import { isSignedIn } from '../../lib/session.ts';

// What the Overview, the tab a member lands on, does not show: the assistant's dialog (fetched when
// the pointer or focus reaches one of its buttons, opened on the press) and the other two tabs
// (fetched when the pointer or focus reaches their trigger, or when the address asks for them).
const { Component: AssistantDialog, preload: preloadAssistant } = deferredComponent(() =>
  import('../../features/assistant/components/assistant-dialog.tsx').then((module) => ({ default: module.AssistantDialog })),
);
const { Component: ContributionsTab, preload: preloadContributions } = deferredComponent(() => import('./dashboard-contributions-tab.tsx'));
const { Component: VerificationCards, preload: preloadVerification } = deferredComponent(() =>
  import('../../features/verification/components/verification-cards.tsx').then((module) => ({ default: module.VerificationCards })),
);

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
  // Mounted from the first press on, so closing keeps its exit animation.
  const [assistantPressed, setAssistantPressed] = useState(false);
  const { data: user } = useUser({ enabled: true });
  const myTontines = useMyTontines({ enabled: true });
  const lending = useLendingFigures();
  const openAssistant = () => {
    setAssistantPressed(true);
    setAssistantOpen(true);
  };
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
          <TabsTrigger value="contributions" onPointerEnter={preloadContributions} onFocus={preloadContributions} data-testid="tab-dashboard-contributions">
            <Receipt />
            {t('overview.tabs.contributions')}
          </TabsTrigger>
          <TabsTrigger value="verification" onPointerEnter={preloadVerification} onFocus={preloadVerification} data-testid="tab-verification">
            <ShieldCheck />
            {t('overview.tabs.verification')}
          </TabsTrigger>
        </TabsList>
        <TabsContent value="overview">
          <DashboardOverview profileHeader={<ProfileHeader />} tontines={myTontines.isPending ? undefined : (myTontines.data ?? [])} lending={lending} onOpenAssistant={openAssistant} onAssistantIntent={preloadAssistant} />
        </TabsContent>
        <TabsContent value="contributions">
          <Suspense fallback={<PageSkeleton />}>
            <ContributionsTab defaultPhone={user?.phoneNumber} />
          </Suspense>
        </TabsContent>
        <TabsContent value="verification">
          <Suspense fallback={<PageSkeleton />}>
            <VerificationCards nidaVerified={user?.nidaVerified === true} kycVerified={user?.kycVerified === true} />
          </Suspense>
        </TabsContent>
      </Tabs>
      {assistantPressed && (
        <Suspense fallback={null}>
          <AssistantDialog open={assistantOpen} onOpenChange={setAssistantOpen} />
        </Suspense>
      )}
    </div>
  );
}

/**
 * The dashboard's loan and credit cards, from the loans feature's calls: pending until the four
 * it needs have answered; no figures (and not pending) when one of them failed.
 */
function useLendingFigures(): { figures: LendingFigures | undefined; pending: boolean } {
  const { t } = useTranslation();
  const summaryQuery = useLoanSummary({ enabled: true });
  const eligibilityQuery = useLoanEligibility({ enabled: true });
  const creditQuery = useCreditScore({ enabled: true });
  const loansQuery = useLoans({ enabled: true });
  const recommendations = useLoanRecommendations({ enabled: true }).data;
  const summary = summaryQuery.data;
  const credit = creditQuery.data;
  const loans = loansQuery.data;
  const eligibility = eligibilityQuery.data;
  const failed = summaryQuery.isError || creditQuery.isError || loansQuery.isError || eligibilityQuery.isError;
  if (summary === undefined || credit === undefined || loans === undefined || eligibility === undefined) return { figures: undefined, pending: !failed };
  const suggested = recommendations?.[0];
  const figures: LendingFigures = {
    activeLoanCount: summary.activeLoanCount,
    borrowing: { eligible: eligibility.eligible, availableCredit: eligibility.availableCredit, belowMinimum: eligibility.belowMinimum, minimumLoan: eligibility.minimumLoan },
    credit: credit && { score: credit.score, rating: credit.rating, firstRecommendation: adviceTexts(t, credit)[0] },
    suggestedLoan: suggested && { purpose: suggested.purpose, amount: suggested.amount },
    loans,
  };
  return { figures, pending: false };
}
