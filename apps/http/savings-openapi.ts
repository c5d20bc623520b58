/**
 * The savings paths of the OpenAPI document (apps/http/openapi.ts spreads them in): tontines,
 * contributions and their payments, the mobile-money callback, notifications, recommendations
 * and the dashboard.
 */
import type { ZodOpenApiPathsObject } from 'zod-openapi';
import { z } from 'zod';
import { authed, error, idempotencyKey, idParam, json, list, op } from './openapi-parts.ts';
import {
  BooksQuery,
  BooksResponse,
  CategoryResponse,
  ChatMessageResponse,
  ChatRequest,
  ContributionResponse,
  CreateTontineRequest,
  DashboardSummaryResponse,
  FineResponse,
  WaiveFineRequest,
  MtnCallbackBody,
  AirtelCallbackBody,
  NotificationPageQuery,
  NotificationPageResponse,
  NotificationResponse,
  PaymentResponse,
  PayoutOrderResponse,
  PayRequest,
  RecommendationResponse,
  RecommendationsQuery,
  SwapRequest,
  SwapResponse,
  TontineContributionResponse,
  TontineMemberResponse,
  TontineResponse,
  WithdrawRequest,
} from './savings-schemas.ts';

const idempotency = idempotencyKey(
  "The client's key for this request (1–200 of A–Z a–z 0–9 . _ : -): the same key answers the same payment. " +
    'Missing: 400 `idempotency_key_required`.',
);
const tontine = { description: 'The tontine', ...json(TontineResponse) };
const samePayment = { description: 'The same key again: the same payment', ...json(PaymentResponse) };

const mtnCallback = op(
  "MTN MoMo's callback (PUT as documented, POST as seen in production; the embedded sandbox uses it too), " +
    "correlated by externalId = our reference. Each payment is given its own URL: this route followed by a token made for " +
    "its reference (an HMAC under MOBILE_MONEY_CALLBACK_SECRET). The callback is a hint, never proof: a valid one makes the " +
    "app ask the provider for the payment's status and book only that answer, once; its body's status and amount are never booked.",
  {
    '200': {
      description: "Settled on the provider's own answer",
      ...json(
        z.object({
          status: z.enum(['applied', 'exists', 'failed', 'pending', 'ignored', 'disputed']),
          paymentStatus: z.enum(['pending', 'successful', 'failed']),
        }),
      ),
    },
    '202': { description: 'The provider could not confirm it now: nothing booked, the polling job asks again', ...json(z.object({ status: z.literal('unverified') })) },
    '400': error('mobile_money_callback_invalid'),
    '403': error('callback_refused: no token, or not the token of this payment (logged and counted)'),
    '404': error('payment_not_found'),
    '409': error('payment_amount_mismatch: the provider reports another amount than was asked (a dispute is raised)'),
  },
  { requestBody: json(MtnCallbackBody), parameters: [{ in: 'path' as const, name: 'token', required: true, schema: { type: 'string' as const, pattern: '^[ct][A-Za-z0-9_-]{43}$' } }] },
);
const airtelCallback = op(
  "Airtel Money's callback (POST), to the one URL set in Airtel's portal: this route followed by AIRTEL_CALLBACK_SECRET. " +
    'The callback is a hint, never proof: a valid one makes the app ask Airtel (its transaction enquiry, as a collection and ' +
    'else as a disbursement) and book only that answer, once; its body\'s status is never booked. Only Airtel is asked here.',
  {
    '200': {
      description: "Settled on Airtel's own answer",
      ...json(
        z.object({
          status: z.enum(['applied', 'exists', 'failed', 'pending', 'ignored', 'disputed']),
          paymentStatus: z.enum(['pending', 'successful', 'failed']),
        }),
      ),
    },
    '202': { description: 'Airtel could not confirm it now, or knows no such transaction: nothing booked, the polling job asks again', ...json(z.object({ status: z.literal('unverified') })) },
    '400': error('mobile_money_callback_invalid'),
    '403': error('callback_refused: not the configured callback secret (logged and counted)'),
    '404': error('payment_not_found'),
    '409': error('payment_amount_mismatch'),
  },
  { requestBody: json(AirtelCallbackBody), parameters: [{ in: 'path' as const, name: 'secret', required: true, schema: { type: 'string' as const } }] },
);
const unsignedAirtelCallback = op(
  'The Airtel callback route without its secret: always refused before any work, logged and counted.',
  { '400': error('mobile_money_callback_invalid'), '403': error('callback_refused') },
  { requestBody: json(AirtelCallbackBody) },
);
const unsignedCallback = op(
  'The callback route without a payment token: always refused before any work, logged and counted (a provider still ' +
    'configured with the bare URL shows in the logs; the app gives MTN each payment its own URL).',
  { '400': error('mobile_money_callback_invalid'), '403': error('callback_refused') },
  { requestBody: json(MtnCallbackBody) },
);

