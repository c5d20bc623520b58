import { Loader2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useNavigate } from 'react-router-dom';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../../components/ui/dialog.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { Check } from '../../../components/ui/check.tsx';
import { toast } from '../../../hooks/use-toast.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { serverErrorText } from '../../../lib/server-text.ts';
import { useCreateTontine } from '../api/create-tontine.ts';
import { CREATE_FREQUENCIES, DEFAULT_CREATE_FREQUENCY, DEFAULT_GRACE_DAYS, FINE_KINDS, validateCreateTontine, type CreateTontineForm, type FineKind } from '../create-tontine-input.ts';

const EMPTY: CreateTontineForm = { name: '', description: '', contributionAmount: '', frequency: DEFAULT_CREATE_FREQUENCY, maxMembers: '', fineKind: 'none', fineValue: '', graceDays: '' };
const SELECT_CLASS = 'h-10 max-sm:h-11 rounded-lg border border-input bg-background px-3 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring';
const isFineKind = (value: string): value is FineKind => (FINE_KINDS as readonly string[]).includes(value);

/**
 * Create Tontine (spec part 1 §2.7, §5): 'Validation Error' toasts, then /tontines/{id} on success.
 * `initial` fills the form (personal savings for what a loan still needs, from the Loans page).
 */
