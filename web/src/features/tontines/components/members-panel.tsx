import { ArrowLeftRight, Check, Dices, Loader2, ShieldCheck } from 'lucide-react';
import { useTranslation } from '../../../lib/use-translation.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { SkeletonRows } from '../../../components/skeleton.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { toast } from '../../../hooks/use-toast.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { serverErrorText } from '../../../lib/server-text.ts';
import { useTontineMembers } from '../api/get-tontine-members.ts';
import { useDrawPayoutOrder, usePayoutOrder } from '../api/payout-order.ts';
import { useAcceptSwap, useProposeSwap, useSwaps } from '../api/swaps.ts';
import type { Tontine, TontineMember } from '../api/tontine-schema.ts';
import { MemberAvatar } from './member-avatar.tsx';

function userIdOf(member: TontineMember): string {
  return typeof member.userId === 'string' || typeof member.userId === 'number' ? String(member.userId) : member.id;
}

function useFailureToast() {
  const { t, i18n } = useTranslation();
  return (error: Error) => {
    const text = error instanceof ApiError ? serverErrorText(i18n, error) : '';
    toast({ variant: 'destructive', title: t('tontines.toast.error'), description: text || t('tontine.members.actionFailed') });
  };
}

/** Members tab (spec part 1 §2.8, §3): 'Admin' badges, the payout order and turn swaps (the admin starts the rotation from the forming card). */
export function MembersPanel({ tontine, myUserId }: { tontine: Tontine; myUserId: string | undefined }) {
  const { t } = useTranslation();
  const { data: members = [], isPending } = useTontineMembers(tontine.id, { forming: tontine.status === 'forming' });
  const me = members.find((member) => userIdOf(member) === myUserId);

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-2">
      <Card className="min-w-0 p-4 sm:p-5">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 className="font-semibold">{t('tontine.members.title', { count: members.length, max: tontine.maxMembers })}</h2>
        </div>
        {isPending ? (
          <SkeletonRows count={3} className="mt-4" rowClassName="h-16" testId="skeleton-members" />
        ) : (
          <ul className="mt-4 divide-y divide-border">
            {members.map((member) => (
              <li key={member.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-3" data-testid={`row-member-${member.id}`}>
                <MemberAvatar name={member.name} avatar={member.avatar} initials={member.initials} size="size-10" />
                <div className="min-w-0 flex-1">
                  <p className="break-words font-medium">
                    {member.name}
                    {member === me && <span className="text-muted-foreground"> ({t('tontine.members.you')})</span>}
                  </p>
                </div>
                {member.isAdmin && (
                  <Badge variant="secondary" data-testid={`badge-admin-${member.id}`}>
                    <ShieldCheck className="size-3" />
                    {t('tontine.members.admin')}
                  </Badge>
                )}
              </li>
            ))}
          </ul>
        )}
      </Card>
      {tontine.isMember && tontine.maxMembers >= 2 && <PayoutOrderCard tontine={tontine} myMemberId={me?.id} />}
    </div>
  );
}

