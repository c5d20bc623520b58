import { IdCard, ScanFace, ShieldCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/badge.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';

/**
 * The Verification tab (spec part 1 §2.6), for now: each card shows the member's state; the
 * forms are shown disabled because verification itself arrives in a later release.
 */
export function VerificationCards({ nidaVerified, kycVerified }: { nidaVerified: boolean; kycVerified: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="grid gap-6">
      <p className="rounded-xl border border-dashed border-border px-4 py-3 text-sm text-muted-foreground" data-testid="text-verification-later">
        {t('verification.later')}
      </p>
      <div className="grid gap-6 lg:grid-cols-2">
        <Card className="grid content-start gap-4 p-5" data-testid="card-national-id">
          <Header icon={IdCard} title={t('verification.nationalId.title')} verified={nidaVerified} />
          {!nidaVerified && (
            <fieldset disabled className="grid gap-3 opacity-70">
              <DisabledField id="nida-id" label={t('verification.nationalId.idNumber')} hint={t('verification.nationalId.idHint')} />
              <DisabledField id="nida-phone" label={t('verification.nationalId.phone')} hint={t('verification.nationalId.phoneHint')} />
              <div className="grid gap-3 sm:grid-cols-2">
                <DisabledField id="nida-first" label={t('auth.firstName')} />
                <DisabledField id="nida-last" label={t('auth.lastName')} />
              </div>
            </fieldset>
          )}
        </Card>
        <Card className="grid content-start gap-4 p-5" data-testid="card-facial-kyc">
          <Header icon={ScanFace} title={t('verification.face.title')} verified={kycVerified} />
          {!kycVerified && <p className="text-sm text-muted-foreground">{t('verification.face.text')}</p>}
        </Card>
      </div>
    </div>
  );
}

function Header({ icon: Icon, title, verified }: { icon: typeof IdCard; title: string; verified: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="flex items-center justify-between gap-3">
      <h2 className="flex items-center gap-2 font-semibold">
        <Icon className="size-5 text-primary" />
        {title}
      </h2>
      {verified ? (
        <Badge variant="success">
          <ShieldCheck className="size-3" />
          {t('verification.verified')}
        </Badge>
      ) : (
        <Badge variant="outline">{t('verification.notVerified')}</Badge>
      )}
    </div>
  );
}

function DisabledField({ id, label, hint }: { id: string; label: string; hint?: string }) {
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Input id={id} placeholder={hint} />
    </div>
  );
}
