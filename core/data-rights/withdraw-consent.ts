/**
 * WithdrawConsent: the member withdraws a consent as easily as they gave it (Law 058/2021 Art. 8):
 * one call, no reason asked.
 *
 * Guarantees
 * - From the withdrawal the processing stops: a withdrawn credit-scoring consent is no consent to
 *   AssessCredit or ApplyForLoan (`scoring_consent_required` until given again), a withdrawn
 *   biometric consent none to VerifyFace (core/kyc/withdraw-biometric-consent.ts, called here).
 * - Withdrawing what is not in force changes nothing and is not an error (`withdrawn: false`).
 * - A withdrawal is on the audit trail with the withdrawal it records.
 */
import type { AuditTrail } from '../audit/ports.ts';
import type { ScoringConsents } from '../credit/ports.ts';
import type { WithdrawBiometricConsent } from '../kyc/withdraw-biometric-consent.ts';
import type { Clock } from '../shared/clock.ts';
import type { UnitOfWork } from '../shared/unit-of-work.ts';
import type { ConsentKind } from './ports.ts';

export interface WithdrawConsentDeps {
  scoring: ScoringConsents;
  biometrics: Pick<WithdrawBiometricConsent, 'execute'>;
  audit: AuditTrail;
  uow: UnitOfWork;
  clock: Clock;
}

export class WithdrawConsent {
  constructor(private readonly deps: WithdrawConsentDeps) {}

  async execute(input: { memberId: string; kind: ConsentKind }): Promise<{ withdrawn: boolean }> {
    const { scoring, biometrics, audit, uow, clock } = this.deps;
    switch (input.kind) {
      case 'biometrics':
        return biometrics.execute({ memberId: input.memberId });
      case 'credit_scoring':
        return uow.run(async () => {
          const withdrawn = await scoring.withdraw(input.memberId, clock.now());
          if (withdrawn) await audit.record({ action: 'scoring_consent_withdrawn', actor: `member:${input.memberId}`, subject: `member:${input.memberId}` });
          return { withdrawn };
        });
      case 'marketing':
        // Never asked, so never in force (list-consents.ts).
        return { withdrawn: false };
    }
  }
}
