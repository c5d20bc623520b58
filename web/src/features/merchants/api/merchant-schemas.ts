import { z } from 'zod';

const id = z.union([z.string(), z.number()]).transform(String);
const amount = z.union([z.string(), z.number()]).transform(String);

/** Merchant (read), spec part 2 §3, as GET /api/merchants/user/merchants lists it. */
export const merchantSchema = z.looseObject({
  id,
  businessName: z.string(),
  merchantCode: z.string(),
  merchantStatus: z.string().nullish(),
  kybStatus: z.string().nullish(),
  qrCodeUrl: z.string().nullish(),
});
export type Merchant = z.infer<typeof merchantSchema>;

/** Transaction (spec part 2 §3). */
export const merchantTransactionSchema = z.looseObject({
  id,
  transactionReference: z.string(),
  createdAt: z.string().nullish(),
  customerName: z.string().nullish(),
  customerPhoneNumber: z.string().nullish(),
  paymentMethod: z.string().nullish(),
  amount,
  merchantFee: amount.nullish(),
  netAmount: amount.nullish(),
  /** `reversed` (this project's addition): completed, then reversed by an admin, with when and why. */
  status: z.string(),
  reversedAt: z.string().nullish(),
  reversalReason: z.string().nullish(),
});
export type MerchantTransaction = z.infer<typeof merchantTransactionSchema>;

export const transactionsResponseSchema = z.looseObject({
  transactions: z.array(merchantTransactionSchema).default([]),
  statistics: z
    .looseObject({
      totalRevenue: amount.default('0.00'),
      netRevenue: amount.default('0.00'),
      totalFees: amount.default('0.00'),
      totalTransactions: z.number().default(0),
      completedTransactions: z.number().default(0),
    })
    .default({ totalRevenue: '0.00', netRevenue: '0.00', totalFees: '0.00', totalTransactions: 0, completedTransactions: 0 }),
});
export type TransactionsResponse = z.infer<typeof transactionsResponseSchema>;

/** Settlement (spec part 2 §3). */
export const settlementSchema = z.looseObject({
  id,
  batchReference: z.string(),
  settlementPeriodStart: z.string().nullish(),
  settlementPeriodEnd: z.string().nullish(),
  totalTransactions: z.number().nullish(),
  totalAmount: amount,
  /** The reversed payments dated in the batch's range: their nets, already taken off totalAmount, and one negative line each. */
  totalReversals: z.number().nullish(),
  reversedAmount: amount.nullish(),
  negativeLines: z.array(z.looseObject({ transactionId: id, amount, reason: z.string().nullish(), reversedAt: z.string().nullish() })).default([]),
  currency: z.string().nullish(),
  payoutMethod: z.string().nullish(),
  status: z.string(),
  createdAt: z.string().nullish(),
});
export type Settlement = z.infer<typeof settlementSchema>;

export const settlementsResponseSchema = z.looseObject({
  settlements: z.array(settlementSchema).default([]),
  pending: z.looseObject({ amount: amount.default('0.00'), transactionCount: z.number().default(0) }).default({ amount: '0.00', transactionCount: 0 }),
});
export type SettlementsResponse = z.infer<typeof settlementsResponseSchema>;

/**
 * The merchant's sales analytics (GET /api/merchants/{id}/analytics, this project's addition: the
 * spec's card showed static text), from completed payments only: what they rest on
 * (transactionsAnalysed, historyDays, completeWeeks), the weekly revenue, the trend of the last 4
 * complete weeks against the 4 before (null without 8 weeks), the next-week forecast (mean of the
 * last 4 complete weeks; null without one) and the busiest 2-hour window of the Kigali day.
 */
export const merchantAnalyticsSchema = z.looseObject({
  transactionsAnalysed: z.number(),
  historyDays: z.number(),
  completeWeeks: z.number(),
  weeklyRevenue: z.array(z.looseObject({ weekStart: z.string(), revenue: amount, transactions: z.number() })).default([]),
  revenueTrendPercent: z.number().nullable(),
  nextWeekForecast: amount.nullable(),
  peakHours: z.looseObject({ startHour: z.number(), endHour: z.number(), transactions: z.number() }).nullable(),
});
export type MerchantAnalytics = z.infer<typeof merchantAnalyticsSchema>;

/** The public face of a merchant on its pay page: name, code, district and whether it takes payments. */
export const payMerchantSchema = z.looseObject({
  merchantCode: z.string(),
  businessName: z.string(),
  district: z.string().nullish(),
  acceptingPayments: z.boolean(),
  message: z.string().nullish(),
});
export type PayMerchant = z.infer<typeof payMerchantSchema>;

/** A customer's payment as the pay page follows it (pending → completed | failed); the number comes back masked. */
export const customerPaymentSchema = z.looseObject({
  id,
  transactionReference: z.string(),
  status: z.enum(['pending', 'completed', 'failed']),
  amount,
  currency: z.string().nullish(),
  merchant: payMerchantSchema.nullish(),
  customerPhoneNumber: z.string().nullish(),
  reason: z.string().nullish(),
  createdAt: z.string().nullish(),
  completedAt: z.string().nullish(),
  providerReference: z.string().nullish(),
});
export type CustomerPayment = z.infer<typeof customerPaymentSchema>;
