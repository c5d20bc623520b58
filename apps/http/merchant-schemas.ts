/**
 * Request and response schemas of the agents, merchants and pay API: the validation at the edge,
 * with the specification's messages (part 2 §5), and the source of the OpenAPI document.
 */
import { z } from 'zod';
import { normalisePhoneNumber } from '../../core/identity/phone-number.ts';
import { MERCHANT_PAYMENT_BOUNDS } from '../../core/merchants/merchant-payment-bounds.ts';
import { MERCHANT_CATEGORIES, REGISTRATION_NUMBER_MAX, TIN_LENGTH } from '../../core/merchants/merchant-profile.ts';
import { MERCHANT_REASON_CODES } from '../../core/merchants/merchant-reason.ts';
import { isDistrict, RWANDA_DISTRICTS } from '../../core/shared/districts.ts';
import { amountField } from './amount-field.ts';

const decimal = z.string().meta({ example: '12500.00', description: 'RWF, two decimals' });
const instant = z.string().meta({ format: 'date-time' });

const code = (what: 'Agent' | 'Merchant') =>
  z
    .string({ error: `${what} code must be at least 3 characters` })
    .trim()
    .transform((v) => v.toUpperCase())
    .pipe(
      z
        .string()
        .min(3, { error: `${what} code must be at least 3 characters` })
        .max(20, { error: `${what} code must not exceed 20 characters` })
        .regex(/^[A-Z0-9_-]+$/, { error: `${what} code must contain only uppercase letters, numbers, hyphens, and underscores` }),
    )
    .meta({
      example: what === 'Agent' ? 'AG-KIGALI-01' : 'SHOP-001',
      description: '3–20 uppercase letters, digits, - and _ (lower case is upper-cased)',
      override: { pattern: '^\\s*[A-Za-z0-9_-]{3,20}\\s*$' },
    });

/** What the document says of a phone number's text: at least 9 digits among the usual marks (core's normaliser decides the rest). */
const PHONE_TEXT = '^[\\s+().-]*\\d(?:[\\s+().-]*\\d){8,}[\\s+().-]*$';
export const PHONE_MESSAGE = 'Phone number must be a valid Rwandan number (e.g., +250788123456)';
/** A Rwandan mobile number in any usual form, read by core's one normaliser into E.164: it is the wallet paid or charged. */
const phone = z
  .string({ error: PHONE_MESSAGE })
  .max(32, { error: PHONE_MESSAGE })
  .transform((text, ctx) => {
    const read = normalisePhoneNumber(text);
    if (read.ok) return read.value;
    ctx.issues.push({ code: 'custom', message: PHONE_MESSAGE, input: text });
    return z.NEVER;
  })
  .meta({ example: '+250 788 123 456', description: 'A Rwandan mobile number (0788123456, +250 788 123 456…); answered in E.164', override: { pattern: PHONE_TEXT } });
const email = z.email({ error: 'Valid email is required' }).max(254, { error: 'Valid email is required' }).meta({ example: 'shop@example.rw' });
const district = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .min(2, { error: message })
    .refine(isDistrict, { error: 'Please choose one of the 30 districts of Rwanda' })
    .meta({ enum: [...RWANDA_DISTRICTS], example: 'Gasabo' });
/** Optional text sent as null when empty (spec: "sent as null if empty"). */
const optionalText = (max: number, tooLong?: string) =>
  z
    .string(tooLong ? { error: tooLong } : undefined)
    .trim()
    .max(max, tooLong ? { error: tooLong } : undefined)
    .nullish()
    .transform((v) => (v ? v : null));

