import { describe, expect, it } from 'vitest';
import { Money } from '../money/money.ts';
import { isDistrict, RWANDA_DISTRICTS } from '../shared/districts.ts';
import { DirectUnitOfWork, FixedClock, SequentialIds } from '../shared/shared.fixtures.ts';
import { RecordingAuditTrail } from '../audit/audit.fixtures.ts';
import { parseEmvPayload } from './emv-qr-payload.ts';
import { ListOwnMerchants, ownedMerchant } from './merchant-access.ts';
import { exportedStatus, ListMerchantSettlements, ListMerchantTransactions, listedStatus, pendingSettlement, standingSales, transactionStatistics } from './merchant-payments.ts';
import { GenerateMerchantQr, ShowMerchantQr } from './merchant-qr.ts';
import type { MerchantPaymentReversal } from './merchant-reversal.ts';
import { refundAsOwnerSees, type MerchantCardRefund, type MerchantCardRefundStatus, type OwnerRefundView } from './merchant-card-refund.ts';
import { InMemoryMerchantCardRefunds } from './reversal.fixtures.ts';
import { receiptReference, type MerchantTransaction } from './merchant-transaction.ts';
import { aRegisteredAgent, aRegisteredMerchant, InMemoryAgentRegistry, InMemoryMerchantRegistry, InMemoryMerchantTransactions } from './merchants.fixtures.ts';
import { DEFAULT_PAY_REQUEST_LIMITS, maskPhone, PayMerchant, ShowMerchantReceipt, ShowPayPage } from './pay-merchant.ts';
import { MAX_PENDING_MERCHANTS, RegisterMerchant } from './register-merchant.ts';
import { ReviewAgent, ReviewMerchant } from './review-business.ts';
import { salesAnalytics } from './sales-analytics.ts';
import { FakeMobileMoney } from '../loans/loans.fixtures.ts';
import { CountingKycLimiter } from '../kyc/kyc.fixtures.ts';
import { RecordingNotifier } from '../tontines/tontines.fixtures.ts';

const clock = new FixedClock(new Date('2026-11-20T10:00:00Z'));
const uow = new DirectUnitOfWork();
const settings = { templateTag: '29', guid: 'rw.example.pay', merchantCodeSubId: '01', networkFields: {} };

const form = {
  ownerId: 'u1',
  merchantCode: 'SHOP-9',
  businessName: 'Corner',
  merchantCategory: 'retail' as const,
  tin: null,
  tradeLicenseNumber: null,
  rdbRegistrationNumber: null,
  businessAddress: 'KN 1 Rd',
  district: 'Huye',
  phoneNumber: '+250788000010',
  email: 's@example.rw',
  onboardedByAgentId: null,
};

const aTransaction = (overrides: Partial<MerchantTransaction> = {}): MerchantTransaction => ({
  id: 't1',
  transactionReference: 'merchant-payment:t1',
  merchantId: 'm1',
  provider: 'mtn',
  customerPhoneNumber: '+250788111111',
  amount: Money.ofFrancs(10_000),
  merchantFee: Money.ofFrancs(200),
  netAmount: Money.ofFrancs(9_800),
  commission: Money.ZERO,
  status: 'completed',
  createdAt: new Date('2026-11-18T12:00:00Z'),
  completedAt: new Date('2026-11-18T12:00:05Z'),
  ...overrides,
});

const aReversal = (transactionId: string): MerchantPaymentReversal => ({
  id: `r-${transactionId}`,
  transactionId,
  merchantId: 'm1',
  amount: Money.ofFrancs(5_000),
  merchantFee: Money.ofFrancs(100),
  netAmount: Money.ofFrancs(4_900),
  commission: Money.ZERO,
  commissionReversed: false,
  reason: 'goods returned by the customer',
  reversedBy: 'admin:grace',
  reversedAt: new Date('2026-11-19T09:00:00Z'),
  refundReference: `merchant-refund:${transactionId}`,
});

describe('districts', () => {
  it('knows the 30 districts of Rwanda, spelt as listed', () => {
    expect(RWANDA_DISTRICTS).toHaveLength(30);
    expect(isDistrict('Gasabo')).toBe(true);
    expect(isDistrict('gasabo')).toBe(false);
  });
});

