/**
 * The one table from error codes to HTTP answers. Every failure leaves the API as
 * `{ "error": "<human message>", "code": "<snake_case>" }` (validation failures add `fields`).
 */
import type { Context } from 'koa';
import type { LoanApplicationError } from '../../core/loans/loan-terms.ts';
import type { DiscoverQueryError } from '../../core/tontines/discover-query.ts';
import { MAX_FIXED_FRANCS, MAX_GRACE_DAYS, MAX_PERCENT } from '../../core/tontines/late-fine.ts';
import { MAX_MEMBERS, type TontineTermsError } from '../../core/tontines/tontine-terms.ts';

export const ERRORS = {
  validation_failed: { status: 400, message: 'The request is not valid.' },
  invalid_json: { status: 400, message: 'The request body is not valid JSON.' },
  invalid_characters: { status: 400, message: 'The request contains invisible control characters (such as a NUL byte): please remove them and try again.' },
  unauthenticated: { status: 401, message: 'Please sign in to continue.' },
  invalid_credentials: { status: 401, message: 'Invalid email or password' },
  not_found: { status: 404, message: 'Not found.' },
  /** The message names the method (http/method-guard.ts); the `Allow` header lists the address's methods. */
  method_not_allowed: { status: 405, message: 'This address does not accept this method.' },
  /** TRACE and any other method no route of the server implements (http/method-guard.ts). */
  method_not_implemented: { status: 501, message: 'This server does not accept this method.' },
  sso_disabled: { status: 404, message: 'Google sign-in is not enabled.' },
  email_taken: { status: 409, message: 'An account with this email already exists.' },
  phone_taken: { status: 409, message: 'This phone number is already used by another Ikimina account (it signs in with it by USSD). Please enter a number of your own.' },
  account_not_found: { status: 404, message: 'Account not found.' },
  invalid_or_expired_link: { status: 400, message: 'This sign-in link is invalid or has expired.' },
  invalid_or_expired_reset_link: { status: 400, message: 'This password reset link is invalid or has expired. Please ask for a new one.' },
  current_password_incorrect: { status: 400, message: 'Your current password is not correct.' },
  session_not_found: { status: 404, message: 'This session does not exist or has already ended.' },
  idempotency_key_required: { status: 400, message: 'Send an Idempotency-Key header (1–200 letters, digits, . _ : -) with this request.' },
  phone_number_required: { status: 400, message: 'Please give the mobile-money number to pay from: your profile has none.' },
  phone_number_invalid: { status: 400, message: 'Please enter a valid Rwandan mobile number (e.g. +250788123456).' },
  name_required: { status: 400, message: 'Please enter your first and last name.' },
  field_read_only: { status: 400, message: 'This field cannot be changed here.' },
  contribution_amount_not_whole_francs: { status: 400, message: 'Mobile money moves whole francs: please enter a contribution without centimes.' },
  amount_must_be_whole_francs: { status: 400, message: 'Mobile money moves whole francs: please enter an amount without centimes.' },
  amount_must_be_positive: { status: 400, message: 'Please enter an amount above zero.' },
  cannot_swap_with_self: { status: 400, message: 'You cannot swap turns with yourself.' },
  message_empty: { status: 400, message: 'Please type a message.' },
  message_too_long: { status: 400, message: 'Your message is too long: please keep it under 1,000 characters.' },
  mobile_money_callback_invalid: { status: 400, message: 'The callback body is not a payment resource.' },
  callback_refused: { status: 403, message: 'This callback does not carry the token of its payment.' },
  webhook_refused: { status: 401, message: 'This webhook does not carry the secret hash of the card processor.' },
  card_webhook_invalid: { status: 400, message: 'The webhook body does not name a transaction (data.id, data.tx_ref).' },
  card_checkout_unavailable: { status: 503, message: 'Card payments are not reachable right now. Please try again in a moment with the same request.' },
  card_checkout_refused: { status: 502, message: 'The card processor refused to open a checkout for this payment. Please try again later or pay by mobile money.' },
  not_a_member: { status: 403, message: 'Only members of this tontine can do this.' },
  cross_site_request: { status: 403, message: 'This request came from another site and was refused. Please use Ikimina from its own pages.' },
  source_not_allowed: { status: 403, message: 'This address may not call this route.' },
  only_admin_can_start: { status: 403, message: 'Only the admin of this tontine can start it.' },
  only_admin_can_cancel: { status: 403, message: 'Only the admin of this tontine can cancel it.' },
  only_admin_can_draw: { status: 403, message: 'Only the admin of this tontine can draw the payout order.' },
  only_counterparty_can_accept: { status: 403, message: 'Only the member asked can accept this swap.' },
  tontine_not_found: { status: 404, message: 'Tontine Not Found' },
  contribution_not_found: { status: 404, message: 'Contribution not found.' },
  payment_not_found: { status: 404, message: 'Payment not found.' },
  notification_not_found: { status: 404, message: 'Notification not found.' },
  swap_proposal_not_found: { status: 404, message: 'This swap proposal does not exist or is no longer open.' },
  tontine_is_full: { status: 409, message: 'This tontine is full.' },
  tontine_not_forming: { status: 409, message: 'This tontine no longer takes new members.' },
  already_a_member: { status: 409, message: 'You are already a member of this tontine.' },
  not_enough_members: { status: 409, message: 'A tontine needs at least 2 members to start.' },
  tontine_not_active: { status: 409, message: 'This tontine is not active.' },
  personal_savings_has_no_rotation: { status: 409, message: 'Personal savings have no payout rotation.' },
  not_personal_savings: { status: 409, message: 'Only personal savings can be withdrawn from; a group pays out in turns.' },
  payout_order_already_drawn: { status: 409, message: 'The payout order has already been drawn.' },
  payout_order_locked: { status: 409, message: 'The payout order cannot change once a payout was made.' },
  turn_already_paid: { status: 409, message: 'A turn that was already paid out cannot move.' },
  swap_already_proposed: { status: 409, message: 'A swap between you two is already proposed.' },
  // Group decisions (core/decisions; apps/http/decision-routes.ts).
  proposal_text_required: { status: 400, message: 'Please say what you propose and why (at most 500 characters).' },
  proposal_not_found: { status: 404, message: 'This proposal does not exist in this group.' },
  proposal_closed: { status: 409, message: 'This vote is closed: its result is final.' },
  proposal_change_invalid: { status: 409, message: 'This change does not fit the group as it is now: check its members, the turns already paid and the current order.' },
  personal_savings_has_no_decisions: { status: 409, message: 'Personal savings have no group decisions: you decide alone.' },
  contribution_already_paid: { status: 409, message: 'This contribution is already paid.' },
  payment_in_progress: { status: 409, message: 'A payment for this contribution is already under way: finish it or wait for it to end before paying again.' },
  late_fine_invalid: {
    status: 400,
    message: `A late fine is 1 to ${MAX_FIXED_FRANCS.toLocaleString('en')} RWF or 1 to ${MAX_PERCENT} % of the contribution, after 0 to ${MAX_GRACE_DAYS} days of grace, for a group (not personal savings).`,
  },
  fine_not_found: { status: 404, message: 'This fine does not exist in this group.' },
  fine_already_paid: { status: 409, message: 'This fine is already paid: it can no longer be waived.' },
  fine_already_waived: { status: 409, message: 'This fine was already waived.' },
  fine_waived: { status: 409, message: 'This fine was waived: there is nothing to pay.' },
  only_admin_can_waive: { status: 403, message: 'Only the admin of this group can waive a fine (or the group, by a decision).' },
  only_group_can_change_fine: { status: 403, message: 'Once the group has started, only a group decision can change its late fine.' },
  waiver_reason_invalid: { status: 400, message: 'Please give the reason for waiving this fine (3 to 300 characters): every member will see it.' },
  cursor_invalid: { status: 400, message: 'This page of the list was not found. Start again from the first page.' },
  idempotency_key_reused: { status: 409, message: 'This Idempotency-Key was already used for another request.' },
  insufficient_savings: { status: 409, message: 'Your savings do not cover this amount.' },
  payment_amount_mismatch: { status: 409, message: 'The amount reported differs from the amount requested.' },
  mobile_money_refused: { status: 422, message: 'The mobile-money provider refused this payment.' },
  identity_not_verified: { status: 403, message: 'A loan needs a verified national ID: please verify yours first (Dashboard, Verification tab).' },
  scoring_consent_required: { status: 403, message: 'Please consent to a credit assessment of your own Ikimina records first.' },
  key_facts_not_accepted: { status: 400, message: 'Please read and accept the key facts statement' },
  rejection_reason_required: { status: 400, message: 'Give the reason for rejecting this loan (at least 5 characters).' },
  member_not_found: { status: 404, message: 'Member not found.' },
  loan_not_found: { status: 404, message: 'Loan not found.' },
  key_facts_not_found: { status: 404, message: 'Key facts statement not found: please review the key facts again.' },
  credit_assessment_not_found: { status: 404, message: 'No Credit Score Available' },
  has_overdue_loan: { status: 409, message: 'You have an overdue loan: please repay it before applying again.' },
  loan_application_open: { status: 409, message: 'You already have a loan application waiting for a decision or disbursement.' },
  loan_transition_not_allowed: { status: 409, message: 'This loan cannot change that way.' },
  loan_not_repayable: { status: 409, message: 'This loan has nothing to repay.' },
  repayment_in_progress: { status: 409, message: 'A repayment is already under way: finish it or wait for it to end before starting another.' },
  key_facts_expired: { status: 409, message: 'This key facts statement is no longer valid: please review the key facts again.' },
  key_facts_mismatch: { status: 409, message: 'The amount or term differs from the key facts you reviewed: please review them again.' },
  key_facts_outdated: { status: 409, message: 'Your rate changed since you reviewed the key facts: please review them again.' },
  loan_exceeds_limit: { status: 422, message: 'This amount is above your available loan limit: half of your savings, less what you already owe.' },
  no_mobile_money_number: { status: 422, message: 'Add a mobile-money number to your profile first.' },
  national_id_invalid_format: { status: 400, message: 'Please enter your national ID number as printed on your card: 16 digits starting with 1, 2 or 3.' },
  national_id_birth_year_in_future: { status: 400, message: 'This national ID number gives a birth year in the future: please check the number.' },
  national_id_birth_date_mismatch: { status: 400, message: 'The date of birth does not match your national ID: please enter it as printed on your card.' },
  national_id_holder_under_18: { status: 422, message: 'You must be 18 or older to verify your national ID with Ikimina.' },
  national_id_not_found: { status: 422, message: 'This national ID number was not found in the national register. Please check the number and try again.' },
  national_id_name_mismatch: { status: 422, message: 'The names you entered do not match the national ID record. Please enter your first and last names as they appear on your ID card.' },
  national_id_in_use: { status: 409, message: 'This national ID is already verified on another Ikimina account. Each ID can verify one account only: if it is yours, please contact support.' },
  national_id_holder_changed: { status: 409, message: 'Your account is already verified with another person’s national ID. A new ID card must carry the same names as the one you verified.' },
  national_id_registry_unavailable: { status: 503, message: 'The national ID register cannot be reached right now. Nothing was saved: please try again later.', retryAfterSeconds: 60 },
  // Facial KYC (core/kyc; apps/http/kyc-routes.ts).
  photos_required: { status: 400, message: 'Please upload both ID photo and selfie for verification' },
  photo_not_private: { status: 400, message: 'Your ID photo and selfie show your face: upload them as private photos (POST /api/objects/upload/private).' },
  biometric_consent_required: { status: 403, message: 'Please agree to the comparison of your face first: your consent is recorded before any comparison.' },
  consent_version_outdated: { status: 409, message: 'The consent text has changed: please read it again and accept the current version.' },
  id_photo_no_face_found: { status: 422, message: 'No face was found in your ID photo. Use a clear photo of your ID card on which your face is visible.' },
  selfie_no_face_found: { status: 422, message: 'No face was found in your selfie. Take a photo of your face, looking at the camera, in good light.' },
  id_photo_several_faces_found: { status: 422, message: 'Your ID photo shows more than one face. Use a photo of your own ID card only.' },
  selfie_several_faces_found: { status: 422, message: 'Your selfie shows more than one face. Take a selfie with only your face in the picture.' },
  id_photo_face_too_small: { status: 422, message: 'The face on your ID photo is too small. Take the photo closer, so that the card fills the picture.' },
  selfie_face_too_small: { status: 422, message: 'Your face is too small in your selfie. Hold the camera closer, so that your face fills most of the picture.' },
  id_photo_unreadable_image: { status: 422, message: 'Your ID photo could not be read. Please upload it again as a JPEG, PNG or WebP photo.' },
  selfie_unreadable_image: { status: 422, message: 'Your selfie could not be read. Please upload it again as a JPEG, PNG or WebP photo.' },
  face_matcher_unavailable: { status: 503, message: 'Face verification is not available right now. Please try again in a few minutes.' },
  payload_too_large: { status: 413, message: 'The request body is too large.' },
  unsupported_media_type: { status: 415, message: 'Send the request body as application/json.' },
  rate_limited: { status: 429, message: 'Too many attempts. Please wait a few minutes and try again.' },
  mobile_money_unavailable: { status: 503, message: 'Mobile money is not reachable right now. Please try again with the same request.' },
  // Uploads and objects (core/uploads; apps/http/upload-routes.ts, companion-routes.ts).
  object_not_found: { status: 404, message: 'This photo was not found. Please upload it again.' },
  upload_too_large: { status: 413, message: 'The photo is larger than 5 MB (5,242,880 bytes): please choose a smaller one.' },
  /** The upload library retries a 403 with exactly this message (spec part 1 §8). */
  upload_url_expired: { status: 403, message: 'Request has expired' },
  upload_signature_invalid: { status: 403, message: 'This upload address is not valid: ask for a new one.' },
  object_already_received: { status: 409, message: 'A different photo was already uploaded to this address: ask for a new one.' },
  too_many_uploads: { status: 429, message: 'Too many uploads in the last hour. Please wait a little and try again.' },
  profile_photo_not_public: { status: 400, message: 'A profile photo is shown to other members: upload it as a public photo (POST /api/objects/upload/public).' },
  upload_not_found: { status: 404, message: 'Upload not found.' },
  lesson_not_found: { status: 404, message: 'This lesson does not exist.' },
  invalid_part: { status: 400, message: 'A part is missing, out of order or its ETag does not match: list the parts and try again.' },
  /** A 4xx, not 501: the upload library retries 5xx answers, and there is nothing to retry. */
  sts_not_offered: { status: 404, message: 'Temporary storage credentials are not offered: upload through signed addresses (s3/params or s3/multipart).' },
  // Agents, merchants and the pay page (core/agents, core/merchants; apps/http/merchant-routes.ts).
  agent_not_found: { status: 404, message: 'Agent not found. You may need to register as an agent first.' },
  already_an_agent: { status: 409, message: 'You are already registered as an agent.' },
  agent_code_taken: { status: 409, message: 'This agent code is already taken. Please choose another one.' },
  merchant_not_found: { status: 404, message: 'Merchant not found.' },
  own_business_referral: { status: 409, message: 'An agent cannot refer their own business: leave the agent code empty, or ask another agent to onboard it.' },
  too_many_pending_merchants: { status: 409, message: 'You already have 5 businesses awaiting verification. Please wait for their review before registering another.' },
  merchant_code_taken: { status: 409, message: 'This merchant code is already taken. Please choose another one.' },
  merchant_not_active: { status: 409, message: 'This merchant is not accepting payments right now. Please pay another way or try again later.' },
  merchant_not_verified: { status: 409, message: 'This business does not accept payments yet: it is waiting for verification. Please pay another way.' },
  month_invalid: { status: 400, message: 'Ask for a month as YYYY-MM, from 2020-01 up to this month.' },
  // Statements (core/statements; apps/http/statement-routes.ts).
  period_invalid: { status: 400, message: 'Ask for a period of real days (YYYY-MM-DD), from 2020-01-01 up to today, the start not after the end, at most 366 days.' },
  statement_link_invalid: { status: 404, message: 'This statement link is not valid or has expired. Ask for the statement again.' },
  kyb_already_decided: { status: 409, message: 'Your business has already been reviewed: its compliance details can no longer be changed here.' },
  // Working capital (core/working-capital; apps/http/working-capital-routes.ts).
  working_capital_not_found: { status: 404, message: 'Working capital not found.' },
  business_not_verified: { status: 409, message: 'Working capital is for verified businesses: it can be asked for once your business is verified.' },
  working_capital_open: { status: 409, message: 'Your business already has working capital open: repay it before asking for more.' },
  working_capital_not_approved: { status: 409, message: 'This working capital cannot be accepted: it is not approved, or it was accepted already.' },
  working_capital_transition_not_allowed: { status: 409, message: 'This working capital cannot change that way.' },
  working_capital_not_repayable: { status: 409, message: 'This working capital has nothing to repay.' },
  repayment_amount_invalid: { status: 409, message: 'Please repay at most what is still owed, in whole francs.' },
  amount_not_whole_francs: { status: 400, message: 'Amount must be a whole number of francs' },
  amount_below_minimum: { status: 400, message: 'Minimum working capital is 10,000 RWF' },
  amount_above_maximum: { status: 400, message: 'Maximum working capital is 10,000,000 RWF' },
  payment_amount_invalid: { status: 400, message: 'Please enter an amount of at least 1 RWF, in whole francs.' },
  // USSD access set up from the web (core/accounts/ussd-access.ts; apps/http/ussd-access-routes.ts).
  ussd_access_needs_phone: { status: 400, message: 'Add your mobile number to your profile first: the code is sent to it by SMS.' },
  phone_number_not_rwandan: { status: 400, message: 'USSD serves Rwandan mobile numbers only (+250 7…): put one on your profile first.' },
  ussd_access_code_incorrect: { status: 400, message: 'This is not the code we sent. Check the SMS and try again.' },
  ussd_access_code_expired: { status: 410, message: 'This code has expired or was tried too often. Ask for a new code.' },
  pin_format: { status: 400, message: 'A PIN is exactly 5 digits.' },
  pin_weak: { status: 400, message: 'This PIN is too easy to guess: avoid one digit repeated and runs such as 12345.' },
  // Data rights (core/data-rights; apps/http/data-rights-routes.ts).
  export_not_found: { status: 404, message: 'This data export does not exist.' },
  export_not_ready: { status: 409, message: 'Your data export is still being prepared. We will notify you when it is ready.' },
  export_expired: { status: 410, message: 'This data export has expired: its files were deleted after 7 days. Ask for a new export.' },
  /** Sent with `blockers`, the reasons (core/data-rights/ports.ts ERASURE_BLOCKERS). */
  account_deletion_blocked: { status: 409, message: 'Your account cannot be deleted yet: settle what is listed first.' },
  /** PostgreSQL unreachable or switching over (adapters/postgres/database-unavailable.ts): sent with Retry-After. */
  database_unavailable: { status: 503, message: 'Ikimina cannot reach its records for a moment. Please try again in a few seconds.' },
  not_ready: { status: 503, message: 'The database is not reachable.' },
  internal_error: { status: 500, message: 'Something went wrong on our side. Please try again.' },
} as const satisfies Record<string, { status: number; message: string; retryAfterSeconds?: number }>;

