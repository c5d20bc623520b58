import { lazy } from 'react';
import { createBrowserRouter } from 'react-router-dom';
import { AppLayout } from './layout/app-layout.tsx';

// Each screen is its own chunk, so a first visit to the landing page loads only what it shows.
const HomeRoute = lazy(() => import('./routes/home.tsx'));
const DashboardRoute = lazy(() => import('./routes/dashboard.tsx'));
const TontinesRoute = lazy(() => import('./routes/tontines.tsx'));
const TontineDetailRoute = lazy(() => import('./routes/tontine-detail.tsx'));
const LoansRoute = lazy(() => import('./routes/loans.tsx'));
const MagicLinkRoute = lazy(() => import('./routes/magic-link.tsx'));
const ResetPasswordRoute = lazy(() => import('./routes/reset-password.tsx'));
const SecurityRoute = lazy(() => import('./routes/security.tsx'));
const ProfileRoute = lazy(() => import('./routes/profile.tsx'));
const AiChatRoute = lazy(() => import('./routes/ai-chat.tsx'));
const AgentRegisterRoute = lazy(() => import('./routes/agent-register.tsx'));
const AgentDashboardRoute = lazy(() => import('./routes/agent-dashboard.tsx'));
const MerchantRegisterRoute = lazy(() => import('./routes/merchant-register.tsx'));
const MerchantDashboardRoute = lazy(() => import('./routes/merchant-dashboard.tsx'));
const MerchantPaymentsRoute = lazy(() => import('./routes/merchant-payments.tsx'));
const PayRoute = lazy(() => import('./routes/pay.tsx'));
const EducationRoute = lazy(() => import('./routes/education.tsx'));
const LearnMoreRoute = lazy(() => import('./routes/learn-more.tsx'));
const DemoRoute = lazy(() => import('./routes/demo.tsx'));
const PrivacyRoute = lazy(() => import('./routes/privacy.tsx'));
const TermsRoute = lazy(() => import('./routes/terms.tsx'));
const NotFoundRoute = lazy(() => import('./routes/not-found.tsx'));

export function createRouter() {
  return createBrowserRouter([
    {
      element: <AppLayout />,
      children: [
        { index: true, element: <HomeRoute /> },
        { path: 'dashboard', element: <DashboardRoute /> },
        { path: 'tontines', element: <TontinesRoute /> },
        { path: 'tontines/:id', element: <TontineDetailRoute /> },
        { path: 'loans', element: <LoansRoute /> },
        { path: 'auth/magic-link', element: <MagicLinkRoute /> },
        { path: 'auth/reset-password', element: <ResetPasswordRoute /> },
        { path: 'security', element: <SecurityRoute /> },
        { path: 'profile', element: <ProfileRoute /> },
        { path: 'ai-chat', element: <AiChatRoute /> },
        { path: 'agent/register', element: <AgentRegisterRoute /> },
        { path: 'agent/dashboard', element: <AgentDashboardRoute /> },
        { path: 'merchant/register', element: <MerchantRegisterRoute /> },
        { path: 'merchant/dashboard', element: <MerchantDashboardRoute /> },
        { path: 'merchant/payments', element: <MerchantPaymentsRoute /> },
        { path: 'pay/:merchantCode', element: <PayRoute /> },
        { path: 'education', element: <EducationRoute /> },
        { path: 'learn-more', element: <LearnMoreRoute /> },
        { path: 'demo', element: <DemoRoute /> },
        { path: 'privacy', element: <PrivacyRoute /> },
        { path: 'terms', element: <TermsRoute /> },
        { path: '*', element: <NotFoundRoute /> },
      ],
    },
  ]);
}
