import { useTranslation } from '../../../lib/use-translation.ts';
import { Badge } from '../../../components/ui/badge.tsx';

const KNOWN = ['forming', 'active', 'completed', 'cancelled'] as const;
type Known = (typeof KNOWN)[number];
const isKnown = (status: string): status is Known => (KNOWN as readonly string[]).includes(status);

const VARIANT = { forming: 'warning', active: 'success', completed: 'secondary', cancelled: 'outline' } as const;

/** Spec part 1 §3: the status is shown as given, 'Active' when the server sent none; known values are translated. */
export function TontineStatusBadge({ status, testId }: { status: string | null | undefined; testId: string }) {
  const { t } = useTranslation();
  const value = status || 'active';
  return (
    <Badge variant={isKnown(value) ? VARIANT[value] : 'secondary'} data-testid={testId}>
      {isKnown(value) ? t(`tontineStatus.${value}`) : value}
    </Badge>
  );
}
