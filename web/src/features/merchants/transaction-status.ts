/**
 * A payment's status on the owner's transactions list, in the screen's language, with the line
 * under it: reversed (when and why), or a card refund under way — the payment still reads
 * `completed` on the server (nothing is booked until the card is refunded), so the list says
 * "Refund pending" rather than letting the owner count it as theirs.
 */
import { knownStatus } from '../../components/status-badge.tsx';
import type { TFunction } from '../../lib/i18n.ts';
import type { MerchantTransaction } from './api/merchant-schemas.ts';

export interface TransactionStatusText {
  readonly label: string;
  /** `done` a standing sale, `waiting` a refund under way, `over` anything else. */
  readonly tone: 'done' | 'waiting' | 'over';
  readonly note: string | null;
}

export function transactionStatusText(t: TFunction, date: (iso: string) => string, transaction: Pick<MerchantTransaction, 'status' | 'reversedAt' | 'reversalReason' | 'refund'>): TransactionStatusText {
  if (transaction.status === 'completed' && transaction.refund?.status === 'pending') {
    return { label: t('merchantPayments.refundPending'), tone: 'waiting', note: t('merchantPayments.refundPendingOn', { date: date(transaction.refund.requestedAt) }) };
  }
  const label = t(`businessStatus.${knownStatus(transaction.status)}`);
  if (transaction.status === 'reversed') {
    return { label, tone: 'over', note: t('merchantPayments.reversedOn', { date: transaction.reversedAt ? date(transaction.reversedAt) : '—', reason: transaction.reversalReason ?? '' }) };
  }
  return { label, tone: transaction.status === 'completed' ? 'done' : 'over', note: null };
}
