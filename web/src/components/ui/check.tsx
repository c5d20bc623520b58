import type { ReactNode } from 'react';

/** A checkbox with its label beside it, for consents and acknowledgements. */
export function Check({ checked, onChange, testId, children }: { checked: boolean; onChange: (checked: boolean) => void; testId: string; children: ReactNode }) {
  return (
    <label className="flex cursor-pointer items-start gap-3 text-left text-sm">
      <input type="checkbox" checked={checked} onChange={(event) => onChange(event.target.checked)} className="mt-0.5 size-4 shrink-0 cursor-pointer accent-primary" data-testid={testId} />
      <span>{children}</span>
    </label>
  );
}
