/**
 * Request and response schemas of the savings journey (tontines, contributions, payments,
 * notifications, chat): validation at the edge and the source of the OpenAPI document. The
 * create-tontine messages are the specification's, from the HTTP catalogue (errors.ts), where
 * CreateTontine's refusals find the same words.
 */
import { DISCOVER_MAX_LIMIT, DISCOVER_SORTS } from '../../core/tontines/discover-query.ts';
import { z } from 'zod';
import { MAX_ENTERED_AMOUNT } from '../../core/money/amount-input.ts';
import { Money } from '../../core/money/money.ts';
import { FREQUENCIES } from '../../core/tontines/cycle-calendar.ts';
import { MOVEMENT_KINDS } from '../../core/tontines/show-group-books.ts';
import { DECISION_RULES, MAX_MEMBERS, TONTINE_CATEGORIES } from '../../core/tontines/tontine-terms.ts';
import { DEFAULT_GRACE_DAYS, MAX_FIXED_FRANCS, MAX_GRACE_DAYS, MAX_PERCENT } from '../../core/tontines/late-fine.ts';
import { MAX_REASON, MIN_REASON } from '../../core/tontines/waive-fine.ts';
import { ERRORS, VALIDATION_MESSAGES } from './errors.ts';
import { amountField } from './amount-field.ts';

const decimal = z.string().meta({ example: '12500.00', description: 'RWF, two decimals' });
const isoDate = z.string().meta({ example: '2026-03-31', description: 'Kigali calendar day' });
const instant = z.string().meta({ example: '2026-03-30T08:00:00.000Z' });

// Every string has a bound, so that no length reaches a column or a parser unchecked; the core
// then checks the value itself (a known frequency, a category of the list). Amounts are read by
// the API's one amount field, bounded from a centime to MAX_ENTERED_AMOUNT.
const ANY_AMOUNT = { min: Money.ofCentimes(1) };

/**
 * The terms' rules are core's (core/tontines/tontine-terms.ts checks them; the dialog's words are the catalogue's);
 * the document states them from the same constants, so that it refuses what CreateTontine refuses.
 */
const NOT_BLANK = { pattern: '\\S' };

/**
 * A group's late fine: the document states the bounds a JSON schema can hold (kind, whole numbers,
 * the largest value and grace); core/tontines/late-fine.ts checks the rest (a percentage above 50,
 * a fine on personal savings) and answers `late_fine_invalid` with the same words.
 */
const LATE_FINE_WORDS = ERRORS.late_fine_invalid.message;
export const LateFineRequest = z
  .object({
    kind: z.enum(['fixed', 'percent'], { error: LATE_FINE_WORDS }).meta({ description: 'fixed: `value` RWF; percent: `value` % of the contribution (rounded to whole francs)' }),
    value: z
      .number({ error: LATE_FINE_WORDS })
      .int({ error: LATE_FINE_WORDS })
      .min(1, { error: LATE_FINE_WORDS })
      .max(MAX_FIXED_FRANCS, { error: LATE_FINE_WORDS })
      .meta({ example: 500, description: `Whole francs (1–${MAX_FIXED_FRANCS}) or a whole percentage (1–${MAX_PERCENT})` }),
    graceDays: z
      .number({ error: LATE_FINE_WORDS })
      .int({ error: LATE_FINE_WORDS })
      .min(0, { error: LATE_FINE_WORDS })
      .max(MAX_GRACE_DAYS, { error: LATE_FINE_WORDS })
      .optional()
      .meta({ example: DEFAULT_GRACE_DAYS, description: `Days after the due date before the fine is posted (default ${DEFAULT_GRACE_DAYS})` }),
  })
  .meta({ id: 'LateFine', description: 'Optional: a fine on a contribution still unpaid when the grace ends (not for personal savings)' });

export const LateFineResponse = z
  .object({ kind: z.enum(['fixed', 'percent']), value: z.number(), graceDays: z.number(), since: isoDate.meta({ description: 'The day the rule took effect' }) })
  .meta({ id: 'GroupLateFine' });

