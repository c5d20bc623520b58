/**
 * SQL for tests that read `outgoing_transfers` (core/transfers) directly: an attempt's status in
 * the words the tests were written with, before requested/sent/given_up/disputed existed
 * (requested, sent and disputed read `pending`, completed `successful`, given up `failed`).
 */
export const FORMER_STATUS = `(case status when 'completed' then 'successful' when 'failed' then 'failed' when 'given_up' then 'failed' else 'pending' end)`;

/** Attempts still at stake, as the former tables had them: pending, or failed with a retry due. */
export const OPEN_TRANSFER = `(status in ('requested', 'sent', 'disputed') or retry_at is not null)`;

/**
 * `payments` as the tests knew it: contribution payments and the attempts of payouts and
 * withdrawals (now outgoing transfers), with their former statuses. Use as a table: `from ${SAVINGS_PAYMENTS}`.
 */
export const SAVINGS_PAYMENTS = `(select id, kind, reference, tontine_id, member_id, contribution_id, amount_centimes, status, provider_transaction_id, reason, created_at, attempt,
    reference as transfer_reference, null::timestamptz as retry_at from payments
  union all
  select id, purpose, reference, subject_id::uuid, member_id, null, amount_centimes, ${FORMER_STATUS}, provider_transaction_id, reason, created_at, attempt,
    transfer_reference, retry_at from outgoing_transfers
  where purpose in ('payout', 'withdrawal')) as payments`;

/** `loan_disbursements` as the tests knew it: the attempts of loan disbursements, with their former statuses. */
export const LOAN_DISBURSEMENTS = `(select reference, subject_id::uuid as loan_id, member_id, attempt, amount_centimes, ${FORMER_STATUS} as status, retry_at, created_at from outgoing_transfers
  where purpose = 'loan_disbursement') as loan_disbursements`;
