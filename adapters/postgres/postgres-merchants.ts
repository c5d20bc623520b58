/**
 * Merchants over PostgreSQL (table `merchants`, Migration20261124100000; status reasons:
 * Migration20261128440000), in the caller's transaction (the global EntityManager resolves to the unit
 * of work's fork); rows parsed by their schema (merchant-rows.ts).
 *
 * Guarantees
 * - `register` relies on the unique key on the code: a registration that lost a race answers
 *   `merchant_code_taken`, never a 500.
 * - A status reason code this version does not know fails loudly rather than showing the owner a
 *   wrong reason.
 * - An id that cannot exist (not a UUID) finds nothing, never an error.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Merchant } from '../../core/merchants/merchant.ts';
import type { ComplianceDetails, RegisteredMerchant } from '../../core/merchants/merchant-profile.ts';
import type { MerchantReasonCode } from '../../core/merchants/merchant-reason.ts';
import type { MerchantRegistry, MerchantRepository } from '../../core/merchants/ports.ts';
import { isUuid, merchantRow, type Row } from './merchant-rows.ts';
import { violatesUnique } from './mikro-orm-unit-of-work.ts';

export class PostgresMerchants implements MerchantRepository, MerchantRegistry {
  constructor(private readonly em: EntityManager) {}

  private async one(where: string, params: unknown[]): Promise<RegisteredMerchant | undefined> {
    const [row] = await this.em.execute<Row[]>(`select * from merchants where ${where} limit 1`, params);
    return row && merchantRow.parse(row);
  }

  async findById(id: string) {
    return isUuid(id) ? this.one('id = ?', [id]) : undefined;
  }

  findRegistered(id: string) {
    return this.findById(id);
  }

  findByCode(merchantCode: string) {
    return this.one('merchant_code = ?', [merchantCode]);
  }

  async listByOwner(ownerId: string): Promise<RegisteredMerchant[]> {
    if (!isUuid(ownerId)) return [];
    return (await this.em.execute<Row[]>(`select * from merchants where owner_id = ? order by created_at, id`, [ownerId])).map((r) => merchantRow.parse(r));
  }

  async listAwaitingKyb(): Promise<RegisteredMerchant[]> {
    return (await this.em.execute<Row[]>(`select * from merchants where kyb_status = 'pending' order by created_at, id`)).map((r) => merchantRow.parse(r));
  }

  async register(m: RegisteredMerchant): Promise<'registered' | 'merchant_code_taken'> {
    try {
      const inserted = await this.em.execute<Row[]>(
        `insert into merchants (id, owner_id, merchant_code, business_name, merchant_category, tin, trade_license_number, rdb_registration_number,
           business_address, district, phone_number, email, onboarded_by_agent_id, merchant_status, kyb_status, payout_provider, created_at, updated_at)
         values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) on conflict (merchant_code) do nothing returning id`,
        [m.id, m.ownerId, m.merchantCode, m.businessName, m.merchantCategory, m.tin, m.tradeLicenseNumber, m.rdbRegistrationNumber,
          m.businessAddress, m.district, m.phoneNumber, m.email, m.onboardedByAgentId ?? null, m.merchantStatus, m.kybStatus, m.payoutWallet.provider, m.createdAt, m.createdAt],
      );
      return inserted.length ? 'registered' : 'merchant_code_taken';
    } catch (error) {
      if (violatesUnique(error, 'merchants_merchant_code_unique')) return 'merchant_code_taken';
      throw error;
    }
  }

  async save(merchant: Merchant): Promise<void> {
    await this.em.execute(`update merchants set merchant_status = ?, kyb_status = ?, updated_at = now() where id = ?`, [merchant.merchantStatus, merchant.kybStatus, merchant.id]);
  }

  async markQrGenerated(id: string, at: Date): Promise<void> {
    await this.em.execute(`update merchants set qr_generated_at = ?, updated_at = ? where id = ?`, [at, at, id]);
  }

  async saveStatusReason(id: string, code: MerchantReasonCode | null): Promise<void> {
    await this.em.execute(`update merchants set status_reason_code = ?, status_reason_note = null, updated_at = now() where id = ?`, [code, id]);
  }

  /** One statement: the row lock it takes orders it with a decision's update, and the loser sees the winner's status. */
  async saveComplianceWhileKybPending(id: string, d: ComplianceDetails): Promise<boolean> {
    if (!isUuid(id)) return false;
    const updated = await this.em.execute<Row[]>(
      `update merchants set tin = ?, trade_license_number = ?, rdb_registration_number = ?, updated_at = now() where id = ? and kyb_status = 'pending' returning id`,
      [d.tin, d.tradeLicenseNumber, d.rdbRegistrationNumber, id],
    );
    return updated.length === 1;
  }
}
