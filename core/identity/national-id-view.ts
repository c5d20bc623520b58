/**
 * What a member's national ID card shows (spec part 1 §3 "National ID status"): verified,
 * firstName, lastName, idNumber, phoneNumber, verifiedAt.
 *
 * Guarantees
 * - The number is shown in full only in the owner's view (`ownerView`, answered to the signed-in
 *   owner alone); anywhere else (the audit trail, the admin CLI, a log line) it is at most
 *   `maskNationalId`'s last four digits.
 * - A member with no verified number sees `verified: false` and nothing else.
 */
import type { NationalIdVault, StoredNationalId } from './ports.ts';

export interface NationalIdView {
  readonly verified: boolean;
  readonly firstName: string | null;
  readonly lastName: string | null;
  readonly idNumber: string | null;
  readonly phoneNumber: string | null;
  readonly verifiedAt: Date | null;
}

export const NOT_VERIFIED: NationalIdView = { verified: false, firstName: null, lastName: null, idNumber: null, phoneNumber: null, verifiedAt: null };

/** The owner's own card: the number opened from its ciphertext, in full. */
export function ownerView(row: StoredNationalId, vault: Pick<NationalIdVault, 'open'>): NationalIdView {
  return { ...common(row), idNumber: vault.open(row.sealed.ciphertext, row.id) };
}

function common(row: StoredNationalId): Omit<NationalIdView, 'idNumber'> {
  return { verified: row.status === 'verified', firstName: row.firstName, lastName: row.lastName, phoneNumber: row.phoneNumber, verifiedAt: row.verifiedAt };
}