describe('merchant registration', () => {
  it('registers pending with KYB pending, referred by an active agent only; the code is unique', async () => {
    const registry = new InMemoryMerchantRegistry();
    const agents = new InMemoryAgentRegistry();
    await agents.register(aRegisteredAgent());
    await agents.register(aRegisteredAgent({ id: 'a2', userId: 'u5', agentCode: 'AG-2', accreditationStatus: 'suspended' }));
    const register = new RegisterMerchant({ registry, agents, payoutProvider: () => 'airtel', unitOfWork: uow, clock, ids: new SequentialIds('m') });
    const registered = await register.execute({ ...form, onboardedByAgentId: 'a1' });
    expect(registered.ok && registered.value).toMatchObject({ merchantStatus: 'pending', kybStatus: 'pending', onboardedByAgentId: 'a1', payoutWallet: { provider: 'airtel', msisdn: '+250788000010' } });
    expect(await register.execute(form)).toEqual({ ok: false, error: 'merchant_code_taken' });
    expect(await register.execute({ ...form, merchantCode: 'X-1', onboardedByAgentId: 'a2' })).toEqual({ ok: false, error: 'agent_not_found' });
    expect(await register.execute({ ...form, merchantCode: 'X-1', onboardedByAgentId: 'nope' })).toEqual({ ok: false, error: 'agent_not_found' });
    registry.register = async () => 'merchant_code_taken';
    expect(await register.execute({ ...form, merchantCode: 'X-2' })).toEqual({ ok: false, error: 'merchant_code_taken' });
  });
  it(`keeps at most ${MAX_PENDING_MERCHANTS} businesses of one member awaiting KYB`, async () => {
    const registry = new InMemoryMerchantRegistry();
    const register = new RegisterMerchant({ registry, agents: new InMemoryAgentRegistry(), payoutProvider: () => 'mtn', unitOfWork: uow, clock, ids: new SequentialIds('m') });
    for (let i = 0; i < MAX_PENDING_MERCHANTS; i++) expect((await register.execute({ ...form, merchantCode: `P-${i}` })).ok).toBe(true);
    expect(await register.execute({ ...form, merchantCode: 'P-X' })).toEqual({ ok: false, error: 'too_many_pending_merchants' });
    expect((await register.execute({ ...form, ownerId: 'u2', merchantCode: 'P-X' })).ok).toBe(true);
  });

  it("never lets a member's own agent profile refer their own business", async () => {
    const registry = new InMemoryMerchantRegistry();
    const agents = new InMemoryAgentRegistry();
    await agents.register(aRegisteredAgent({ id: 'a1', userId: form.ownerId }));
    const register = new RegisterMerchant({ registry, agents, payoutProvider: () => 'mtn', unitOfWork: uow, clock, ids: new SequentialIds('m') });
    expect(await register.execute({ ...form, onboardedByAgentId: 'a1' })).toEqual({ ok: false, error: 'own_business_referral' });
    expect(await registry.findByCode(form.merchantCode)).toBeUndefined();
    expect((await register.execute({ ...form, ownerId: 'u9', onboardedByAgentId: 'a1' })).ok).toBe(true);
  });
});

describe('owner-only access and the QR', () => {
  it('answers another member’s merchant as not found', async () => {
    const registry = new InMemoryMerchantRegistry();
    await registry.register(aRegisteredMerchant());
    expect((await ownedMerchant(registry, { merchantId: 'm1', userId: 'u1' })).ok).toBe(true);
    expect(await ownedMerchant(registry, { merchantId: 'm1', userId: 'u2' })).toEqual({ ok: false, error: 'merchant_not_found' });
    expect((await new ListOwnMerchants({ registry }).execute({ userId: 'u1' })).map((m) => m.id)).toEqual(['m1']);
  });

  it('generates the QR for the owner only, and shows none before', async () => {
    const registry = new InMemoryMerchantRegistry();
    await registry.register(aRegisteredMerchant());
    const renderer = { png: async (payload: string, size: number) => new TextEncoder().encode(`${size}:${payload}`) };
    const deps = { registry, renderer, settings, unitOfWork: uow, clock };
    expect(await new ShowMerchantQr(deps).execute({ merchantId: 'm1', userId: 'u1' })).toEqual({ ok: true, value: null });
    expect(await new GenerateMerchantQr(deps).execute({ merchantId: 'm1', userId: 'u2' })).toEqual({ ok: false, error: 'merchant_not_found' });
    const generated = await new GenerateMerchantQr(deps).execute({ merchantId: 'm1', userId: 'u1' });
    expect(generated.ok && parseEmvPayload(generated.value.payload).ok).toBe(true);
    const shown = await new ShowMerchantQr(deps).execute({ merchantId: 'm1', userId: 'u1' });
    expect(shown.ok && shown.value && new TextDecoder().decode(shown.value.png).startsWith('300:')).toBe(true);
    expect(await new ShowMerchantQr(deps).execute({ merchantId: 'm1', userId: 'u2' })).toEqual({ ok: false, error: 'merchant_not_found' });
  });
});

