/**
 * SeedDemoBusiness: signing in as the demo merchant (demo.merchant@ikimina.demo) shows a verified
 * business on /merchant/dashboard and /merchant/payments: its QR code, completed sales with fee and
 * net, a settled batch, and sales waiting for the next settlement.
 *
 * Guarantees
 * - Built only through the real use cases, as the merchant, an admin and customers would act: the
 *   business registered (RegisterMerchant), its KYB verified by the demo officer (ReviewMerchant,
 *   audited), the QR generated (GenerateMerchantQr), sales paid on the pay page's use case
 *   (PayMerchant) and confirmed through the path a provider's callback takes (the sandbox approves,
 *   ReconcilePayment settles once), the week so far settled as an admin may (SettleMerchants over
 *   the current week: the batch covers the sales completed so far) and its payout completed the
 *   same way; then two more sales, which wait for the next batch. So the ledger holds exactly what
 *   those use cases book, and it balances.
 * - Onboarded by the demo agent (demo.agent@ikimina.demo): its agent profile registered as the
 *   agent would (RegisterAgent, code DEMO-AGENT) and accredited by the demo officer (ReviewAgent,
 *   audited), before the business names it as its referrer. So every sale earns the agent its
 *   commission out of the fee, and /agent/dashboard has a merchant and commissions to show.
 *   Without the demo agent account the business has no referrer.
 * - The agent has a paid month and pending commissions: once the first sales are settled, the
 *   month so far is paid out to the demo agent alone, as an admin may (`commissions payout
 *   --month`: PayCommissions for this Kigali month and this agent), its transfer completed as the
 *   provider's callback would, so those commissions are `paid` (what "earned" counts); the two
 *   later sales' commissions stay pending. (The job on the 1st then finds this month's payout made
 *   and leaves the two for the next month's.)
 * - Only with the sandbox provider (`SandboxApprovals`): no real money is ever asked for.
 * - Clearly demo data: the owner is the demo merchant account (`isDemo`), the business is named
 *   "Demo: …", the agent is the demo agent account, the customers are the demo neighbours' numbers.
 * - Idempotent: a demo merchant who already owns a business is left as they are
 *   (`already_seeded`); without the demo merchant account nothing is seeded. A refused step throws.
 */
import type { AccountRepository } from '../accounts/ports.ts';
import type { RegisteredAgent } from '../agents/agent-profile.ts';
import type { RegisterAgent } from '../agents/register-agent.ts';
import type { ShowOwnAgent } from '../agents/show-own-agent.ts';
import { DEMO_ACCOUNTS } from '../accounts/seed-demo-accounts.ts';
import type { ListOwnMerchants } from '../merchants/list-own-merchants.ts';
import type { GenerateMerchantQr } from '../merchants/generate-merchant-qr.ts';
import type { PayMerchant } from '../merchants/pay-merchant.ts';
import type { RegisterMerchant } from '../merchants/register-merchant.ts';
import type { ReviewAgent } from '../agents/review-agent.ts';
import type { ReviewMerchant } from '../merchants/review-merchant.ts';
import type { Clock } from '../shared/clock.ts';
import type { Result } from '../shared/result.ts';
import type { SettleMerchants } from '../settlements/settle-merchants.ts';
import type { PayCommissions } from '../agents/pay-commissions.ts';
import { commissionPeriodContaining } from '../agents/commission.ts';
import { settlementPeriodContaining } from '../settlements/settlement-period.ts';
import { expectOk as expectStep, settleAtProvider, type ProviderSettlement } from './sandbox-settlement.ts';
import { DEMO_NEIGHBOURS, DEMO_OFFICER } from './seed-demo-world.ts';

export const DEMO_MERCHANT = DEMO_ACCOUNTS[1]!;
export const DEMO_MERCHANT_CODE = 'DEMO-SHOP';
export const DEMO_AGENT = DEMO_ACCOUNTS[2]!;
export const DEMO_AGENT_CODE = 'DEMO-AGENT';

/** Customers of the demo shop: the neighbours' numbers (one pays without giving a name: shown by number). */
const SETTLED_SALES = [
  { francs: 12_500, customer: DEMO_NEIGHBOURS[0]!, named: true },
  { francs: 4_800, customer: DEMO_NEIGHBOURS[1]!, named: true },
  { francs: 23_000, customer: DEMO_NEIGHBOURS[2]!, named: false },
];
const WAITING_SALES = [
  { francs: 7_250, customer: DEMO_NEIGHBOURS[1]!, named: true },
  { francs: 15_000, customer: DEMO_NEIGHBOURS[0]!, named: true },
];

export interface SeedDemoBusinessDeps extends ProviderSettlement {
  accounts: Pick<AccountRepository, 'findByEmail'>;
  registerAgent: Pick<RegisterAgent, 'execute'>;
  showOwnAgent: Pick<ShowOwnAgent, 'execute'>;
  reviewAgent: Pick<ReviewAgent, 'execute'>;
  listOwnMerchants: Pick<ListOwnMerchants, 'execute'>;
  registerMerchant: Pick<RegisterMerchant, 'execute'>;
  reviewMerchant: Pick<ReviewMerchant, 'execute'>;
  generateMerchantQr: Pick<GenerateMerchantQr, 'execute'>;
  payMerchant: Pick<PayMerchant, 'execute'>;
  settleMerchants: Pick<SettleMerchants, 'execute'>;
  payCommissions: Pick<PayCommissions, 'execute'>;
  clock: Clock;
}

