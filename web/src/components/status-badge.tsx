import { useTranslation } from '../lib/use-translation.ts';
import { Badge } from './ui/badge.tsx';

const KNOWN = ['active', 'pending', 'suspended', 'inactive', 'verified', 'rejected', 'revoked', 'completed', 'processing', 'failed', 'paid', 'reversed'] as const;
type Known = (typeof KNOWN)[number];

const VARIANT: Record<Known, 'success' | 'warning' | 'destructive' | 'secondary' | 'outline'> = {
  active: 'success',
  verified: 'success',
  completed: 'success',
  paid: 'success',
  pending: 'warning',
  processing: 'warning',
  suspended: 'destructive',
  rejected: 'destructive',
  revoked: 'destructive',
  failed: 'destructive',
  inactive: 'secondary',
  // A payment taken back by an admin, or a commission taken back with it: over, neither paid nor failed.
  reversed: 'secondary',
};

/** The status a badge shows: one of the known values, anything else read as pending (spec part 2 §4). */
export function knownStatus(status: string | null | undefined): Known {
  return (KNOWN as readonly string[]).includes(status ?? '') ? (status as Known) : 'pending';
}

/** Agent accreditation, merchant, KYB, commission, transaction and settlement statuses. */
export function StatusBadge({ status, label, testId }: { status: string | null | undefined; label?: (text: string) => string; testId?: string }) {
  const { t } = useTranslation();
  const known = knownStatus(status);
  const text = t(`businessStatus.${known}`);
  return (
    <Badge variant={VARIANT[known]} data-testid={testId} data-status={known}>
      {label === undefined ? text : label(text)}
    </Badge>
  );
}
