import { BookOpen, HandCoins, LayoutDashboard, Users } from 'lucide-react';

/** The main navigation (spec part 1 §2.1): the header's links on wide screens, the menu's on small ones. */
export const NAV_LINKS = [
  { to: '/dashboard', label: 'nav.dashboard', icon: LayoutDashboard },
  { to: '/tontines', label: 'nav.tontines', icon: Users },
  { to: '/loans', label: 'nav.loans', icon: HandCoins },
  { to: '/education', label: 'nav.education', icon: BookOpen },
] as const;
