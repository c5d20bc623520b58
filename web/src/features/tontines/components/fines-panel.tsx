import { Loader2 } from 'lucide-react';
import { useState, type FormEvent, type ReactNode } from 'react';
import { EmptyState } from '../../../components/empty-state.tsx';
import { SkeletonRows } from '../../../components/skeleton.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../../components/ui/dialog.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { toast } from '../../../hooks/use-toast.ts';
import { useFormatters } from '../../../hooks/use-formatters.ts';
import { failureText } from '../../../lib/server-text.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { isOwed, useGroupFines, useWaiveFine, type Fine } from '../api/group-fines.ts';
import type { LateFine, Tontine } from '../api/tontine-schema.ts';

/** "500 RWF after 3 days" or "5 % of the contribution after 3 days", in the reader's language. */
export function useLateFineText(): (rule: LateFine) => string {
  const { t } = useTranslation();
  const format = useFormatters();
  return (rule) =>
    t(rule.kind === 'fixed' ? 'tontine.fines.ruleFixed' : 'tontine.fines.rulePercent', {
      amount: format.money(rule.value),
      percent: rule.value,
      count: rule.graceDays,
    });
}

/**
 * The group's late fines (DOMAIN.md "Fines"): the rule, then each fine with whose, which cycle,
 * how much and whether owed, paid or waived (by whom and why, for every member to see). The member
 * pays their own owed fine like a contribution (`renderPay`); the admin may waive an owed one with
 * a reason. On a 360 px phone each fine is a few short lines and its buttons wrap below.
 */
export function FinesPanel({ tontine, renderPay }: { tontine: Tontine; renderPay: (fine: Fine) => ReactNode }) {
  const { t } = useTranslation();
  const ruleText = useLateFineText();
  const fines = useGroupFines(tontine.id);
  const [waiving, setWaiving] = useState<Fine | null>(null);

  if (fines.isPending) return <SkeletonRows count={3} rowClassName="h-16" testId="skeleton-fines" />;
  if (fines.isError) {
    return (
      <div className="flex flex-col items-center gap-3 py-12 text-center" data-testid="text-fines-error">
        <p className="text-sm text-destructive">{t('tontine.fines.loadFailed')}</p>
        <Button size="sm" variant="outline" onClick={() => void fines.refetch()}>
          {t('tontine.books.retry')}
        </Button>
      </div>
    );
  }
  return (
    <div className="grid gap-4" data-testid="panel-fines">
      <Card className="p-4">
        <p className="text-sm font-medium">{t('tontine.fines.rule')}</p>
        <p className="text-sm text-muted-foreground" data-testid="text-fine-rule">
          {tontine.lateFine ? ruleText(tontine.lateFine) : t('tontine.fines.noRule')}
        </p>
      </Card>
      {fines.data.length === 0 ? (
        <EmptyState title={t('tontine.fines.empty')} text={t('tontine.fines.emptyText')} testId="text-fines-empty" />
      ) : (
        <Card className="overflow-hidden">
          <ul className="divide-y divide-border" aria-label={t('tontine.fines.list')}>
            {fines.data.map((fine) => (
              <FineRow key={fine.id} fine={fine} canWaive={tontine.isAdmin === true} onWaive={() => setWaiving(fine)} pay={fine.mine && isOwed(fine) ? renderPay(fine) : null} />
            ))}
          </ul>
        </Card>
      )}
      <WaiveDialog tontineId={tontine.id} fine={waiving} onClose={() => setWaiving(null)} />
    </div>
  );
}

function FineRow({ fine, canWaive, onWaive, pay }: { fine: Fine; canWaive: boolean; onWaive: () => void; pay: ReactNode }) {
  const { t } = useTranslation();
  const format = useFormatters();
  return (
    <li className="grid gap-1 px-4 py-3 text-sm" data-testid="row-fine">
      <div className="grid grid-cols-[minmax(0,1fr)_auto] gap-x-3">
        <p className="min-w-0 font-medium">
          {fine.mine ? t('tontine.fines.mine') : fine.member}
          <span className="font-normal text-muted-foreground"> · {t('tontine.fines.cycle', { cycle: fine.cycle })}</span>
        </p>
        <p className="whitespace-nowrap text-right font-semibold tabular-nums" data-testid="text-fine-amount">
          {format.money(fine.amount)}
        </p>
      </div>
      <p className="text-xs text-muted-foreground">
        <span className="font-medium" data-testid="text-fine-status">
          {t(`tontine.fines.status.${fine.status}`)}
        </span>{' '}
        · {t('tontine.fines.posted', { date: format.date(fine.postedOn) })}
      </p>
      {fine.waiver && (
        <p className="break-words text-xs text-muted-foreground" data-testid="text-fine-waiver">
          {fine.waiver.by === 'admin' ? t('tontine.fines.waivedBy', { name: fine.waiver.actor ?? '', reason: fine.waiver.reason ?? '' }) : t('tontine.fines.waivedByDecision')}
        </p>
      )}
      {(pay || (canWaive && isOwed(fine))) && (
        <div className="mt-1 flex flex-wrap gap-2">
          {pay}
          {canWaive && isOwed(fine) && (
            <Button size="sm" variant="outline" onClick={onWaive} data-testid="button-waive-fine">
              {t('tontine.fines.waive')}
            </Button>
          )}
        </div>
      )}
    </li>
  );
}

function WaiveDialog({ tontineId, fine, onClose }: { tontineId: string; fine: Fine | null; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const format = useFormatters();
  const [reason, setReason] = useState('');
  const waive = useWaiveFine();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!fine) return;
    if (reason.trim().length < 3) {
      toast({ variant: 'destructive', title: t('tontines.create.validationError'), description: t('tontine.fines.reasonRequired') });
      return;
    }
    waive.mutate(
      { tontineId, fineId: fine.id, reason: reason.trim() },
      {
        onSuccess: () => {
          toast({ title: t('tontine.fines.waived') });
          setReason('');
          onClose();
        },
        onError: (error) => toast({ variant: 'destructive', title: t('tontines.toast.error'), description: failureText(i18n, error, t('tontine.fines.waiveFailed')) }),
      },
    );
  };
  return (
    <Dialog open={fine !== null} onOpenChange={(open) => !open && onClose()}>
      {fine && (
        <DialogContent closeLabel={t('common.close')} maxWidth="max-w-md" data-testid="dialog-waive-fine" aria-describedby="waive-fine-description">
          <div className="grid gap-1.5 pr-6">
            <DialogTitle className="text-lg font-semibold">{t('tontine.fines.waiveTitle')}</DialogTitle>
            <DialogDescription id="waive-fine-description" className="text-sm text-muted-foreground">
              {t('tontine.fines.waiveText', { name: fine.member, amount: format.money(fine.amount) })}
            </DialogDescription>
          </div>
          <form className="grid gap-4" onSubmit={submit} noValidate>
            <div className="grid gap-1.5">
              <Label htmlFor="waive-reason">{t('tontine.fines.reason')}</Label>
              <Textarea id="waive-reason" value={reason} maxLength={300} onChange={(event) => setReason(event.target.value)} data-testid="input-waive-reason" />
            </div>
            <Button type="submit" disabled={waive.isPending} data-testid="button-confirm-waive">
              {waive.isPending && <Loader2 className="animate-spin" />}
              {t('tontine.fines.waive')}
            </Button>
          </form>
        </DialogContent>
      )}
    </Dialog>
  );
}