export type ErrorCode = keyof typeof ERRORS;

/**
 * Core's codes for a broken bound of a form (a loan application, a tontine's terms, a search):
 * HTTP answers them as `validation_failed`, like zod's refusals, with these words: the
 * specification's for the loan's bounds and the create-tontine dialog's for the terms. The zod
 * schemas of the same forms (loan-schemas.ts, savings-schemas.ts) use the same words.
 */
export const VALIDATION_MESSAGES = {
  loan_amount_not_whole_francs: 'Loan amount must be a whole number of francs',
  loan_amount_below_minimum: 'Minimum loan amount is 10,000 RWF',
  loan_amount_above_maximum: 'Maximum loan amount is 10,000,000 RWF',
  loan_purpose_too_short: 'Please provide a detailed loan purpose',
  loan_term_not_whole_months: 'Term must be a whole number of months',
  loan_term_below_minimum: 'Minimum term is 1 month',
  loan_term_above_maximum: 'Maximum term is 60 months',
  tontine_name_required: 'Please enter a tontine name',
  tontine_description_required: 'Please enter a description',
  contribution_amount_invalid: 'Please enter a valid contribution amount',
  max_members_invalid: `Please enter a number of members from 1 to ${MAX_MEMBERS}`,
  frequency_invalid: 'Please choose daily, weekly or monthly',
  category_unknown: 'Please choose one of the tontine categories',
  contribution_range_inverted: 'The lowest contribution cannot be above the highest.',
} as const satisfies Record<LoanApplicationError | TontineTermsError | DiscoverQueryError, string>;