export function CreateTontineDialog({ open, onOpenChange, initial }: { open: boolean; onOpenChange: (open: boolean) => void; initial?: CreateTontineForm | undefined }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const [form, setForm] = useState<CreateTontineForm>(initial ?? EMPTY);
  const create = useCreateTontine();
  const set = (field: keyof CreateTontineForm) => (event: { target: { value: string } }) => setForm((current) => ({ ...current, [field]: event.target.value }));
  const fineKind = form.fineKind ?? 'none';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = validateCreateTontine(form);
    if (!checked.ok) {
      toast({ variant: 'destructive', title: t('tontines.create.validationError'), description: t(`tontines.create.${checked.problem}`) });
      return;
    }
    create.mutate(checked.input, {
      onSuccess: (tontine) => {
        toast({ title: t('tontines.toast.success'), description: t('tontines.toast.created') });
        setForm(EMPTY);
        onOpenChange(false);
        void navigate(`/tontines/${tontine.id}`);
      },
      onError: (error) => {
        const text = error instanceof ApiError ? serverErrorText(i18n, error) : '';
        toast({ variant: 'destructive', title: t('tontines.toast.error'), description: text || t('tontines.toast.createFailed') });
      },
    });
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {open && (
        <DialogContent closeLabel={t('common.close')} maxWidth="max-w-lg" data-testid="dialog-create-tontine" aria-describedby="create-tontine-description">
          <div className="grid gap-1.5 pr-6">
            <DialogTitle className="text-xl font-semibold">{t('tontines.create.title')}</DialogTitle>
            <DialogDescription id="create-tontine-description" className="text-sm text-muted-foreground">
              {t('tontines.create.description')}
            </DialogDescription>
          </div>
          {/* noValidate: the specification's own messages are shown, not the browser's. */}
          <form className="grid gap-4" onSubmit={submit} noValidate>
            <div className="grid gap-1.5">
              <Label htmlFor="tontine-name">{t('tontines.create.name')}</Label>
              <Input id="tontine-name" value={form.name} onChange={set('name')} placeholder={t('tontines.create.namePlaceholder')} data-testid="input-tontine-name" />
            </div>
            <div className="grid gap-1.5">
              <Label htmlFor="tontine-description">{t('tontines.create.descriptionLabel')}</Label>
              <Textarea
                id="tontine-description"
                value={form.description}
                onChange={set('description')}
                placeholder={t('tontines.create.descriptionPlaceholder')}
                data-testid="input-tontine-description"
              />
            </div>
            <div className="grid gap-4 sm:grid-cols-2">
              <div className="grid gap-1.5">
                <Label htmlFor="tontine-amount">{t('tontines.create.amount')}</Label>
                <Input
                  id="tontine-amount"
                  inputMode="decimal"
                  value={form.contributionAmount}
                  onChange={set('contributionAmount')}
                  placeholder="5000"
                  data-testid="input-tontine-amount"
                />
              </div>
              <div className="grid gap-1.5">
                <Label htmlFor="tontine-frequency">{t('tontines.create.frequency')}</Label>
                <select
                  id="tontine-frequency"
                  value={form.frequency}
                  onChange={(event) => setForm((current) => ({ ...current, frequency: event.target.value === 'weekly' ? 'weekly' : 'monthly' }))}
                  className={SELECT_CLASS}
                  data-testid="select-tontine-frequency"
                >
                  {CREATE_FREQUENCIES.map((frequency) => (
                    <option key={frequency} value={frequency}>
                      {t(`frequency.${frequency}`)}
                    </option>
                  ))}
                </select>
              </div>
            </div>
            <div className="grid gap-1.5">
              <Label htmlFor="tontine-max-members">{t('tontines.create.maxMembers')}</Label>
              <Input
                id="tontine-max-members"
                inputMode="numeric"
                value={form.maxMembers}
                onChange={set('maxMembers')}
                placeholder="10"
                aria-describedby="tontine-max-members-hint"
                data-testid="input-tontine-max-members"
              />
              <p id="tontine-max-members-hint" className="text-xs text-muted-foreground">
                {t('tontines.create.maxMembersHint')}
              </p>
            </div>
            <div className="grid gap-1">
              <Check checked={form.unanimity === true} onChange={(unanimity) => setForm((current) => ({ ...current, unanimity }))} testId="check-tontine-unanimity">
                {t('tontines.create.unanimity')}
              </Check>
              <p className="pl-7 text-xs text-muted-foreground">{t('tontines.create.unanimityHint')}</p>
            </div>
            {/* min-w-0: a fieldset is at least as wide as its content, so a long option would widen the dialog. */}
            <fieldset className="grid min-w-0 gap-3 rounded-lg border border-border p-3" data-testid="fieldset-late-fine">
              <legend className="px-1 text-sm font-medium">{t('tontines.create.fine')}</legend>
              <p id="tontine-fine-hint" className="text-xs text-muted-foreground">
                {t('tontines.create.fineHint')}
              </p>
              <div className="grid gap-1.5">
                <Label htmlFor="tontine-fine-kind">{t('tontines.create.fineKind')}</Label>
                <select
                  id="tontine-fine-kind"
                  value={fineKind}
                  onChange={(event) => {
                    const value = event.target.value;
                    if (isFineKind(value)) setForm((current) => ({ ...current, fineKind: value }));
                  }}
                  aria-describedby="tontine-fine-hint"
                  className={`${SELECT_CLASS} w-full min-w-0`}
                  data-testid="select-tontine-fine-kind"
                >
                  {FINE_KINDS.map((kind) => (
                    <option key={kind} value={kind}>
                      {t(`tontines.create.fineKinds.${kind}`)}
                    </option>
                  ))}
                </select>
              </div>
              {fineKind !== 'none' && (
                <div className="grid gap-4 sm:grid-cols-2">
                  <div className="grid gap-1.5">
                    <Label htmlFor="tontine-fine-value">{t(fineKind === 'fixed' ? 'tontines.create.fineFixed' : 'tontines.create.finePercent')}</Label>
                    <Input
                      id="tontine-fine-value"
                      inputMode="numeric"
                      value={form.fineValue ?? ''}
                      onChange={set('fineValue')}
                      placeholder={fineKind === 'fixed' ? '500' : '5'}
                      data-testid="input-tontine-fine-value"
                    />
                  </div>
                  <div className="grid gap-1.5">
                    <Label htmlFor="tontine-grace-days">{t('tontines.create.graceDays')}</Label>
                    <Input
                      id="tontine-grace-days"
                      inputMode="numeric"
                      value={form.graceDays ?? ''}
                      onChange={set('graceDays')}
                      placeholder={String(DEFAULT_GRACE_DAYS)}
                      data-testid="input-tontine-grace-days"
                    />
                  </div>
                </div>
              )}
            </fieldset>
            <Button type="submit" disabled={create.isPending} data-testid="button-submit-tontine">
              {create.isPending && <Loader2 className="animate-spin" />}
              {create.isPending ? t('tontines.create.creating') : t('tontines.create.submit')}
            </Button>
          </form>
        </DialogContent>
      )}
    </Dialog>
  );
}