describe('paying a merchant by code', () => {
  async function payWorld(status: 'active' | 'pending' | 'suspended' | 'rejected' = 'active') {
    const registry = new InMemoryMerchantRegistry();
    await registry.register(aRegisteredMerchant({ merchantStatus: status }));
    const transactions = new InMemoryMerchantTransactions();
    const mobileMoney = new FakeMobileMoney();
    const pay = new PayMerchant({
      registry,
      merchants: registry,
      transactions,
      mobileMoney,
      clock,
      ids: new SequentialIds('t'),
      providerFor: (n) => (n.startsWith('+25078') ? 'mtn' : undefined),
      limiter: new CountingKycLimiter(),
      payRequestLimits: DEFAULT_PAY_REQUEST_LIMITS,
    });
    return { registry, transactions, mobileMoney, pay };
  }

  it('collects from an active merchant’s customer; the receipt masks the number', async () => {
    const { registry, transactions, mobileMoney, pay } = await payWorld();
    const paid = await pay.execute({ merchantCode: 'shop-1', francs: 2_500, customerPhoneNumber: '+250788123456', customerName: 'Aline' });
    expect(paid.ok && paid.value.transaction).toMatchObject({ status: 'pending', amount: Money.ofFrancs(2_500), customerName: 'Aline', provider: 'mtn' });
    expect(mobileMoney.collections).toHaveLength(1);
    const receipt = await new ShowMerchantReceipt({ registry, payments: transactions }).execute({ transactionId: paid.ok ? paid.value.transaction.id : '' });
    expect(receipt.ok && receipt.value.maskedPhoneNumber).toBe('+25078****456');
    expect(await new ShowMerchantReceipt({ registry, payments: transactions }).execute({ transactionId: 'nope' })).toEqual({ ok: false, error: 'payment_not_found' });
    expect(maskPhone('123')).toBe('***');
  });

  it('refuses an unknown or rejected merchant, one awaiting verification, a suspended one, a bad amount or number', async () => {
    expect(await (await payWorld('pending')).pay.execute({ merchantCode: 'SHOP-1', francs: 100, customerPhoneNumber: '+250788123456' })).toEqual({ ok: false, error: 'merchant_not_verified' });
    expect(await (await payWorld('rejected')).pay.execute({ merchantCode: 'SHOP-1', francs: 100, customerPhoneNumber: '+250788123456' })).toEqual({ ok: false, error: 'merchant_not_found' });
    const { pay, registry } = await payWorld('suspended');
    expect(await pay.execute({ merchantCode: 'SHOP-1', francs: 100, customerPhoneNumber: '+250788123456' })).toEqual({ ok: false, error: 'merchant_not_active' });
    expect((await new ShowPayPage({ registry }).execute({ merchantCode: 'SHOP-1' })).ok && (await new ShowPayPage({ registry }).execute({ merchantCode: 'SHOP-1' }))).toMatchObject({
      value: { acceptingPayments: false },
    });
    const active = await payWorld();
    expect(await active.pay.execute({ merchantCode: 'NOPE', francs: 100, customerPhoneNumber: '+250788123456' })).toEqual({ ok: false, error: 'merchant_not_found' });
    expect(await active.pay.execute({ merchantCode: 'SHOP-1', francs: 0.5, customerPhoneNumber: '+250788123456' })).toEqual({ ok: false, error: 'payment_amount_invalid' });
    expect(await active.pay.execute({ merchantCode: 'SHOP-1', francs: 100, customerPhoneNumber: '+15551234567' })).toEqual({ ok: false, error: 'phone_number_invalid' });
    active.mobileMoney.failWith = 'mobile_money_refused';
    expect(await active.pay.execute({ merchantCode: 'SHOP-1', francs: 100, customerPhoneNumber: '+250788123456' })).toEqual({ ok: false, error: 'mobile_money_refused' });
  });

  it('shows a business awaiting verification by its code and nothing else; a rejected one as an unknown code', async () => {
    const show = async (status: 'active' | 'pending' | 'suspended' | 'rejected', code = 'shop-1') => new ShowPayPage({ registry: (await payWorld(status)).registry }).execute({ merchantCode: code });
    expect(await show('pending')).toEqual({ ok: true, value: { merchantCode: 'SHOP-1', standing: 'awaiting_verification', acceptingPayments: false } });
    expect(await show('rejected')).toEqual({ ok: false, error: 'merchant_not_found' });
    expect(await show('active', 'NOPE')).toEqual({ ok: false, error: 'merchant_not_found' });
    expect(await show('suspended')).toEqual({ ok: true, value: { merchantCode: 'SHOP-1', businessName: 'Kigali Corner Shop', district: 'Gasabo', standing: 'suspended', acceptingPayments: false } });
    expect(await show('active')).toEqual({ ok: true, value: { merchantCode: 'SHOP-1', businessName: 'Kigali Corner Shop', district: 'Gasabo', standing: 'accepting', acceptingPayments: true } });
  });
  it('limits public requests per payer number and per client, before the provider is asked; a repeat under a key and USSD are not counted', async () => {
    const { pay, mobileMoney } = await payWorld();
    const publicPay = (msisdn: string, client: string, idempotencyKey?: string) =>
      pay.execute({ merchantCode: 'SHOP-1', francs: 100, customerPhoneNumber: msisdn, publicClient: client, ...(idempotencyKey ? { idempotencyKey } : {}) });
    for (let i = 0; i < DEFAULT_PAY_REQUEST_LIMITS.perNumber; i++) expect((await publicPay('+250788123456', `10.0.0.${i}`, i === 0 ? 'k1' : undefined)).ok).toBe(true);
    expect((await publicPay('+250788123456', '10.0.1.1', 'k1')).ok).toBe(true);
    const asked = mobileMoney.collections.length;
    expect(await publicPay('+250788123456', '10.0.1.2')).toMatchObject({ ok: false, error: 'rate_limited', retryAfterSeconds: 3600 });
    expect(mobileMoney.collections).toHaveLength(asked);
    expect((await pay.execute({ merchantCode: 'SHOP-1', francs: 100, customerPhoneNumber: '+250788123456' })).ok).toBe(true);

    for (let i = 1; i < DEFAULT_PAY_REQUEST_LIMITS.perClient; i++) expect((await publicPay(`+25078800${String(i).padStart(4, '0')}`, '10.9.9.9')).ok).toBe(true);
    expect((await publicPay('+250788000000', '10.9.9.9')).ok).toBe(true);
    expect(await publicPay('+250788999999', '10.9.9.9')).toMatchObject({ ok: false, error: 'rate_limited' });
  });
});

