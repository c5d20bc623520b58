/**
 * WithdrawBiometricConsent: the member takes back their consent to the comparison of their face.
 *
 * Guarantees
 * - After a withdrawal no comparison runs until the member consents again (VerifyFace asks for a
 *   consent in force); a verification already made stays, and so do the decisions on record.
 * - A withdrawal is on the audit trail, in the unit of work that records it; withdrawing with no
 *   consent in force changes nothing.
 */
import type { AuditTrail } from '../audit/ports.ts';
import type { Clock } from '../shared/clock.ts';
import type { UnitOfWork } from '../shared/unit-of-work.ts';
import type { BiometricConsents } from './ports.ts';

export interface WithdrawBiometricConsentDeps {
  consents: BiometricConsents;
  audit: AuditTrail;
  uow: UnitOfWork;
  clock: Clock;
}

export class WithdrawBiometricConsent {
  constructor(private readonly deps: WithdrawBiometricConsentDeps) {}

  /** Answers whether a consent was in force. */
  execute(input: { memberId: string }): Promise<{ withdrawn: boolean }> {
    const { consents, audit, uow, clock } = this.deps;
    return uow.run(async () => {
      const count = await consents.withdraw(input.memberId, clock.now());
      if (count > 0) await audit.record({ action: 'biometric_consent_withdrawn', actor: `member:${input.memberId}`, subject: `member:${input.memberId}` });
      return { withdrawn: count > 0 };
    });
  }
}
