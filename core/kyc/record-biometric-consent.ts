/**
 * RecordBiometricConsent: the member consents to the comparison of their face (asked and recorded
 * before the first comparison; Law 058/2021).
 *
 * Guarantees
 * - A consent names the member, the instant and the version of the text they were shown; only the
 *   current version can be accepted (`consent_version_outdated` otherwise: the member has not read
 *   the text in force). The language they read it in, when the screen says, is on the audit trail.
 * - Consenting again to the version in force changes nothing and answers the consent recorded.
 * - Each consent is on the audit trail, in the unit of work that records it.
 */
import type { AuditTrail } from '../audit/ports.ts';
import type { Language } from '../accounts/user.ts';
import type { Clock, IdGenerator } from '../shared/clock.ts';
import { err, ok, type Result } from '../shared/result.ts';
import type { UnitOfWork } from '../shared/unit-of-work.ts';
import { BIOMETRIC_CONSENT } from './biometric-consent.ts';
import type { BiometricConsent, BiometricConsents } from './ports.ts';

export interface RecordBiometricConsentDeps {
  consents: BiometricConsents;
  audit: AuditTrail;
  uow: UnitOfWork;
  clock: Clock;
  ids: IdGenerator;
}

export type RecordBiometricConsentError = 'consent_version_outdated';

export class RecordBiometricConsent {
  constructor(private readonly deps: RecordBiometricConsentDeps) {}

  execute(input: { memberId: string; version: string; language?: Language }): Promise<Result<BiometricConsent, RecordBiometricConsentError>> {
    const { consents, audit, uow, clock, ids } = this.deps;
    if (input.version !== BIOMETRIC_CONSENT.version) return Promise.resolve(err('consent_version_outdated'));
    return uow.run(async () => {
      const active = await consents.activeConsentOf(input.memberId);
      if (active?.textVersion === BIOMETRIC_CONSENT.version) return ok(active);
      const consent: BiometricConsent = { id: ids.newId(), memberId: input.memberId, textVersion: BIOMETRIC_CONSENT.version, givenAt: clock.now() };
      await consents.record(consent);
      await audit.record({
        action: 'biometric_consent_given',
        actor: `member:${input.memberId}`,
        subject: `member:${input.memberId}`,
        details: { consentId: consent.id, textVersion: consent.textVersion, ...(input.language ? { language: input.language } : {}) },
      });
      return ok(consent);
    });
  }
}
