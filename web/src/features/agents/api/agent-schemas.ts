import * as z from 'zod/mini';

const id = z.pipe(z.union([z.string(), z.number()]), z.transform(String));
const amount = z.pipe(z.union([z.string(), z.number()]), z.transform(String));

/** Merchant row (spec part 2 §3) as the agent dashboard lists it. */
export const onboardedMerchantSchema = z.looseObject({
  id,
  businessName: z.string(),
  merchantCode: z.string(),
  merchantCategory: z.nullish(z.string()),
  merchantStatus: z.nullish(z.string()),
  createdAt: z.nullish(z.string()),
});
export type OnboardedMerchant = z.infer<typeof onboardedMerchantSchema>;

/** Commission (spec part 2 §3), with the merchant and the sale it was earned on (this project's addition). */
export const commissionSchema = z.looseObject({
  id,
  commissionType: z.nullish(z.string()),
  amount,
  currency: z.nullish(z.string()),
  status: z.nullish(z.string()),
  createdAt: z.nullish(z.string()),
  merchant: z.looseObject({ businessName: z.string(), merchantCode: z.string() }),
  sale: z.looseObject({ amount, at: z.string() }),
});
export type Commission = z.infer<typeof commissionSchema>;

/** Agent dashboard response (spec part 2 §3): agent, stats, recentMerchants, recentCommissions, pendingCommissions. */
export const agentDashboardSchema = z.looseObject({
  agent: z.looseObject({
    accreditationStatus: z.nullish(z.string()),
    agentCode: z.nullish(z.string()),
    businessName: z.nullish(z.string()),
    district: z.nullish(z.string()),
    agentType: z.nullish(z.string()),
  }),
  stats: z.looseObject({
    totalMerchantsOnboarded: z._default(z.number(), 0),
    activeMerchants: z._default(z.number(), 0),
    /** Paid commissions only: earned means paid. */
    totalEarned: z._default(amount, '0.00'),
    pendingEarnings: z._default(amount, '0.00'),
    projectedEarnings: z._default(amount, '0.00'),
    /** How many there are in all; the lists hold the newest 10. */
    paidCommissions: z._default(z.number(), 0),
    pendingCommissions: z._default(z.number(), 0),
  }),
  recentMerchants: z._default(z.array(onboardedMerchantSchema), []),
  recentCommissions: z._default(z.array(commissionSchema), []),
  pendingCommissions: z._default(z.array(commissionSchema), []),
});
export type AgentDashboard = z.infer<typeof agentDashboardSchema>;
