/**
 * A member registers a business (/merchant/register). The form's rules are checked at the edge
 * (zod, the specification's messages); this use case keeps the rules that need the records.
 *
 * Guarantees
 * - The merchant starts `pending` with KYB `pending`; an admin verifies or rejects the KYB
 *   (core/merchants/decide-merchant.ts). A member may own several merchants.
 * - The merchant code is unique (`merchant_code_taken`), also when two registrations race.
 * - A referring agent must be an `active` agent (`agent_not_found` otherwise, as for an unknown
 *   id): an agent earns commission only on merchants it onboarded while accredited.
 * - A member's own agent profile never refers their own business (`own_business_referral`): the
 *   commission would be a rebate of the fee to the payee, not pay for onboarding someone else.
 * - Settlements are paid to the business phone number through the configured provider.
 * - A member has at most MAX_PENDING_MERCHANTS businesses awaiting KYB (`too_many_pending_merchants`
 *   beyond): one account cannot hold every well-known code while no admin has looked at it.
 */
import type { AgentRegistry } from '../agents/ports.ts';
import type { MobileMoneyProvider } from '../payments/ports.ts';
import type { Clock, IdGenerator } from '../shared/clock.ts';
import { err, ok, type Result } from '../shared/result.ts';
import type { UnitOfWork } from '../shared/unit-of-work.ts';
import type { MerchantProfile, RegisteredMerchant } from './merchant-profile.ts';
import type { MerchantRegistry } from './ports.ts';

export type RegisterMerchantInput = Omit<MerchantProfile, 'createdAt' | 'qrGeneratedAt' | 'statusReasonCode' | 'statusReasonNote'> & {
  ownerId: string;
  merchantCode: string;
  businessName: string;
  onboardedByAgentId: string | null;
};

/** Enough for an owner of several shops registering them together; a verified or rejected one frees a place. */
export const MAX_PENDING_MERCHANTS = 5;

export class RegisterMerchant {
  constructor(
    private readonly deps: {
      registry: MerchantRegistry;
      agents: Pick<AgentRegistry, 'findRegistered'>;
      payoutProvider: (msisdn: string) => MobileMoneyProvider;
      uow: UnitOfWork;
      clock: Clock;
      ids: IdGenerator;
    },
  ) {}

  async execute(input: RegisterMerchantInput): Promise<Result<RegisteredMerchant, 'merchant_code_taken' | 'agent_not_found' | 'own_business_referral' | 'too_many_pending_merchants'>> {
    const { registry, agents, uow, clock, ids, payoutProvider } = this.deps;
    return uow.run(async () => {
      if (input.onboardedByAgentId !== null) {
        const agent = await agents.findRegistered(input.onboardedByAgentId);
        if (!agent || agent.accreditationStatus !== 'active') return err('agent_not_found');
        if (agent.userId === input.ownerId) return err('own_business_referral');
      }
      if (await registry.findByCode(input.merchantCode)) return err('merchant_code_taken');
      const awaiting = (await registry.listByOwner(input.ownerId)).filter((m) => m.merchantStatus === 'pending').length;
      if (awaiting >= MAX_PENDING_MERCHANTS) return err('too_many_pending_merchants');
      const { onboardedByAgentId, ...rest } = input;
      const merchant: RegisteredMerchant = {
        ...rest,
        id: ids.newId(),
        merchantStatus: 'pending',
        kybStatus: 'pending',
        ...(onboardedByAgentId !== null ? { onboardedByAgentId } : {}),
        payoutWallet: { provider: payoutProvider(input.phoneNumber), msisdn: input.phoneNumber },
        createdAt: clock.now(),
        qrGeneratedAt: null,
        statusReasonCode: null,
        statusReasonNote: null,
      };
      const stored = await registry.register(merchant);
      return stored === 'registered' ? ok(merchant) : err(stored);
    });
  }
}
