import { ArrowLeft, BookOpen, CalendarClock, Coins, Gavel, Loader2, MessageSquare, PiggyBank, Receipt, Users, Vote } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import { Link } from 'react-router-dom';
import { Button } from '../../../components/ui/button.tsx';
import { LoadingRegion, Skeleton } from '../../../components/skeleton.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { StatCard } from '../../../components/ui/stat-card.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs.tsx';
import { useFormatters } from '../../../hooks/use-formatters.ts';
import { useTontine } from '../api/get-tontine.ts';
import type { MyNextContribution, Tontine } from '../api/tontine-schema.ts';
import { poolCentimes, spotsLeft } from '../tontine-figures.ts';
import { isOwed, useGroupFines, type Fine } from '../api/group-fines.ts';
import { BooksPanel } from './books-panel.tsx';
import { DecisionsPanel } from './decisions-panel.tsx';
import { FinesPanel, useLateFineText } from './fines-panel.tsx';
import { FormingCard } from './forming-card.tsx';
import { MembersPanel } from './members-panel.tsx';
import { TontineChat } from './tontine-chat.tsx';
import { TontineStatusBadge } from './tontine-status-badge.tsx';
import { useJoinWithToasts } from './use-join-with-toasts.ts';

export interface TontineDetailProps {
  id: string;
  signedIn: boolean;
  onSignIn: () => void;
  myUserId: string | undefined;
  /** The Pay action for the member's due contribution in this group. */
  renderPay: (contribution: MyNextContribution, tontine: Tontine) => ReactNode;
  /** The Contributions tab's content. */
  contributions: ReactNode;
}

/** The group's page while it loads: the back link, name and description, four figures, the tabs and a panel. */
function TontineDetailSkeleton() {
  return (
    <LoadingRegion className="mx-auto grid max-w-6xl grid-cols-1 gap-8 px-4 py-10 sm:px-6 lg:px-8" testId="skeleton-tontine">
      <section className="grid gap-4">
        <Skeleton className="h-5 w-32" />
        <Skeleton className="h-9 w-64 max-w-full" />
        <Skeleton className="h-6 w-full max-w-2xl" />
      </section>
      <section className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} rounded="rounded-2xl" className="h-32" />
        ))}
      </section>
      <Skeleton className="h-11 w-full max-w-md" />
      <Skeleton rounded="rounded-2xl" className="h-64" />
    </LoadingRegion>
  );
}

/** /tontines/{id} (spec part 1 §2.8). */
/** A fine paid like a contribution: the same Pay action, due since the day it was posted. */
const asDue = (fine: Fine): MyNextContribution => ({ id: fine.id, amount: fine.amount, dueDate: fine.postedOn, status: fine.status });

