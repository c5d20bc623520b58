import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn.ts';

export function Textarea({ className, minHeight = 'min-h-20', ...props }: ComponentProps<'textarea'> & { minHeight?: 'min-h-20' | 'min-h-10' }) {
  return (
    <textarea
      className={cn(
        'flex w-full rounded-lg border border-input bg-background px-3 py-2 text-sm shadow-xs placeholder:text-muted-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:cursor-not-allowed disabled:opacity-50',
        minHeight,
        className,
      )}
      {...props}
    />
  );
}