export const FineResponse = z
  .object({
    id: z.string().meta({ description: 'Pay it as a contribution: POST /api/contributions/{id}/pay (or by card)' }),
    member: z.string().meta({ example: 'Amina U.', description: 'First name and last initial' }),
    mine: z.boolean().meta({ description: 'The caller’s own fine (only they can pay it)' }),
    cycle: z.number(),
    amount: decimal,
    postedOn: isoDate.meta({ description: 'The day the grace ended and the fine was posted; due at once' }),
    status: z.enum(['pending', 'overdue', 'completed', 'waived']),
    paidAt: instant.nullable(),
    waiver: z
      .object({
        by: z.enum(['admin', 'decision']),
        actor: z.string().nullable().meta({ description: 'The admin ("Amina U."); null for a group decision' }),
        reason: z.string().nullable().meta({ description: 'The admin’s reason, shown to every member; null for a group decision' }),
        at: instant,
      })
      .nullable(),
  })
  .meta({ id: 'Fine' });

export const WaiveFineRequest = z
  .object({
    reason: z
      .string({ error: ERRORS.waiver_reason_invalid.message })
      .max(MAX_REASON, { error: ERRORS.waiver_reason_invalid.message })
      .meta({ example: 'Hospitalised on the due day', description: `${MIN_REASON}–${MAX_REASON} characters, shown to every member`, override: NOT_BLANK }),
  })
  .meta({ id: 'WaiveFineRequest' });

export const CreateTontineRequest = z
  .object({
    name: z
      .string({ error: VALIDATION_MESSAGES.tontine_name_required })
      .max(100, { error: 'A tontine name is at most 100 characters' })
      .meta({ example: 'Kimironko Savers', override: NOT_BLANK }),
    description: z
      .string({ error: VALIDATION_MESSAGES.tontine_description_required })
      .max(2000, { error: 'A description is at most 2000 characters' })
      .meta({ example: 'Market vendors saving together', override: NOT_BLANK }),
    // Centimes pass here: CreateTontine refuses them with its own code (contribution_amount_not_whole_francs).
    contributionAmount: amountField(ANY_AMOUNT, {
      invalid: VALIDATION_MESSAGES.contribution_amount_invalid,
      aboveMaximum: `A contribution is at most ${MAX_ENTERED_AMOUNT.format()}`,
    }).meta({ example: '12500', description: 'RWF: a number or its decimal text' }),
    frequency: z
      .string({ error: VALIDATION_MESSAGES.frequency_invalid })
      .max(16, { error: VALIDATION_MESSAGES.frequency_invalid })
      .meta({ example: 'weekly', description: 'daily, weekly or monthly', override: { enum: [...FREQUENCIES] } }),
    maxMembers: z.coerce
      .number({ error: VALIDATION_MESSAGES.max_members_invalid })
      .meta({ example: 5, description: '1 for personal savings', override: { type: 'integer', minimum: 1, maximum: MAX_MEMBERS } }),
    category: z
      .string()
      .max(40, { error: VALIDATION_MESSAGES.category_unknown })
      .meta({ override: { enum: [...TONTINE_CATEGORIES] } })
      .nullable()
      .optional()
      .meta({ example: null }),
    decisionRule: z
      .enum(DECISION_RULES, { error: 'Choose majority or unanimity' })
      .optional()
      .meta({ description: 'How the group’s proposals pass: a majority of all members (the default) or unanimity; fixed at creation' }),
    lateFine: LateFineRequest.nullable().optional(),
  })
  .meta({ id: 'CreateTontineRequest' });

export const PayRequest = z
  .object({ phoneNumber: z.string().trim().min(1).max(32).optional().meta({ example: '+250788123456' }) })
  .meta({ id: 'PayContributionRequest' });

export const WithdrawRequest = z
  .object({
    amount: amountField(ANY_AMOUNT, { invalid: 'Please enter a valid amount' }).meta({ example: '5000', description: 'RWF: a number or its decimal text' }),
    phoneNumber: z.string().trim().min(1).max(32).optional(),
  })
  .meta({ id: 'WithdrawRequest' });

export const SwapRequest = z.object({ withMemberId: z.string({ error: 'Choose the member to swap turns with' }).uuid({ error: 'Choose the member to swap turns with' }) }).meta({ id: 'SwapRequest' });

export const ChatRequest = z
  .object({
    message: z
      .string({ error: 'Please write a message' })
      .trim()
      .min(1, { error: 'Please write a message' })
      .max(1000, { error: 'A message is at most 1000 characters' }),
    messageType: z.literal('text', { error: 'Only text messages can be sent' }).default('text'),
  })
  .meta({ id: 'ChatRequest' });

