import { ArrowUpDown, Filter, Loader2, Search, X } from 'lucide-react';
import { useEffect, useId, useState, type ReactNode } from 'react';
import { EmptyState } from '../../../components/empty-state.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../../components/ui/dialog.tsx';
import { DropdownMenu, DropdownMenuContent, DropdownMenuRadioGroup, DropdownMenuRadioItem, DropdownMenuTrigger } from '../../../components/ui/dropdown-menu.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useTontineCategories } from '../api/get-tontine-categories.ts';
import { useDiscoverTontines } from '../api/get-tontines.ts';
import type { Tontine } from '../api/tontine-schema.ts';
import { activeFilterCount, DISCOVER_SORTS, discoverSearch, filtersProblem, NO_FILTERS, SEATS_CHOICES, type DiscoverFilters, type DiscoverSort } from '../discover-filters.ts';

const SORT_KEYS = {
  newest: 'tontines.filters.sortNewest',
  contribution_asc: 'tontines.filters.sortContributionAsc',
  contribution_desc: 'tontines.filters.sortContributionDesc',
  seats_left: 'tontines.filters.sortSeats',
} as const;

const selectClass = 'h-10 w-full min-w-0 max-sm:h-11 rounded-lg border border-input bg-background px-3 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring';

/** The search waits for the member to pause typing before it asks the server. */
function useSettled(value: string, ms = 300): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/**
 * Discover (spec part 1 §2.7): the search, the Filters dialog (category, frequency, contribution
 * range, seats left) and the Sort menu, answered by the server (GET /api/tontines, core's
 * discover-query.ts). Nothing matching says so, with a way to clear the filters.
 */
export function DiscoverPanel({ renderList }: { renderList: (query: { data: Tontine[] | undefined; isPending: boolean; isError: boolean }, empty: ReactNode) => ReactNode }) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [filters, setFilters] = useState<DiscoverFilters>(NO_FILTERS);
  const [sort, setSort] = useState<DiscoverSort>('newest');
  const [editing, setEditing] = useState(false);
  const settledSearch = useSettled(search);
  const query = useDiscoverTontines(discoverSearch(settledSearch, filters, sort));
  const count = activeFilterCount(filters);
  const narrowed = count > 0 || settledSearch.trim() !== '';
  const clear = () => {
    setFilters(NO_FILTERS);
    setSearch('');
  };

  return (
    <div className="grid min-w-0 gap-4" data-testid="panel-discover">
      <div className="flex flex-col gap-2 sm:flex-row">
        <div className="relative min-w-0 flex-1">
          <Search className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" />
          <Input
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            placeholder={t('tontines.discover.search')}
            aria-label={t('tontines.discover.search')}
            className="pl-9"
            data-testid="input-search-tontines"
          />
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant={count > 0 ? 'secondary' : 'outline'} onClick={() => setEditing(true)} data-testid="button-filters" data-active-filters={count}>
            <Filter />
            {count > 0 ? t('tontines.filters.active', { count }) : t('tontines.discover.filters')}
          </Button>
          <DropdownMenu>
            <DropdownMenuTrigger asChild>
              <Button variant="outline" data-testid="button-sort" data-sort={sort}>
                <ArrowUpDown />
                {t('tontines.discover.sort')}
              </Button>
            </DropdownMenuTrigger>
            <DropdownMenuContent align="end" data-testid="menu-sort">
              <DropdownMenuRadioGroup value={sort} onValueChange={(value) => setSort(DISCOVER_SORTS.find((s) => s === value) ?? 'newest')}>
                {DISCOVER_SORTS.map((value) => (
                  <DropdownMenuRadioItem key={value} value={value} data-testid={`menu-item-sort-${value}`}>
                    {t(SORT_KEYS[value])}
                  </DropdownMenuRadioItem>
                ))}
              </DropdownMenuRadioGroup>
            </DropdownMenuContent>
          </DropdownMenu>
          {count > 0 && (
            <Button variant="ghost" onClick={() => setFilters(NO_FILTERS)} data-testid="button-clear-filters-inline">
              <X />
              {t('tontines.filters.clear')}
            </Button>
          )}
          {query.isFetching && !query.isPending && <Loader2 className="size-4 animate-spin self-center text-muted-foreground" aria-hidden="true" />}
        </div>
      </div>
      {renderList(
        query,
        narrowed ? (
          <EmptyState title={t('tontines.filters.emptyTitle')} text={t('tontines.filters.emptyText')} testId="empty-discover-filtered">
            <Button variant="outline" onClick={clear} data-testid="button-clear-filters">
              <X />
              {t('tontines.filters.clear')}
            </Button>
          </EmptyState>
        ) : (
          <EmptyState title={t('tontines.discover.emptyTitle')} text={t('tontines.discover.emptyText')} />
        ),
      )}
      {editing && <FiltersDialog initial={filters} onApply={setFilters} onClose={() => setEditing(false)} />}
    </div>
  );
}