/** The compliance details' rules (core/merchants/merchant-profile.ts), the same at registration and on correction. */
const tin = z
  .string({ error: `TIN must be ${TIN_LENGTH.min} to ${TIN_LENGTH.max} characters` })
  .trim()
  .nullish()
  .transform((v) => (v ? v : null))
  .pipe(
    z
      .string()
      .min(TIN_LENGTH.min, { error: `TIN must be at least ${TIN_LENGTH.min} characters` })
      .max(TIN_LENGTH.max, { error: `TIN must not exceed ${TIN_LENGTH.max} characters` })
      .nullable(),
  )
  .meta({
    example: '100234567',
    // Empty (or blank) for none; else, trimmed, TIN_LENGTH.min to TIN_LENGTH.max characters.
    override: ({ jsonSchema }: { jsonSchema: Record<string, unknown> }) => {
      const text = { type: 'string', pattern: `^\\s*(?:\\S.{${TIN_LENGTH.min - 2},${TIN_LENGTH.max - 2}}\\S)?\\s*$` };
      delete jsonSchema.type;
      jsonSchema.anyOf = [text, { type: 'null' }];
    },
  });
const registrationNumber = (what: string) => optionalText(REGISTRATION_NUMBER_MAX, `${what} must not exceed ${REGISTRATION_NUMBER_MAX} characters`);

export const AgentRegistrationRequest = z
  .object({
    agentCode: code('Agent'),
    agentType: z.enum(['individual', 'business'], { error: 'Agent type must be individual or business' }),
    businessName: optionalText(200),
    businessRegistrationNumber: optionalText(100),
    physicalAddress: z.string({ error: 'Physical address is required' }).trim().min(5, { error: 'Physical address is required' }).max(255).meta({ example: 'KG 11 Ave, Kimironko' }),
    district: district('District is required'),
    sector: optionalText(100),
    phoneNumber: phone,
    email,
    serviceTerritories: z
      .array(z.string().trim().max(100), { error: 'Service territories are required' })
      .max(50)
      .transform((list) => list.filter((t) => t.length > 0))
      .refine((list) => list.length > 0, { error: 'Service territories are required' })
      .meta({ example: ['Kimironko', 'Remera'] }),
  })
  .superRefine((v, ctx) => {
    if (v.agentType !== 'business') return;
    if (!v.businessName || v.businessName.length < 2) ctx.addIssue({ code: 'custom', path: ['businessName'], message: 'Business name is required for business agents' });
    if (!v.businessRegistrationNumber) ctx.addIssue({ code: 'custom', path: ['businessRegistrationNumber'], message: 'Business registration number is required for business agents' });
  })
  .meta({ id: 'AgentRegistrationRequest' });

export const MerchantRegistrationRequest = z
  .object({
    merchantCode: code('Merchant'),
    businessName: z.string({ error: 'Business name is required' }).trim().min(2, { error: 'Business name is required' }).max(200).meta({ example: 'Kimironko Fresh Foods' }),
    merchantCategory: z.enum(MERCHANT_CATEGORIES, { error: 'Please choose a business category' }),
    tin,
    tradeLicenseNumber: registrationNumber('Trade license number'),
    rdbRegistrationNumber: registrationNumber('RDB registration number'),
    businessAddress: z.string({ error: 'Business address is required' }).trim().min(5, { error: 'Business address is required' }).max(255).meta({ example: 'KG 11 Ave, Kimironko market' }),
    district: district('District is required'),
    phoneNumber: phone,
    email,
    onboardedByAgentId: z.uuid({ error: 'The referring agent was not found' }).nullish().transform((v) => v ?? null).meta({ description: 'From GET /api/agents?code=' }),
  })
  .meta({ id: 'MerchantRegistrationRequest' });

/** PUT /api/merchants/{id}/compliance: the three details as they should now read (empty or absent clears one). */
export const MerchantComplianceRequest = z
  .object({
    tin,
    tradeLicenseNumber: registrationNumber('Trade license number').meta({ example: 'TL-2026-0042' }),
    rdbRegistrationNumber: registrationNumber('RDB registration number').meta({ example: '104567890' }),
  })
  .meta({ id: 'MerchantComplianceRequest' });

export const AgentCodeQuery = z.object({ code: z.string().trim().max(40).optional() });

const MAX_RANGE_DATE = z.iso.date({ error: 'Dates are YYYY-MM-DD' });
export const PeriodQuery = z
  .object({ from: MAX_RANGE_DATE.optional(), to: MAX_RANGE_DATE.optional() })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { error: 'The period must end after it starts', path: ['to'] });

