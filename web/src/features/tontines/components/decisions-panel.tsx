import { ArrowDown, ArrowUp, Loader2, ThumbsDown, ThumbsUp } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { EmptyState } from '../../../components/empty-state.tsx';
import { SkeletonRows } from '../../../components/skeleton.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { useFormatters } from '../../../hooks/use-formatters.ts';
import { toast } from '../../../hooks/use-toast.ts';
import { failureText } from '../../../lib/server-text.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { usePayoutOrder } from '../api/payout-order.ts';
import { usePropose, useProposals, useVote, type LateFineRule, type NewProposal, type Proposal } from '../api/proposals.ts';
import type { Tontine } from '../api/tontine-schema.ts';

const SELECT = 'h-10 max-sm:h-11 rounded-lg border border-input bg-background px-3 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring';
const STATUS_BADGES = { open: 'warning', passed: 'success', rejected: 'secondary', void: 'outline' } as const;

/**
 * The Decisions tab (DOMAIN.md "Group decisions"): a member proposes a change for the whole group
 * (the payout order, the late fine), votes yes or no on open proposals (and may change the vote
 * until it closes), and reads every proposal with its counts and result. Only counts are shown,
 * never who voted how. On a 360 px phone each proposal is one card, its buttons full width.
 */
export function DecisionsPanel({ tontine }: { tontine: Tontine }) {
  const { t } = useTranslation();
  const proposals = useProposals(tontine.id);

  if (proposals.isPending) return <SkeletonRows count={3} rowClassName="h-24" testId="skeleton-decisions" />;
  if (proposals.isError) {
    return (
      <div className="flex flex-col items-center gap-3 py-12 text-center" data-testid="text-decisions-error">
        <p className="text-sm text-destructive">{t('tontine.decisions.loadFailed')}</p>
        <Button size="sm" variant="outline" onClick={() => void proposals.refetch()}>
          {t('tontine.decisions.retry')}
        </Button>
      </div>
    );
  }
  const open = proposals.data.filter((p) => p.status === 'open');
  const closed = proposals.data.filter((p) => p.status !== 'open');
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-2" data-testid="panel-decisions">
      <div className="grid min-w-0 content-start gap-4">
        <p className="text-sm text-muted-foreground" data-testid="text-decision-rule">
          {t(`tontine.decisions.rules.${tontine.decisionRule === 'unanimity' ? 'unanimity' : 'majority'}`)}
        </p>
        <ProposalForm tontine={tontine} />
      </div>
      <div className="grid min-w-0 content-start gap-4">
        {proposals.data.length === 0 ? (
          <EmptyState title={t('tontine.decisions.empty')} text={t('tontine.decisions.emptyText')} testId="text-decisions-empty" />
        ) : (
          <>
            {open.length > 0 && <ProposalList title={t('tontine.decisions.open')} proposals={open} tontine={tontine} testId="list-proposals-open" />}
            {closed.length > 0 && <ProposalList title={t('tontine.decisions.closed')} proposals={closed} tontine={tontine} testId="list-proposals-closed" />}
          </>
        )}
      </div>
    </div>
  );
}

function ProposalList({ title, proposals, tontine, testId }: { title: string; proposals: Proposal[]; tontine: Tontine; testId: string }) {
  return (
    <section className="grid gap-3" data-testid={testId}>
      <h2 className="font-semibold">{title}</h2>
      {proposals.map((proposal) => (
        <ProposalCard key={proposal.id} proposal={proposal} tontine={tontine} />
      ))}
    </section>
  );
}

/** The names of the members, by id, as the group page has them. */
function useNames(tontine: Tontine): (id: string) => string {
  const names = new Map((tontine.members ?? []).map((m) => [m.id, m.name]));
  return (id) => names.get(id) ?? '?';
}

