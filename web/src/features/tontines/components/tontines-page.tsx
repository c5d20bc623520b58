import { CalendarClock, LayoutGrid, LogIn, PiggyBank, Plus, Search, Sparkles, Users, UsersRound } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import { Link, useSearchParams } from 'react-router-dom';
import { EmptyState } from '../../../components/empty-state.tsx';
import { SkeletonCards } from '../../../components/skeleton.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { StatCard } from '../../../components/ui/stat-card.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs.tsx';
import { useFormatters } from '../../../hooks/use-formatters.ts';
import { useMyTontines } from '../api/get-my-tontines.ts';
import { useTontineCategories } from '../api/get-tontine-categories.ts';
import { useTontineRecommendations } from '../api/get-tontine-recommendations.ts';
import { useTontines } from '../api/get-tontines.ts';
import type { Tontine } from '../api/tontine-schema.ts';
import { matchPercent } from '../tontine-figures.ts';
import type { CreateTontineForm } from '../create-tontine-input.ts';
import { CreateTontineDialog } from './create-tontine-dialog.tsx';
import { DiscoverPanel } from './discover-panel.tsx';
import { TontineCard } from './tontine-card.tsx';
import { useJoinWithToasts } from './use-join-with-toasts.ts';

/**
 * The member's own figures, computed by the server (GET /api/dashboard/summary); absent when signed
 * out (or the call failed), and then shown '—': a visitor has no savings of 0 RWF. While they load
 * (`figuresPending`) the cards show skeletons.
 */
export interface SavingsFigures {
  totalSavings: string;
  activeTontines: number;
  nextPayout: { date: string; amount: string; tontineName: string } | null;
}

