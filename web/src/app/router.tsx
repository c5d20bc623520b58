import type { ComponentType } from 'react';
import { BrowserRouter, matchPath, Route, Routes } from 'react-router-dom';
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
const NotificationsRoute = deferredComponent(withScreenTexts(() => import('./routes/notifications.tsx')));
const EducationRoute = deferredComponent(withScreenTexts(() => import('./routes/education.tsx')));
const LearnMoreRoute = deferredComponent(withScreenTexts(() => import('./routes/learn-more.tsx')));
const DemoRoute = deferredComponent(withScreenTexts(() => import('./routes/demo.tsx')));
const PrivacyRoute = deferredComponent(withScreenTexts(() => import('./routes/privacy.tsx')));
const TermsRoute = deferredComponent(withScreenTexts(() => import('./routes/terms.tsx')));
const CardReturnRoute = deferredComponent(() => import('./routes/card-return.tsx'));
const NotFoundRoute = deferredComponent(() => import('./routes/not-found.tsx'));

/** Every address but `/`, first match wins (`*`, the not-found page, last). */
const ROUTES: { path: string; route: { Component: ComponentType; load: () => Promise<unknown> } }[] = [
  { path: 'dashboard', route: DashboardRoute },
  { path: 'tontines', route: TontinesRoute },
  { path: 'tontines/:id', route: TontineDetailRoute },
  { path: 'loans', route: LoansRoute },
  { path: 'auth/magic-link', route: MagicLinkRoute },
  { path: 'auth/reset-password', route: ResetPasswordRoute },
  { path: 'security', route: SecurityRoute },
  { path: 'profile', route: ProfileRoute },
  { path: 'ai-chat', route: AiChatRoute },
  { path: 'agent/register', route: AgentRegisterRoute },
  { path: 'agent/dashboard', route: AgentDashboardRoute },
  { path: 'merchant/register', route: MerchantRegisterRoute },
  { path: 'merchant/dashboard', route: MerchantDashboardRoute },
  { path: 'merchant/payments', route: MerchantPaymentsRoute },
  { path: 'pay/:merchantCode', route: PayRoute },
  { path: 'payments/card/return', route: CardReturnRoute },
  { path: 'notifications', route: NotificationsRoute },
  { path: 'education', route: EducationRoute },
  { path: 'learn-more', route: LearnMoreRoute },
  { path: 'demo', route: DemoRoute },
  { path: 'privacy', route: PrivacyRoute },
  { path: 'terms', route: TermsRoute },
  { path: '*', route: NotFoundRoute },
];

/**
 * The code (and texts) of the route an address shows, which main.tsx awaits before the first
 * render: the route then renders at once instead of suspending, which React would show no sooner
 * than 300 ms after its fallback (deferred-component.ts). On a first visit its chunk is already
 * on its way (index.html preloads the chunks of the addresses of ROUTE_CHUNKS).
 */
export function loadRoute(pathname: string): Promise<unknown> {
  if (pathname.replace(/\/+$/, '') === '') return HomeRoute.load();
  const match = ROUTES.find(({ path }) => matchPath(`/${path}`, pathname) !== null);
  return match ? match.route.load() : Promise.resolve();
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
          {ROUTES.map(({ path, route }) => (
            <Route key={path} path={path} element={<route.Component />} />
          ))}
        </Route>
      </Routes>
    </BrowserRouter>
  );
}
