import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card } from './card.tsx';

/** A figure with its label and icon, used by the dashboard, the tontines list and a group's page. */
export function StatCard({ label, value, hint, icon: Icon, testId }: { label: string; value: ReactNode; hint?: ReactNode; icon: LucideIcon; testId: string }) {
  return (
    <Card className="p-5" data-testid={testId}>
      <div className="flex items-center justify-between gap-2 text-sm text-muted-foreground">
        <span>{label}</span>
        <Icon className="size-4 shrink-0" />
      </div>
      <p className="mt-2 break-words text-xl font-semibold leading-tight tabular-nums sm:text-2xl" data-testid={`${testId}-value`}>
        {value}
      </p>
      {hint !== undefined && <p className="mt-1 line-clamp-2 text-xs text-muted-foreground">{hint}</p>}
    </Card>
  );
}
