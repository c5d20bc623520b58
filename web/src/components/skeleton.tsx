import type { ReactNode } from 'react';
import { useTranslation } from '../lib/use-translation.ts';
import { cn } from '../lib/cn.ts';

/**
 * What a screen shows while its code or its data is on the way (issue 16: no blank page, no "—"
 * standing for a figure that has not arrived). Three rules hold for every piece:
 *
 * - The region being loaded carries `aria-busy="true"` and a visually hidden "Loading…" in the
 *   member's language (`common.loading`), so a screen reader says why it is empty.
 * - The grey blocks pulse only for people who have not asked for reduced motion (`motion-safe:`).
 * - Each block has the size of what replaces it (a figure's line, a card, a table row), so nothing
 *   jumps when the data arrives.
 *
 * Loading is never shown for a finished query: an empty answer shows the screen's empty state and a
 * failed one its error message.
 */

/**
 * A grey block standing where content will be; hidden from screen readers (the region says
 * "Loading…"). Its corners are `rounded` (a radius class, rounded-lg unless given), never a radius
 * in `className`: cn() is plain clsx, so two radii would both be set
 * (tests/architecture/cn-call-sites.test.ts checks it).
 */
export function Skeleton({
  className,
  rounded = 'rounded-lg',
  inline = false,
}: {
  className?: string;
  rounded?: SkeletonRadius;
  /** inline-block (a line of text) rather than block. */
  inline?: boolean;
}) {
  return <span aria-hidden="true" className={cn(inline ? 'inline-block' : 'block', rounded, 'bg-muted motion-safe:animate-pulse', className)} />;
}

export type SkeletonRadius = 'rounded-lg' | 'rounded-xl' | 'rounded-2xl' | 'rounded-full' | 'rounded-none';

/**
 * The "Loading…" of a busy region, in the member's language: visually hidden, or a muted line
 * (`visible`) where the specification shows a screen's loading text.
 */
export function LoadingText({ label, visible = false }: { label?: string | undefined; visible?: boolean }) {
  const { t } = useTranslation();
  return <span className={visible ? 'block text-sm text-muted-foreground' : 'sr-only'}>{label ?? t('common.loading')}</span>;
}

/**
 * A region whose data is on its way: busy, announced as loading, filled with skeleton blocks
 * (`children`) laid out like the content that will replace it. `label` replaces the generic
 * "Loading…" where a screen has its own loading text, shown when `showLabel` (the specification's
 * words for that screen).
 */
export function LoadingRegion({
  className,
  children,
  label,
  showLabel = false,
  testId = 'skeleton',
}: {
  className?: string;
  children: ReactNode;
  label?: string;
  showLabel?: boolean;
  testId?: string;
}) {
  return (
    <div className={className} aria-busy="true" data-testid={testId}>
      <LoadingText label={label} visible={showLabel} />
      {children}
    </div>
  );
}

/** A figure that has not arrived: one text line of the figure's own height, so its card keeps its size. */
export function SkeletonLine({ width = 'w-24' }: { width?: 'w-24' | 'w-32' | 'w-64' | 'w-72' | 'w-full' }) {
  return <Skeleton inline className={cn('h-[1lh] max-w-full align-top', width)} />;
}

/** Cards that have not arrived: `count` blocks of a card's height in the grid (`className`) the cards will use. */
export function SkeletonCards({
  count = 3,
  className = 'grid gap-4 md:grid-cols-2 lg:grid-cols-3',
  cardClassName = 'h-56',
  label,
  testId,
}: {
  count?: number;
  className?: string;
  cardClassName?: string;
  label?: string;
  testId?: string;
}) {
  return (
    <LoadingRegion className={className} label={label} testId={testId}>
      {Array.from({ length: count }, (_, i) => (
        <Skeleton key={i} rounded="rounded-2xl" className={cardClassName} />
      ))}
    </LoadingRegion>
  );
}

/** List rows that have not arrived (an activity list, a table's body), each of a row's height. */
export function SkeletonRows({
  count = 3,
  className,
  rowClassName = 'h-10',
  rowRounded = 'rounded-lg',
  testId,
}: {
  count?: number;
  className?: string;
  rowClassName?: string;
  rowRounded?: SkeletonRadius;
  testId?: string;
}) {
  return (
    <LoadingRegion className={cn('grid gap-3', className)} testId={testId}>
      {Array.from({ length: count }, (_, i) => (
        <Skeleton key={i} rounded={rowRounded} className={rowClassName} />
      ))}
    </LoadingRegion>
  );
}

/**
 * A registration page while it finds out whether the member is already registered: the title and
 * a form card with `fields` labelled inputs, as the form will be laid out.
 */
export function FormSkeleton({ fields = 6, testId }: { fields?: number; testId?: string }) {
  return (
    <LoadingRegion className="mx-auto grid max-w-3xl grid-cols-1 gap-6 px-4 py-10 sm:px-6" testId={testId}>
      <div className="grid gap-2">
        <Skeleton className="h-9 w-64 max-w-full" />
        <Skeleton className="h-6 w-full max-w-xl" />
      </div>
      <div className="grid gap-4 rounded-2xl border border-border p-5 sm:grid-cols-2 sm:p-8">
        {Array.from({ length: fields }, (_, i) => (
          <div key={i} className="grid gap-2">
            <Skeleton className="h-4 w-28" />
            <Skeleton className="h-11 sm:h-9" />
          </div>
        ))}
      </div>
    </LoadingRegion>
  );
}

/**
 * A whole screen whose code or first data is on the way: a title, four figures, a list, the same
 * as index.html's inline shell (web/shell/inline-shell.ts), so the page never goes blank and
 * nothing jumps when the content arrives. The router shows it while a route's chunk loads.
 */
export function PageSkeleton({ label }: { label?: string }) {
  return (
    <div className="mx-auto grid max-w-6xl gap-6 px-4 py-10 sm:px-6 lg:px-8" role="status" aria-busy="true" data-testid="page-skeleton">
      <LoadingText label={label} />
      <Skeleton className="h-8 w-48" />
      <div className="grid grid-cols-2 gap-4 lg:grid-cols-4">
        <Skeleton className="h-24" />
        <Skeleton className="h-24" />
        <Skeleton className="h-24" />
        <Skeleton className="h-24" />
      </div>
      <Skeleton className="h-48" />
    </div>
  );
}
