import { z } from 'zod';

const id = z.union([z.string(), z.number()]).transform(String);
const amount = z.union([z.string(), z.number()]).transform(String);

/** Merchant row (spec part 2 §3) as the agent dashboard lists it. */
export const onboardedMerchantSchema = z.looseObject({
  id,
  businessName: z.string(),
  merchantCode: z.string(),
  merchantCategory: z.string().nullish(),
  merchantStatus: z.string().nullish(),
  createdAt: z.string().nullish(),
});
export type OnboardedMerchant = z.infer<typeof onboardedMerchantSchema>;

/** Commission (spec part 2 §3). */
export const commissionSchema = z.looseObject({
  id,
  commissionType: z.string().nullish(),
  amount,
  currency: z.string().nullish(),
  status: z.string().nullish(),
  createdAt: z.string().nullish(),
});
export type Commission = z.infer<typeof commissionSchema>;

/** Agent dashboard response (spec part 2 §3): agent, stats, recentMerchants, recentCommissions, pendingCommissions. */
export const agentDashboardSchema = z.looseObject({
  agent: z.looseObject({
    accreditationStatus: z.string().nullish(),
    agentCode: z.string().nullish(),
    businessName: z.string().nullish(),
    district: z.string().nullish(),
    agentType: z.string().nullish(),
  }),
  stats: z.looseObject({
    totalMerchantsOnboarded: z.number().default(0),
    activeMerchants: z.number().default(0),
    totalEarned: amount.default('0.00'),
    pendingEarnings: amount.default('0.00'),
  }),
  recentMerchants: z.array(onboardedMerchantSchema).default([]),
  recentCommissions: z.array(commissionSchema).default([]),
  pendingCommissions: z.array(commissionSchema).default([]),
});
export type AgentDashboard = z.infer<typeof agentDashboardSchema>;
