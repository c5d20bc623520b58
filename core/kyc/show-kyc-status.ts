/**
 * ShowKycStatus: the member reads their facial KYC standing (the dashboard's KYC card, the profile).
 *
 * Guarantees
 * - Answers the member's own record only: whether they are verified, with the confidence and
 *   instant of their last successful comparison, the photos they saved, whether the registry has
 *   an ID photo of them, and whether their consent to biometric processing is in force for the
 *   current consent text (with that text in every language, to be shown before asking).
 */
import type { Language } from '../accounts/user.ts';
import { BIOMETRIC_CONSENT } from './biometric-consent.ts';
import type { BiometricConsents, KycRecords, RegistryIdPhotos } from './ports.ts';

export interface ShowKycStatusDeps {
  records: KycRecords;
  consents: BiometricConsents;
  registryPhotos: RegistryIdPhotos;
}

export interface KycStatus {
  verified: boolean;
  matchConfidence: number | null;
  verifiedAt: Date | null;
  idPhotoPath: string | null;
  selfiePath: string | null;
  /** The national-ID registry gave an ID photo: it is the one compared, whatever the member uploads. */
  registryIdPhoto: boolean;
  consent: { given: boolean; version: string; texts: Readonly<Record<Language, string>>; givenAt: Date | null };
}

export class ShowKycStatus {
  constructor(private readonly deps: ShowKycStatusDeps) {}

  async execute(input: { memberId: string }): Promise<KycStatus> {
    const { records, consents, registryPhotos } = this.deps;
    const [record, consent, registryPhoto] = await Promise.all([
      records.recordOf(input.memberId),
      consents.activeConsentOf(input.memberId),
      registryPhotos.registryPhotoOf(input.memberId),
    ]);
    const current = consent?.textVersion === BIOMETRIC_CONSENT.version ? consent : undefined;
    return {
      verified: record.verified,
      matchConfidence: record.verified ? (record.matchConfidence ?? null) : null,
      verifiedAt: record.verified ? (record.verifiedAt ?? null) : null,
      idPhotoPath: record.idPhotoPath ?? null,
      selfiePath: record.selfiePath ?? null,
      registryIdPhoto: registryPhoto !== undefined,
      consent: { given: current !== undefined, version: BIOMETRIC_CONSENT.version, texts: BIOMETRIC_CONSENT.texts, givenAt: current?.givenAt ?? null },
    };
  }
}
