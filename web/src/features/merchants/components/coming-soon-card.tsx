import { Sparkles } from 'lucide-react';
import { useTranslation } from '../../../lib/use-translation.ts';
import { Card } from '../../../components/ui/card.tsx';

/**
 * 'Coming Soon' (spec part 2 §2) lists only what is still not built: the payment gateway,
 * transaction history, settlement reports and business analytics of the spec's list now exist,
 * card payments do not.
 */
export function ComingSoonCard() {
  const { t } = useTranslation();
  return (
    <Card className="p-5" data-testid="card-coming-soon">
      <h2 className="mb-3 flex items-center gap-2 text-lg font-semibold">
        <Sparkles className="size-5 text-primary" />
        {t('business.comingSoon')}
      </h2>
      <ul className="list-inside list-disc text-sm text-muted-foreground">
        <li>{t('business.cardPayments')}</li>
      </ul>
    </Card>
  );
}
