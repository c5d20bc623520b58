import { z } from 'zod';

/** Payment (contract): a mobile-money collection or disbursement and where it stands. */
export const paymentSchema = z.looseObject({
  id: z.union([z.string(), z.number()]).transform(String),
  contributionId: z.union([z.string(), z.number()]).transform(String).nullish(),
  kind: z.string(),
  status: z.enum(['pending', 'successful', 'failed']),
  amount: z.union([z.string(), z.number()]).transform(String),
  phoneNumber: z.string().nullish(),
  provider: z.string().nullish(),
  reason: z.string().nullish(),
  createdAt: z.string(),
  completedAt: z.string().nullish(),
});
export type Payment = z.infer<typeof paymentSchema>;
