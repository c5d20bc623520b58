import { describe, expect, it } from 'vitest';
import { Money } from '../money/money.ts';
import { isDistrict, RWANDA_DISTRICTS } from '../shared/districts.ts';
import { DirectUnitOfWork, FixedClock, SequentialIds } from '../shared/shared.fixtures.ts';
import { parseEmvPayload } from './emv-qr-payload.ts';
import { ownedMerchant } from './merchant-access.ts';
import { ListOwnMerchants } from './list-own-merchants.ts';
import { exportedStatus, listedStatus, pendingSettlement, standingSales, transactionStatistics } from './merchant-payments.ts';
import { ListMerchantSettlements } from './list-merchant-settlements.ts';
import { ListMerchantTransactions } from './list-merchant-transactions.ts';
import { GenerateMerchantQr } from './generate-merchant-qr.ts';
import { ShowMerchantQr } from './show-merchant-qr.ts';
import type { MerchantPaymentReversal } from './merchant-reversal.ts';
import { refundAsOwnerSees, type MerchantCardRefund, type MerchantCardRefundStatus, type OwnerRefundView } from './merchant-card-refund.ts';
import { InMemoryMerchantCardRefunds } from './reversal.fixtures.ts';
import { receiptReference, type MerchantTransaction } from './merchant-transaction.ts';
import { aRegisteredAgent, aRegisteredMerchant, InMemoryAgentRegistry, InMemoryMerchantRegistry } from './merchants.fixtures.ts';
import { MAX_PENDING_MERCHANTS, RegisterMerchant } from './register-merchant.ts';
import { salesAnalytics } from './sales-analytics.ts';

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
    const register = new RegisterMerchant({ registry, agents, payoutProvider: () => 'airtel', uow, clock, ids: new SequentialIds('m') });
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
    const register = new RegisterMerchant({ registry, agents: new InMemoryAgentRegistry(), payoutProvider: () => 'mtn', uow, clock, ids: new SequentialIds('m') });
    for (let i = 0; i < MAX_PENDING_MERCHANTS; i++) expect((await register.execute({ ...form, merchantCode: `P-${i}` })).ok).toBe(true);
    expect(await register.execute({ ...form, merchantCode: 'P-X' })).toEqual({ ok: false, error: 'too_many_pending_merchants' });
    expect((await register.execute({ ...form, ownerId: 'u2', merchantCode: 'P-X' })).ok).toBe(true);
  });

  it("never lets a member's own agent profile refer their own business", async () => {
    const registry = new InMemoryMerchantRegistry();
    const agents = new InMemoryAgentRegistry();
    await agents.register(aRegisteredAgent({ id: 'a1', userId: form.ownerId }));
    const register = new RegisterMerchant({ registry, agents, payoutProvider: () => 'mtn', uow, clock, ids: new SequentialIds('m') });
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
    const deps = { registry, renderer, settings, uow, clock };
    expect(await new ShowMerchantQr(deps).execute({ merchantId: 'm1', userId: 'u1' })).toEqual({ ok: true, value: null });
    expect(await new GenerateMerchantQr(deps).execute({ merchantId: 'm1', userId: 'u2' })).toEqual({ ok: false, error: 'merchant_not_found' });
    const generated = await new GenerateMerchantQr(deps).execute({ merchantId: 'm1', userId: 'u1' });
    expect(generated.ok && parseEmvPayload(generated.value.payload).ok).toBe(true);
    const shown = await new ShowMerchantQr(deps).execute({ merchantId: 'm1', userId: 'u1' });
    expect(shown.ok && shown.value && new TextDecoder().decode(shown.value.png).startsWith('300:')).toBe(true);
    expect(await new ShowMerchantQr(deps).execute({ merchantId: 'm1', userId: 'u2' })).toEqual({ ok: false, error: 'merchant_not_found' });
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
