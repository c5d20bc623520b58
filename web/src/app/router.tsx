import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { deferredComponent } from '../lib/deferred-component.ts';
import { loadScreenTexts } from '../lib/i18n.ts';
import { AppLayout } from './layout/app-layout.tsx';

/** A rarer screen's route: its chunk and its English texts (en-screens.ts) before it renders. */
const withScreenTexts =
  <T,>(load: () => Promise<T>) =>
  (): Promise<T> =>
    Promise.all([load(), loadScreenTexts()]).then(([module]) => module);

// Each screen is its own chunk, so a first visit to the landing page loads only what it shows.
const HomeRoute = deferredComponent(() => import('./routes/home.tsx'));
const DashboardRoute = deferredComponent(() => import('./routes/dashboard.tsx'));
const TontinesRoute = deferredComponent(() => import('./routes/tontines.tsx'));
const TontineDetailRoute = deferredComponent(() => import('./routes/tontine-detail.tsx'));
const LoansRoute = deferredComponent(() => import('./routes/loans.tsx'));
const MagicLinkRoute = deferredComponent(() => import('./routes/magic-link.tsx'));
const ResetPasswordRoute = deferredComponent(() => import('./routes/reset-password.tsx'));
const SecurityRoute = deferredComponent(() => import('./routes/security.tsx'));
const ProfileRoute = deferredComponent(withScreenTexts(() => import('./routes/profile.tsx')));
const AiChatRoute = deferredComponent(withScreenTexts(() => import('./routes/ai-chat.tsx')));
const AgentRegisterRoute = deferredComponent(withScreenTexts(() => import('./routes/agent-register.tsx')));
const AgentDashboardRoute = deferredComponent(withScreenTexts(() => import('./routes/agent-dashboard.tsx')));
const MerchantRegisterRoute = deferredComponent(withScreenTexts(() => import('./routes/merchant-register.tsx')));
const MerchantDashboardRoute = deferredComponent(withScreenTexts(() => import('./routes/merchant-dashboard.tsx')));
const MerchantPaymentsRoute = deferredComponent(withScreenTexts(() => import('./routes/merchant-payments.tsx')));
const PayRoute = deferredComponent(withScreenTexts(() => import('./routes/pay.tsx')));
const EducationRoute = deferredComponent(withScreenTexts(() => import('./routes/education.tsx')));
const LearnMoreRoute = deferredComponent(withScreenTexts(() => import('./routes/learn-more.tsx')));
const DemoRoute = deferredComponent(withScreenTexts(() => import('./routes/demo.tsx')));
const PrivacyRoute = deferredComponent(withScreenTexts(() => import('./routes/privacy.tsx')));
const TermsRoute = deferredComponent(withScreenTexts(() => import('./routes/terms.tsx')));
const NotFoundRoute = deferredComponent(() => import('./routes/not-found.tsx'));

/**
 * The route of an address the inline shell of index.html preloads (ROUTE_CHUNKS in
 * web/shell/inline-shell.ts), loaded by main.tsx before the first render so that it renders at once
 * rather than after a suspension (deferred-component.ts); any other address resolves at once.
 */
const FIRST_ROUTES: Record<string, { load: () => Promise<unknown> }> = {
  '/': HomeRoute,
  '/dashboard': DashboardRoute,
  '/tontines': TontinesRoute,
  '/loans': LoansRoute,
  '/profile': ProfileRoute,
  '/security': SecurityRoute,
};

export function loadRoute(pathname: string): Promise<unknown> {
  return FIRST_ROUTES[pathname.replace(/\/+$/, '') || '/']?.load() ?? Promise.resolve();
}

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
          <Route index element={<HomeRoute.Component />} />
          <Route path="dashboard" element={<DashboardRoute.Component />} />
          <Route path="tontines" element={<TontinesRoute.Component />} />
          <Route path="tontines/:id" element={<TontineDetailRoute.Component />} />
          <Route path="loans" element={<LoansRoute.Component />} />
          <Route path="auth/magic-link" element={<MagicLinkRoute.Component />} />
          <Route path="auth/reset-password" element={<ResetPasswordRoute.Component />} />
          <Route path="security" element={<SecurityRoute.Component />} />
          <Route path="profile" element={<ProfileRoute.Component />} />
          <Route path="ai-chat" element={<AiChatRoute.Component />} />
          <Route path="agent/register" element={<AgentRegisterRoute.Component />} />
          <Route path="agent/dashboard" element={<AgentDashboardRoute.Component />} />
          <Route path="merchant/register" element={<MerchantRegisterRoute.Component />} />
          <Route path="merchant/dashboard" element={<MerchantDashboardRoute.Component />} />
          <Route path="merchant/payments" element={<MerchantPaymentsRoute.Component />} />
          <Route path="pay/:merchantCode" element={<PayRoute.Component />} />
          <Route path="education" element={<EducationRoute.Component />} />
          <Route path="learn-more" element={<LearnMoreRoute.Component />} />
          <Route path="demo" element={<DemoRoute.Component />} />
          <Route path="privacy" element={<PrivacyRoute.Component />} />
          <Route path="terms" element={<TermsRoute.Component />} />
          <Route path="*" element={<NotFoundRoute.Component />} />
        </Route>
      </Routes>
    </BrowserRouter>
  );
}
