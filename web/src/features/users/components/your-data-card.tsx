import { Download, FileJson, FileText, Loader2, RefreshCw, Trash2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Field } from '../../../components/field.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../../components/ui/dialog.tsx';
import { Skeleton } from '../../../components/skeleton.tsx';
import { useFormatters } from '../../../hooks/use-formatters.ts';
import { toast, toastAfterReload } from '../../../hooks/use-toast.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { failureText } from '../../../lib/server-text.ts';
import { clearSession } from '../../../lib/session.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useConsents, useWithdrawConsent, type Consent } from '../api/consents.ts';
import { forgetExport, storedExportId, useDataExport, useRequestDataExport } from '../api/data-export.ts';
import { AccountDeletionError, useDeleteAccount } from '../api/delete-account.ts';

/** The reasons DELETE /api/me can give (core/data-rights/ports.ts ERASURE_BLOCKERS). */
const BLOCKERS = ['loan_outstanding', 'contribution_due', 'merchant_balance', 'active_rotation'] as const;
type Blocker = (typeof BLOCKERS)[number];
const isBlocker = (code: string): code is Blocker => (BLOCKERS as readonly string[]).includes(code);

/**
 * The profile's "Your data" section (Law 058/2021, issue 28): an export of everything Ikimina
 * holds about the member (asked, followed, downloaded), their consents with a withdrawal each,
 * and the deletion of the account, with the reasons when it is refused.
 */
export function YourDataCard() {
  const { t } = useTranslation();
  return (
    <Card className="grid gap-6 p-6" data-testid="card-your-data">
      <div className="grid gap-1">
        <h2 className="text-lg font-semibold">{t('yourData.title')}</h2>
        <p className="text-sm text-muted-foreground">{t('yourData.subtitle')}</p>
      </div>
      <ExportSection />
      <ConsentsSection />
      <DeleteSection />
    </Card>
  );
}

function ExportSection() {
  const { t, i18n } = useTranslation();
  const format = useFormatters();
  const [exportId, setExportId] = useState(storedExportId);
  const current = useDataExport(exportId);
  const request = useRequestDataExport();
  // An export of 7 days ago is gone (410), another browser's id unknown (404): ask again.
  const gone = current.error instanceof ApiError && (current.error.code === 'export_expired' || current.error.code === 'export_not_found');

  const ask = () =>
    request.mutate(undefined, {
      onSuccess: (id) => setExportId(id),
      onError: (error) => toast({ variant: 'destructive', title: t('yourData.export.failed'), description: failureText(i18n, error, t('yourData.export.failedDescription')) }),
    });
  const again = () => {
    forgetExport();
    setExportId(null);
  };

  return (
    <section className="grid gap-3" aria-labelledby="your-data-export" data-testid="section-data-export">
      <h3 id="your-data-export" className="font-semibold">
        {t('yourData.export.title')}
      </h3>
      <p className="text-sm text-muted-foreground">{t('yourData.export.description')}</p>
      {exportId !== null && current.isPending ? (
        <Skeleton rounded="rounded-xl" className="h-16" />
      ) : exportId !== null && current.isError && !gone ? (
        <div role="alert" className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-border p-3 text-sm" data-testid="state-export-error">
          <p className="text-destructive">{t('yourData.export.loadError')}</p>
          <Button variant="outline" size="sm" onClick={() => void current.refetch()}>
            <RefreshCw />
            {t('profile.retry')}
          </Button>
        </div>
      ) : exportId !== null && current.data?.status === 'pending' ? (
        <p className="flex items-center gap-2 rounded-xl border border-border p-3 text-sm" role="status" data-testid="status-export-pending">
          <Loader2 className="size-4 shrink-0 animate-spin" aria-hidden="true" />
          {t('yourData.export.pending')}
        </p>
      ) : exportId !== null && current.data?.status === 'ready' && current.data.files ? (
        <div className="grid gap-3 rounded-xl border border-border p-3" data-testid="status-export-ready">
          <p className="text-sm">{t('yourData.export.ready', { date: format.date(current.data.expiresAt) })}</p>
          <div className="flex flex-wrap gap-2">
            <Button asChild size="sm">
              <a href={current.data.files.pdf} download data-testid="link-export-pdf">
                <FileText />
                {t('yourData.export.downloadPdf')}
              </a>
            </Button>
            <Button asChild variant="outline" size="sm">
              <a href={current.data.files.json} download data-testid="link-export-json">
                <FileJson />
                {t('yourData.export.downloadJson')}
              </a>
            </Button>
            <Button variant="ghost" size="sm" onClick={again} data-testid="button-export-again">
              {t('yourData.export.again')}
            </Button>
          </div>
        </div>
      ) : (
        <div className="grid gap-2">
          {gone && (
            <p className="text-sm text-muted-foreground" data-testid="status-export-expired">
              {t('yourData.export.expired')}
            </p>
          )}
          <Button className="justify-self-start" onClick={ask} disabled={request.isPending} data-testid="button-request-export">
            {request.isPending ? <Loader2 className="animate-spin" /> : <Download />}
            {t('yourData.export.request')}
          </Button>
        </div>
      )}
    </section>
  );
}