export type ValidationCode = keyof typeof VALIDATION_MESSAGES;

/** Every code a use case may hand to `sendFailure`. */
export type FailureCode = ErrorCode | ValidationCode;

export interface ErrorBody {
  error: string;
  code: ErrorCode;
  fields?: Record<string, string>;
}

/** Answers a failure of the HTTP edge itself (a body, a header, a path): the table's words unless told. */
export function sendError(ctx: Context, code: ErrorCode, options: { message?: string; fields?: Record<string, string>; retryAfterSeconds?: number } = {}): void {
  const entry: { status: number; message: string; retryAfterSeconds?: number } = ERRORS[code];
  ctx.status = entry.status;
  const retryAfterSeconds = options.retryAfterSeconds ?? entry.retryAfterSeconds;
  if (retryAfterSeconds !== undefined) ctx.set('Retry-After', String(retryAfterSeconds));
  const body: ErrorBody = { error: options.message ?? entry.message, code };
  if (options.fields) body.fields = options.fields;
  ctx.body = body;
}

/** What the photo routes (uploads, profile photo, KYC) say of a refused image. */
export const IMAGE_ONLY = 'Only photos are accepted: a JPEG, PNG or WebP image of at most 5 MB.';

/**
 * The one way a route answers a use case's failure. The code finds its status and words here
 * (a form's bound answers as `validation_failed`); `rate_limited` carries its wait. `field` names
 * the request field at fault, which then carries the message too (`fields` when the field says
 * something else); `imageOnly` is what a route that takes a member's photo says of a refused
 * image (`unsupported_media_type`), since the table's words speak of request bodies.
 */
export function sendFailure(
  ctx: Context,
  failure: { readonly error: FailureCode; readonly retryAfterSeconds?: number },
  options: { field?: string; fields?: Record<string, string>; imageOnly?: string } = {},
): void {
  const { error } = failure;
  const [code, words] = Object.hasOwn(VALIDATION_MESSAGES, error)
    ? (['validation_failed', VALIDATION_MESSAGES[error as ValidationCode]] as const)
    : ([error as ErrorCode, ERRORS[error as ErrorCode].message] as const);
  const message = error === 'unsupported_media_type' && options.imageOnly !== undefined ? options.imageOnly : words;
  const fields = options.fields ?? (options.field !== undefined ? { [options.field]: message } : undefined);
  sendError(ctx, code, {
    message,
    ...(fields ? { fields } : {}),
    ...(failure.retryAfterSeconds !== undefined ? { retryAfterSeconds: failure.retryAfterSeconds } : {}),
  });
}