/** What a customer pays a merchant, by mobile money or by card (apps/http/card-routes.ts). */
export const MerchantPaymentAmount = amountField(MERCHANT_PAYMENT_BOUNDS, {
  invalid: 'Please enter an amount in whole francs',
  belowMinimum: `The minimum payment is ${MERCHANT_PAYMENT_BOUNDS.min.format()}`,
  aboveMaximum: `The maximum payment is ${MERCHANT_PAYMENT_BOUNDS.max.format()}`,
});

export const PayRequest = z
  .object({
    amount: MerchantPaymentAmount.meta({ example: 5000, description: 'Whole RWF, 100 to 5,000,000' }),
    phoneNumber: phone,
    customerName: optionalText(100),
  })
  .meta({ id: 'MerchantPayRequest' });

export const AgentResponse = z
  .object({
    id: z.uuid(),
    agentCode: z.string(),
    agentType: z.enum(['individual', 'business']),
    businessName: z.string().nullable(),
    businessRegistrationNumber: z.string().nullable(),
    physicalAddress: z.string(),
    district: z.string(),
    sector: z.string().nullable(),
    phoneNumber: z.string(),
    email: z.string(),
    serviceTerritories: z.array(z.string()),
    accreditationStatus: z.enum(['pending', 'active', 'suspended', 'revoked']),
    createdAt: instant,
  })
  .meta({ id: 'Agent' });

export const PublicAgentResponse = z
  .object({ id: z.uuid(), agentCode: z.string(), agentType: z.enum(['individual', 'business']), businessName: z.string().nullable(), district: z.string() })
  .meta({ id: 'PublicAgent' });

const MerchantRow = z.object({ id: z.uuid(), businessName: z.string(), merchantCode: z.string(), merchantCategory: z.string(), merchantStatus: z.string(), createdAt: instant });
const CommissionResponse = z
  .object({
    id: z.uuid(),
    commissionType: z.string(),
    amount: decimal,
    currency: z.literal('RWF'),
    status: z.enum(['pending', 'paid']),
    createdAt: instant,
    merchant: z.object({ businessName: z.string(), merchantCode: z.string() }).meta({ description: 'The merchant whose sale earned it' }),
    sale: z.object({ amount: decimal, currency: z.literal('RWF'), at: instant }).meta({ description: 'The customer’s payment it was earned on: gross amount and completion time' }),
  })
  .meta({ id: 'AgentCommission' });

export const AgentDashboardResponse = z
  .object({
    agent: AgentResponse,
    stats: z
      .object({
        totalMerchantsOnboarded: z.number(),
        activeMerchants: z.number(),
        totalEarned: decimal.meta({ description: 'Commissions paid out to the agent (earned means paid)' }),
        pendingEarnings: decimal.meta({ description: 'Commissions accrued, paid with the next monthly payout' }),
        projectedEarnings: decimal.meta({ description: 'totalEarned × 1.3' }),
        paidCommissions: z.number().meta({ description: 'How many commissions were paid (recentCommissions shows the newest 10)' }),
        pendingCommissions: z.number().meta({ description: 'How many await the payout (pendingCommissions shows the newest 10)' }),
      }),
    recentMerchants: z.array(MerchantRow),
    recentCommissions: z.array(CommissionResponse).meta({ description: 'Paid commissions only, newest sale first (at most 10)' }),
    pendingCommissions: z.array(CommissionResponse).meta({ description: 'Pending commissions only, newest sale first (at most 10)' }),
  })
  .meta({ id: 'AgentDashboard' });

export const MerchantResponse = z
  .object({
    id: z.uuid(),
    businessName: z.string(),
    merchantStatus: z.enum(['pending', 'active', 'suspended', 'rejected']),
    kybStatus: z.enum(['pending', 'verified', 'rejected']),
    merchantCode: z.string(),
    merchantCategory: z.enum(MERCHANT_CATEGORIES),
    businessAddress: z.string(),
    district: z.string(),
    phoneNumber: z.string(),
    email: z.string(),
    createdAt: instant,
    tin: z.string().nullable(),
    tradeLicenseNumber: z.string().nullable(),
    rdbRegistrationNumber: z.string().nullable(),
    statusReasonCode: z
      .enum(MERCHANT_REASON_CODES)
      .nullable()
      .meta({ description: 'Why the business is rejected or suspended (null otherwise): a code the client words in its language; `other` for a reason given before codes, which our team explains' }),
    statusReason: z.string().nullable().meta({ description: "The reason's words in the account's language (null when there is no reason)" }),
    qrCodeUrl: z.string().nullable().meta({ description: 'The QR PNG as a data: URL once generated, else null' }),
    onboardedByAgentId: z.uuid().nullable(),
  })
  .meta({ id: 'Merchant' });

