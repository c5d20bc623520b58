import { Migration } from '@mikro-orm/migrations';

/**
 * A merchant's rejection or suspension reason as a code (core/merchants/merchant-reason.ts), not
 * the admin's free words (issue 31 "the four languages complete": an admin's English reached a
 * Kinyarwanda merchant as typed):
 *
 * - `merchants.status_reason_code`: why the business is rejected or suspended; the owner reads it
 *   in their language. `kyb_reason` becomes `status_reason_note`: the free words of a reason
 *   stored before codes, kept for admins only beside the code `other`.
 * - Nothing wrote these reasons but admins, so the only words recognised with certainty are a
 *   code itself ("tin_mismatch", "TIN mismatch") or a short English label of it (below, the words
 *   an admin would type), compared without case, spacing or punctuation ("license" read as
 *   "licence").
 *   Anything else becomes `other`, its words kept as the note.
 * - A rejected business takes its stored `kyb_reason`. A suspended one never stored its reason:
 *   it takes the last `merchant_suspend` row of the audit log for it; suspended without a reason
 *   (the CLI allowed it), it keeps none.
 * - The notices already written with a template (`merchant_rejected`, `merchant_suspended`, since
 *   Migration20261128431000) carry the same change in their `params`: `reason` becomes
 *   `reasonCode`, worded when read. Their first rendering stays in `title`/`message`, as sent.
 * - A reason given on verification (kept in `kyb_reason` too) was never shown but in the audit
 *   log: it is dropped from the merchant's row, also from a suspended one's (the audit log keeps it).
 */
const REASONS = `(values
  ('reject', 'documents_unreadable', 'documents unreadable'),
  ('reject', 'tin_mismatch', 'TIN does not match the RDB record'),
  ('reject', 'trade_licence_missing', 'trade licence missing'),
  ('reject', 'trade_licence_expired', 'trade licence expired'),
  ('reject', 'business_not_found_at_rdb', 'business not found at RDB'),
  ('reject', 'owner_identity_mismatch', 'owner identity does not match'),
  ('reject', 'prohibited_activity', 'prohibited activity'),
  ('suspend', 'suspected_fraud', 'suspected fraud'),
  ('suspend', 'complaints_under_review', 'customer complaints under review'),
  ('suspend', 'compliance_documents_expired', 'compliance documents expired'),
  ('suspend', 'requested_by_owner', 'requested by the owner')
) as r(kind, code, label)`;

/** Words compared without case, spacing or punctuation. */
const plain = (column: string) => `trim(regexp_replace(replace(lower(${column}), 'license', 'licence'), '[^a-z0-9]+', ' ', 'g'))`;

/** The code whose name or label `column` says, among the reasons of `kind` (a SQL expression). */
const codeOf = (kind: string, column: string) =>
  `(select r.code from ${REASONS} where r.kind = ${kind} and ${plain(column)} in (${plain('r.code')}, ${plain('r.label')}) limit 1)`;

export class Migration20261128440000 extends Migration {

  override name = 'Migration20261128440000';

  override async up(): Promise<void> {
    await this.execute(`alter table "merchants" add column "status_reason_code" text null;`);
    await this.execute(`alter table "merchants" rename column "kyb_reason" to "status_reason_note";`);
    await this.execute(`update "merchants" set "status_reason_note" = null where "merchant_status" <> 'rejected';`);
    await this.execute(`
      update "merchants" m set "status_reason_note" = a."reason"
      from (select distinct on ("subject") "subject", nullif(trim("details"->>'reason'), '') as "reason" from "audit_log"
            where "action" = 'merchant_suspend' order by "subject", "seq" desc) a
      where a."subject" = 'merchant:' || m."id" and m."merchant_status" = 'suspended';`);
    await this.execute(`
      update "merchants" set "status_reason_code" = coalesce(${codeOf(`case "merchant_status" when 'rejected' then 'reject' else 'suspend' end`, '"status_reason_note"')}, 'other')
      where "merchant_status" = 'rejected' or ("merchant_status" = 'suspended' and "status_reason_note" is not null);`);
    await this.execute(`update "merchants" set "status_reason_note" = null where "status_reason_code" is distinct from 'other';`);

    await this.execute(`
      update "notifications" set "params" = ("params" - 'reason') || case when nullif(trim("params"->>'reason'), '') is null then '{}'::jsonb
        else jsonb_build_object('reasonCode', coalesce(${codeOf(`case "template" when 'merchant_rejected' then 'reject' else 'suspend' end`, `("params"->>'reason')`)}, 'other')) end
      where "template" in ('merchant_rejected', 'merchant_suspended') and "params"->>'reason' is not null;`);
  }

  override async down(): Promise<void> {
    // Back to words: a code as its English label, `other` as the words it kept (none on a notice).
    await this.execute(`
      update "notifications" n set "params" = ("params" - 'reasonCode') || jsonb_build_object('reason', coalesce((select r.label from ${REASONS} where r.code = n."params"->>'reasonCode'), ''))
      where "template" in ('merchant_rejected', 'merchant_suspended') and "params"->>'reasonCode' is not null;`);
    await this.execute(`
      update "merchants" m set "status_reason_note" = (select r.label from ${REASONS} where r.code = m."status_reason_code")
      where "merchant_status" = 'rejected' and "status_reason_code" <> 'other';`);
    // A suspension's reason was never kept with the merchant (the audit log has it).
    await this.execute(`update "merchants" set "status_reason_note" = null where "merchant_status" <> 'rejected';`);
    await this.execute(`alter table "merchants" rename column "status_reason_note" to "kyb_reason";`);
    await this.execute(`alter table "merchants" drop column "status_reason_code";`);
  }
}
