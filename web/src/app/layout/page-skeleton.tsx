/**
 * What a screen shows while its code or first data is on the way: grey blocks in the shape of a
 * data screen (a title, four figures, a list), the same as index.html's inline shell, so the
 * page never goes blank and nothing jumps when the content arrives. Data screens may use it too.
 */
export function PageSkeleton({ label }: { label?: string }) {
  return (
    <div className="mx-auto grid max-w-6xl gap-6 px-4 py-10 sm:px-6 lg:px-8" role="status" aria-busy="true" data-testid="page-skeleton">
      {label !== undefined && <span className="sr-only">{label}</span>}
      <span className="h-8 w-48 animate-pulse rounded-lg bg-muted" />
      <div className="grid grid-cols-2 gap-4 lg:grid-cols-4">
        <span className="h-24 animate-pulse rounded-lg bg-muted" />
        <span className="h-24 animate-pulse rounded-lg bg-muted" />
        <span className="h-24 animate-pulse rounded-lg bg-muted" />
        <span className="h-24 animate-pulse rounded-lg bg-muted" />
      </div>
      <span className="h-48 animate-pulse rounded-lg bg-muted" />
    </div>
  );
}
