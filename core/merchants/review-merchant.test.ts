import { describe, expect, it } from 'vitest';
import { RecordingAuditTrail } from '../audit/audit.fixtures.ts';
import { ReviewAgent } from '../agents/review-agent.ts';
import { DirectUnitOfWork } from '../shared/shared.fixtures.ts';
import { RecordingNotifier } from '../tontines/tontines.fixtures.ts';
import { aRegisteredAgent, aRegisteredMerchant, InMemoryAgentRegistry, InMemoryMerchantRegistry } from './merchants.fixtures.ts';
import { ReviewMerchant } from './review-merchant.ts';

const uow = new DirectUnitOfWork();

describe('admin decisions, audited', () => {
  it('tells the owner of every decision on the business, naming it, with the reason code of a rejection or suspension; a refused move tells nothing', async () => {
    const registry = new InMemoryMerchantRegistry();
    await registry.register(aRegisteredMerchant({ merchantStatus: 'pending', kybStatus: 'pending' }));
    await registry.register(aRegisteredMerchant({ id: 'm2', ownerId: 'u7', merchantCode: 'S-2', businessName: 'Nyamirambo Tailors', merchantStatus: 'pending', kybStatus: 'pending' }));
    const notifier = new RecordingNotifier();
    const review = new ReviewMerchant({ merchants: registry, audit: new RecordingAuditTrail(), notifier, uow });
    await review.execute({ merchantId: 'm1', event: 'verify_kyb', actor: 'admin:grace' });
    await review.execute({ merchantId: 'm2', event: 'reject_kyb', actor: 'admin:grace', reason: ' tin_mismatch ', note: 'TIN 100234567 belongs to another company' });
    await review.execute({ merchantId: 'm1', event: 'suspend', actor: 'admin:grace', reason: 'complaints_under_review' });
    await review.execute({ merchantId: 'm1', event: 'reinstate', actor: 'admin:grace' });
    expect(await review.execute({ merchantId: 'm2', event: 'verify_kyb', actor: 'admin:grace' })).toEqual({ ok: false, error: 'merchant_transition_not_allowed' });
    const shop = { businessName: 'Kigali Corner Shop', merchantCode: 'SHOP-1' };
    expect(notifier.sent).toEqual([
      { userId: 'u1', type: 'other', template: 'merchant_verified', params: shop },
      { userId: 'u7', type: 'other', template: 'merchant_rejected', params: { businessName: 'Nyamirambo Tailors', merchantCode: 'S-2', reasonCode: 'tin_mismatch' } },
      { userId: 'u1', type: 'other', template: 'merchant_suspended', params: { ...shop, reasonCode: 'complaints_under_review' } },
      { userId: 'u1', type: 'other', template: 'merchant_reinstated', params: shop },
    ]);
    expect(JSON.stringify(notifier.sent)).not.toContain('another company');
  });

  it('rejects and suspends only with a code of the right list, checked before anything moves; the note stays in the audit trail', async () => {
    const registry = new InMemoryMerchantRegistry();
    await registry.register(aRegisteredMerchant({ merchantStatus: 'pending', kybStatus: 'pending' }));
    await registry.register(aRegisteredMerchant({ id: 'm2', merchantCode: 'S-2', merchantStatus: 'pending', kybStatus: 'pending' }));
    const audit = new RecordingAuditTrail();
    const notifier = new RecordingNotifier();
    const review = new ReviewMerchant({ merchants: registry, audit, notifier, uow });
    const reject = (reason?: string) => review.execute({ merchantId: 'm2', event: 'reject_kyb', actor: 'admin:grace', ...(reason === undefined ? {} : { reason }) });
    expect(await reject()).toEqual({ ok: false, error: 'rejection_reason_required' });
    expect(await reject('  ')).toEqual({ ok: false, error: 'rejection_reason_required' });
    expect(await reject('TIN does not exist')).toEqual({ ok: false, error: 'rejection_reason_unknown' });
    // A suspension's code does not reject, nor `other` (kept for reasons written before codes).
    expect(await reject('suspected_fraud')).toEqual({ ok: false, error: 'rejection_reason_unknown' });
    expect(await reject('other')).toEqual({ ok: false, error: 'rejection_reason_unknown' });
    expect((await registry.findRegistered('m2'))?.kybStatus).toBe('pending');
    expect(audit.entries).toEqual([]);
    expect(notifier.sent).toEqual([]);

    expect((await review.execute({ merchantId: 'm2', event: 'reject_kyb', actor: 'admin:grace', reason: 'trade_licence_expired', note: '  Licence ran out in June  ' })).ok).toBe(true);
    expect(await registry.findRegistered('m2')).toMatchObject({ kybStatus: 'rejected', statusReasonCode: 'trade_licence_expired', statusReasonNote: null });
    expect(audit.entries.at(-1)).toMatchObject({ action: 'merchant_reject_kyb', details: { reason: 'trade_licence_expired', note: 'Licence ran out in June' } });

    expect((await review.execute({ merchantId: 'm1', event: 'verify_kyb', actor: 'admin:grace' })).ok).toBe(true);
    const suspend = (reason?: string) => review.execute({ merchantId: 'm1', event: 'suspend', actor: 'admin:grace', ...(reason === undefined ? {} : { reason }) });
    expect(await suspend()).toEqual({ ok: false, error: 'suspension_reason_required' });
    expect(await suspend('tin_mismatch')).toEqual({ ok: false, error: 'suspension_reason_unknown' });
    expect(await review.execute({ merchantId: 'm2', event: 'suspend', actor: 'admin:grace', reason: 'suspected_fraud' })).toEqual({ ok: false, error: 'merchant_transition_not_allowed' });
    expect((await suspend('requested_by_owner')).ok).toBe(true);
    expect((await registry.findRegistered('m1'))?.statusReasonCode).toBe('requested_by_owner');
    expect(audit.entries.at(-1)).toMatchObject({ action: 'merchant_suspend', details: { reason: 'requested_by_owner' } });
    expect(audit.entries.at(-1)?.details).not.toHaveProperty('note');
    // Reinstated: no reason any more, nor the words of one stored before codes.
    await registry.saveStatusReason('m1', 'other');
    expect((await review.execute({ merchantId: 'm1', event: 'reinstate', actor: 'admin:grace', reason: 'suspected_fraud' })).ok).toBe(true);
    expect(await registry.findRegistered('m1')).toMatchObject({ merchantStatus: 'active', statusReasonCode: null, statusReasonNote: null });
    expect(audit.entries.map((e) => e.action)).toEqual(['merchant_reject_kyb', 'merchant_verify_kyb', 'merchant_suspend', 'merchant_reinstate']);

    const agents = new InMemoryAgentRegistry();
    await agents.register(aRegisteredAgent({ accreditationStatus: 'pending' }));
    const reviewAgent = new ReviewAgent({ agents, audit, uow });
    expect((await reviewAgent.execute({ agentId: 'a1', event: 'accredit', actor: 'admin:grace' })).ok).toBe(true);
    expect(await reviewAgent.execute({ agentId: 'a1', event: 'accredit', actor: 'admin:grace' })).toEqual({ ok: false, error: 'agent_transition_not_allowed' });
    expect(audit.entries.at(-1)).toMatchObject({ action: 'agent_accredit', subject: 'agent:a1' });
  });
});
