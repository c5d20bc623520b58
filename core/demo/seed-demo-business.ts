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
 * - No referring agent: no demo agent exists (the demo accounts are a member and a merchant), so
 *   the business earns nobody a commission. A demo agent, once seeded, would be passed here.
 * - Only with the sandbox provider (`SandboxApprovals`): no real money is ever asked for.
 * - Clearly demo data: the owner is the demo merchant account (`isDemo`), the business is named
 *   "Demo: …", the customers are the demo neighbours' numbers.
 * - Idempotent: a demo merchant who already owns a business is left as they are
 *   (`already_seeded`); without the demo merchant account nothing is seeded. A refused step throws.
 */
import type { AccountRepository } from '../accounts/ports.ts';
import { DEMO_ACCOUNTS } from '../accounts/seed-demo-accounts.ts';
import type { ListOwnMerchants } from '../merchants/merchant-access.ts';
import type { GenerateMerchantQr } from '../merchants/merchant-qr.ts';
import type { PayMerchant } from '../merchants/pay-merchant.ts';
import type { RegisterMerchant } from '../merchants/register-merchant.ts';
import type { ReviewMerchant } from '../merchants/review-business.ts';
import type { Clock } from '../shared/clock.ts';
import type { Result } from '../shared/result.ts';
import type { SettleMerchants } from '../settlements/settle-merchants.ts';
import { settlementPeriodContaining } from '../settlements/settlement-period.ts';
import { expectOk as expectStep, settleAtProvider, type ProviderSettlement } from './sandbox-settlement.ts';
import { DEMO_NEIGHBOURS, DEMO_OFFICER } from './seed-demo-world.ts';

export const DEMO_MERCHANT = DEMO_ACCOUNTS[1]!;
export const DEMO_MERCHANT_CODE = 'DEMO-SHOP';

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
  listOwnMerchants: Pick<ListOwnMerchants, 'execute'>;
  registerMerchant: Pick<RegisterMerchant, 'execute'>;
  reviewMerchant: Pick<ReviewMerchant, 'execute'>;
  generateMerchantQr: Pick<GenerateMerchantQr, 'execute'>;
  payMerchant: Pick<PayMerchant, 'execute'>;
  settleMerchants: Pick<SettleMerchants, 'execute'>;
  clock: Clock;
}

export type SeedDemoBusinessOutcome =
  | { seeded: true; merchantCode: string; sales: number; settlements: number }
  | { seeded: false; reason: 'demo_merchant_missing' | 'already_seeded' };

export class SeedDemoBusiness {
  constructor(private readonly deps: SeedDemoBusinessDeps) {}

  async execute(): Promise<SeedDemoBusinessOutcome> {
    const { accounts, listOwnMerchants } = this.deps;
    const owner = await accounts.findByEmail(DEMO_MERCHANT.email);
    if (!owner) return { seeded: false, reason: 'demo_merchant_missing' };
    if ((await listOwnMerchants.execute({ userId: owner.id })).length > 0) return { seeded: false, reason: 'already_seeded' };

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
        onboardedByAgentId: null,
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
    sales += await this.sell(WAITING_SALES, SETTLED_SALES.length);
    return { seeded: true, merchantCode: merchant.merchantCode, sales, settlements: report.created.length };
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