/** /tontines (spec part 1 §2.7). */
export function TontinesPage({
  signedIn,
  onSignIn,
  figures,
  figuresPending,
}: {
  signedIn: boolean;
  onSignIn: () => void;
  figures: SavingsFigures | undefined;
  figuresPending: boolean;
}) {
  const { t } = useTranslation();
  const format = useFormatters();
  // `?create=savings&amount=N` (the Loans page's next step): personal savings of N, ready to create.
  const [searchParams, setSearchParams] = useSearchParams();
  const savingsAmount = searchParams.get('create') === 'savings' ? (searchParams.get('amount') ?? '') : null;
  const personalSavings: CreateTontineForm | undefined =
    savingsAmount === null
      ? undefined
      : {
          name: t('tontines.create.personalName'),
          description: t('tontines.create.personalDescription'),
          contributionAmount: /^\d{1,10}$/.test(savingsAmount) && Number(savingsAmount) > 0 ? savingsAmount : '',
          frequency: 'monthly',
          maxMembers: '1',
        };
  const [creating, setCreating] = useState(signedIn && personalSavings !== undefined);
  const openCreate = (open: boolean) => {
    setCreating(open);
    // Closed, the prefill is spent: Create Tontine opens an empty form again.
    if (!open && savingsAmount !== null) setSearchParams({}, { replace: true });
  };
  const all = useTontines();
  const mine = useMyTontines({ enabled: signedIn });

  const communityMembers = (all.data ?? []).reduce((total, tontine) => total + (tontine.members?.length ?? 0), 0);

  const { joinTontine: onJoin, joiningId } = useJoinWithToasts({ signedIn, onSignIn });

  return (
    <div className="mx-auto grid max-w-6xl grid-cols-[minmax(0,1fr)] gap-8 px-4 py-10 sm:px-6 lg:px-8">
      <section className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-3xl font-bold tracking-tight" data-testid="text-tontines-title">
            {t('tontines.title')}
          </h1>
          <p className="mt-2 max-w-2xl text-muted-foreground">{t('tontines.subtitle')}</p>
        </div>
        <Button size="lg" onClick={() => (signedIn ? setCreating(true) : onSignIn())} data-testid="button-create-tontine">
          <Plus />
          {t('tontines.create.open')}
        </Button>
      </section>

      <section className="grid grid-cols-2 gap-4 lg:grid-cols-4">
        <StatCard label={t('tontines.stats.totalSavings')} value={figures ? format.money(figures.totalSavings) : '—'} pending={figuresPending} icon={PiggyBank} testId="stat-total-savings" />
        <StatCard label={t('tontines.stats.activeTontines')} value={figures?.activeTontines ?? '—'} pending={figuresPending} icon={Users} testId="stat-active-tontines" />
        <StatCard label={t('tontines.stats.communityMembers')} value={communityMembers} pending={all.isPending} icon={UsersRound} testId="stat-community-members" />
        <StatCard
          label={t('tontines.stats.nextPayout')}
          value={figures?.nextPayout ? format.date(figures.nextPayout.date) : '—'}
          hint={figures?.nextPayout ? `${format.money(figures.nextPayout.amount)} · ${figures.nextPayout.tontineName}` : t('tontines.stats.noPayout')}
          pending={figuresPending}
          icon={CalendarClock}
          testId="stat-next-payout"
        />
      </section>

      <Tabs defaultValue={signedIn ? 'mine' : 'discover'}>
        <TabsList>
          <TabsTrigger value="mine" data-testid="tab-my-tontines">
            <Users />
            {t('tontines.tabs.mine')}
          </TabsTrigger>
          <TabsTrigger value="discover" data-testid="tab-discover">
            <Search />
            {t('tontines.tabs.discover')}
          </TabsTrigger>
          <TabsTrigger value="recommended" data-testid="tab-ai-recommended">
            <Sparkles />
            {t('tontines.tabs.recommended')}
          </TabsTrigger>
          <TabsTrigger value="categories" data-testid="tab-categories">
            <LayoutGrid />
            {t('tontines.tabs.categories')}
          </TabsTrigger>
        </TabsList>

        <TabsContent value="mine">
          {!signedIn ? (
            <SignInPrompt onSignIn={onSignIn} />
          ) : (
            <TontineGrid
              query={mine}
              joiningId={joiningId}
              onJoin={onJoin}
              empty={
                <EmptyState title={t('tontines.mine.emptyTitle')} text={t('tontines.mine.emptyText')}>
                  <Button onClick={() => setCreating(true)} data-testid="button-create-first-tontine">
                    <Plus />
                    {t('tontines.create.open')}
                  </Button>
                </EmptyState>
              }
            />
          )}
        </TabsContent>

        <TabsContent value="discover">
          <DiscoverPanel renderList={(query, empty) => <TontineGrid query={query} joiningId={joiningId} onJoin={onJoin} empty={empty} />} />
        </TabsContent>

        <TabsContent value="recommended">{signedIn ? <Recommendations /> : <SignInPrompt onSignIn={onSignIn} />}</TabsContent>

        <TabsContent value="categories">
          <Categories />
        </TabsContent>
      </Tabs>

      {signedIn && <CreateTontineDialog key={savingsAmount ?? 'new'} open={creating} onOpenChange={openCreate} initial={personalSavings} />}
    </div>
  );
}

function TontineGrid({
  query,
  joiningId,
  onJoin,
  empty,
}: {
  query: { data: Tontine[] | undefined; isPending: boolean; isError: boolean };
  joiningId: string | undefined;
  onJoin: (tontine: Tontine) => void;
  empty: ReactNode;
}) {
  const { t } = useTranslation();
  if (query.isPending) return <LoadingGrid />;
  if (query.isError || query.data === undefined) return <ErrorText text={t('tontines.loadFailed')} />;
  if (query.data.length === 0) return empty;
  return (
    <div className="grid grid-cols-1 gap-4 md:grid-cols-2 lg:grid-cols-3">
      {query.data.map((tontine) => (
        <TontineCard key={tontine.id} tontine={tontine} onJoin={onJoin} joining={joiningId === tontine.id} />
      ))}
    </div>
  );
}

