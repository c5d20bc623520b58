/**
 * The admin's decision on a merchant (CLI `merchants verify|reject|suspend|reinstate`), recorded
 * in the audit trail. (An agent's: core/agents/review-agent.ts.)
 *
 * Guarantees
 * - The move follows core/merchants/merchant.ts (decideMerchant); a refused move changes nothing
 *   and records nothing.
 * - The decision and its audit row (`merchant_<event>`, actor, reason) commit together, in one
 *   unit of work.
 * - A KYB rejection needs one of KYB_REJECTION_CODES, a suspension one of SUSPENSION_CODES
 *   (core/merchants/merchant-reason.ts): absent is `rejection_reason_required` /
 *   `suspension_reason_required`, another word `rejection_reason_unknown` /
 *   `suspension_reason_unknown`, checked before anything is read. The code is kept with the
 *   merchant until the next decision; verifying and reinstating take none. The admin's own note,
 *   if any, goes to the audit trail only: it is in the admin's words, not the owner's language.
 * - A merchant's owner is told of each decision on the business (core/merchants/merchant-notices.ts:
 *   in-app, SMS and e-mail in their language), in the decision's transaction: told if and only if
 *   it committed.
 */
import type { AuditTrail } from '../audit/ports.ts';
import { err, ok, type Result } from '../shared/result.ts';
import type { UnitOfWork } from '../shared/unit-of-work.ts';
import { decideMerchant } from './decide-merchant.ts';
import type { Merchant, MerchantEvent } from './merchant.ts';
import { merchantDecisionNotice } from './merchant-notices.ts';
import { isKybRejectionCode, isSuspensionCode, type KybRejectionCode, type SuspensionCode } from './merchant-reason.ts';
import type { MerchantRegistry, MerchantRepository } from './ports.ts';
import type { Notifier } from '../tontines/ports.ts';

export type ReviewMerchantError =
  | 'merchant_not_found'
  | 'merchant_transition_not_allowed'
  | 'rejection_reason_required'
  | 'rejection_reason_unknown'
  | 'suspension_reason_required'
  | 'suspension_reason_unknown';

export interface ReviewMerchantInput {
  merchantId: string;
  event: MerchantEvent;
  actor: string;
  /** To reject, one of KYB_REJECTION_CODES; to suspend, one of SUSPENSION_CODES; ignored otherwise. */
  reason?: string;
  /** The admin's own words, kept in the audit trail only. */
  note?: string;
}

/** The code a decision states: null for the decisions that take none. */
function reasonOf(event: MerchantEvent, given: string | undefined): Result<KybRejectionCode | SuspensionCode | null, ReviewMerchantError> {
  const code = given?.trim() ?? '';
  if (event === 'reject_kyb') return code === '' ? err('rejection_reason_required') : isKybRejectionCode(code) ? ok(code) : err('rejection_reason_unknown');
  if (event === 'suspend') return code === '' ? err('suspension_reason_required') : isSuspensionCode(code) ? ok(code) : err('suspension_reason_unknown');
  return ok(null);
}

export class ReviewMerchant {
  constructor(private readonly deps: { merchants: MerchantRepository & Pick<MerchantRegistry, 'saveStatusReason'>; audit: AuditTrail; notifier: Notifier; uow: UnitOfWork }) {}

  async execute(input: ReviewMerchantInput): Promise<Result<Merchant, ReviewMerchantError>> {
    const { merchants, audit, notifier, uow } = this.deps;
    const reason = reasonOf(input.event, input.reason);
    if (!reason.ok) return reason;
    const note = input.note?.trim() ?? '';
    return uow.run(async () => {
      const decided = await decideMerchant({ merchants }, input);
      if (!decided.ok) return decided;
      await merchants.saveStatusReason(input.merchantId, reason.value);
      await audit.record({
        action: `merchant_${input.event}`,
        actor: input.actor,
        subject: `merchant:${input.merchantId}`,
        details: { status: decided.value.merchantStatus, kybStatus: decided.value.kybStatus, reason: reason.value, ...(note ? { note } : {}) },
      });
      await notifier.notify(merchantDecisionNotice(decided.value, input.event, reason.value));
      return ok(decided.value);
    });
  }
}