export const QrResponse = z
  .object({
    qrCodeUrl: z.string().nullable().meta({ description: 'data:image/png;base64,… (300×300), or null before the QR was generated' }),
    merchantCode: z.string().nullable().meta({ description: 'null before the QR was generated' }),
    payload: z.string().nullable().meta({ description: 'The EMVCo merchant-presented payload the QR encodes' }),
    downloadUrl: z.string().nullable().meta({ description: 'The PNG as an attachment named <merchantCode>.png' }),
  })
  .meta({ id: 'MerchantQr' });

export const TransactionsResponse = z
  .object({
    transactions: z.array(
      z.object({
        id: z.uuid(),
        transactionReference: z.string(),
        receiptReference: z.string().meta({ example: '7F3A91C2-0B4E', description: 'The reference a person reads and quotes: the payment id’s first two groups, upper-cased (the receipt and the owner’s list show it)' }),
        createdAt: instant,
        customerName: z.string().nullable(),
        customerPhoneNumber: z.string(),
        paymentMethod: z.enum(['mobile_money', 'card']),
        provider: z.string(),
        amount: decimal,
        merchantFee: decimal,
        netAmount: decimal,
        status: z.enum(['pending', 'completed', 'failed', 'reversed']).meta({
          description: '`reversed`: the payment completed, then an admin reversed it (the payer refunded; its net is a negative line of the next settlement). This project’s addition to the statuses, which the spec leaves open',
        }),
        settlementBatchId: z.uuid().nullable(),
        reversedAt: instant.nullable().meta({ description: 'When it was reversed; null unless `reversed`' }),
        reversalReason: z.string().nullable().meta({ description: 'Why it was reversed (the admin’s reason); null unless `reversed`' }),
        refund: z
          .object({
            status: z.enum(['pending', 'completed']).meta({
              description: '`pending`: an admin reversed the card payment and its refund to the card is under way at the processor; the payment still reads `completed` and counts as a sale until the refund completes. `completed`: the money went back to the card (the payment reads `reversed`)',
            }),
            requestedAt: instant.meta({ description: 'When the refund was first asked' }),
          })
          .nullable()
          .meta({ description: 'The card refund of the payment; null when there is none, or when it failed (the payment stands until an admin asks again)' }),
      }),
    ),
    statistics: z
      .object({
        totalRevenue: decimal,
        netRevenue: decimal,
        totalFees: decimal,
        totalTransactions: z.number(),
        completedTransactions: z.number(),
        reversedTransactions: z.number(),
        withheldForWorkingCapital: decimal.meta({ description: 'What the settlements of the period withheld for working capital (issue 27)' }),
      })
      .meta({ description: 'Revenue, fees, net and completedTransactions count the standing sales only (completed, not reversed); totalTransactions counts every one listed' }),
    workingCapitalWithholdings: z
      .array(z.object({ batchReference: z.string(), amount: decimal.meta({ description: 'Negative: taken off that settlement’s payout' }), at: instant }))
      .meta({ description: 'Each settlement’s "Withheld for working capital" line in the period' }),
  })
  .meta({ id: 'MerchantTransactions' });