/** GET /api/tontines: Discover's search, filters, sort and page (core/tontines/discover-query.ts). Every value is text in a query. */
const wholeNumber = (name: string, min: number, max: number) =>
  z
    .string({ error: `${name} must be a whole number` })
    .regex(/^\d{1,6}$/, { error: `${name} must be a whole number` })
    .transform(Number)
    .pipe(z.number().min(min, { error: `${name} is at least ${min}` }).max(max, { error: `${name} is at most ${max}` }));
export const DiscoverQuery = z.object({
  q: z.string({ error: 'The search must be text' }).max(100, { error: 'The search is at most 100 characters' }).optional(),
  category: z
    .string({ error: 'Unknown category' })
    .regex(/^[a-z][a-z_]{0,39}$/, { error: 'A category is written in lower case letters and underscores, such as daily_micro' })
    .optional(),
  frequency: z.enum(['daily', 'weekly', 'monthly'], { error: 'Frequency must be daily, weekly or monthly' }).optional(),
  minContribution: amountField(ANY_AMOUNT, { invalid: 'The lowest contribution must be a number', belowMinimum: 'The lowest contribution must be a positive number' }).optional(),
  maxContribution: amountField(ANY_AMOUNT, { invalid: 'The highest contribution must be a number', belowMinimum: 'The highest contribution must be a positive number' }).optional(),
  minSeatsLeft: wholeNumber('Seats left', 0, 1000).optional(),
  sort: z.enum(DISCOVER_SORTS, { error: `Sort must be one of ${DISCOVER_SORTS.join(', ')}` }).optional(),
  limit: wholeNumber('The limit', 1, DISCOVER_MAX_LIMIT).optional(),
  offset: wholeNumber('The offset', 0, 100_000).optional(),
});

export const RecommendationsQuery = z.object({
  budget: amountField(ANY_AMOUNT, {
    invalid: 'The budget must be a number',
    belowMinimum: 'The budget must be a positive number',
    aboveMaximum: `The budget is at most ${MAX_ENTERED_AMOUNT.format()}`,
  }).optional(),
  frequency: z.enum(['daily', 'weekly', 'monthly'], { error: 'Frequency must be daily, weekly or monthly' }).optional(),
});

export const TontineMemberResponse = z
  .object({
    id: z.string(),
    name: z.string().meta({ description: 'Full name to fellow members; first name and initial ("Aline M.") to anyone else' }),
    avatar: z.string().nullable(),
    initials: z.string(),
    role: z.enum(['admin', 'member']),
    isAdmin: z.boolean(),
  })
  .meta({ id: 'TontineMember' });

export const TontineResponse = z
  .object({
    id: z.string(),
    name: z.string(),
    description: z.string(),
    category: z.string().nullable(),
    contributionAmount: decimal,
    frequency: z.enum(['daily', 'weekly', 'monthly']),
    maxMembers: z.number(),
    decisionRule: z.enum(DECISION_RULES).meta({ description: 'How the group’s proposals pass: a majority of all members, or unanimity' }),
    currentCycle: z.number(),
    status: z.enum(['forming', 'active', 'completed', 'cancelled']),
    members: z.array(TontineMemberResponse),
    nextPayoutDate: isoDate.nullable(),
    nextRecipient: z.string().nullable().meta({ description: 'Name of the member paid next (first name and initial unless the viewer is a member)' }),
    currentAmount: decimal.meta({ description: 'What the pool holds now (ledger balance)' }),
    targetAmount: decimal.meta({ description: 'contributionAmount × maxMembers' }),
    createdAt: instant,
    isMember: z.boolean(),
    isAdmin: z.boolean(),
    spotsLeft: z.number(),
    myNextContribution: z.object({ id: z.string(), amount: decimal, dueDate: isoDate, status: z.enum(['pending', 'overdue']) }).nullable(),
    lateFine: LateFineResponse.nullable().meta({ description: 'The group’s late fine rule, or null for none' }),
    forming: z
      .object({
        seatsLeft: z.number(),
        startsWhenFull: z.literal(true).meta({ description: 'The rotation starts by itself when the last seat is taken' }),
        startedBy: z.string().meta({ description: 'The admin (the creator), who may start it earlier: a name as `members` shows it' }),
        canStartEarly: z.boolean().meta({ description: 'The group has the 2 members the admin needs to start it before it is full' }),
        membersNeededToStart: z.number(),
        ifStartedToday: z
          .object({ startDate: isoDate, firstDueDate: isoDate, secondDueDate: isoDate })
          .meta({ description: 'Cycle 1 is due on the start day, cycle 2 one period later (the cycle calendar)' }),
      })
      .nullable()
      .meta({ description: 'While the group forms (null otherwise): its seats left, who starts it and when payments would begin' }),
  })
  .meta({ id: 'Tontine' });

