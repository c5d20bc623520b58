import { Loader2 } from 'lucide-react';
import { useTranslation } from '../../../lib/use-translation.ts';
import { EmptyState } from '../../../components/empty-state.tsx';
import { StatementDownloads } from '../../../components/statement-downloads.tsx';
import { SkeletonRows } from '../../../components/skeleton.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { useFormatters } from '../../../hooks/use-formatters.ts';
import { cn } from '../../../lib/cn.ts';
import { useGroupBooks, type Movement } from '../api/group-books.ts';
import { shortReference, signedParts } from '../books-format.ts';

/**
 * The group's books (DOMAIN.md "Open books"): the pool's balance and every movement, newest first,
 * with when, what, who, how much, the provider's reference and the balance after it. On a 360 px
 * phone each row is three short lines: what and who (which may wrap between words) with the amount,
 * the time with the balance after it, and the reference, shortened when long (whole in its title).
 * Under the balance, the group's report as PDF or CSV (issue 28).
 */
export function BooksPanel({ tontineId }: { tontineId: string }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const books = useGroupBooks(tontineId);
  const pages = books.data?.pages ?? [];
  const movements = pages.flatMap((page) => page.movements);

  if (books.isPending) return <SkeletonRows count={4} rowClassName="h-14" testId="skeleton-books" />;
  if (books.isError && pages.length === 0) {
    return (
      <div className="flex flex-col items-center gap-3 py-12 text-center" data-testid="text-books-error">
        <p className="text-sm text-destructive">{t('tontine.books.loadFailed')}</p>
        <Button size="sm" variant="outline" onClick={() => void books.refetch()}>
          {t('tontine.books.retry')}
        </Button>
      </div>
    );
  }
  return (
    <div className="grid gap-4" data-testid="panel-books">
      <Card className="p-4">
        <p className="text-sm text-muted-foreground">{t('tontine.books.balance')}</p>
        <p className="text-2xl font-bold tabular-nums" data-testid="text-books-balance">
          {format.money(pages[0]!.balance)}
        </p>
        <p className="mt-1 text-xs text-muted-foreground">{t('tontine.books.balanceHint')}</p>
        <div className="mt-4 border-t pt-4">
          <StatementDownloads path={`/api/tontines/${encodeURIComponent(tontineId)}/report`} fileName="ikimina-group-report" label={t('statements.group')} testId="statement-group" />
        </div>
      </Card>
      {movements.length === 0 ? (
        <EmptyState title={t('tontine.books.empty')} text={t('tontine.books.emptyText')} testId="text-books-empty" />
      ) : (
        <Card className="overflow-hidden">
          <ul className="divide-y divide-border" aria-label={t('tontine.books.list')}>
            {movements.map((movement, index) => (
              <MovementRow key={`${movement.at}-${index}`} movement={movement} />
            ))}
          </ul>
        </Card>
      )}
      {books.hasNextPage && (
        <Button variant="outline" className="justify-self-center" disabled={books.isFetchingNextPage} onClick={() => void books.fetchNextPage()} data-testid="button-books-more">
          {books.isFetchingNextPage && <Loader2 className="animate-spin" />}
          {t('tontine.books.loadMore')}
        </Button>
      )}
      {books.isFetchNextPageError && <p className="text-center text-sm text-destructive">{t('tontine.books.loadFailed')}</p>}
    </div>
  );
}

function MovementRow({ movement }: { movement: Movement }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const { sign, size, out } = signedParts(movement.amount);
  // A fine posted or waived moves no money: the fine's amount, unsigned and muted.
  const fine = movement.fine ?? null;
  return (
    <li className="grid grid-cols-[minmax(0,1fr)_auto] gap-x-3 gap-y-0.5 px-4 py-3 text-sm" data-testid="row-movement">
      <p className="min-w-0 font-medium">
        {t(`tontine.books.kinds.${movement.kind}`)}
        {movement.member && <span className="font-normal text-muted-foreground"> · {movement.member}</span>}
      </p>
      {fine === null ? (
        <p className={cn('whitespace-nowrap text-right font-semibold tabular-nums', out ? 'text-destructive' : 'text-emerald-700 dark:text-emerald-400')} data-testid="text-movement-amount">
          {sign}
          {format.money(size)}
        </p>
      ) : (
        <p className="whitespace-nowrap text-right tabular-nums text-muted-foreground" data-testid="text-movement-fine">
          {format.money(fine)}
        </p>
      )}
      <p className="whitespace-nowrap text-xs text-muted-foreground">
        {format.date(movement.at, 'short')} {format.time(movement.at)}
      </p>
      <p className="whitespace-nowrap text-right text-xs text-muted-foreground tabular-nums">{t('tontine.books.balanceAfter', { amount: format.money(movement.balanceAfter) })}</p>
      {movement.reference && (
        <p className="col-span-2 whitespace-nowrap text-xs text-muted-foreground" title={movement.reference} data-testid="text-movement-reference">
          {t('tontine.books.reference', { reference: shortReference(movement.reference) })}
        </p>
      )}
    </li>
  );
}