function ProposalCard({ proposal, tontine }: { proposal: Proposal; tontine: Tontine }) {
  const { t, i18n } = useTranslation();
  const format = useFormatters();
  const nameOf = useNames(tontine);
  const vote = useVote(tontine.id);
  const { counts } = proposal;
  const cast = (choice: 'yes' | 'no') =>
    vote.mutate(
      { proposalId: proposal.id, choice },
      {
        onSuccess: () => toast({ title: t('tontines.toast.success'), description: t('tontine.decisions.voted') }),
        onError: (error) => toast({ variant: 'destructive', title: t('tontines.toast.error'), description: failureText(i18n, error, t('tontine.decisions.failed')) }),
      },
    );
  return (
    <Card className="grid min-w-0 gap-3 p-4" data-testid={`card-proposal-${proposal.id}`}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="font-medium">{t(`tontine.decisions.kinds.${proposal.kind}`)}</p>
        <Badge variant={STATUS_BADGES[proposal.status]} data-testid="status-proposal">
          {t(`tontine.decisions.statuses.${proposal.status}`)}
        </Badge>
      </div>
      <p className="whitespace-pre-line break-words text-sm">{proposal.text}</p>
      <ChangeSummary proposal={proposal} nameOf={nameOf} />
      <p className="text-xs text-muted-foreground">
        {t('tontine.decisions.by', { name: proposal.authorName })} ·{' '}
        {proposal.closedAt
          ? t('tontine.decisions.closedOn', { date: `${format.date(proposal.closedAt, 'short')} ${format.time(proposal.closedAt)}` })
          : t('tontine.decisions.closes', { date: `${format.date(proposal.closesAt, 'short')} ${format.time(proposal.closesAt)}` })}
      </p>
      <p className="text-sm tabular-nums" data-testid="text-proposal-counts">
        {t('tontine.decisions.counts', { yes: counts.yes, no: counts.no, notVoted: counts.notVoted, needed: counts.needed })}
      </p>
      {proposal.myVote && (
        <p className="text-xs text-muted-foreground" data-testid="text-my-vote">
          {t('tontine.decisions.myVote', { vote: t(`tontine.decisions.${proposal.myVote}`) })}
        </p>
      )}
      {proposal.status === 'open' && (
        <div className="grid grid-cols-2 gap-2">
          <Button variant={proposal.myVote === 'yes' ? 'default' : 'outline'} disabled={vote.isPending} onClick={() => cast('yes')} data-testid="button-vote-yes">
            {vote.isPending ? <Loader2 className="animate-spin" /> : <ThumbsUp />}
            {t('tontine.decisions.yes')}
          </Button>
          <Button variant={proposal.myVote === 'no' ? 'default' : 'outline'} disabled={vote.isPending} onClick={() => cast('no')} data-testid="button-vote-no">
            {vote.isPending ? <Loader2 className="animate-spin" /> : <ThumbsDown />}
            {t('tontine.decisions.no')}
          </Button>
        </div>
      )}
    </Card>
  );
}

function ChangeSummary({ proposal, nameOf }: { proposal: Proposal; nameOf: (id: string) => string }) {
  const { t } = useTranslation();
  const { change } = proposal;
  if (proposal.kind === 'change_payout_order' && change.order) {
    return (
      <ol className="list-decimal pl-5 text-sm text-muted-foreground" aria-label={t('tontine.decisions.order')}>
        {change.order.map((id) => (
          <li key={id} className="break-words">
            {nameOf(id)}
          </li>
        ))}
      </ol>
    );
  }
  if (proposal.kind === 'change_fine') {
    const fine = change.lateFine as LateFineRule | null | undefined;
    return (
      <p className="text-sm text-muted-foreground">
        {fine ? t(`tontine.decisions.fine.${fine.kind}`, { value: fine.value, days: fine.graceDays }) : t('tontine.decisions.fine.none')}
      </p>
    );
  }
  return null;
}

type FineChoice = 'none' | LateFineRule['kind'];

