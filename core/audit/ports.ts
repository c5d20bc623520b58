/**
 * The audit trail: an append-only record of every decision that moves money or changes a
 * person's standing, each row chained to the previous one by a hash (core/audit/audit-chain.ts),
 * so that an edited, deleted or reordered row is found (`npm run admin -- audit verify`).
 *
 * Guarantees (of every adapter)
 * - `record` writes inside the caller's unit of work: the decision and its audit row commit
 *   together or not at all. Called outside one, it commits on its own.
 * - Rows are appended one at a time in a single chain, whatever the concurrency; nothing appended
 *   is ever changed or removed.
 *
 * Actions (snake_case, past tense; add a new one here when a use case starts recording it):
 * - `loan_approved`, `loan_rejected`: a loan decided, by the scorecard (actor `system`, details
 *   carry the model version and score) or by an officer (`admin:<name>`, details carry the reason).
 * - `loan_referred`: the scorecard left the loan `pending` for an officer (actor `system`).
 * - `transfer_disputed`: a provider's report contradicts a booked result or the request (actor
 *   `provider:<name>`, subject `payment:<reference>`, details the direction, problem, reported
 *   status, amount and currency); raised to an admin, never booked (core/payment-reports/reconcile-payment.ts).
 * - `key_rotated`: the rotation of a secret (session, token or encryption key). Details name the
 *   key, never its value: `keys rotate` (core/identity/rotate-national-id-keys.ts, subject
 *   `key:national_id`) records the key version the ID numbers were re-encrypted under and how many.
 * - `national_id_verified`: a member verified a national ID (actor and subject `member:<userId>`;
 *   details the number masked to its last four digits, the registry, whether an older number was
 *   replaced and whether the registry's photo was kept; core/identity/verify-national-id.ts).
 * - `kyc_verified`, `kyc_not_matched`, `kyc_rejected`: a face comparison decided (actor and subject
 *   `member:<id>`; details the decision's id, similarity, percent, threshold, cut-off, model and
 *   version, the ID photo's source, the verification type and reference, and for `kyc_rejected`
 *   the photo's problem; core/kyc/verify-face.ts). `biometric_consent_given` (details the consent's
 *   id and text version), `biometric_consent_withdrawn`: the member's consent to that comparison.
 * - `demo_seeded`, `job_run`, `db_migrated`: admin CLI commands that change something.
 * - `merchant_compliance_updated`: a merchant's owner added or corrected the TIN, trade licence or
 *   RDB number while KYB was pending (actor `member:<id>`, subject `merchant:<id>`); details name
 *   the changed fields (core/merchants/update-merchant-compliance.ts).
 * - `proposal_opened`, `proposal_closed`: a group decision (core/decisions) opened by a member
 *   (actor `member:<id>`), closed by the vote that made it certain (`member:<id>`) or at its expiry
 *   (`system`); subject `proposal:<id>`; details the group, kind, rule, and on closing the status
 *   (passed, rejected, void and why), the counts and the number of members.
 * - `profile_updated`: a member edited their own profile (actor `member:<id>`, subject
 *   `user:<id>`); details name the changed fields, never their values, and whether the USSD PIN
 *   moved to a new phone number (core/accounts/update-profile.ts).
 * - `data_export_requested` (details the export's id), `account_erased` (details how many stored
 *   objects were deleted), `scoring_consent_withdrawn`: the member's data rights (actor and
 *   subject `member:<id>`; core/data-rights).
 * - `member_data_read`: an admin's CLI command showed the member's personal data (actor
 *   `admin:<name>`, subject `member:<id>`, details the command; core/data-rights/record-admin-reads.ts).
 */
import type { ChainedAuditRow } from './audit-chain.ts';
import type { AuditChainReader } from './verify-audit-log.ts';

/** `system` | `admin:<os user or --as name>` | `member:<userId>` | `provider:<name>`. */
export type AuditActor = string;

export const SYSTEM_ACTOR: AuditActor = 'system';

export interface AuditEntry {
  /** snake_case, e.g. 'loan_approved', 'loan_rejected', 'transfer_disputed', 'key_rotated'. */
  readonly action: string;
  readonly actor: AuditActor;
  /** What the decision is about, as `<kind>:<id>`, e.g. 'loan:<id>'. */
  readonly subject: string;
  readonly details?: Readonly<Record<string, string | number | boolean | null>>;
}

export interface AuditTrail {
  record(entry: AuditEntry): Promise<void>;
}

export interface AuditListFilter {
  limit: number;
  action?: string;
  subject?: string;
}

/** The audit log as an administrator reads it (`audit list`, `audit verify`). */
export interface AuditLog extends AuditChainReader {
  /** Newest first. */
  list(filter: AuditListFilter): Promise<ChainedAuditRow[]>;
}
