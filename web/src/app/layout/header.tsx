import { BookOpen, Bot, HandCoins, LayoutDashboard, LogIn, Menu, Users } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router-dom';
import { LanguageSwitcher } from '../../components/language-switcher.tsx';
import { Logo } from '../../components/logo.tsx';
import { ThemeToggle } from '../../components/theme-toggle.tsx';
import { Button } from '../../components/ui/button.tsx';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../components/ui/dropdown-menu.tsx';
import { cn } from '../../lib/cn.ts';
import { isSignedIn } from '../../lib/session.ts';
import { useSignInDialog } from '../../features/auth/components/sign-in-dialog-provider.tsx';

// Only signed-in members need the bell and the account menu (and the schemas behind them).
const SignedInControls = lazy(() => import('./signed-in-controls.tsx'));

const NAV_LINKS = [
  { to: '/dashboard', label: 'nav.dashboard', icon: LayoutDashboard },
  { to: '/tontines', label: 'nav.tontines', icon: Users },
  { to: '/loans', label: 'nav.loans', icon: HandCoins },
  { to: '/education', label: 'nav.education', icon: BookOpen },
] as const;

/** The navigation shell on every page (spec part 1 §2.1). */
export function Header() {
  const { t } = useTranslation();
  const { openSignIn } = useSignInDialog();
  // The page reloads on every sign-in and sign-out, so reading storage once per render is exact.
  const signedIn = isSignedIn();

  return (
    <header className="sticky top-0 z-40 border-b border-border bg-background/85 backdrop-blur supports-[backdrop-filter]:bg-background/70">
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-2 px-4 sm:px-6 lg:px-8">
        <Link to="/" aria-label={t('nav.home')} className="mr-2 rounded-lg focus-visible:outline-none sm:mr-4 focus-visible:ring-2 focus-visible:ring-ring" data-testid="link-home">
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
          <Button asChild variant="secondary" size="sm" className="hidden sm:inline-flex">
            <Link to="/ai-chat" data-testid="link-ai-assistant">
              <Bot />
              {t('nav.aiAssistant')}
            </Link>
          </Button>
          <LanguageSwitcher />
          <ThemeToggle />
          {signedIn ? (
            <Suspense fallback={<span className="ml-1 size-10 rounded-full bg-muted" />}>
              <SignedInControls />
            </Suspense>
          ) : (
            <Button size="sm" className="ml-1" onClick={() => openSignIn('login')} data-testid="button-sign-in">
              {t('header.signIn')}
            </Button>
          )}
          <MobileMenu signedIn={signedIn} onSignIn={() => openSignIn('login')} />
        </div>
      </div>
    </header>
  );
}

function MobileMenu({ signedIn, onSignIn }: { signedIn: boolean; onSignIn: () => void }) {
  const { t } = useTranslation();
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" className="md:hidden" aria-label={t('nav.openMenu')} data-testid="button-mobile-menu">
          <Menu />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-56">
        {NAV_LINKS.map(({ to, label, icon: Icon }) => (
          <DropdownMenuItem key={to} asChild>
            <Link to={to} data-testid={`link-mobile-${to.slice(1)}`}>
              <Icon />
              {t(label)}
            </Link>
          </DropdownMenuItem>
        ))}
        <DropdownMenuItem asChild>
          <Link to="/ai-chat" data-testid="link-mobile-ai-chat">
            <Bot />
            {t('nav.aiAssistant')}
          </Link>
        </DropdownMenuItem>
        {!signedIn && (
          <>
            <DropdownMenuSeparator />
            <DropdownMenuItem onSelect={onSignIn} data-testid="menu-item-mobile-sign-in">
              <LogIn />
              {t('header.signIn')}
            </DropdownMenuItem>
          </>
        )}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
