/**
 * The member's merchants (GET /api/merchants/user/merchants) and the first one (GET /api/merchants/me).
 *
 * Guarantees
 * - The member's own merchants only, oldest first (the first is the screens' default).
 */
import type { RegisteredMerchant } from './merchant-profile.ts';
import type { MerchantRegistry } from './ports.ts';

/** The member's merchants (GET /api/merchants/user/merchants) and the first one (GET /api/merchants/me). */
export class ListOwnMerchants {
  constructor(private readonly deps: { registry: Pick<MerchantRegistry, 'listByOwner'> }) {}

  execute(input: { userId: string }): Promise<RegisteredMerchant[]> {
    return this.deps.registry.listByOwner(input.userId);
  }
}
