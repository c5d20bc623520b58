import type { ComponentProps, ReactNode } from 'react';
import { Input } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { cn } from '../../../lib/cn.ts';

export type FieldProps = ComponentProps<typeof Input> & {
  id: string;
  label: string;
  error: string | undefined;
  trailing?: ReactNode;
};

/** A labelled input with its validation message tied to it for screen readers. */
export function Field({ id, label, error, trailing, className, ...props }: FieldProps) {
  const errorId = `${id}-error`;
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <div className="relative">
        <Input
          id={id}
          aria-invalid={error !== undefined}
          aria-describedby={error !== undefined ? errorId : undefined}
          className={cn(trailing !== undefined && 'pr-11', className)}
          {...props}
        />
        {trailing}
      </div>
      {error !== undefined && (
        <p id={errorId} role="alert" className="text-sm font-medium text-destructive" data-testid={`error-${id}`}>
          {error}
        </p>
      )}
    </div>
  );
}