function FiltersDialog({ initial, onApply, onClose }: { initial: DiscoverFilters; onApply: (filters: DiscoverFilters) => void; onClose: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  const [draft, setDraft] = useState(initial);
  const categories = useTontineCategories();
  const problem = filtersProblem(draft);
  const set = (key: keyof DiscoverFilters) => (event: { target: { value: string } }) => setDraft((current) => ({ ...current, [key]: event.target.value }));
  const categoryName = (category: { id: string; name?: string | null | undefined }) =>
    category.name ?? (DEFAULT_IDS.includes(category.id) ? t(`tontines.categories.${category.id as DefaultId}.name`) : category.id);

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent closeLabel={t('common.close')} data-testid="dialog-filters">
        <DialogTitle className="pr-8 text-lg font-semibold">{t('tontines.filters.title')}</DialogTitle>
        <DialogDescription className="text-sm text-muted-foreground">{t('tontines.filters.description')}</DialogDescription>
        <form
          className="grid gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            if (problem !== null) return;
            onApply(draft);
            onClose();
          }}
        >
          <div className="grid gap-1.5">
            <Label htmlFor={`${id}-category`}>{t('tontines.filters.category')}</Label>
            <select id={`${id}-category`} value={draft.category} onChange={set('category')} className={selectClass} data-testid="select-filter-category">
              <option value="">{t('tontines.filters.anyCategory')}</option>
              {(categories.data ?? []).map((category) => (
                <option key={category.id} value={category.id}>
                  {categoryName(category)}
                </option>
              ))}
            </select>
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor={`${id}-frequency`}>{t('tontines.filters.frequency')}</Label>
            <select id={`${id}-frequency`} value={draft.frequency} onChange={set('frequency')} className={selectClass} data-testid="select-filter-frequency">
              <option value="">{t('tontines.filters.anyFrequency')}</option>
              {(['daily', 'weekly', 'monthly'] as const).map((frequency) => (
                <option key={frequency} value={frequency}>
                  {t(`frequency.${frequency}`)}
                </option>
              ))}
            </select>
          </div>
          <fieldset className="grid gap-1.5">
            <legend className="mb-1.5 text-sm font-medium">{t('tontines.filters.contribution')}</legend>
            <div className="grid grid-cols-2 gap-3">
              <div className="grid min-w-0 gap-1">
                <label htmlFor={`${id}-min`} className="text-xs text-muted-foreground">
                  {t('tontines.filters.min')}
                </label>
                <Input id={`${id}-min`} inputMode="numeric" value={draft.minContribution} onChange={set('minContribution')} placeholder="1000" aria-invalid={problem !== null} data-testid="input-filter-min-contribution" />
              </div>
              <div className="grid min-w-0 gap-1">
                <label htmlFor={`${id}-max`} className="text-xs text-muted-foreground">
                  {t('tontines.filters.max')}
                </label>
                <Input id={`${id}-max`} inputMode="numeric" value={draft.maxContribution} onChange={set('maxContribution')} placeholder="50000" aria-invalid={problem !== null} data-testid="input-filter-max-contribution" />
              </div>
            </div>
            {problem !== null && (
              <p role="alert" className="text-sm text-destructive" data-testid="text-filter-problem">
                {t(problem === 'invalidRange' ? 'tontines.filters.invalidRange' : 'tontines.filters.invalidAmount')}
              </p>
            )}
          </fieldset>
          <div className="grid gap-1.5">
            <Label htmlFor={`${id}-seats`}>{t('tontines.filters.seatsLeft')}</Label>
            <select id={`${id}-seats`} value={draft.minSeatsLeft} onChange={set('minSeatsLeft')} className={selectClass} data-testid="select-filter-seats">
              <option value="">{t('tontines.filters.anySeats')}</option>
              {SEATS_CHOICES.map((count) => (
                <option key={count} value={count}>
                  {t('tontines.filters.atLeast', { count })}
                </option>
              ))}
            </select>
          </div>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button type="button" variant="outline" onClick={() => setDraft(NO_FILTERS)} data-testid="button-reset-filters">
              {t('tontines.filters.clear')}
            </Button>
            <Button type="submit" disabled={problem !== null} data-testid="button-apply-filters">
              {t('tontines.filters.apply')}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}

const DEFAULT_IDS: readonly string[] = ['daily_micro', 'weekly_workers', 'monthly_professionals', 'business_builders', 'student_savers', 'women_entrepreneurs'];
type DefaultId = 'daily_micro' | 'weekly_workers' | 'monthly_professionals' | 'business_builders' | 'student_savers' | 'women_entrepreneurs';
