import { Loader2 } from 'lucide-react';

export function PageSpinner({ label }: { label?: string }) {
  return (
    <div className="flex min-h-[50vh] flex-col items-center justify-center gap-3 text-muted-foreground" role="status" data-testid="page-spinner">
      <Loader2 className="size-8 animate-spin text-primary" />
      {label !== undefined && <p>{label}</p>}
    </div>
  );
}
