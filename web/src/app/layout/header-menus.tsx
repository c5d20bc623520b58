/**
 * The header's menus (radix dropdowns and a tooltip), a chunk of its own that header.tsx fetches
 * once the page is idle: the language switcher and theme toggle ('tools'), and the small-screen
 * menu ('menu'), which also carries the theme toggle where the header has no room for it.
 */
import { Bot, LogIn, Menu, Moon, Sun } from 'lucide-react';
import { useTranslation } from '../../lib/use-translation.ts';
import { Link } from 'react-router-dom';
import { LanguageSwitcher } from '../../components/language-switcher.tsx';
import { ThemeToggle } from '../../components/theme-toggle.tsx';
import { Button } from '../../components/ui/button.tsx';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../components/ui/dropdown-menu.tsx';
import { useTheme } from '../../hooks/use-theme.ts';
import { NAV_LINKS } from './nav-links.ts';

export default function HeaderMenus({
  placement,
  signedIn,
  onSignIn,
  openFirst,
}: {
  placement: 'tools' | 'menu';
  signedIn: boolean;
  onSignIn: () => void;
  /** The member pressed this menu's stand-in: open it now. */
  openFirst: boolean;
}) {
  if (placement === 'menu') return <MobileMenu signedIn={signedIn} onSignIn={onSignIn} defaultOpen={openFirst} />;
  return (
    <>
      <LanguageSwitcher defaultOpen={openFirst} />
      <ThemeToggle className="max-sm:hidden" />
    </>
  );
}

function MobileMenu({ signedIn, onSignIn, defaultOpen }: { signedIn: boolean; onSignIn: () => void; defaultOpen: boolean }) {
  const { t } = useTranslation();
  const { theme, toggle } = useTheme();
  return (
    <DropdownMenu defaultOpen={defaultOpen}>
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
        <DropdownMenuItem onSelect={toggle} className="sm:hidden" data-testid="menu-item-mobile-theme">
          {theme === 'dark' ? <Sun /> : <Moon />}
          {theme === 'dark' ? t('theme.toLight') : t('theme.toDark')}
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