export const SettlementsResponse = z
  .object({
    settlements: z.array(
      z.object({
        id: z.uuid(),
        batchReference: z.string(),
        settlementPeriodStart: instant,
        settlementPeriodEnd: instant,
        totalTransactions: z.number(),
        totalAmount: decimal,
        payoutAmount: decimal,
        withheldForWorkingCapital: decimal.meta({ description: 'Withheld for working capital before the payout (10 % of the week’s net, never more than owed); 0.00 when none' }),
        carriedOver: decimal,
        totalReversals: z.number().meta({ description: 'How many negative lines the batch carries (reversed payments dated in its range)' }),
        reversedAmount: decimal.meta({ description: 'The sum of their nets, already taken off totalAmount' }),
        negativeLines: z.array(
          z.object({ transactionId: z.uuid(), receiptReference: z.string().meta({ description: 'The reversed payment’s reference as its receipt shows it' }), amount: decimal.meta({ description: '−net of the reversed payment' }), reason: z.string(), reversedAt: instant }),
        ),
        currency: z.literal('RWF'),
        payoutMethod: z.literal('mobile_money'),
        status: z.enum(['processing', 'completed', 'failed']),
        createdAt: instant,
      }),
    ),
    pending: z
      .object({ amount: decimal, transactionCount: z.number() })
      .meta({ description: 'Completed payments no batch holds yet: their net less the reversals no batch holds yet (negative when reversals exceed it: carried to the next batch), and their count' }),
  })
  .meta({ id: 'MerchantSettlements' });

export const AnalyticsResponse = z
  .object({
    transactionsAnalysed: z.number(),
    historyDays: z.number(),
    completeWeeks: z.number(),
    weeklyRevenue: z.array(z.object({ weekStart: instant, revenue: decimal, transactions: z.number() })),
    revenueTrendPercent: z.number().nullable(),
    nextWeekForecast: decimal.nullable(),
    peakHours: z.object({ startHour: z.number(), endHour: z.number(), transactions: z.number(), label: z.string() }).nullable(),
    basis: z.string().meta({ description: 'What the figures rest on, in words' }),
  })
  .meta({ id: 'MerchantAnalytics' });

export const PayPageResponse = z
  .object({
    merchantCode: z.string(),
    businessName: z.string().nullable().meta({ description: 'null while the business awaits verification (nothing but its code and standing is shown then)' }),
    district: z.string().nullable().meta({ description: 'null while the business awaits verification' }),
    standing: z.enum(['accepting', 'suspended', 'awaiting_verification']).meta({
      description: '`accepting`: verified and active; `suspended`: verified, takes no payment now; `awaiting_verification`: registered, KYB not reviewed yet, takes no payment yet',
    }),
    acceptingPayments: z.boolean(),
    message: z.string().nullable(),
  })
  .meta({ id: 'PayPageMerchant' });

export const ReceiptResponse = z
  .object({
    id: z.uuid(),
    transactionReference: z.string(),
    receiptReference: z.string().meta({ example: '7F3A91C2-0B4E', description: 'The reference a person reads and quotes: the payment id’s first two groups, upper-cased (the receipt and the owner’s list show it)' }),
    status: z.enum(['pending', 'completed', 'failed']),
    amount: decimal,
    currency: z.literal('RWF'),
    merchant: PayPageResponse,
    customerPhoneNumber: z.string().meta({ description: 'Masked' }),
    createdAt: instant,
    completedAt: instant.nullable(),
    providerReference: z.string().nullable(),
  })
  .meta({ id: 'MerchantReceipt' });

const monthDecimal = z.string().meta({ example: '98000.00', description: 'RWF, two decimals' });
export const MonthlyFiguresResponse = z
  .object({
    month: z.string().meta({ example: '2026-11' }),
    from: z.string().meta({ format: 'date-time', description: 'Kigali midnight on the 1st' }),
    to: z.string().meta({ format: 'date-time', description: 'Kigali midnight on the next 1st (excluded)' }),
    sales: z.object({ count: z.number().int(), gross: monthDecimal, net: monthDecimal }),
    fees: monthDecimal.meta({ description: 'Gross − net of the sales: the 2 % merchant fee (the agent’s commission included)' }),
    reversals: z.object({ count: z.number().int(), gross: monthDecimal.meta({ description: 'Refunded to customers' }), net: monthDecimal.meta({ description: 'Taken back from the merchant' }) }),
    net: monthDecimal.meta({ description: 'Sales net − reversals net' }),
    settlementsPaid: monthDecimal,
    withheldForWorkingCapital: monthDecimal,
  })
  .meta({ id: 'MerchantMonthlyFigures' });
