import type { ComponentProps, ReactNode } from 'react';
import { Input } from './ui/input.tsx';
import { Label } from './ui/label.tsx';
import { cn } from '../lib/cn.ts';

export type FieldProps = ComponentProps<typeof Input> & {
  id: string;
  label: string;
  error: string | undefined;
  /** A line of help under the input (e.g. the expected format), read with it by screen readers. */
  hint?: string;
  trailing?: ReactNode;
};

/** A labelled input with its hint and validation message tied to it for screen readers. */
export function Field({ id, label, error, hint, trailing, className, ...props }: FieldProps) {
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [hint !== undefined ? hintId : null, error !== undefined ? errorId : null].filter(Boolean).join(' ');
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <div className="relative">
        <Input
          id={id}
          aria-invalid={error !== undefined}
          aria-describedby={describedBy || undefined}
          className={cn(trailing !== undefined && 'pr-11', className)}
          {...props}
        />
        {trailing}
      </div>
      {hint !== undefined && (
        <p id={hintId} className="text-xs text-muted-foreground">
          {hint}
        </p>
      )}
      {error !== undefined && (
        <p id={errorId} role="alert" className="text-sm font-medium text-destructive" data-testid={`error-${id}`}>
          {error}
        </p>
      )}
    </div>
  );
}
