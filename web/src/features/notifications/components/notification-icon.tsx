import { Banknote, Bell, CalendarClock, Wallet } from 'lucide-react';

const TYPE_ICONS: Record<string, typeof Bell> = {
  contribution_due: CalendarClock,
  loan_payment: Banknote,
  payout_received: Wallet,
};

/** A notification's type as an icon in a round badge (unknown types, and `other`, as a bell). */
export function NotificationIcon({ type }: { type: string }) {
  const Icon = TYPE_ICONS[type] ?? Bell;
  return (
    <span className="mt-0.5 flex size-8 shrink-0 items-center justify-center rounded-full bg-primary/10 text-primary">
      <Icon className="size-4" />
    </span>
  );
}
