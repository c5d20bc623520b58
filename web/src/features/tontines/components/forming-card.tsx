import { Hourglass, Loader2, Play } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../../components/ui/dialog.tsx';
import { useFormatters } from '../../../hooks/use-formatters.ts';
import { toast } from '../../../hooks/use-toast.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { serverErrorText } from '../../../lib/server-text.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useStartTontine } from '../api/start-tontine.ts';
import type { FormingOutlook, Tontine } from '../api/tontine-schema.ts';

/**
 * A forming group's card (issue "Journeys, not screens"): why there is no Pay button yet. The seats
 * left, that the rotation starts by itself when full or earlier by its admin (with at least two
 * members), and when payments would begin: the server's outlook (core/tontines/forming-outlook.ts),
 * never worked out here. Its admin starts the rotation from it, after a confirmation.
 */
export function FormingCard({ tontine, forming }: { tontine: Tontine; forming: FormingOutlook }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const members = tontine.members?.length ?? tontine.maxMembers - forming.seatsLeft;
  const admin = tontine.isAdmin === true;
  const dates = forming.ifStartedToday;
  return (
    <Card className="grid min-w-0 gap-3 p-4 sm:p-5" data-testid="card-forming">
      <div className="flex items-center gap-2">
        <Hourglass className="size-5 shrink-0 text-primary" />
        <h2 className="font-semibold">{t('tontine.forming.title')}</h2>
      </div>
      <p className="text-sm font-medium" data-testid="text-forming-seats">
        {t('tontine.forming.seats', { members, max: tontine.maxMembers, count: forming.seatsLeft })}
      </p>
      <ul className="grid list-disc gap-1.5 pl-5 text-sm text-muted-foreground">
        <li>{t('tontine.forming.startsWhenFull')}</li>
        <li data-testid="text-forming-who-starts">
          {admin
            ? forming.canStartEarly
              ? t('tontine.forming.startEarlyAdmin')
              : t('tontine.forming.startEarlyAdminWaiting')
            : t('tontine.forming.startEarlyOther', { name: forming.startedBy })}
        </li>
        <li data-testid="text-forming-first-due">
          {t('tontine.forming.firstDue', { amount: format.money(tontine.contributionAmount), first: format.date(dates.firstDueDate), second: format.date(dates.secondDueDate) })}
        </li>
      </ul>
      {admin && forming.canStartEarly && <StartRotation tontine={tontine} members={members} />}
    </Card>
  );
}

function StartRotation({ tontine, members }: { tontine: Tontine; members: number }) {
  const { t, i18n } = useTranslation();
  const format = useFormatters();
  const [open, setOpen] = useState(false);
  const start = useStartTontine();
  const confirm = () =>
    start.mutate(tontine.id, {
      onSuccess: () => {
        setOpen(false);
        toast({ title: t('tontines.toast.success'), description: t('tontine.members.started') });
      },
      onError: (error) => {
        const text = error instanceof ApiError ? serverErrorText(i18n, error) : '';
        toast({ variant: 'destructive', title: t('tontines.toast.error'), description: text || t('tontine.members.actionFailed') });
      },
    });
  return (
    <>
      <Button className="w-full sm:w-fit" onClick={() => setOpen(true)} data-testid="button-start-tontine">
        <Play />
        {t('tontine.forming.start')}
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent closeLabel={t('common.close')} data-testid="dialog-start-tontine">
          <DialogTitle className="pr-8 text-lg font-semibold">{t('tontine.forming.confirmTitle')}</DialogTitle>
          <DialogDescription className="text-sm text-muted-foreground">
            {t('tontine.forming.confirmText', { count: members, amount: format.money(tontine.contributionAmount) })}
          </DialogDescription>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="outline" onClick={() => setOpen(false)} data-testid="button-cancel-start">
              {t('tontine.forming.cancel')}
            </Button>
            <Button disabled={start.isPending} onClick={confirm} data-testid="button-confirm-start">
              {start.isPending ? <Loader2 className="animate-spin" /> : <Play />}
              {t('tontine.forming.confirm')}
            </Button>
          </div>
        </DialogContent>
      </Dialog>
    </>
  );
}
