/**
 * The smallest and largest payment a customer makes to a merchant, in whole francs: one range for
 * the public pay page and USSD "Pay a merchant" (their amount readers take it from here).
 */
import { Money } from '../money/money.ts';

export const MERCHANT_PAYMENT_BOUNDS = { min: Money.ofFrancs(100), max: Money.ofFrancs(5_000_000), wholeFrancs: true } as const;
