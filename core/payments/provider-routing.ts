/**
 * Which mobile-money provider a payment to or from a number goes through: the payer's (or
 * payee's) own network decides, since a wallet lives at its operator (078/079 MTN MoMo, 072/073
 * Airtel Money, core/identity/phone-number.ts).
 *
 * Guarantees
 * - A Rwandan mobile number goes to its operator's provider when that provider is configured, and
 *   to none otherwise (asking MTN to collect from an Airtel wallet can only fail: the member is
 *   told the number cannot be used instead).
 * - Any other number (a provider's own test number, such as MTN's sandbox 46733123450) goes to
 *   the one provider configured, and to none when several are: there is nothing to choose by.
 * - Pure: no I/O, the same answer for the same number and providers.
 */
import { normalisePhoneNumber, operatorOf, type Operator } from '../identity/phone-number.ts';

/** The live providers a deployment can be configured with. */
export type LiveProvider = Operator;

export function routeMobileMoney(msisdn: string, configured: readonly LiveProvider[]): LiveProvider | undefined {
  const rwandan = normalisePhoneNumber(msisdn);
  if (rwandan.ok) {
    const operator = operatorOf(rwandan.value);
    return configured.includes(operator) ? operator : undefined;
  }
  return configured.length === 1 ? configured[0] : undefined;
}
