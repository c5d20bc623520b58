/**
 * Why a business is rejected or suspended, in the screen's language: its code worded from this
 * client's catalogue (`merchantDashboard.statusReasons`), else the server's words (`statusReason`,
 * in the account's language), else nothing.
 */
import type { TFunction } from '../../lib/i18n.ts';
import { isMerchantReasonKey, type MyMerchant } from './api/get-my-merchant.ts';

export function statusReasonText(t: TFunction, merchant: Pick<MyMerchant, 'statusReasonCode' | 'statusReason'>): string | null {
  const code = merchant.statusReasonCode;
  if (isMerchantReasonKey(code)) return t(`merchantDashboard.statusReasons.${code}`);
  return merchant.statusReason ?? null;
}