function Recommendations() {
  const { t } = useTranslation();
  const format = useFormatters();
  const { data, isPending, isError } = useTontineRecommendations({ enabled: true });
  if (isPending) return <LoadingGrid />;
  if (isError) return <ErrorText text={t('tontines.recommended.failed')} />;
  if (data.length === 0) return <EmptyState title={t('tontines.recommended.emptyTitle')} text={t('tontines.recommended.emptyText')} />;
  return (
    <div className="grid grid-cols-1 gap-4 md:grid-cols-2 lg:grid-cols-3">
      {data.map((recommendation) => (
        <Card key={recommendation.id} className="flex flex-col gap-3 p-5" data-testid={`card-recommendation-${recommendation.id}`}>
          <div className="flex items-start justify-between gap-3">
            <h3 className="font-semibold">{recommendation.name}</h3>
            <span className="shrink-0 rounded-full bg-primary/10 px-2.5 py-0.5 text-xs font-semibold text-primary" data-testid={`text-match-${recommendation.id}`}>
              {t('tontines.recommended.match', { percent: matchPercent(recommendation.matchScore) })}
            </span>
          </div>
          {recommendation.reason && <p className="text-sm text-muted-foreground">{recommendation.reason}</p>}
          <p className="text-sm">
            {format.money(recommendation.contributionAmount)} / {format.frequency(recommendation.frequency)} ·{' '}
            {t('tontines.recommended.members', {
              current: recommendation.membersCount ?? recommendation.currentMembers ?? 0,
              max: recommendation.maxMembers,
            })}
          </p>
          <Button asChild size="sm" variant="outline" className="mt-auto self-start">
            <Link to={`/tontines/${recommendation.id}`}>{t('tontines.recommended.view')}</Link>
          </Button>
        </Card>
      ))}
    </div>
  );
}

function Categories() {
  const { t } = useTranslation();
  const format = useFormatters();
  const { data, isPending, isError } = useTontineCategories();
  if (isPending) return <LoadingGrid />;
  if (isError) return <ErrorText text={t('tontines.loadFailed')} />;
  return (
    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {data.map((category) => {
        const defaultId = isDefaultCategory(category.id) ? category.id : null;
        return (
          <Card key={category.id} className="grid gap-2 p-5" data-testid={`card-category-${category.id}`}>
            <h3 className="font-semibold">{category.name ?? (defaultId !== null ? t(`tontines.categories.${defaultId}.name`) : category.id)}</h3>
            <p className="text-sm text-muted-foreground">{category.description ?? (defaultId !== null ? t(`tontines.categories.${defaultId}.description`) : '')}</p>
            <dl className="mt-2 grid grid-cols-3 gap-2 text-xs">
              <div>
                <dt className="text-muted-foreground">{t('tontines.categories.avg')}</dt>
                <dd className="font-semibold tabular-nums">{format.money(category.avgContribution)}</dd>
              </div>
              <div>
                <dt className="text-muted-foreground">{t('tontines.categories.frequency')}</dt>
                <dd className="font-semibold">{format.frequency(category.frequency)}</dd>
              </div>
              <div>
                <dt className="text-muted-foreground">{t('tontines.categories.members')}</dt>
                <dd className="font-semibold tabular-nums">{category.memberCount}</dd>
              </div>
            </dl>
          </Card>
        );
      })}
    </div>
  );
}

const DEFAULT_IDS = ['daily_micro', 'weekly_workers', 'monthly_professionals', 'business_builders', 'student_savers', 'women_entrepreneurs'] as const;
function isDefaultCategory(id: string): id is (typeof DEFAULT_IDS)[number] {
  return (DEFAULT_IDS as readonly string[]).includes(id);
}

function SignInPrompt({ onSignIn }: { onSignIn: () => void }) {
  const { t } = useTranslation();
  return (
    <EmptyState title={t('tontines.signInTitle')} text={t('tontines.signInText')}>
      <Button onClick={onSignIn} data-testid="button-tontines-sign-in">
        <LogIn />
        {t('header.signIn')}
      </Button>
    </EmptyState>
  );
}

/** Three cards of a tontine card's height while a list loads (a TontineCard is about 20 rem high at 360 px). */
function LoadingGrid() {
  return <SkeletonCards count={3} cardClassName="h-80" testId="skeleton-tontine-list" />;
}

function ErrorText({ text }: { text: string }) {
  return (
    <p role="alert" className="rounded-xl border border-destructive/40 px-4 py-3 text-sm text-destructive">
      {text}
    </p>
  );
}
