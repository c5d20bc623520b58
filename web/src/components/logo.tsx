import { cn } from '../lib/cn.ts';

/** Ikimina's mark: members in a circle around a shared pot. */
export function Logo({ className }: { className?: string }) {
  return (
    <span className={cn('flex items-center gap-2', className)}>
      <svg viewBox="0 0 32 32" className="size-8 shrink-0" aria-hidden="true">
        <rect width="32" height="32" rx="9" className="fill-primary" />
        <circle cx="16" cy="16" r="8.5" fill="none" strokeWidth="3" className="stroke-accent" />
        <circle cx="16" cy="7.5" r="2.6" className="fill-primary-foreground" />
        <circle cx="23.4" cy="20.25" r="2.6" className="fill-primary-foreground" />
        <circle cx="8.6" cy="20.25" r="2.6" className="fill-primary-foreground" />
      </svg>
      <span className="text-lg font-bold tracking-tight">Ikimina</span>
    </span>
  );
}
