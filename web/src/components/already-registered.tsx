import { CheckCircle2 } from 'lucide-react';
import { useTranslation } from '../lib/use-translation.ts';
import { Link } from 'react-router-dom';
import { Button } from './ui/button.tsx';
import { Card } from './ui/card.tsx';

export interface AlreadyRegisteredProps {
  /** The agent or merchant form whose texts it shows (`alreadyText`, `goToDashboard`). */
  form: 'agentRegister' | 'merchantRegister';
  /** The dashboard the member already has. */
  dashboard: string;
  testId: string;
  linkTestId: string;
}

/**
 * What /agent/register and /merchant/register show instead of their form to a member already
 * registered (spec part 2, agent and merchant registration): *Already Registered*, and the way
 * to the dashboard they have.
 */
export function AlreadyRegistered({ form, dashboard, testId, linkTestId }: AlreadyRegisteredProps) {
  const { t } = useTranslation();
  return (
    <div className="mx-auto max-w-xl px-4 py-10">
      <Card className="flex flex-col items-center gap-4 p-8 text-center" data-testid={testId}>
        <CheckCircle2 className="size-12 text-emerald-600" />
        <h1 className="text-2xl font-bold">{t('business.alreadyRegistered')}</h1>
        <p className="text-muted-foreground">{t(`${form}.alreadyText`)}</p>
        <Button asChild>
          <Link to={dashboard} data-testid={linkTestId}>
            {t(`${form}.goToDashboard`)}
          </Link>
        </Button>
      </Card>
    </div>
  );
}
