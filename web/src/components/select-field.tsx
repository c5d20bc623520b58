import type { ComponentProps } from 'react';
import { Label } from './ui/label.tsx';

export type SelectFieldProps = ComponentProps<'select'> & {
  id: string;
  label: string;
  error: string | undefined;
  options: ReadonlyArray<{ value: string; label: string }>;
  /** Shown first with an empty value, until the member chooses. */
  placeholder?: string;
};

/** A labelled native select with its validation message, styled like the text inputs. */
export function SelectField({ id, label, error, options, placeholder, ...props }: SelectFieldProps) {
  const errorId = `${id}-error`;
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <select
        id={id}
        aria-invalid={error !== undefined}
        aria-describedby={error !== undefined ? errorId : undefined}
        className="flex h-10 max-sm:h-11 w-full min-w-0 cursor-pointer rounded-lg border border-input bg-background px-3 py-2 text-sm shadow-xs focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring aria-invalid:border-destructive"
        {...props}
      >
        {placeholder !== undefined && (
          <option value="" disabled>
            {placeholder}
          </option>
        )}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {error !== undefined && (
        <p id={errorId} role="alert" className="text-sm font-medium text-destructive" data-testid={`error-${id}`}>
          {error}
        </p>
      )}
    </div>
  );
}