export function TontineDetail({ id, signedIn, onSignIn, myUserId, renderPay, contributions }: TontineDetailProps) {
  const { t } = useTranslation();
  const format = useFormatters();
  const ruleText = useLateFineText();
  const { data: tontine, isPending, isError } = useTontine(id);
  const fines = useGroupFines(id, { enabled: tontine?.isMember === true });

  if (isPending) return <TontineDetailSkeleton />;
  if (isError || tontine === null) {
    return (
      <div className="flex min-h-[60vh] items-center justify-center px-4" data-testid="page-tontine-not-found">
        <Card className="w-full max-w-md p-8 text-center">
          <h1 className="text-2xl font-bold">{isError ? t('tontine.loadFailed') : t('tontine.notFound')}</h1>
          {!isError && <p className="mt-2 text-sm text-muted-foreground">{t('tontine.notFoundText')}</p>}
          <Button asChild variant="outline" className="mt-6">
            <Link to="/tontines" data-testid="button-back-to-tontines">
              <ArrowLeft />
              {t('tontine.back')}
            </Link>
          </Button>
        </Card>
      </div>
    );
  }

  const members = tontine.members?.length;
  const due = tontine.myNextContribution;
  const payable = due && (due.status === 'pending' || due.status === 'overdue');
  const myOwedFines = (fines.data ?? []).filter((fine) => fine.mine && isOwed(fine));

  return (
    <div className="mx-auto grid max-w-6xl grid-cols-[minmax(0,1fr)] gap-8 px-4 py-10 sm:px-6 lg:px-8">
      <section className="grid gap-4">
        <Link to="/tontines" className="flex min-h-11 w-fit items-center gap-1 text-sm text-muted-foreground hover:text-foreground" data-testid="link-back-to-tontines">
          <ArrowLeft className="size-4" />
          {t('tontine.back')}
        </Link>
        <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
          <div className="min-w-0">
            <div className="flex flex-wrap items-center gap-3">
              <h1 className="min-w-0 break-words text-2xl font-bold tracking-tight sm:text-3xl" data-testid="text-tontine-name">
                {tontine.name}
              </h1>
              <TontineStatusBadge status={tontine.status} testId="status-tontine" />
            </div>
            <p className="mt-2 max-w-2xl text-muted-foreground">{tontine.description}</p>
            {tontine.lateFine && (
              <p className="mt-1 text-sm text-muted-foreground" data-testid="text-late-fine">
                {t('tontine.fines.ruleLine', { rule: ruleText(tontine.lateFine) })}
              </p>
            )}
          </div>
          {!tontine.isMember && <JoinButton tontine={tontine} signedIn={signedIn} onSignIn={onSignIn} />}
        </div>
        {tontine.isMember && payable && (
          <Card tone="highlight" className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between" data-testid="card-my-next-contribution">
            <div>
              <p className="font-semibold">
                {due.status === 'overdue' ? t('tontine.due.overdue') : t('tontine.due.title')}
              </p>
              <p className="text-sm text-muted-foreground">{t('tontine.due.text', { amount: format.money(due.amount), date: format.date(due.dueDate) })}</p>
            </div>
            {renderPay(due, tontine)}
          </Card>
        )}
        {tontine.isMember &&
          myOwedFines.map((fine) => (
            <Card key={fine.id} tone="highlight" className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between" data-testid="card-my-fine">
              <div>
                <p className="font-semibold">{t('tontine.fines.owedTitle')}</p>
                <p className="text-sm text-muted-foreground">{t('tontine.fines.owedText', { amount: format.money(fine.amount), cycle: fine.cycle })}</p>
              </div>
              {renderPay(asDue(fine), tontine)}
            </Card>
          ))}
        {tontine.status === 'forming' && tontine.forming && <FormingCard tontine={tontine} forming={tontine.forming} />}
      </section>

      <section className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
        <StatCard label={t('tontine.stats.totalPool')} value={format.centimes(poolCentimes(tontine))} icon={PiggyBank} testId="stat-total-pool" />
        <StatCard
          label={t('tontine.stats.members')}
          value={`${members ?? tontine.maxMembers - spotsLeft(tontine)}/${tontine.maxMembers}`}
          hint={spotsLeft(tontine) === 0 ? t('tontines.card.full') : t('tontines.card.spotsLeft', { count: spotsLeft(tontine) })}
          icon={Users}
          testId="stat-members"
        />
        <StatCard label={t('tontine.stats.contribution')} value={format.money(tontine.contributionAmount)} hint={format.frequency(tontine.frequency)} icon={Coins} testId="stat-contribution" />
        <StatCard
          label={t('tontine.stats.nextPayout')}
          // Not known yet: a dash, and the word below it (a long word such as 'Kizamenyekana' does not fit a phone's half-width figure).
          value={tontine.nextPayoutDate ? format.date(tontine.nextPayoutDate) : '—'}
          {...(tontine.nextRecipient ? { hint: tontine.nextRecipient } : tontine.nextPayoutDate ? {} : { hint: t('tontine.stats.tbd') })}
          icon={CalendarClock}
          testId="stat-next-payout"
        />
      </section>

      <Tabs defaultValue={tontine.isMember ? 'chat' : 'members'}>
        <TabsList>
          <TabsTrigger value="chat" data-testid="tab-chat">
            <MessageSquare />
            {t('tontine.tabs.chat')}
          </TabsTrigger>
          <TabsTrigger value="members" data-testid="tab-members">
            <Users />
            {t('tontine.tabs.members')}
          </TabsTrigger>
          <TabsTrigger value="contributions" data-testid="tab-contributions">
            <Receipt />
            {t('tontine.tabs.contributions')}
          </TabsTrigger>
          <TabsTrigger value="books" data-testid="tab-books">
            <BookOpen />
            {t('tontine.tabs.books')}
          </TabsTrigger>
          <TabsTrigger value="decisions" data-testid="tab-decisions">
            <Vote />
            {t('tontine.tabs.decisions')}
          </TabsTrigger>
          {(tontine.lateFine || (fines.data?.length ?? 0) > 0) && (
            <TabsTrigger value="fines" data-testid="tab-fines">
              <Gavel />
              {t('tontine.tabs.fines')}
            </TabsTrigger>
          )}
        </TabsList>
        <TabsContent value="chat">
          {tontine.isMember ? <TontineChat tontineId={tontine.id} myUserId={myUserId} /> : <MembersOnly signedIn={signedIn} onSignIn={onSignIn} />}
        </TabsContent>
        <TabsContent value="members">
          <MembersPanel tontine={tontine} myUserId={myUserId} />
        </TabsContent>
        <TabsContent value="contributions">{tontine.isMember ? contributions : <MembersOnly signedIn={signedIn} onSignIn={onSignIn} />}</TabsContent>
        <TabsContent value="books">{tontine.isMember ? <BooksPanel tontineId={tontine.id} /> : <MembersOnly signedIn={signedIn} onSignIn={onSignIn} />}</TabsContent>
        <TabsContent value="decisions">{tontine.isMember ? <DecisionsPanel tontine={tontine} /> : <MembersOnly signedIn={signedIn} onSignIn={onSignIn} />}</TabsContent>
        <TabsContent value="fines">
          {tontine.isMember ? <FinesPanel tontine={tontine} renderPay={(fine) => renderPay(asDue(fine), tontine)} /> : <MembersOnly signedIn={signedIn} onSignIn={onSignIn} />}
        </TabsContent>
      </Tabs>
    </div>
  );
}

function JoinButton({ tontine, signedIn, onSignIn }: { tontine: Tontine; signedIn: boolean; onSignIn: () => void }) {
  const { t } = useTranslation();
  const { joinTontine, joiningId } = useJoinWithToasts({ signedIn, onSignIn });
  const full = spotsLeft(tontine) === 0;
  return (
    <Button size="lg" disabled={full || joiningId !== undefined} onClick={() => joinTontine(tontine)} data-testid="button-join-tontine">
      {joiningId !== undefined && <Loader2 className="animate-spin" />}
      {full ? t('tontines.card.full') : t('tontines.card.join')}
    </Button>
  );
}

function MembersOnly({ signedIn, onSignIn }: { signedIn: boolean; onSignIn: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col items-center gap-3 rounded-2xl border border-dashed border-border px-6 py-12 text-center" data-testid="text-members-only">
      <p className="text-sm text-muted-foreground">{t('tontine.membersOnly')}</p>
      {!signedIn && (
        <Button onClick={onSignIn} size="sm">
          {t('header.signIn')}
        </Button>
      )}
    </div>
  );
}