function ProposalForm({ tontine }: { tontine: Tontine }) {
  const { t, i18n } = useTranslation();
  const [kind, setKind] = useState<NewProposal['kind']>('change_payout_order');
  const [text, setText] = useState('');
  const [order, setOrder] = useState<string[] | null>(null);
  const [fine, setFine] = useState<{ choice: FineChoice; value: string; graceDays: string }>({ choice: 'fixed', value: '', graceDays: '3' });
  const propose = usePropose(tontine.id);
  const rotating = tontine.status === 'active' && tontine.maxMembers > 1;
  const current = usePayoutOrder(tontine.id, { enabled: rotating });
  const shown = order ?? current.data?.order.map((o) => o.memberId) ?? [];
  const names = new Map(current.data?.order.map((o) => [o.memberId, o.name]) ?? []);
  // Cycles before the current one were paid out: their turns never move.
  const paid = Math.max(0, (tontine.currentCycle ?? 1) - 1);

  const move = (index: number, by: -1 | 1) => {
    const next = [...shown];
    [next[index], next[index + by]] = [next[index + by]!, next[index]!];
    setOrder(next);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const proposal: NewProposal =
      kind === 'change_payout_order'
        ? { kind, text, change: { order: shown } }
        : { kind, text, change: { lateFine: fine.choice === 'none' ? null : { kind: fine.choice, value: fine.value.trim(), graceDays: Number.parseInt(fine.graceDays, 10) || 0 } } };
    propose.mutate(proposal, {
      onSuccess: () => {
        toast({ title: t('tontines.toast.success'), description: t('tontine.decisions.proposed') });
        setText('');
        setOrder(null);
      },
      onError: (error) => toast({ variant: 'destructive', title: t('tontines.toast.error'), description: failureText(i18n, error, t('tontine.decisions.failed')) }),
    });
  };

  return (
    <Card className="min-w-0 p-4 sm:p-5">
      <form className="grid gap-4" onSubmit={submit} noValidate data-testid="form-proposal">
        <h2 className="font-semibold">{t('tontine.decisions.new')}</h2>
        <div className="grid gap-1.5">
          <Label htmlFor="proposal-kind">{t('tontine.decisions.kind')}</Label>
          <select id="proposal-kind" value={kind} onChange={(e) => setKind(e.target.value === 'change_fine' ? 'change_fine' : 'change_payout_order')} className={SELECT} data-testid="select-proposal-kind">
            <option value="change_payout_order">{t('tontine.decisions.kinds.change_payout_order')}</option>
            <option value="change_fine">{t('tontine.decisions.kinds.change_fine')}</option>
          </select>
        </div>
        {kind === 'change_payout_order' &&
          (rotating ? (
            <div className="grid gap-1.5">
              <p className="text-sm font-medium">{t('tontine.decisions.order')}</p>
              {current.isPending ? (
                <SkeletonRows count={3} rowClassName="h-11" testId="skeleton-proposal-order" />
              ) : (
                <ol className="grid gap-1" data-testid="list-proposal-order">
                  {shown.map((id, index) => {
                    const name = names.get(id) ?? '?';
                    return (
                      <li key={id} className="flex min-h-11 items-center gap-2 rounded-lg border border-border px-3 text-sm">
                        <span className="w-6 shrink-0 tabular-nums text-muted-foreground">{index + 1}.</span>
                        <span className="min-w-0 flex-1 truncate">{name}</span>
                        {index < paid ? (
                          <Badge variant="secondary">{t('tontine.decisions.paid')}</Badge>
                        ) : (
                          <>
                            <Button type="button" size="icon" variant="ghost" disabled={index <= paid} onClick={() => move(index, -1)} aria-label={t('tontine.decisions.moveUp', { name })}>
                              <ArrowUp />
                            </Button>
                            <Button type="button" size="icon" variant="ghost" disabled={index === shown.length - 1} onClick={() => move(index, 1)} aria-label={t('tontine.decisions.moveDown', { name })}>
                              <ArrowDown />
                            </Button>
                          </>
                        )}
                      </li>
                    );
                  })}
                </ol>
              )}
            </div>
          ) : (
            <p className="text-sm text-muted-foreground" data-testid="text-order-not-active">
              {t('tontine.decisions.notActive')}
            </p>
          ))}
        {kind === 'change_fine' && (
          <div className="grid gap-3 sm:grid-cols-3">
            <div className="grid gap-1.5 sm:col-span-3">
              <Label htmlFor="proposal-fine">{t('tontine.decisions.fineKind')}</Label>
              <select
                id="proposal-fine"
                value={fine.choice}
                onChange={(e) => setFine((f) => ({ ...f, choice: e.target.value === 'none' ? 'none' : e.target.value === 'percent' ? 'percent' : 'fixed' }))}
                className={SELECT}
              >
                <option value="fixed">{t('tontine.decisions.fineFixed')}</option>
                <option value="percent">{t('tontine.decisions.finePercent')}</option>
                <option value="none">{t('tontine.decisions.fine.none')}</option>
              </select>
            </div>
            {fine.choice !== 'none' && (
              <>
                <div className="grid gap-1.5 sm:col-span-2">
                  <Label htmlFor="proposal-fine-value">{t('tontine.decisions.fineValue')}</Label>
                  <Input id="proposal-fine-value" inputMode="decimal" value={fine.value} onChange={(e) => setFine((f) => ({ ...f, value: e.target.value }))} />
                </div>
                <div className="grid gap-1.5">
                  <Label htmlFor="proposal-grace">{t('tontine.decisions.graceDays')}</Label>
                  <Input id="proposal-grace" inputMode="numeric" value={fine.graceDays} onChange={(e) => setFine((f) => ({ ...f, graceDays: e.target.value }))} />
                </div>
              </>
            )}
          </div>
        )}
        <div className="grid gap-1.5">
          <Label htmlFor="proposal-text">{t('tontine.decisions.text')}</Label>
          <Textarea id="proposal-text" value={text} maxLength={500} onChange={(e) => setText(e.target.value)} placeholder={t('tontine.decisions.textPlaceholder')} data-testid="input-proposal-text" />
        </div>
        <Button type="submit" disabled={propose.isPending || (kind === 'change_payout_order' && !rotating)} data-testid="button-propose">
          {propose.isPending && <Loader2 className="animate-spin" />}
          {t('tontine.decisions.submit')}
        </Button>
      </form>
    </Card>
  );
}
