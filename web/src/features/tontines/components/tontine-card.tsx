import { CalendarClock, Check, Users } from 'lucide-react';
import { useTranslation } from '../../../lib/use-translation.ts';
import { Link } from 'react-router-dom';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { useFormatters } from '../../../hooks/use-formatters.ts';
import type { Tontine } from '../api/tontine-schema.ts';
import { avatarStack, poolCentimes, spotsLeft, targetCentimes } from '../tontine-figures.ts';
import { MemberAvatar } from './member-avatar.tsx';
import { TontineStatusBadge } from './tontine-status-badge.tsx';

/** A group in a list (spec part 1 §2.7): avatars (max 4, +N), spots left, pool and target, join. */
export function TontineCard({ tontine, onJoin, joining }: { tontine: Tontine; onJoin: (tontine: Tontine) => void; joining: boolean }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const members = tontine.members ?? [];
  const { shown, overflow } = avatarStack(members);
  const left = spotsLeft(tontine);
  const pool = poolCentimes(tontine);
  const target = targetCentimes(tontine);
  const progress = pool !== null && target !== null && target > 0 ? Math.min(100, Math.round((pool / target) * 100)) : 0;

  return (
    <Card className="flex min-w-0 flex-col gap-4 p-4 sm:p-5" data-testid={`card-tontine-${tontine.id}`}>
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <Link to={`/tontines/${tontine.id}`} className="line-clamp-2 text-lg font-semibold hover:underline max-sm:min-h-11" data-testid={`link-tontine-${tontine.id}`}>
            {tontine.name}
          </Link>
          <p className="mt-1 line-clamp-3 text-sm text-muted-foreground">{tontine.description}</p>
        </div>
        <TontineStatusBadge status={tontine.status} testId={`status-tontine-${tontine.id}`} />
      </div>

      <div className="grid grid-cols-2 gap-3 text-sm">
        <div>
          <p className="text-muted-foreground">{t('tontines.card.contribution')}</p>
          <p className="font-semibold tabular-nums">
            {format.money(tontine.contributionAmount)} <span className="font-normal text-muted-foreground">/ {format.frequency(tontine.frequency)}</span>
          </p>
        </div>
        <div>
          <p className="text-muted-foreground">{tontine.maxMembers === 1 ? t('tontines.card.personal') : t('tontines.card.members')}</p>
          <p className="flex items-center gap-1 font-semibold tabular-nums">
            <Users className="size-4 text-muted-foreground" />
            {members.length}/{tontine.maxMembers}
          </p>
        </div>
      </div>

      <div className="grid gap-1.5">
        <div className="flex flex-wrap justify-between gap-x-3 text-xs text-muted-foreground">
          <span id={`pool-${tontine.id}`} data-testid={`text-pool-${tontine.id}`}>{t('tontines.card.pool', { amount: format.centimes(pool) })}</span>
          <span id={`target-${tontine.id}`} data-testid={`text-target-${tontine.id}`}>{t('tontines.card.target', { amount: format.centimes(target) })}</span>
        </div>
        <div className="h-2 overflow-hidden rounded-full bg-muted" role="progressbar" aria-labelledby={`pool-${tontine.id} target-${tontine.id}`} aria-valuenow={progress} aria-valuemin={0} aria-valuemax={100}>
          <div className="h-full rounded-full bg-primary transition-all" style={{ width: `${progress}%` }} />
        </div>
      </div>

      <div className="mt-auto flex flex-wrap items-center justify-between gap-3">
        <div className="flex min-w-0 items-center">
          <div className="flex -space-x-2" data-testid={`avatars-tontine-${tontine.id}`}>
            {shown.map((member) => (
              <MemberAvatar key={member.id} name={member.name} avatar={member.avatar} initials={member.initials} />
            ))}
            {overflow > 0 && (
              <span className="flex size-8 items-center justify-center rounded-full border-2 border-card bg-muted text-xs font-semibold" data-testid={`avatars-overflow-${tontine.id}`}>
                +{overflow}
              </span>
            )}
          </div>
          <span className="ml-3 text-xs text-muted-foreground" data-testid={`text-spots-left-${tontine.id}`}>
            {t('tontines.card.spotsLeft', { count: left })}
          </span>
        </div>
        {tontine.isMember ? (
          <Button asChild size="sm" variant="secondary" data-testid={`button-view-tontine-${tontine.id}`}>
            <Link to={`/tontines/${tontine.id}`}>
              <Check />
              {t('tontines.card.joined')}
            </Link>
          </Button>
        ) : (
          <Button size="sm" disabled={left === 0 || joining} onClick={() => onJoin(tontine)} data-testid={`button-join-tontine-${tontine.id}`}>
            {left === 0 ? t('tontines.card.full') : joining ? t('tontines.card.joining') : t('tontines.card.join')}
          </Button>
        )}
      </div>
      {tontine.nextPayoutDate && (
        <p className="flex items-center gap-1.5 text-xs text-muted-foreground">
          <CalendarClock className="size-3.5" />
          {t('tontines.card.nextPayout', { date: format.date(tontine.nextPayoutDate) })}
        </p>
      )}
    </Card>
  );
}
