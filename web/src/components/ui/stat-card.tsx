import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { LoadingText, SkeletonLine } from '../skeleton.tsx';
import { Card } from './card.tsx';

/**
 * A figure with its label and icon, used by the dashboard, the tontines list and a group's page.
 * `pending`: the figure is on its way; the card keeps its label and icon and shows a grey line of
 * the figure's height (and of the hint's, when the card has one), so it keeps its size.
 */
export function StatCard({
  label,
  value,
  hint,
  icon: Icon,
  testId,
  pending = false,
}: {
  label: string;
  value: ReactNode;
  hint?: ReactNode;
  icon: LucideIcon;
  testId: string;
  pending?: boolean;
}) {
  return (
    <Card className="min-w-0 p-3.5 sm:p-5" data-testid={testId} aria-busy={pending || undefined}>
      <div className="flex items-center justify-between gap-1.5 text-xs text-muted-foreground sm:gap-2 sm:text-sm">
        <span className="min-w-0">{label}</span>
        <Icon className="size-4 shrink-0" />
      </div>
      <p className="mt-2 break-words text-lg font-semibold leading-tight tabular-nums sm:text-2xl" data-testid={`${testId}-value`}>
        {pending ? (
          <>
            <LoadingText />
            <SkeletonLine />
          </>
        ) : (
          value
        )}
      </p>
      {hint !== undefined && <p className="mt-1 break-words text-xs text-muted-foreground">{pending ? <SkeletonLine width="w-32" /> : hint}</p>}
    </Card>
  );
}