describe('the reference a person reads', () => {
  it('is the payment id’s first two groups upper-cased, never the raw provider key', () => {
    const reference = receiptReference({ id: '7f3a91c2-0b4e-4c1d-9a7b-2e5f60718293' });
    expect(reference).toBe('7F3A91C2-0B4E');
    expect(reference).not.toContain(':');
  });
});

describe('merchant payments screen', () => {
  it('sums completed transactions only; pending settlement is the unsettled net', () => {
    const list = [aTransaction(), aTransaction({ id: 't2', status: 'pending' }), aTransaction({ id: 't3', settlementBatchId: 'b1' })];
    expect(transactionStatistics(list)).toEqual({
      totalRevenue: Money.ofFrancs(20_000),
      netRevenue: Money.ofFrancs(19_600),
      totalFees: Money.ofFrancs(400),
      totalTransactions: 3,
      completedTransactions: 2,
      reversedTransactions: 0,
    });
    expect(pendingSettlement(list)).toEqual({ amount: Money.ofFrancs(9_800), transactionCount: 1 });
    // Reversals no batch holds yet are taken off; the pending net may be negative (carried forward).
    expect(pendingSettlement(list, [{ netAmount: Money.ofFrancs(12_000) }])).toEqual({ amount: Money.ofFrancs(-2_200), transactionCount: 1 });
  });

  it("exports a card payment whose refund is under way as refund_pending, as the owner's list says \"Refund pending\"", () => {
    const list = [aTransaction(), aTransaction({ id: 't2' }), aTransaction({ id: 't3' })];
    const requestedAt = new Date('2026-11-19T08:00:00Z');
    const refunds = new Map<string, OwnerRefundView>([
      ['t1', { status: 'pending', requestedAt }],
      ['t2', { status: 'completed', requestedAt }],
    ]);
    const reversals = new Map([['t2', aReversal('t2')]]);
    expect(list.map((t) => exportedStatus(t, reversals, refunds))).toEqual(['refund_pending', 'reversed', 'completed']);
  });

  it('reads a reversed payment as reversed: no revenue, not completed, counted apart', () => {
    const list = [aTransaction(), aTransaction({ id: 't2', amount: Money.ofFrancs(5_000), merchantFee: Money.ofFrancs(100), netAmount: Money.ofFrancs(4_900) })];
    const reversals = new Map([['t2', aReversal('t2')]]);
    expect(listedStatus(list[1]!, reversals)).toBe('reversed');
    expect(listedStatus(list[0]!, reversals)).toBe('completed');
    expect(standingSales(list, reversals).map((t) => t.id)).toEqual([list[0]!.id]);
    expect(transactionStatistics(list, reversals)).toEqual({
      totalRevenue: Money.ofFrancs(10_000),
      netRevenue: Money.ofFrancs(9_800),
      totalFees: Money.ofFrancs(200),
      totalTransactions: 2,
      completedTransactions: 1,
      reversedTransactions: 1,
    });
  });

  it('lists transactions and settlements of the owner only', async () => {
    const registry = new InMemoryMerchantRegistry();
    await registry.register(aRegisteredMerchant());
    const payments = { listForMerchant: async () => [aTransaction()], findById: async () => undefined };
    const settlements = { listForMerchant: async () => [] };
    const reversals = { listInRange: async () => [], listAwaitingSettlement: async () => [], listForMerchant: async () => [] };
    const cardRefunds = { listForMerchant: async () => [] };
    const range = { from: new Date('2026-11-01T00:00:00Z'), to: new Date('2026-12-01T00:00:00Z') };
    const listed = await new ListMerchantTransactions({ registry, payments, reversals, cardRefunds }).execute({ merchantId: 'm1', userId: 'u1', ...range });
    expect(listed.ok && listed.value.statistics.completedTransactions).toBe(1);
    const settled = await new ListMerchantSettlements({ registry, payments, settlements, reversals }).execute({ merchantId: 'm1', userId: 'u1', ...range });
    expect(settled.ok && settled.value.pending.transactionCount).toBe(1);
    expect((await new ListMerchantTransactions({ registry, payments, reversals, cardRefunds }).execute({ merchantId: 'm1', userId: 'u9' })).ok).toBe(false);
    expect((await new ListMerchantSettlements({ registry, payments, settlements, reversals }).execute({ merchantId: 'm1', userId: 'u9' })).ok).toBe(false);
  });
});

