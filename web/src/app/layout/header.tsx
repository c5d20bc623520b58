import { Bot, Languages, Menu, Moon, Sun } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from '../../lib/use-translation.ts';
import { Link, NavLink } from 'react-router-dom';
import { Logo } from '../../components/logo.tsx';
import { Button } from '../../components/ui/button.tsx';
import { useTheme } from '../../hooks/use-theme.ts';
import { useWhenIdle } from '../../hooks/use-when-idle.ts';
import { cn } from '../../lib/cn.ts';
import { deferredComponent } from '../../lib/deferred-component.ts';
import { NAV_LINKS } from './nav-links.ts';
import { isSignedIn } from '../../lib/session.ts';
import { useSignInDialog } from '../../features/auth/components/sign-in-dialog-provider.tsx';

// Only signed-in members need the bell and the account menu (and the schemas behind them), and
// only once the page is idle: they bring the menus and dialogs groups (34 kB brotli) and two API
// calls, which would otherwise compete with the screen's own code for the link and the CPU.
const SignedInControls = lazy(() => import('./signed-in-controls.tsx'));

// The language, theme and menu buttons (radix menus and tooltips, about 45 kB gzip with what they
// share with dialogs): for a signed-in member fetched once the page is idle; signed out (a first
// visit on a slow link, where every kB counts) only when the pointer or focus reaches one of their
// stand-ins. A press on a stand-in fetches them at once and opens that menu when it arrives.
const { Component: HeaderMenus, preload: preloadHeaderMenus } = deferredComponent(() => import('./header-menus.tsx'));

/** The navigation shell on every page (spec part 1 §2.1). */
export function Header() {
  const { t } = useTranslation();
  const { openSignIn } = useSignInDialog();
  // The page reloads on every sign-in and sign-out, so reading storage once per render is exact.
  const signedIn = isSignedIn();
  const idle = useWhenIdle();
  const signedInStandIn = <span className="ml-1 size-10 rounded-full bg-muted" />;

  return (
    <header className="sticky top-0 z-40 border-b border-border bg-background/85 backdrop-blur supports-[backdrop-filter]:bg-background/70">
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-1 px-4 sm:gap-2 sm:px-6 lg:px-8">
        <Link to="/" aria-label={t('nav.home')} className="flex min-h-11 items-center rounded-lg sm:mr-4 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring" data-testid="link-home">
          <Logo />
        </Link>

        <nav aria-label={t('nav.main')} className="hidden items-center gap-1 md:flex">
          {NAV_LINKS.map(({ to, label }) => (
            <NavLink
              key={to}
              to={to}
              className={({ isActive }) =>
                cn(
                  'rounded-lg px-3 py-2 text-sm font-medium transition-colors hover:bg-muted hover:text-foreground',
                  isActive ? 'text-foreground' : 'text-muted-foreground',
                )
              }
              data-testid={`link-nav-${to.slice(1)}`}
            >
              {t(label)}
            </NavLink>
          ))}
        </nav>

        <div className="ml-auto flex items-center gap-1">
          <Button asChild variant="secondary" size="sm" className="max-sm:hidden">
            <Link to="/ai-chat" data-testid="link-ai-assistant">
              <Bot />
              {t('nav.aiAssistant')}
            </Link>
          </Button>
          <DeferredHeaderMenus signedIn={signedIn} onSignIn={() => openSignIn('login')} placement="tools" />
          {signedIn ? (
            idle ? (
              <Suspense fallback={signedInStandIn}>
                <SignedInControls />
              </Suspense>
            ) : (
              signedInStandIn
            )
          ) : (
            <Button size="sm" className="max-sm:px-2.5 sm:ml-1" onClick={() => openSignIn('login')} data-testid="button-sign-in">
              {t('header.signIn')}
            </Button>
          )}
          <DeferredHeaderMenus signedIn={signedIn} onSignIn={() => openSignIn('login')} placement="menu" />
        </div>
      </div>
    </header>
  );
}

/**
 * Stand-ins with the same size, look and test ids until the menus’ code is here (no layout shift): a press
 * on the language or menu stand-in fetches it at once and opens that menu when it arrives; the
 * theme stand-in switches the theme itself.
 */
function DeferredHeaderMenus({ signedIn, onSignIn, placement }: { signedIn: boolean; onSignIn: () => void; placement: 'tools' | 'menu' }) {
  const { t, i18n } = useTranslation();
  const { theme, toggle } = useTheme();
  const idle = useWhenIdle();
  const [pressed, setPressed] = useState(false);
  const press = () => setPressed(true);
  const standIns =
    placement === 'tools' ? (
      <>
        <Button variant="ghost" size="compact" aria-haspopup="menu" onClick={press} onPointerEnter={preloadHeaderMenus} onFocus={preloadHeaderMenus} data-testid="button-language">
          <Languages />
          <span className="text-xs font-semibold uppercase">{i18n.language}</span>
          <span className="sr-only">{t('language.switcher')}</span>
        </Button>
        <Button variant="ghost" size="icon" className="max-sm:hidden" aria-label={theme === 'dark' ? t('theme.toLight') : t('theme.toDark')} onClick={toggle} onPointerEnter={preloadHeaderMenus} onFocus={preloadHeaderMenus} data-testid="button-theme-toggle">
          {theme === 'dark' ? <Sun /> : <Moon />}
        </Button>
      </>
    ) : (
      <Button variant="ghost" size="icon" className="md:hidden" aria-label={t('nav.openMenu')} aria-haspopup="menu" onClick={press} onPointerEnter={preloadHeaderMenus} onFocus={preloadHeaderMenus} data-testid="button-mobile-menu">
        <Menu />
      </Button>
    );
  if (!(idle && signedIn) && !pressed) return standIns;
  return (
    <Suspense fallback={standIns}>
      <HeaderMenus placement={placement} signedIn={signedIn} onSignIn={onSignIn} openFirst={pressed} />
    </Suspense>
  );
}