function ConsentsSection() {
  const { t, i18n } = useTranslation();
  const consents = useConsents();
  const withdraw = useWithdrawConsent();

  return (
    <section className="grid gap-3" aria-labelledby="your-data-consents" data-testid="section-consents">
      <h3 id="your-data-consents" className="font-semibold">
        {t('yourData.consents.title')}
      </h3>
      <p className="text-sm text-muted-foreground">{t('yourData.consents.description')}</p>
      {consents.isPending ? (
        <Skeleton rounded="rounded-xl" className="h-40" />
      ) : consents.isError ? (
        <div role="alert" className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-border p-3 text-sm" data-testid="state-consents-error">
          <p className="text-destructive">{t('yourData.consents.loadError')}</p>
          <Button variant="outline" size="sm" onClick={() => void consents.refetch()}>
            <RefreshCw />
            {t('profile.retry')}
          </Button>
        </div>
      ) : (
        <ul className="grid gap-3">
          {consents.data.map((consent) => (
            <ConsentRow
              key={consent.kind}
              consent={consent}
              withdrawing={withdraw.isPending && withdraw.variables === consent.kind}
              onWithdraw={() =>
                withdraw.mutate(consent.kind, {
                  onSuccess: () => toast({ title: t('yourData.consents.withdrawn') }),
                  onError: (error) => toast({ variant: 'destructive', title: t('yourData.consents.failed'), description: failureText(i18n, error, t('yourData.consents.failedDescription')) }),
                })
              }
            />
          ))}
        </ul>
      )}
    </section>
  );
}

function ConsentRow({ consent, withdrawing, onWithdraw }: { consent: Consent; withdrawing: boolean; onWithdraw: () => void }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const detail =
    consent.status === 'given'
      ? t('yourData.consents.givenOn', { date: format.date(consent.givenAt), version: consent.textVersion ?? '—' })
      : consent.status === 'withdrawn'
        ? t('yourData.consents.withdrawnOn', { date: format.date(consent.withdrawnAt), version: consent.textVersion ?? '—' })
        : t(`yourData.consents.notGiven.${consent.kind}`);
  return (
    <li className="grid gap-2 rounded-xl border border-border p-3" data-testid={`row-consent-${consent.kind}`}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="font-medium">{t(`yourData.consents.kind.${consent.kind}`)}</span>
        <Badge variant={consent.status === 'given' ? 'success' : 'outline'} data-testid={`status-consent-${consent.kind}`}>
          {t(`yourData.consents.status.${consent.status}`)}
        </Badge>
      </div>
      <p className="text-sm text-muted-foreground">{detail}</p>
      {consent.status === 'given' && (
        <Button variant="outline" size="sm" className="justify-self-start" onClick={onWithdraw} disabled={withdrawing} data-testid={`button-withdraw-${consent.kind}`}>
          {withdrawing && <Loader2 className="animate-spin" />}
          {t('yourData.consents.withdraw')}
        </Button>
      )}
    </li>
  );
}