export const CategoryResponse = z
  .object({ id: z.string(), name: z.string(), description: z.string(), memberCount: z.number(), avgContribution: decimal, frequency: z.string() })
  .meta({ id: 'TontineCategory' });

export const ContributionResponse = z
  .object({
    id: z.string(),
    tontineId: z.string(),
    tontineName: z.string(),
    amount: decimal,
    status: z.enum(['pending', 'completed', 'overdue']),
    dueDate: isoDate,
    paidDate: instant.nullable(),
    paymentMethod: z.enum(['mobile_money', 'card', 'pot_deduction']).nullable(),
    cycle: z.number(),
  })
  .meta({ id: 'Contribution' });

export const TontineContributionResponse = z
  .object({
    id: z.string(),
    userId: z.string(),
    userName: z.string(),
    amount: decimal,
    status: z.enum(['pending', 'completed', 'overdue']),
    dueDate: isoDate,
    createdAt: instant.meta({ description: 'When it was paid, else when it fell due' }),
    paidDate: instant.nullable(),
    cycle: z.number(),
  })
  .meta({ id: 'TontineContribution' });

export const PaymentResponse = z
  .object({
    id: z.string(),
    paymentId: z.string(),
    contributionId: z.string().nullable(),
    kind: z.enum(['contribution', 'withdrawal', 'payout']),
    status: z.enum(['pending', 'successful', 'failed']),
    amount: decimal,
    phoneNumber: z.string(),
    provider: z.string(),
    reason: z.string().nullable(),
    createdAt: instant,
    completedAt: instant.nullable(),
  })
  .meta({ id: 'Payment' });

export const PayoutOrderResponse = z
  .object({
    order: z.array(z.object({ memberId: z.string(), name: z.string(), position: z.number() })),
    seed: z.string().nullable(),
    method: z.enum(['join_order', 'draw']),
  })
  .meta({ id: 'PayoutOrder' });

export const SwapResponse = z
  .object({ id: z.string(), status: z.enum(['proposed', 'accepted', 'void']), proposerId: z.string(), counterpartyId: z.string(), proposedAt: instant })
  .meta({ id: 'TurnSwap' });

export const ChatMessageResponse = z
  .object({
    id: z.string(),
    userId: z.string(),
    userName: z.string(),
    userAvatar: z.string().nullable(),
    message: z.string(),
    messageType: z.enum(['text', 'system', 'payment_notification']),
    createdAt: instant,
  })
  .meta({ id: 'ChatMessage' });

export const NotificationResponse = z
  .object({
    id: z.string(),
    type: z.enum(['contribution_due', 'loan_payment', 'payout_received', 'other']),
    title: z.string().meta({ description: 'In the account’s language now (worded when read); a notification written before templates were kept, as written' }),
    message: z.string().meta({ description: 'In the account’s language now, like the title' }),
    isRead: z.boolean(),
    createdAt: instant,
  })
  .meta({ id: 'Notification' });

/**
 * Where a page of notifications ends, as the client passes it back: `<milliseconds>_<id>` of the
 * last one shown (opaque to the client; read here only, never trusted beyond its shape).
 */
