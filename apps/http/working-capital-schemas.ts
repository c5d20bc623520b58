/** Requests and answers of the working-capital API (apps/http/working-capital-routes.ts). */
import { z } from 'zod';
import { Money } from '../../core/money/money.ts';
import { MAX_WORKING_CAPITAL, MIN_WORKING_CAPITAL } from '../../core/working-capital/working-capital.ts';
import { amountField } from './amount-field.ts';

const decimal = z.string().meta({ example: '450000.00', description: 'RWF, two decimals' });
const instant = z.string().meta({ format: 'date-time' });

export const WorkingCapitalRequest = z
  .object({
    amount: amountField(
      { min: MIN_WORKING_CAPITAL, max: MAX_WORKING_CAPITAL, wholeFrancs: true },
      {
        invalid: 'Please enter an amount in whole francs',
        belowMinimum: 'Minimum working capital is 10,000 RWF',
        aboveMaximum: 'Maximum working capital is 10,000,000 RWF',
      },
    ).meta({ example: 400000, description: 'Whole RWF, 10,000 to 10,000,000' }),
  })
  .strict()
  .meta({ id: 'WorkingCapitalRequest' });

const Basis = z.object({ payments: z.number(), netSales: decimal, days: z.number() }).meta({ id: 'WorkingCapitalBasis' });

export const WorkingCapitalKeyFactsResponse = z
  .object({
    amount: decimal,
    fee: decimal.meta({ description: 'The one flat fee, in RWF' }),
    feePercent: z.number(),
    feeModelVersion: z.string(),
    totalRepayable: decimal,
    aprPercent: z.number().meta({ description: 'Annual percentage rate of the expected repayments (BNR Regulation 02/2016)' }),
    withholdingPercent: z.number().meta({ description: 'Share of each weekly settlement’s net withheld before payout' }),
    expectedWeeklyRepayment: decimal,
    expectedWeeks: z.number(),
    minimumEvery60Days: decimal,
    termMonths: z.number(),
    earlyRepaymentFee: decimal,
  })
  .meta({ id: 'WorkingCapitalKeyFacts' });

export const WorkingCapitalLoanResponse = z
  .object({
    id: z.uuid(),
    status: z.enum(['pending', 'approved', 'rejected', 'active', 'overdue', 'repaid']),
    keyFacts: WorkingCapitalKeyFactsResponse,
    basis: Basis,
    repaid: decimal,
    owed: decimal,
    createdAt: instant,
    acceptedAt: instant.nullable(),
    disbursedAt: instant.nullable(),
    dueAt: instant.nullable(),
    reviewReason: z.string().nullable(),
    repayments: z.array(z.object({ source: z.enum(['settlement', 'mobile_money', 'card']), reference: z.string(), amount: decimal, at: instant })),
  })
  .meta({ id: 'WorkingCapitalLoan' });

export const WorkingCapitalResponse = z
  .object({
    eligible: z.boolean(),
    reasons: z.array(z.object({ code: z.string(), message: z.string() })),
    limit: decimal,
    basis: Basis,
    historyDays: z.number(),
    offer: z.object({ limit: decimal, feePercent: z.number(), withholdingPercent: z.number(), example: WorkingCapitalKeyFactsResponse }).optional(),
    current: WorkingCapitalLoanResponse.optional(),
  })
  .meta({ id: 'WorkingCapital' });

/** A repayment's amount, by mobile money here or by card (POST /api/payments/card, purpose working_capital). */
export const WorkingCapitalRepaymentAmount = amountField({ min: Money.ofFrancs(1), max: MAX_WORKING_CAPITAL.plus(MAX_WORKING_CAPITAL), wholeFrancs: true }, { invalid: 'Please enter an amount in whole francs' })
  .optional()
  .meta({ example: 50000, description: 'Whole RWF, at most what is owed; all of it when left out' });

export const WorkingCapitalRepayRequest = z
  .object({
    method: z.literal('mobile_money').optional().meta({ description: 'mobile_money, the only one here: a card repayment starts with POST /api/payments/card {purpose: "working_capital", merchantId, loanId, amount?}' }),
    amount: WorkingCapitalRepaymentAmount,
  })
  .strict()
  .meta({ id: 'WorkingCapitalRepayRequest' });

export const WorkingCapitalRepaymentResponse = z
  .object({ id: z.uuid(), reference: z.string(), method: z.literal('mobile_money'), amount: decimal, status: z.enum(['requested', 'succeeded', 'failed']), phoneNumber: z.string(), requestedAt: instant })
  .meta({ id: 'WorkingCapitalRepayment' });
