import * as z from 'zod/mini';

/** Payment (contract): a mobile-money collection or disbursement and where it stands. */
export const paymentSchema = z.looseObject({
  id: z.pipe(z.union([z.string(), z.number()]), z.transform(String)),
  contributionId: z.nullish(z.pipe(z.union([z.string(), z.number()]), z.transform(String))),
  kind: z.string(),
  status: z.enum(['pending', 'successful', 'failed']),
  amount: z.pipe(z.union([z.string(), z.number()]), z.transform(String)),
  phoneNumber: z.nullish(z.string()),
  provider: z.nullish(z.string()),
  reason: z.nullish(z.string()),
  createdAt: z.string(),
  completedAt: z.nullish(z.string()),
});
export type Payment = z.infer<typeof paymentSchema>;
