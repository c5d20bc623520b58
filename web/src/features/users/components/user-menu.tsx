import { Briefcase, CreditCard, LayoutDashboard, LogOut, ShieldCheck, Store, User } from 'lucide-react';
import { useTranslation } from '../../../lib/use-translation.ts';
import { Link } from 'react-router-dom';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../../components/ui/dropdown-menu.tsx';
import { readSessionProfile, readSessionUser } from '../../../lib/session.ts';
import { useProfileCompletion } from '../api/get-profile-completion.ts';
import { useUser } from '../api/get-user.ts';
import { CompletionAvatar } from './completion-avatar.tsx';
import { displayName, initialsOf } from '../display-name.ts';

// Spec part 1 §2.1 and §6: every signed-in member sees every entry; roles are not checked here.
const MENU_LINKS = [
  { to: '/profile', label: 'header.profile', icon: User, testId: 'menu-item-profile' },
  { to: '/dashboard', label: 'header.dashboard', icon: LayoutDashboard, testId: 'menu-item-dashboard' },
  { to: '/agent/dashboard', label: 'header.agentDashboard', icon: Briefcase, testId: 'menu-item-agent-dashboard' },
  { to: '/merchant/dashboard', label: 'header.merchantDashboard', icon: Store, testId: 'menu-item-merchant-dashboard' },
  { to: '/merchant/payments', label: 'header.merchantPayments', icon: CreditCard, testId: 'menu-item-merchant-payments' },
] as const;

export function UserMenu({ onLogout }: { onLogout: () => void }) {
  const { t } = useTranslation();
  // The server's account first (an edit on another device shows here), the stored session until it answers.
  const { data: fresh } = useUser({ enabled: true });
  const user = fresh ?? readSessionUser();
  const profile = fresh ?? readSessionProfile();
  const { data: completion } = useProfileCompletion({ enabled: true });
  const name = displayName(profile, user);

  return (
    <DropdownMenu>
      <DropdownMenuTrigger
        className="flex items-center justify-center rounded-full max-sm:size-11 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background cursor-pointer"
        data-testid="button-user-menu"
      >
        <CompletionAvatar initials={initialsOf(profile, user)} photoUrl={user?.profilePhotoUrl} completion={completion} />
        {/* After what is shown (initials), so the name read out starts with what is seen (WCAG 2.5.3). */}
        <span className="sr-only">
          {completion ? `${t('header.accountMenu')} · ${t('header.profileCompletion', { percentage: completion.percentage })}` : t('header.accountMenu')}
        </span>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-60">
        <DropdownMenuLabel className="grid gap-0.5">
          <span className="truncate" data-testid="text-user-name">
            {name}
          </span>
          {user !== null && <span className="truncate text-xs font-normal text-muted-foreground">{user.email}</span>}
          {completion !== undefined && completion.percentage < 100 && (
            <span className="text-xs font-normal text-muted-foreground">
              {t('header.profileCompletion', { percentage: completion.percentage })}
            </span>
          )}
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        {MENU_LINKS.map(({ to, label, icon: Icon, testId }) => (
          <DropdownMenuItem key={to} asChild>
            <Link to={to} data-testid={testId}>
              <Icon />
              {t(label)}
            </Link>
          </DropdownMenuItem>
        ))}
        {/* Not in the specification's menu: the account's password and sessions (issue 11). */}
        <DropdownMenuItem asChild>
          <Link to="/security" data-testid="menu-item-security">
            <ShieldCheck />
            {t('header.security')}
          </Link>
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={onLogout} data-testid="menu-item-logout">
          <LogOut />
          {t('header.logout')}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
