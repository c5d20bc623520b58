import * as z from 'zod/mini';

const id = z.pipe(z.union([z.string(), z.number()]), z.transform(String));
const amount = z.pipe(z.union([z.string(), z.number()]), z.transform(String));

/** Merchant (read), spec part 2 §3, as GET /api/merchants/user/merchants lists it. */
export const merchantSchema = z.looseObject({
  id,
  businessName: z.string(),
  merchantCode: z.string(),
  merchantStatus: z.nullish(z.string()),
  kybStatus: z.nullish(z.string()),
  qrCodeUrl: z.nullish(z.string()),
});
export type Merchant = z.infer<typeof merchantSchema>;

/** Transaction (spec part 2 §3). */
export const merchantTransactionSchema = z.looseObject({
  id,
  transactionReference: z.string(),
  /** What the customer's receipt shows: the owner finds a sale by it (the raw transactionReference is for the providers). */
  receiptReference: z.string(),
  createdAt: z.nullish(z.string()),
  customerName: z.nullish(z.string()),
  customerPhoneNumber: z.nullish(z.string()),
  paymentMethod: z.nullish(z.string()),
  amount,
  merchantFee: z.nullish(amount),
  netAmount: z.nullish(amount),
  /** `reversed` (this project's addition): completed, then reversed by an admin, with when and why. */
  status: z.string(),
  reversedAt: z.nullish(z.string()),
  reversalReason: z.nullish(z.string()),
  /** A card refund: `pending` while under way (the payment still `completed`), `completed` once done (the payment `reversed`). */
  refund: z.nullish(z.looseObject({ status: z.string(), requestedAt: z.string() })),
});
export type MerchantTransaction = z.infer<typeof merchantTransactionSchema>;

export const transactionsResponseSchema = z.looseObject({
  transactions: z._default(z.array(merchantTransactionSchema), []),
  statistics: z._default(z
    .looseObject({
      totalRevenue: z._default(amount, '0.00'),
      netRevenue: z._default(amount, '0.00'),
      totalFees: z._default(amount, '0.00'),
      totalTransactions: z._default(z.number(), 0),
      completedTransactions: z._default(z.number(), 0),
      /** What the period's settlements withheld for working capital (issue 27). */
      withheldForWorkingCapital: z.nullish(amount),
    }), { totalRevenue: '0.00', netRevenue: '0.00', totalFees: '0.00', totalTransactions: 0, completedTransactions: 0 }),
});
export type TransactionsResponse = z.infer<typeof transactionsResponseSchema>;

/** Settlement (spec part 2 §3). */
export const settlementSchema = z.looseObject({
  id,
  batchReference: z.string(),
  settlementPeriodStart: z.nullish(z.string()),
  settlementPeriodEnd: z.nullish(z.string()),
  totalTransactions: z.nullish(z.number()),
  totalAmount: amount,
  /** The reversed payments dated in the batch's range: their nets, already taken off totalAmount, and one negative line each. */
  totalReversals: z.nullish(z.number()),
  reversedAmount: z.nullish(amount),
  /** The "Withheld for working capital" line, taken off the payout (issue 27). */
  withheldForWorkingCapital: z.nullish(amount),
  negativeLines: z._default(z.array(z.looseObject({ transactionId: id, receiptReference: z.string(), amount, reason: z.nullish(z.string()), reversedAt: z.nullish(z.string()) })), []),
  currency: z.nullish(z.string()),
  payoutMethod: z.nullish(z.string()),
  status: z.string(),
  createdAt: z.nullish(z.string()),
});
export type Settlement = z.infer<typeof settlementSchema>;

export const settlementsResponseSchema = z.looseObject({
  settlements: z._default(z.array(settlementSchema), []),
  pending: z._default(z.looseObject({ amount: z._default(amount, '0.00'), transactionCount: z._default(z.number(), 0) }), { amount: '0.00', transactionCount: 0 }),
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
  weeklyRevenue: z._default(z.array(z.looseObject({ weekStart: z.string(), revenue: amount, transactions: z.number() })), []),
  revenueTrendPercent: z.nullable(z.number()),
  nextWeekForecast: z.nullable(amount),
  peakHours: z.nullable(z.looseObject({ startHour: z.number(), endHour: z.number(), transactions: z.number() })),
});
export type MerchantAnalytics = z.infer<typeof merchantAnalyticsSchema>;

/**
 * The public face of a merchant on its pay page: name, code, district and whether it takes
 * payments; a business awaiting verification comes with its code and `standing` only (no name).
 */
export const payMerchantSchema = z.looseObject({
  merchantCode: z.string(),
  businessName: z.nullish(z.string()),
  district: z.nullish(z.string()),
  standing: z.nullish(z.string()),
  acceptingPayments: z.boolean(),
  message: z.nullish(z.string()),
});
export type PayMerchant = z.infer<typeof payMerchantSchema>;

/** A customer's payment as the pay page follows it (pending → completed | failed); the number comes back masked. */
export const customerPaymentSchema = z.looseObject({
  id,
  transactionReference: z.string(),
  /** The reference a person reads and quotes (the raw transactionReference is for the providers). */
  receiptReference: z.string(),
  status: z.enum(['pending', 'completed', 'failed']),
  amount,
  currency: z.nullish(z.string()),
  merchant: z.nullish(payMerchantSchema),
  customerPhoneNumber: z.nullish(z.string()),
  reason: z.nullish(z.string()),
  createdAt: z.nullish(z.string()),
  completedAt: z.nullish(z.string()),
  providerReference: z.nullish(z.string()),
});
export type CustomerPayment = z.infer<typeof customerPaymentSchema>;