function PayoutOrderCard({ tontine, myMemberId }: { tontine: Tontine; myMemberId: string | undefined }) {
  const { t } = useTranslation();
  const { data: payoutOrder, isPending, isError } = usePayoutOrder(tontine.id, { enabled: true });
  const { data: swaps = [] } = useSwaps(tontine.id, { enabled: true });
  const draw = useDrawPayoutOrder(tontine.id);
  const propose = useProposeSwap(tontine.id);
  const accept = useAcceptSwap(tontine.id);
  const failed = useFailureToast();
  const nameOf = (memberId: string | null | undefined) => payoutOrder?.order.find((row) => row.memberId === memberId)?.name ?? '—';
  const openSwaps = swaps.filter((swap) => swap.status === 'proposed');
  const swapsOpen = tontine.status === 'forming' || tontine.status === 'active';

  return (
    <Card className="min-w-0 p-4 sm:p-5" data-testid="card-payout-order">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="font-semibold">{t('tontine.payoutOrder.title')}</h2>
        {tontine.isAdmin && payoutOrder?.method === 'join_order' && swapsOpen && (
          <Button
            size="sm"
            variant="outline"
            disabled={draw.isPending}
            onClick={() =>
              draw.mutate(undefined, {
                onSuccess: () => toast({ title: t('tontines.toast.success'), description: t('tontine.payoutOrder.drawn') }),
                onError: failed,
              })
            }
            data-testid="button-draw-payout-order"
          >
            {draw.isPending ? <Loader2 className="animate-spin" /> : <Dices />}
            {t('tontine.payoutOrder.draw')}
          </Button>
        )}
      </div>
      {isPending && <SkeletonRows count={3} className="mt-4" rowClassName="h-12" testId="skeleton-payout-order" />}
      {isError && <p className="mt-4 text-sm text-destructive">{t('tontine.payoutOrder.loadFailed')}</p>}
      {payoutOrder && (
        <>
          <p className="mt-1 text-xs text-muted-foreground" data-testid="text-payout-method">
            {payoutOrder.method === 'draw' ? t('tontine.payoutOrder.byDraw') : t('tontine.payoutOrder.byJoinOrder')}
          </p>
          <ol className="mt-4 grid gap-2">
            {[...payoutOrder.order]
              .sort((a, b) => a.position - b.position)
              .map((row) => (
                <li key={row.memberId} className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-xl bg-muted/60 px-3 py-2" data-testid={`row-payout-${row.position}`}>
                  <span className="flex size-7 shrink-0 items-center justify-center rounded-full bg-primary text-xs font-bold text-primary-foreground">{row.position}</span>
                  <span className="min-w-0 flex-1 basis-32 break-words text-sm font-medium">{row.name}</span>
                  {swapsOpen && myMemberId !== undefined && row.memberId !== myMemberId && (
                    <Button
                      size="sm"
                      variant="ghost"
                      className="ml-auto shrink-0"
                      disabled={propose.isPending}
                      onClick={() =>
                        propose.mutate(row.memberId, {
                          onSuccess: () => toast({ title: t('tontines.toast.success'), description: t('tontine.swaps.proposed', { name: row.name }) }),
                          onError: failed,
                        })
                      }
                      data-testid={`button-propose-swap-${row.memberId}`}
                    >
                      <ArrowLeftRight />
                      {t('tontine.swaps.propose')}
                    </Button>
                  )}
                </li>
              ))}
          </ol>
          {payoutOrder.seed !== null && (
            <div className="mt-4 rounded-xl border border-dashed border-border p-3 text-xs">
              <p className="font-semibold">{t('tontine.payoutOrder.seed')}</p>
              <code className="mt-1 block break-all font-mono" data-testid="text-payout-seed">
                {payoutOrder.seed}
              </code>
              <p className="mt-2 text-muted-foreground">{t('tontine.payoutOrder.seedHelp')}</p>
            </div>
          )}
        </>
      )}
      {openSwaps.length > 0 && (
        <div className="mt-5 grid gap-2">
          <h3 className="text-sm font-semibold">{t('tontine.swaps.title')}</h3>
          {openSwaps.map((swap) => {
            const forMe = myMemberId !== undefined && swap.counterpartyId === myMemberId;
            return (
              <div key={swap.id} className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-border px-3 py-2 text-sm" data-testid={`row-swap-${swap.id}`}>
                <span>{t('tontine.swaps.row', { from: nameOf(swap.proposerId), to: nameOf(swap.counterpartyId) })}</span>
                {forMe ? (
                  <Button
                    size="sm"
                    disabled={accept.isPending}
                    onClick={() =>
                      accept.mutate(swap.id, {
                        onSuccess: () => toast({ title: t('tontines.toast.success'), description: t('tontine.swaps.accepted') }),
                        onError: failed,
                      })
                    }
                    data-testid={`button-accept-swap-${swap.id}`}
                  >
                    <Check />
                    {t('tontine.swaps.accept')}
                  </Button>
                ) : (
                  <span className="text-xs text-muted-foreground">{t('tontine.swaps.waiting')}</span>
                )}
              </div>
            );
          })}
        </div>
      )}
    </Card>
  );
}
