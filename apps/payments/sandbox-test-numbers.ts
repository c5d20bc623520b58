/**
 * Sandbox test numbers. In sandbox mode (no real provider configured) a member can pay with
 * MTN's own sandbox test numbers (PROVIDERS.md §2a), and a Rwandan number ending in the same last
 * three digits 450–454 behaves like the matching test number, so a demo member with an ordinary
 * Rwandan phone can see a payment fail, time out or stay pending.
 *
 * Guarantees
 * - Only the provider sees the test twin: the payment keeps the member's own number.
 * - Every other number passes through unchanged, so it succeeds as at MTN's sandbox.
 * - An Airtel number (072/073) is never twinned: the sandbox plays Airtel for it and reads the
 *   same last three digits itself (adapters/mobile-money/airtel-sandbox.ts).
 */
import { normalisePhoneNumber } from '../../core/identity/phone-number.ts';
import type { MobileMoney, MobileMoneyRequest } from '../../core/payments/ports.ts';
import { MTN_SANDBOX_NUMBERS } from '../../adapters/mobile-money/mtn-sandbox.ts';

const SANDBOX_NUMBERS = new Set<string>(Object.values(MTN_SANDBOX_NUMBERS));
const RWANDAN_TEST_SUFFIX = /^\+2507\d{5}(45[0-4])$/;

/** A number the sandbox can be asked to collect from: Rwandan mobile, or one of MTN's test numbers. */
export function sandboxPayableNumber(text: string): string | undefined {
  const digits = text.trim().replace(/[\s\-.()]/g, '').replace(/^\+/, '');
  if (SANDBOX_NUMBERS.has(digits)) return `+${digits}`;
  const rwandan = normalisePhoneNumber(text);
  return rwandan.ok ? rwandan.value : undefined;
}

/** The MTN sandbox number a Rwandan test number stands for; the number itself otherwise. */
export function sandboxTwin(msisdn: string): string {
  if (/^\+2507[23]/.test(msisdn)) return msisdn;
  const suffix = RWANDAN_TEST_SUFFIX.exec(msisdn)?.[1];
  return suffix === undefined ? msisdn : `+46733123${suffix}`;
}

export class SandboxTestNumbers implements MobileMoney {
  constructor(private readonly inner: MobileMoney) {}

  requestToPay(request: MobileMoneyRequest) {
    return this.inner.requestToPay({ ...request, msisdn: sandboxTwin(request.msisdn) });
  }

  transfer(request: MobileMoneyRequest) {
    return this.inner.transfer({ ...request, msisdn: sandboxTwin(request.msisdn) });
  }

  collectionStatus(...args: Parameters<MobileMoney['collectionStatus']>) {
    return this.inner.collectionStatus(...args);
  }

  transferStatus(...args: Parameters<MobileMoney['transferStatus']>) {
    return this.inner.transferStatus(...args);
  }
}
