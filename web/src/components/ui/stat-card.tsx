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
      <p className="mt-2 truncate text-2xl font-semibold tabular-nums" data-testid={`${testId}-value`}>
        {value}
      </p>
      {hint !== undefined && <p className="mt-1 truncate text-xs text-muted-foreground">{hint}</p>}
    </Card>
  );
}