export const savingsPaths: ZodOpenApiPathsObject = {
  '/api/tontines': {
    get: op(
      'Discover: groups a visitor may join or follow (forming and active, personal savings excluded), searched, filtered, sorted and paged; newest first by default',
      {
        '200': { description: 'Tontines', ...json(list(TontineResponse)) },
        '400': error('validation_failed (a value that is not one of its kind: a sort, a frequency, a number; or the lowest contribution above the highest), with `fields`'),
      },
      {
        parameters: [
          { in: 'query', name: 'q', required: false, description: 'Words of the name or description (case ignored), at most 100 characters', schema: { type: 'string', maxLength: 100 } },
          { in: 'query', name: 'category', required: false, description: 'A category id, such as daily_micro', schema: { type: 'string', pattern: '^[a-z][a-z_]{0,39}$' } },
          { in: 'query', name: 'frequency', required: false, schema: { type: 'string', enum: ['daily', 'weekly', 'monthly'] } },
          { in: 'query', name: 'minContribution', required: false, description: 'RWF, included', schema: { type: 'number', exclusiveMinimum: 0 } },
          { in: 'query', name: 'maxContribution', required: false, description: 'RWF, included; not below minContribution', schema: { type: 'number', exclusiveMinimum: 0 } },
          { in: 'query', name: 'minSeatsLeft', required: false, description: 'At least this many seats left (an active group has none)', schema: { type: 'integer', minimum: 0, maximum: 1000 } },
          { in: 'query', name: 'sort', required: false, schema: { type: 'string', enum: ['newest', 'contribution_asc', 'contribution_desc', 'seats_left'], default: 'newest' } },
          { in: 'query', name: 'limit', required: false, schema: { type: 'integer', minimum: 1, maximum: 200, default: 200 } },
          { in: 'query', name: 'offset', required: false, schema: { type: 'integer', minimum: 0, maximum: 100000, default: 0 } },
        ],
      },
    ),
    post: authed(
      'Create a tontine (maxMembers 1: personal savings, active at once)',
      {
        '201': { description: 'Created', ...json(TontineResponse) },
        '400': error("validation_failed with the specification's messages, or contribution_amount_not_whole_francs, or late_fine_invalid (a percentage above 50, or a fine on personal savings)"),
      },
      { requestBody: json(CreateTontineRequest) },
    ),
  },
  '/api/tontines/user': {
    get: authed("The signed-in member's tontines", { '200': { description: 'Tontines', ...json(list(TontineResponse)) } }),
  },
  '/api/tontines/categories': {
    get: op('The six default categories with member counts and average contributions computed from real groups', {
      '200': { description: 'Categories', ...json(list(CategoryResponse)) },
    }),
  },
  '/api/tontines/{id}': {
    get: op('One tontine', { '200': tontine, '404': error('tontine_not_found') }, { parameters: [idParam()] }),
  },
  '/api/tontines/{id}/members': {
    get: op(
      'Members: names (full to fellow members, "Aline M." to anyone else), avatars, initials, roles (never phones or e-mails)',
      { '200': { description: 'Members', ...json(list(TontineMemberResponse)) }, '404': error('tontine_not_found') },
      { parameters: [idParam()] },
    ),
  },
  '/api/tontines/{id}/join': {
    post: authed(
      'Join a forming group; the member who fills it starts the rotation',
      { '200': tontine, '404': error('tontine_not_found'), '409': error('tontine_is_full | tontine_not_forming | already_a_member') },
      { parameters: [idParam()] },
    ),
  },
  '/api/tontines/{id}/start': {
    post: authed(
      'Start the rotation early (admin, at least 2 members)',
      {
        '200': tontine,
        '403': error('only_admin_can_start'),
        '404': error('tontine_not_found'),
        '409': error('not_enough_members | tontine_not_forming'),
      },
      { parameters: [idParam()] },
    ),
  },
  '/api/tontines/{id}/payout-order': {
    get: authed(
      'The payout order (members only)',
      { '200': { description: 'Order', ...json(PayoutOrderResponse) }, '403': error('not_a_member'), '404': error('tontine_not_found') },
      { parameters: [idParam()] },
    ),
  },
  '/api/tontines/{id}/ledger': {
    get: authed(
      'The books of the group’s pool (members only): its balance (the ledger’s, to the centime) and every movement, newest first, ' +
        'with who (first name and last initial), the provider’s reference and the running balance; a page at a time (keyset: ' +
        'movements posted meanwhile never shift the next page)',
      {
        '200': { description: 'A page of the books', ...json(BooksResponse) },
        '400': error('validation_failed (a cursor that is no id, a limit outside 1–100) | cursor_invalid (an id that is no movement of this pool)'),
        '403': error('not_a_member'),
        '404': error('tontine_not_found'),
      },
      { parameters: [idParam()], requestParams: { query: BooksQuery } },
    ),
  },
  '/api/tontines/{id}/fines': {
    get: authed(
      'The group’s late fines (members only), owed ones first: whose ("Amina U."), which cycle, how much, whether owed, paid or ' +
        'waived (and by whom and why). A fine is paid like a contribution, by the member who owes it (`mine`): ' +
        'POST /api/contributions/{fine id}/pay, or by card',
      { '200': { description: 'Fines', ...json(list(FineResponse)) }, '403': error('not_a_member'), '404': error('tontine_not_found') },
      { parameters: [idParam()] },
    ),
  },
  '/api/tontines/{id}/fines/{fineId}/waive': {
    post: authed(
      'The group’s admin waives a pending fine, with a reason every member is told (in-app and by SMS)',
      {
        '200': { description: 'The fine, waived', ...json(FineResponse) },
        '400': error('validation_failed | waiver_reason_invalid'),
        '403': error('not_a_member | only_admin_can_waive'),
        '404': error('tontine_not_found | fine_not_found'),
        '409': error('fine_already_paid | fine_already_waived'),
      },
      { parameters: [idParam(), idParam('fineId')], requestBody: json(WaiveFineRequest) },
    ),
  },
  '/api/tontines/{id}/payout-order/draw': {
    post: authed(
      'Replace the join order by a fair random draw, once, before the first payout (admin); the seed is recorded',
      {
        '200': { description: 'Order', ...json(PayoutOrderResponse) },
        '403': error('only_admin_can_draw'),
        '404': error('tontine_not_found'),
        '409': error('payout_order_already_drawn | payout_order_locked | tontine_not_active'),
      },
      { parameters: [idParam()] },
    ),
  },
  '/api/tontines/{id}/swaps': {
    get: authed(
      'Turn swap proposals (members only)',
      { '200': { description: 'Swaps', ...json(list(SwapResponse)) }, '403': error('not_a_member'), '404': error('tontine_not_found') },
      { parameters: [idParam()] },
    ),
    post: authed(
      'Propose to trade payout turns with another member',
      {
        '201': { description: 'Proposed', ...json(SwapResponse) },
        '400': error('validation_failed | cannot_swap_with_self'),
        '403': error('not_a_member'),
        '404': error('tontine_not_found'),
        '409': error('turn_already_paid | swap_already_proposed | tontine_not_active | personal_savings_has_no_rotation'),
      },
      { parameters: [idParam()], requestBody: json(SwapRequest) },
    ),
  },
  '/api/tontines/{id}/swaps/{swapId}/accept': {
    post: authed(
      'Accept a swap (the member asked): the two turns trade places',
      {
        '200': { description: 'Accepted', ...json(SwapResponse) },
        '403': error('only_counterparty_can_accept'),
        '404': error('swap_proposal_not_found | tontine_not_found'),
        '409': error('turn_already_paid | tontine_not_active | personal_savings_has_no_rotation'),
      },
      { parameters: [idParam(), idParam('swapId')] },
    ),
  },
  '/api/tontines/{id}/chat': {
    get: authed(
      'Group chat, oldest first (members only)',
      {
        '200': { description: 'Messages', ...json(list(ChatMessageResponse)) },
        '403': error('not_a_member'),
        '404': error('tontine_not_found'),
      },
      { parameters: [idParam()] },
    ),
    post: authed(
      'Post a text message, 1–1000 characters after trimming (members only)',
      { '201': { description: 'Posted', ...json(ChatMessageResponse) }, '400': error('validation_failed'), '403': error('not_a_member'), '404': error('tontine_not_found') },
      { parameters: [idParam()], requestBody: json(ChatRequest) },
    ),
  },
  '/api/tontines/{id}/withdraw': {
    post: authed(
      "Withdraw whole francs from personal savings to the member's mobile money (the phone on the profile)",
      {
        '200': samePayment,
        '202': { description: 'Transfer requested', ...json(PaymentResponse) },
        '400': error(
          'idempotency_key_required | validation_failed | amount_must_be_whole_francs | amount_must_be_positive | phone_number_required',
        ),
        '404': error('tontine_not_found'),
        '409': error('insufficient_savings | not_personal_savings | idempotency_key_reused'),
        '422': error('mobile_money_refused'),
        '503': error('mobile_money_unavailable'),
      },
      { parameters: [idParam(), idempotency], requestBody: json(WithdrawRequest) },
    ),
  },
  '/api/contributions/user': {
    get: authed("The signed-in member's contributions", {
      '200': { description: 'Contributions', ...json(list(ContributionResponse)) },
    }),
  },
  '/api/contributions/tontine/{id}': {
    get: authed(
      "A group's contributions (members only)",
      {
        '200': { description: 'Rows', ...json(list(TontineContributionResponse)) },
        '403': error('not_a_member'),
        '404': error('tontine_not_found'),
      },
      { parameters: [idParam()] },
    ),
  },
  '/api/contributions/{id}/pay': {
    post: authed(
      "Pay a contribution by mobile money: the payment is stored, then a collection is requested from the member's phone " +
        "(body phoneNumber, else the profile's). In sandbox mode MTN's test numbers 46733123450–4 and Rwandan numbers " +
        "ending in 450–454 fail, are rejected, time out, stay ongoing or pending, as at MTN's sandbox.",
      {
        '200': samePayment,
        '202': { description: 'Payment started (or refused by the provider: status failed)', ...json(PaymentResponse) },
        '400': error('idempotency_key_required | phone_number_required | phone_number_invalid | validation_failed'),
        '404': error('contribution_not_found'),
        '409': error('contribution_already_paid | fine_waived (a late fine waived: nothing to pay) | payment_in_progress | idempotency_key_reused'),
        '503': error('mobile_money_unavailable: retry with the same key'),
      },
      { parameters: [idParam(), idempotency], requestBody: { required: false, ...json(PayRequest) } },
    ),
  },
  '/api/contributions/{id}/payment': {
    get: authed(
      "The latest payment started for one of the member's contributions (owner only): pending while it awaits approval on the phone, then successful or failed with the reason",
      { '200': { description: 'Payment', ...json(PaymentResponse) }, '404': error('contribution_not_found, payment_not_found') },
      { parameters: [idParam()] },
    ),
  },
  '/api/payments/{id}': {
    get: authed(
      "A payment's state (owner only)",
      { '200': { description: 'Payment', ...json(PaymentResponse) }, '404': error('payment_not_found') },
      { parameters: [idParam()] },
    ),
  },
  '/api/payments/callbacks/mtn': { put: unsignedCallback, post: unsignedCallback },
  '/api/payments/callbacks/mtn/{token}': { put: mtnCallback, post: mtnCallback },
  '/api/payments/callbacks/airtel': { post: unsignedAirtelCallback },
  '/api/payments/callbacks/airtel/{secret}': { post: airtelCallback },
  '/api/notifications': {
    get: authed('The member’s notifications, newest first (50 at most)', {
      '200': { description: 'Notifications', ...json(list(NotificationResponse)) },
    }),
  },
  '/api/notifications/page': {
    get: authed(
      'The member’s notifications whole, a page at a time, newest first (the /notifications page); with the count of all unread',
      { '200': { description: 'A page', ...json(NotificationPageResponse) }, '400': error('validation_failed (a cursor this server did not give, a limit outside 1–50)') },
      { requestParams: { query: NotificationPageQuery } },
    ),
  },
  '/api/notifications/read-all': {
    post: authed('Mark every one of the member’s notifications read (their own only: it takes no id); answers how many were unread', {
      '200': { description: 'How many were marked', ...json(z.object({ marked: z.number() }).meta({ id: 'NotificationsMarked' })) },
    }),
  },
  '/api/notifications/{id}/read': {
    patch: authed(
      'Mark one of the member’s notifications read',
      { '200': { description: 'Notification', ...json(NotificationResponse) }, '404': error('notification_not_found') },
      { parameters: [idParam()] },
    ),
  },
  '/api/ai-assistant/tontine-recommendations': {
    get: authed(
      'Forming groups with spots the member is not in, with a match score from budget, frequency, spots left and on-time rate',
      {
        '200': { description: 'Recommendations', ...json(z.object({ recommendations: list(RecommendationResponse) })) },
        '400': error('validation_failed (a budget that is not a number, not positive, or above 1,000,000,000 RWF)'),
      },
      { requestParams: { query: RecommendationsQuery } },
    ),
  },
  '/api/dashboard/summary': {
    get: authed("The dashboard's computed figures", { '200': { description: 'Summary', ...json(DashboardSummaryResponse) } }),
  },
};
