/**
 * UpdateMerchantCompliance: the owner of a business adds or corrects its TIN, trade licence and RDB
 * number while its KYB awaits review (the 'Rwanda BNR Compliance' card of /merchant/dashboard), so
 * that the admin verifies what the business states now.
 *
 * Guarantees
 * - Only the owner: another member's merchant, or an id of none, answers `merchant_not_found`
 *   exactly like an unknown id, and changes nothing.
 * - Only while KYB is pending: once verified or rejected, `kyb_already_decided` and nothing
 *   changes (the admin decided on what was stated then). An admin's decision racing the change
 *   wins: the details are written only if KYB is still pending at the moment they are written.
 * - The details replace the three fields (null clears one). Their shape is registration's
 *   (core/merchants/merchant-profile.ts, checked at each channel's edge): a TIN of 9 to 20
 *   characters, the numbers at most 100.
 * - A change is recorded in the audit trail (`merchant_compliance_updated`, actor
 *   `member:<userId>`, subject `merchant:<id>`), in the same transaction, naming the changed
 *   fields; saving the same details again changes and records nothing.
 */
import type { AuditTrail } from '../audit/ports.ts';
import { err, ok, type Result } from '../shared/result.ts';
import type { UnitOfWork } from '../shared/unit-of-work.ts';
import { ownedMerchant } from './merchant-access.ts';
import { COMPLIANCE_FIELDS, type ComplianceDetails, type RegisteredMerchant } from './merchant-profile.ts';
import type { MerchantRegistry } from './ports.ts';

export interface UpdateMerchantComplianceDeps {
  registry: Pick<MerchantRegistry, 'findRegistered' | 'saveComplianceWhileKybPending'>;
  audit: AuditTrail;
  uow: UnitOfWork;
}

export interface UpdateMerchantComplianceInput {
  merchantId: string;
  userId: string;
  details: ComplianceDetails;
}

export type UpdateMerchantComplianceError = 'merchant_not_found' | 'kyb_already_decided';

export class UpdateMerchantCompliance {
  constructor(private readonly deps: UpdateMerchantComplianceDeps) {}

  execute(input: UpdateMerchantComplianceInput): Promise<Result<RegisteredMerchant, UpdateMerchantComplianceError>> {
    const { registry, audit, uow } = this.deps;
    return uow.run(async () => {
      const owned = await ownedMerchant(registry, input);
      if (!owned.ok) return owned;
      const merchant = owned.value;
      if (merchant.kybStatus !== 'pending') return err('kyb_already_decided');
      const changed = COMPLIANCE_FIELDS.filter((field) => merchant[field] !== input.details[field]);
      if (changed.length === 0) return ok(merchant);
      if (!(await registry.saveComplianceWhileKybPending(merchant.id, input.details))) return err('kyb_already_decided');
      await audit.record({ action: 'merchant_compliance_updated', actor: `member:${input.userId}`, subject: `merchant:${merchant.id}`, details: { changed: changed.join(',') } });
      return ok({ ...merchant, ...input.details });
    });
  }
}