export type SeedDemoBusinessOutcome =
  | { seeded: true; merchantCode: string; agentCode: string | null; sales: number; settlements: number; commissionPayouts: number }
  | { seeded: false; reason: 'demo_merchant_missing' | 'already_seeded' };

export class SeedDemoBusiness {
  constructor(private readonly deps: SeedDemoBusinessDeps) {}

  async execute(): Promise<SeedDemoBusinessOutcome> {
    const { accounts, listOwnMerchants } = this.deps;
    const owner = await accounts.findByEmail(DEMO_MERCHANT.email);
    if (!owner) return { seeded: false, reason: 'demo_merchant_missing' };
    if ((await listOwnMerchants.execute({ userId: owner.id })).length > 0) return { seeded: false, reason: 'already_seeded' };
    const agent = await this.demoAgent();

    const merchant = expectOk(
      await this.deps.registerMerchant.execute({
        ownerId: owner.id,
        merchantCode: DEMO_MERCHANT_CODE,
        businessName: 'Demo: Kimironko Corner Shop',
        merchantCategory: 'grocery',
        tin: null,
        tradeLicenseNumber: null,
        rdbRegistrationNumber: null,
        businessAddress: 'Kimironko Market, stall 12 (demo)',
        district: 'Gasabo',
        phoneNumber: owner.phoneNumber ?? DEMO_MERCHANT.phoneNumber,
        email: DEMO_MERCHANT.email,
        onboardedByAgentId: agent?.id ?? null,
      }),
      'register the business',
    );
    expectOk(await this.deps.reviewMerchant.execute({ merchantId: merchant.id, event: 'verify_kyb', actor: DEMO_OFFICER }), 'verify the KYB');
    expectOk(await this.deps.generateMerchantQr.execute({ merchantId: merchant.id, userId: owner.id }), 'generate the QR code');

    let sales = await this.sell(SETTLED_SALES, 0);
    // The week so far, settled as an admin may (`settlements create` for today): one batch, paid out.
    const report = await this.deps.settleMerchants.execute({ periods: [settlementPeriodContaining(this.deps.clock.now())] });
    // Its payout, approved and settled as the provider's callback would be.
    await settleAtProvider(this.deps, SEED);
    // The agent's commissions on those sales, paid out for the month so far (the demo agent's alone).
    const commissions = agent ? await this.deps.payCommissions.execute({ period: commissionPeriodContaining(this.deps.clock.now()), agentId: agent.id }) : { created: [] };
    await settleAtProvider(this.deps, SEED);
    sales += await this.sell(WAITING_SALES, SETTLED_SALES.length);
    return {
      seeded: true,
      merchantCode: merchant.merchantCode,
      agentCode: agent?.agentCode ?? null,
      sales,
      settlements: report.created.length,
      commissionPayouts: commissions.created.length,
    };
  }

  /** The demo agent, registered and accredited (an agent profile of the account found as it is); null without the account. */
  private async demoAgent(): Promise<RegisteredAgent | null> {
    const account = await this.deps.accounts.findByEmail(DEMO_AGENT.email);
    if (!account) return null;
    const registered = await this.deps.registerAgent.execute({
      userId: account.id,
      agentCode: DEMO_AGENT_CODE,
      agentType: 'individual',
      businessName: null,
      businessRegistrationNumber: null,
      physicalAddress: 'KG 11 Ave, Kimironko (demo)',
      district: 'Gasabo',
      sector: 'Kimironko',
      phoneNumber: account.phoneNumber ?? DEMO_AGENT.phoneNumber,
      email: DEMO_AGENT.email,
      serviceTerritories: ['Kimironko', 'Remera'],
    });
    // The account is public: someone may have registered it as an agent before the first seed.
    const agent = registered.ok ? registered.value : expectOk(await this.deps.showOwnAgent.execute({ userId: account.id }), 'find the agent');
    if (agent.accreditationStatus === 'pending') expectOk(await this.deps.reviewAgent.execute({ agentId: agent.id, event: 'accredit', actor: DEMO_OFFICER }), 'accredit the agent');
    return agent;
  }

  /** Customers pay on the pay page's use case and approve on their phones; answers how many sales completed. */
  private async sell(sales: typeof SETTLED_SALES, first: number): Promise<number> {
    for (const [i, sale] of sales.entries()) {
      expectOk(
        await this.deps.payMerchant.execute({
          merchantCode: DEMO_MERCHANT_CODE,
          francs: sale.francs,
          customerPhoneNumber: sale.customer.phoneNumber,
          ...(sale.named ? { customerName: `${sale.customer.firstName} ${sale.customer.lastName}` } : {}),
          idempotencyKey: `demo-business:sale-${first + i + 1}`,
        }),
        `sale ${first + i + 1}`,
      );
    }
    return settleAtProvider(this.deps, SEED);
  }
}

const SEED = 'demo business';
const expectOk = <T>(result: Result<T, string>, step: string): T => expectStep(result, SEED, step);
