import { lazy } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { loadScreenTexts } from '../lib/i18n.ts';
import { AppLayout } from './layout/app-layout.tsx';

/** A rarer screen's route: its chunk and its English texts (en-screens.ts) before it renders. */
const withScreenTexts =
  <T,>(load: () => Promise<T>) =>
  (): Promise<T> =>
    Promise.all([load(), loadScreenTexts()]).then(([module]) => module);

// Each screen is its own chunk, so a first visit to the landing page loads only what it shows.
const HomeRoute = lazy(() => import('./routes/home.tsx'));
const DashboardRoute = lazy(() => import('./routes/dashboard.tsx'));
const TontinesRoute = lazy(() => import('./routes/tontines.tsx'));
const TontineDetailRoute = lazy(() => import('./routes/tontine-detail.tsx'));
const LoansRoute = lazy(() => import('./routes/loans.tsx'));
const MagicLinkRoute = lazy(() => import('./routes/magic-link.tsx'));
const ResetPasswordRoute = lazy(() => import('./routes/reset-password.tsx'));
const SecurityRoute = lazy(() => import('./routes/security.tsx'));
const ProfileRoute = lazy(withScreenTexts(() => import('./routes/profile.tsx')));
const AiChatRoute = lazy(withScreenTexts(() => import('./routes/ai-chat.tsx')));
const AgentRegisterRoute = lazy(withScreenTexts(() => import('./routes/agent-register.tsx')));
const AgentDashboardRoute = lazy(withScreenTexts(() => import('./routes/agent-dashboard.tsx')));
const MerchantRegisterRoute = lazy(withScreenTexts(() => import('./routes/merchant-register.tsx')));
const MerchantDashboardRoute = lazy(withScreenTexts(() => import('./routes/merchant-dashboard.tsx')));
const MerchantPaymentsRoute = lazy(withScreenTexts(() => import('./routes/merchant-payments.tsx')));
const PayRoute = lazy(withScreenTexts(() => import('./routes/pay.tsx')));
const EducationRoute = lazy(withScreenTexts(() => import('./routes/education.tsx')));
const LearnMoreRoute = lazy(withScreenTexts(() => import('./routes/learn-more.tsx')));
const DemoRoute = lazy(withScreenTexts(() => import('./routes/demo.tsx')));
const PrivacyRoute = lazy(withScreenTexts(() => import('./routes/privacy.tsx')));
const TermsRoute = lazy(withScreenTexts(() => import('./routes/terms.tsx')));
const NotFoundRoute = lazy(() => import('./routes/not-found.tsx'));

/**
 * The routes, declared with <BrowserRouter> and <Routes>: the app uses no loader, action or
 * fetcher, and the data router (createBrowserRouter) weighed 17 kB more gzipped in every page's
 * entry (issue 16, docs/web-performance.md).
 */
export function AppRoutes() {
  return (
    <BrowserRouter>
      <Routes>
        <Route element={<AppLayout />}>
          <Route index element={<HomeRoute />} />
          <Route path="dashboard" element={<DashboardRoute />} />
          <Route path="tontines" element={<TontinesRoute />} />
          <Route path="tontines/:id" element={<TontineDetailRoute />} />
          <Route path="loans" element={<LoansRoute />} />
          <Route path="auth/magic-link" element={<MagicLinkRoute />} />
          <Route path="auth/reset-password" element={<ResetPasswordRoute />} />
          <Route path="security" element={<SecurityRoute />} />
          <Route path="profile" element={<ProfileRoute />} />
          <Route path="ai-chat" element={<AiChatRoute />} />
          <Route path="agent/register" element={<AgentRegisterRoute />} />
          <Route path="agent/dashboard" element={<AgentDashboardRoute />} />
          <Route path="merchant/register" element={<MerchantRegisterRoute />} />
          <Route path="merchant/dashboard" element={<MerchantDashboardRoute />} />
          <Route path="merchant/payments" element={<MerchantPaymentsRoute />} />
          <Route path="pay/:merchantCode" element={<PayRoute />} />
          <Route path="education" element={<EducationRoute />} />
          <Route path="learn-more" element={<LearnMoreRoute />} />
          <Route path="demo" element={<DemoRoute />} />
          <Route path="privacy" element={<PrivacyRoute />} />
          <Route path="terms" element={<TermsRoute />} />
          <Route path="*" element={<NotFoundRoute />} />
        </Route>
      </Routes>
    </BrowserRouter>
  );
}
