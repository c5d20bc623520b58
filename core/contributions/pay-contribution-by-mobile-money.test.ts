import { describe, expect, it } from 'vitest';
import { memberKey, type MemberIdempotencyKey, type PaymentRecord, type PaymentRepository } from '../payments/ports.ts';
import type { Batching } from '../shared/batching.ts';
import { aContribution, FakeMobileMoney, ImmediateUnitOfWork, InMemoryContributionRepository, SequentialIds, SettableClock } from './contributions.fixtures.ts';
import { PayContribution } from './pay-contribution.ts';
import { PayContributionByMobileMoney } from './pay-contribution-by-mobile-money.ts';

/** The payments as the contributions' attempts record them. */
class AttemptPayments implements Pick<PaymentRepository, 'findByMemberKey' | 'findByMemberKeys' | 'isMemberKeyTaken'> {
  constructor(private readonly contributions: InMemoryContributionRepository) {}
  async findByMemberKey(memberId: string, idempotencyKey: string): Promise<PaymentRecord | undefined> {
    return (await this.findByMemberKeys([{ memberId, idempotencyKey }])).get(memberKey(memberId, idempotencyKey));
  }
  async findByMemberKeys(keys: readonly MemberIdempotencyKey[]): Promise<Map<string, PaymentRecord>> {
    const found = new Map<string, PaymentRecord>();
    for (const { memberId, idempotencyKey } of keys) {
      for (const c of await this.contributions.listByMember(memberId)) {
        const a = c.attemptByKey(idempotencyKey);
        if (!a) continue;
        found.set(memberKey(memberId, idempotencyKey), {
          id: a.providerReference, kind: 'contribution', provider: a.provider, reference: a.providerReference, memberId, idempotencyKey,
          contributionId: c.id, tontineId: c.tontineId, amount: a.amount, phoneNumber: a.msisdn,
          status: a.status === 'requested' ? 'pending' : a.status === 'succeeded' ? 'successful' : 'failed',
          reason: a.failureReason ?? null, providerTransactionId: null, createdAt: a.requestedAt, completedAt: null, attempt: 1,
        });
      }
    }
    return found;
  }
  isMemberKeyTaken(): boolean {
    return false;
  }
}

/** Each request alone, at once: the rules do not depend on how requests are grouped. */
const oneAtATime: Batching = (work) => ({ submit: async (item) => (await work([item]))[0]! });

async function setUp() {
  const contributions = new InMemoryContributionRepository();
  await contributions.save([aContribution({ id: 'c-1', memberId: 'alice' }), aContribution({ id: 'c-2', memberId: 'alice' })]);
  const deps = { contributions, uow: new ImmediateUnitOfWork(), mobileMoney: new FakeMobileMoney(), clock: new SettableClock(new Date('2026-03-30T08:00:00Z')), ids: new SequentialIds() };
  const pay = new PayContributionByMobileMoney({
    payContribution: new PayContribution(deps),
    payments: new AttemptPayments(contributions),
    payerOf: (phone) => (phone.startsWith('+25078') ? { msisdn: phone, provider: 'mtn' } : phone.startsWith('+25073') ? { msisdn: phone, provider: 'airtel' } : undefined),
    batching: oneAtATime,
  });
  const request = (over: Partial<Parameters<PayContributionByMobileMoney['execute']>[0]> = {}) =>
    pay.execute({ contributionId: 'c-1', userId: 'alice', idempotencyKey: 'k1', phoneNumber: undefined, profilePhoneNumber: '+250788123456', ...over });
  return { request, mobileMoney: deps.mobileMoney };
}

describe('PayContributionByMobileMoney', () => {
  it('pays from the profile number, and answers the same payment for the same key without a second payment', async () => {
    const { request } = await setUp();
    const first = await request();
    expect(first.ok && [first.value.repeated, first.value.payment.phoneNumber, first.value.payment.status]).toEqual([false, '+250788123456', 'pending']);
    const again = await request({ profilePhoneNumber: null });
    expect(again.ok && [again.value.repeated, again.value.payment.id]).toEqual([true, first.ok && first.value.payment.id]);
  });

  it('refuses a key used for another contribution, a missing number and one the provider cannot take, starting nothing', async () => {
    const { request } = await setUp();
    expect((await request()).ok).toBe(true);
    expect(await request({ contributionId: 'c-2' })).toEqual({ ok: false, error: 'idempotency_key_reused' });
    expect(await request({ contributionId: 'c-2', idempotencyKey: 'k2', profilePhoneNumber: null })).toEqual({ ok: false, error: 'phone_number_required' });
    expect(await request({ contributionId: 'c-2', idempotencyKey: 'k2', phoneNumber: '0788' })).toEqual({ ok: false, error: 'phone_number_invalid' });
    const paid = await request({ contributionId: 'c-2', idempotencyKey: 'k2', phoneNumber: '+250788000001' });
    expect(paid.ok && paid.value.payment.phoneNumber).toBe('+250788000001');
  });

  it('sends the payment to the provider of the payer\'s number, and refuses a number no configured provider takes', async () => {
    const { request, mobileMoney } = await setUp();
    const airtel = await request({ phoneNumber: '+250733000001' });
    expect(airtel.ok && [airtel.value.payment.provider, airtel.value.payment.phoneNumber]).toEqual(['airtel', '+250733000001']);
    expect([...mobileMoney.collections.values()].map((r) => [r.provider, r.msisdn])).toEqual([['airtel', '+250733000001']]);
    expect(await request({ contributionId: 'c-2', idempotencyKey: 'k2', phoneNumber: '+250728000001' })).toEqual({ ok: false, error: 'phone_number_invalid' });
    expect(mobileMoney.collections.size).toBe(1);
  });

  it('answers a refusal as the failed payment, saying the provider refused in this request (what USSD tells the caller)', async () => {
    const { request, mobileMoney } = await setUp();
    mobileMoney.refuseNext('mobile_money_refused');
    const refused = await request();
    expect(refused.ok && [refused.value.refused, refused.value.payment.status]).toEqual([true, 'failed']);
    const paid = await request({ contributionId: 'c-2', idempotencyKey: 'k2' });
    expect(paid.ok && paid.value.refused).toBe(false);
  });
});
