import type { ReactNode } from 'react';

/** A dashed panel with a title, a line of text and optional actions, for lists with nothing in them yet. */
export function EmptyState({ title, text, children, testId }: { title: string; text: string; children?: ReactNode; testId?: string }) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-2xl border border-dashed border-border px-6 py-12 text-center" data-testid={testId}>
      <h3 className="text-lg font-semibold">{title}</h3>
      <p className="max-w-md text-sm text-muted-foreground">{text}</p>
      {children}
    </div>
  );
}