describe("a card refund on the owner's transactions list", () => {
  const requestedAt = new Date('2026-11-18T10:00:00Z');
  const refund = (transactionId: string, status: MerchantCardRefundStatus): MerchantCardRefund => ({
    id: `r-${transactionId}`,
    transactionId,
    merchantId: 'm1',
    chargeId: `charge-${transactionId}`,
    amount: Money.ofFrancs(5_000),
    status,
    attempt: 1,
    reason: 'goods returned',
    requestedBy: 'admin:ops',
    requestedAt,
  });

  it('reads under way while requested or pending, completed once done, and not at all once failed', () => {
    expect(refundAsOwnerSees(refund('t', 'requested'))).toEqual({ status: 'pending', requestedAt });
    expect(refundAsOwnerSees(refund('t', 'pending'))).toEqual({ status: 'pending', requestedAt });
    expect(refundAsOwnerSees(refund('t', 'completed'))).toEqual({ status: 'completed', requestedAt });
    expect(refundAsOwnerSees(refund('t', 'failed'))).toBeUndefined();
    expect(refundAsOwnerSees(undefined)).toBeUndefined();
  });

  it('comes with each payment in one read; a pending one leaves the payment a completed sale', async () => {
    const registry = new InMemoryMerchantRegistry();
    await registry.register(aRegisteredMerchant());
    const sale = aTransaction();
    const payments = { listForMerchant: async () => [sale], findById: async () => undefined };
    const reversals = { listForMerchant: async () => [] };
    const cardRefunds = new InMemoryMerchantCardRefunds();
    await cardRefunds.add(refund(sale.id, 'pending'));
    await cardRefunds.add(refund('t-failed', 'failed'));
    let reads = 0;
    const counted = { listForMerchant: (id: string) => (reads++, cardRefunds.listForMerchant(id)) };
    const listed = await new ListMerchantTransactions({ registry, payments, reversals, cardRefunds: counted }).execute({ merchantId: 'm1', userId: 'u1' });
    expect(listed.ok && [...listed.value.refunds]).toEqual([[sale.id, { status: 'pending', requestedAt }]]);
    expect(listed.ok && listedStatus(sale, listed.value.reversals)).toBe('completed');
    expect(listed.ok && listed.value.statistics.completedTransactions).toBe(1);
    expect(reads).toBe(1);
  });
});

