import { describe, expect, it } from 'vitest';
import { RecordingAuditTrail } from '../audit/audit.fixtures.ts';
import { DirectUnitOfWork } from '../shared/shared.fixtures.ts';
import type { ComplianceDetails } from './merchant-profile.ts';
import { aRegisteredMerchant, InMemoryMerchantRegistry } from './merchants.fixtures.ts';
import { UpdateMerchantCompliance } from './update-merchant-compliance.ts';

const corrected: ComplianceDetails = { tin: '100234567', tradeLicenseNumber: 'TL-2026-0042', rdbRegistrationNumber: null };

async function world(kybStatus: 'pending' | 'verified' | 'rejected' = 'pending') {
  const registry = new InMemoryMerchantRegistry();
  const merchantStatus = kybStatus === 'pending' ? 'pending' : kybStatus === 'verified' ? 'active' : 'rejected';
  await registry.register(aRegisteredMerchant({ merchantStatus, kybStatus, tin: '99999', rdbRegistrationNumber: 'RDB-1' }));
  const audit = new RecordingAuditTrail();
  return { registry, audit, update: new UpdateMerchantCompliance({ registry, audit, uow: new DirectUnitOfWork() }) };
}

describe('UpdateMerchantCompliance', () => {
  it('lets the owner add and correct the details while KYB is pending, and records which fields changed', async () => {
    const { registry, audit, update } = await world();
    const updated = await update.execute({ merchantId: 'm1', userId: 'u1', details: corrected });
    expect(updated.ok && updated.value).toMatchObject(corrected);
    expect(await registry.findRegistered('m1')).toMatchObject(corrected);
    expect(audit.entries).toEqual([{ action: 'merchant_compliance_updated', actor: 'member:u1', subject: 'merchant:m1', details: { changed: 'tin,tradeLicenseNumber,rdbRegistrationNumber' } }]);
  });

  it('saving the same details again changes and records nothing', async () => {
    const { audit, update } = await world();
    await update.execute({ merchantId: 'm1', userId: 'u1', details: corrected });
    expect((await update.execute({ merchantId: 'm1', userId: 'u1', details: corrected })).ok).toBe(true);
    expect(audit.entries).toHaveLength(1);
  });

  it("answers another member's merchant, or an unknown id, as not found and changes nothing", async () => {
    const { registry, audit, update } = await world();
    expect(await update.execute({ merchantId: 'm1', userId: 'u2', details: corrected })).toEqual({ ok: false, error: 'merchant_not_found' });
    expect(await update.execute({ merchantId: 'nope', userId: 'u1', details: corrected })).toEqual({ ok: false, error: 'merchant_not_found' });
    expect(await registry.findRegistered('m1')).toMatchObject({ tin: '99999', tradeLicenseNumber: null, rdbRegistrationNumber: 'RDB-1' });
    expect(audit.entries).toEqual([]);
  });

  it.each(['verified', 'rejected'] as const)('refuses once KYB is %s and changes nothing', async (kyb) => {
    const { registry, audit, update } = await world(kyb);
    expect(await update.execute({ merchantId: 'm1', userId: 'u1', details: corrected })).toEqual({ ok: false, error: 'kyb_already_decided' });
    expect(await registry.findRegistered('m1')).toMatchObject({ tin: '99999' });
    expect(audit.entries).toEqual([]);
  });

  it('an admin decision committed between the read and the write wins: nothing is written or recorded', async () => {
    const { registry, audit, update } = await world();
    const read = registry.findRegistered.bind(registry);
    registry.findRegistered = async (id) => {
      const seen = await read(id);
      await registry.save({ ...seen!, merchantStatus: 'active', kybStatus: 'verified' });
      return seen;
    };
    expect(await update.execute({ merchantId: 'm1', userId: 'u1', details: corrected })).toEqual({ ok: false, error: 'kyb_already_decided' });
    expect(await read('m1')).toMatchObject({ tin: '99999', kybStatus: 'verified' });
    expect(audit.entries).toEqual([]);
  });
});