// At most 13 digits of milliseconds (up to the year 2286): a longer time has a year of more than four
// digits, which PostgreSQL cannot read (a 500 before this bound).
const NOTIFICATION_CURSOR = /^(\d{1,13})_([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;
export const notificationCursor = (position: { createdAt: Date; id: string }) => `${position.createdAt.getTime()}_${position.id}`;

export const NotificationPageQuery = z.object({
  cursor: z
    .string()
    .regex(NOTIFICATION_CURSOR, { error: 'The cursor is not one this server gave' })
    .transform((text) => {
      const [, millis, id] = NOTIFICATION_CURSOR.exec(text)!;
      return { createdAt: new Date(Number(millis)), id: id!.toLowerCase() };
    })
    .optional()
    .meta({ description: 'The `nextCursor` of the previous page; absent for the first' }),
  limit: z.coerce.number({ error: 'The limit must be a whole number from 1 to 50' }).int({ error: 'The limit must be a whole number from 1 to 50' }).min(1, { error: 'The limit must be a whole number from 1 to 50' }).max(50, { error: 'The limit must be a whole number from 1 to 50' }).optional(),
});

export const NotificationPageResponse = z
  .object({
    notifications: z.array(NotificationResponse),
    nextCursor: z.string().nullable().meta({ description: 'Pass it as `cursor` for the next (older) page; null on the last page' }),
    unreadCount: z.number().meta({ description: 'All the member’s unread notifications, not only this page’s' }),
  })
  .meta({ id: 'NotificationPage' });

export const RecommendationResponse = z
  .object({
    id: z.string(),
    name: z.string(),
    reason: z.string(),
    contributionAmount: decimal,
    frequency: z.string(),
    membersCount: z.number(),
    currentMembers: z.number(),
    maxMembers: z.number(),
    matchScore: z.number().min(0).max(1),
  })
  .meta({ id: 'TontineRecommendation' });

export const DashboardSummaryResponse = z
  .object({
    totalSavings: decimal,
    activeTontines: z.number(),
    savingsStreakMonths: z.number(),
    nextPayment: z.object({ amount: decimal, dueDate: isoDate, tontineName: z.string() }).nullable(),
    /** Null until a contribution is completed: nothing to rate is not 0 % on time. */
    onTimeRate: z.number().min(0).max(100).nullable(),
    nextPayout: z.object({ date: isoDate, amount: decimal, tontineName: z.string() }).nullable(),
  })
  .meta({ id: 'DashboardSummary' });

export const MtnCallbackBody = z
  .object({
    externalId: z.string().meta({ description: 'Our reference for the payment' }),
    amount: z.string().meta({ example: '5000' }),
    currency: z.string().meta({ example: 'RWF' }),
    status: z.enum(['PENDING', 'SUCCESSFUL', 'FAILED']),
    financialTransactionId: z.string().optional(),
    reason: z.string().optional(),
  })
  .meta({ id: 'MtnCallback', description: "MTN MoMo's payment resource, as MTN (and the embedded sandbox) sends it" });

export const AirtelCallbackBody = z
  .object({
    transaction: z.object({
      id: z.string().meta({ description: 'Our reference for the payment (the transaction id we gave Airtel)' }),
      message: z.string().optional(),
      status_code: z.enum(['TS', 'TF', 'TA', 'TIP', 'TE']).meta({ description: 'TS success, TF failed, TE expired, TA ambiguous, TIP in progress' }),
      airtel_money_id: z.string().optional(),
    }),
  })
  .meta({ id: 'AirtelCallback', description: "Airtel Money's callback, as Airtel (and the embedded sandbox playing Airtel) posts it" });

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const BOOKS_LIMIT = 'The limit must be a whole number from 1 to 100';

export const BooksQuery = z.object({
  cursor: z
    .string()
    .regex(UUID, { error: 'The cursor is not one this server gave' })
    .transform((text) => text.toLowerCase())
    .optional()
    .meta({ description: 'The `nextCursor` of the previous page (opaque); absent for the first' }),
  limit: z.coerce.number({ error: BOOKS_LIMIT }).int({ error: BOOKS_LIMIT }).min(1, { error: BOOKS_LIMIT }).max(100, { error: BOOKS_LIMIT }).optional(),
});

export const BooksResponse = z
  .object({
    balance: decimal.meta({ description: 'What the pool holds now: the ledger’s balance of `pool:<id>`, to the centime' }),
    movements: z.array(
      z.object({
        at: instant,
        kind: z.enum(MOVEMENT_KINDS).meta({
          description:
            'contribution, payout, withdrawal (personal savings), payout_returned / withdrawal_returned (a failed transfer booked back), ' +
            'contribution_reversed, fine (a late fine paid) / fine_reversed, fine_posted / fine_waived (a late fine posted on a member, ' +
            'or waived: no money moves, amount 0, the fine in `fine`), reversal (of anything else), rounding (a closed pool’s last centimes), other',
        }),
        member: z.string().nullable().meta({ example: 'Amina U.', description: 'First name and last initial; null when no member moved it' }),
        amount: decimal.meta({ example: '-15000.00', description: 'RWF, positive in, negative out' }),
        balanceAfter: decimal.meta({ description: 'The pool’s balance right after this movement' }),
        reference: z.string().nullable().meta({ description: 'The reference the provider knows the payment or transfer by' }),
        fine: decimal.nullable().meta({ description: 'For fine_posted and fine_waived: the fine’s amount (RWF); otherwise null' }),
      }),
    ),
    nextCursor: z.string().nullable().meta({ description: 'Pass it as `cursor` for the next (older) page; null on the last page' }),
  })
  .meta({ id: 'GroupBooks' });