describe('sales analytics', () => {
  it('says it has nothing to rest on without sales', () => {
    expect(salesAnalytics([], new Date('2026-11-20T10:00:00Z'))).toMatchObject({ transactionsAnalysed: 0, historyDays: 0, revenueTrendPercent: null, nextWeekForecast: null, peakHours: null });
  });

  it('computes weekly revenue, the 4-week trend, the forecast and the peak 2 hours (Kigali time)', () => {
    const now = new Date('2026-11-25T10:00:00Z'); // Wednesday; the last complete week starts Monday 16 November
    const sales: MerchantTransaction[] = [];
    for (let week = 0; week < 8; week++) {
      const day = new Date(Date.UTC(2026, 8, 30 + week * 7, 12, 30)); // Wednesdays 14:30 Kigali
      sales.push(aTransaction({ id: `w${week}`, amount: Money.ofFrancs(week < 4 ? 1_000 : 2_000), completedAt: day }));
    }
    sales.push(aTransaction({ id: 'late', amount: Money.ofFrancs(1), completedAt: new Date('2026-11-24T20:00:00Z'), status: 'failed' }));
    const a = salesAnalytics(sales, now);
    expect(a.transactionsAnalysed).toBe(8);
    expect(a.completeWeeks).toBe(8);
    expect(a.revenueTrendPercent).toBe(100);
    expect(a.nextWeekForecast).toEqual(Money.ofFrancs(2_000));
    expect(a.peakHours).toEqual({ startHour: 13, endHour: 15, transactions: 8 });
    expect(a.historyDays).toBe(55);
  });

  it('counts sales made today as one day of history, never "0 days"', () => {
    const now = new Date('2026-11-25T10:00:00Z');
    const a = salesAnalytics([aTransaction({ id: 'today', amount: Money.ofFrancs(500), completedAt: new Date('2026-11-25T08:00:00Z') })], now);
    expect(a.historyDays).toBe(1);
  });
});

describe('admin decisions, audited', () => {
  it('tells the owner of every decision on the business, naming it, with the reason code of a rejection or suspension; a refused move tells nothing', async () => {
    const registry = new InMemoryMerchantRegistry();
    await registry.register(aRegisteredMerchant({ merchantStatus: 'pending', kybStatus: 'pending' }));
    await registry.register(aRegisteredMerchant({ id: 'm2', ownerId: 'u7', merchantCode: 'S-2', businessName: 'Nyamirambo Tailors', merchantStatus: 'pending', kybStatus: 'pending' }));
    const notifier = new RecordingNotifier();
    const review = new ReviewMerchant({ merchants: registry, audit: new RecordingAuditTrail(), notifier, unitOfWork: uow });
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
    const review = new ReviewMerchant({ merchants: registry, audit, notifier, unitOfWork: uow });
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
    const reviewAgent = new ReviewAgent({ agents, audit, unitOfWork: uow });
    expect((await reviewAgent.execute({ agentId: 'a1', event: 'accredit', actor: 'admin:grace' })).ok).toBe(true);
    expect(await reviewAgent.execute({ agentId: 'a1', event: 'accredit', actor: 'admin:grace' })).toEqual({ ok: false, error: 'agent_transition_not_allowed' });
    expect(audit.entries.at(-1)).toMatchObject({ action: 'agent_accredit', subject: 'agent:a1' });
  });
});
