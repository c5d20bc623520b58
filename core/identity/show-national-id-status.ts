/**
 * ShowNationalIdStatus: the signed-in member's national ID card (GET /api/nida/status).
 *
 * Guarantees
 * - It reads the member's own verified number only; there is no way to name another member.
 * - The number is answered in full (the owner is the only reader), decrypted from its row.
 * - An account marked verified without a stored number (the seeded demo accounts) shows
 *   `verified: true` with no details, so the card agrees with what lending reads.
 */
import type { AccountRepository } from '../accounts/ports.ts';
import { NOT_VERIFIED, ownerView, type NationalIdView } from './national-id-view.ts';
import type { NationalIdRepository, NationalIdVault } from './ports.ts';

export interface ShowNationalIdStatusDeps {
  nationalIds: NationalIdRepository;
  vault: NationalIdVault;
  accounts: Pick<AccountRepository, 'findById'>;
}

export class ShowNationalIdStatus {
  constructor(private readonly deps: ShowNationalIdStatusDeps) {}

  async execute(input: { memberId: string }): Promise<NationalIdView> {
    const current = await this.deps.nationalIds.currentOf(input.memberId);
    if (current) return ownerView(current, this.deps.vault);
    const account = await this.deps.accounts.findById(input.memberId);
    return account?.nidaVerified ? { ...NOT_VERIFIED, verified: true } : NOT_VERIFIED;
  }
}