function DeleteSection() {
  const { t, i18n } = useTranslation();
  const remove = useDeleteAccount();
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [passwordError, setPasswordError] = useState<string | undefined>();
  const [blockers, setBlockers] = useState<Blocker[]>([]);

  const openDialog = () => {
    setPassword('');
    setPasswordError(undefined);
    setBlockers([]);
    remove.reset();
    setOpen(true);
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (password === '') return setPasswordError(t('yourData.delete.passwordRequired'));
    remove.mutate(password, {
      onSuccess: () => {
        forgetExport();
        clearSession();
        // As for signing out: a reload, so that nothing of the account stays in the page's memory.
        toastAfterReload({ title: t('yourData.delete.done') });
        window.location.replace('/');
      },
      onError: (error) => {
        if (error instanceof AccountDeletionError && error.code === 'account_deletion_blocked') return setBlockers(error.blockers.filter(isBlocker));
        const message = failureText(i18n, error, t('yourData.delete.failed'));
        if (error instanceof ApiError && error.code === 'current_password_incorrect') return setPasswordError(message);
        toast({ variant: 'destructive', title: t('yourData.delete.failedTitle'), description: message });
      },
    });
  };

  return (
    <section className="grid gap-3" aria-labelledby="your-data-delete" data-testid="section-delete-account">
      <h3 id="your-data-delete" className="font-semibold">
        {t('yourData.delete.title')}
      </h3>
      <p className="text-sm text-muted-foreground">{t('yourData.delete.description')}</p>
      <Button variant="destructive" className="justify-self-start" onClick={openDialog} data-testid="button-delete-account">
        <Trash2 />
        {t('yourData.delete.button')}
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent closeLabel={t('yourData.delete.close')} data-testid="dialog-delete-account">
          <DialogTitle className="pr-8 text-lg font-semibold">{t('yourData.delete.dialogTitle')}</DialogTitle>
          {blockers.length > 0 ? (
            <div className="grid gap-3" role="alert" data-testid="state-delete-blocked">
              <DialogDescription className="text-sm">{t('yourData.delete.blocked')}</DialogDescription>
              <ul className="grid list-disc gap-1 pl-5 text-sm">
                {blockers.map((blocker) => (
                  <li key={blocker} data-testid={`blocker-${blocker}`}>
                    {t(`yourData.delete.blocker.${blocker}`)}
                  </li>
                ))}
              </ul>
              <Button variant="outline" className="justify-self-start" onClick={() => setOpen(false)} data-testid="button-delete-blocked-close">
                {t('yourData.delete.understood')}
              </Button>
            </div>
          ) : (
            <form className="grid gap-4" onSubmit={submit} noValidate data-testid="form-delete-account">
              <DialogDescription className="text-sm text-muted-foreground">{t('yourData.delete.warning')}</DialogDescription>
              <Field
                id="delete-account-password"
                label={t('yourData.delete.password')}
                type="password"
                autoComplete="current-password"
                value={password}
                onChange={(event) => {
                  setPassword(event.target.value);
                  setPasswordError(undefined);
                }}
                error={passwordError}
                maxLength={256}
                data-testid="input-delete-password"
              />
              <div className="flex flex-wrap gap-2">
                <Button type="submit" variant="destructive" disabled={remove.isPending} data-testid="button-confirm-delete">
                  {remove.isPending && <Loader2 className="animate-spin" />}
                  {t('yourData.delete.confirm')}
                </Button>
                <Button type="button" variant="outline" onClick={() => setOpen(false)} disabled={remove.isPending} data-testid="button-cancel-delete">
                  {t('yourData.delete.cancel')}
                </Button>
              </div>
            </form>
          )}
        </DialogContent>
      </Dialog>
    </section>
  );
}
