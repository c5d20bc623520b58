/**
 * ShowNationalIdStatus: the signed-in member's national ID card (GET /api/nida/status).
 *
 * Guarantees
 * - It reads the member's own verified number only; there is no way to name another member.
 * - The number is answered in full (the owner is the only reader), decrypted from its row.
 */
import { NOT_VERIFIED, ownerView, type NationalIdView } from './national-id-view.ts';
import type { NationalIdRepository, NationalIdVault } from './ports.ts';

export interface ShowNationalIdStatusDeps {
  nationalIds: NationalIdRepository;
  vault: NationalIdVault;
}

export class ShowNationalIdStatus {
  constructor(private readonly deps: ShowNationalIdStatusDeps) {}

  async execute(input: { memberId: string }): Promise<NationalIdView> {
    const current = await this.deps.nationalIds.currentOf(input.memberId);
    return current ? ownerView(current, this.deps.vault) : NOT_VERIFIED;
  }
}
