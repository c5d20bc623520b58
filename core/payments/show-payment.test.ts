import { describe, expect, it } from 'vitest';
import { aContribution, FakeMobileMoney, ImmediateUnitOfWork, InMemoryContributionRepository, SequentialIds, SettableClock } from '../contributions/contributions.fixtures.ts';
import { PayContribution } from '../contributions/pay-contribution.ts';
import { err, invariant } from '../shared/result.ts';
import { PaymentsView } from '../payment-reports/payment-reports.fixtures.ts';
import { ShowPayment } from './show-payment.ts';

async function setUp() {
  const contributions = new InMemoryContributionRepository();
  await contributions.save([aContribution({ id: 'c-1', memberId: 'alice' })]);
  const pay = new PayContribution({ contributions, uow: new ImmediateUnitOfWork(), mobileMoney: new FakeMobileMoney(), clock: new SettableClock(new Date('2026-03-30T08:00:00Z')), ids: new SequentialIds('ref') });
  const paid = await pay.execute({ contributionId: 'c-1', userId: 'alice', idempotencyKey: 'k1', provider: 'mtn', msisdn: '+250788123456' });
  invariant(paid.ok, 'payment request');
  const payments = new PaymentsView(contributions);
  const payment = (await payments.findByReference(paid.value.attempt.providerReference))!;
  return { show: new ShowPayment({ payments }), payment };
}

describe('ShowPayment', () => {
  it('shows a member their own payment, by id or by reference', async () => {
    const { show, payment } = await setUp();
    const byId = await show.execute({ userId: 'alice', paymentId: payment.id });
    expect(byId.ok && [byId.value.reference, byId.value.status, byId.value.phoneNumber]).toEqual([payment.reference, 'pending', '+250788123456']);
    expect(await show.execute({ userId: 'alice', reference: payment.reference })).toEqual(byId);
  });

  it('answers payment_not_found for another member’s payment and for one that does not exist, alike', async () => {
    const { show, payment } = await setUp();
    expect(await show.execute({ userId: 'bob', paymentId: payment.id })).toEqual(err('payment_not_found'));
    expect(await show.execute({ userId: 'bob', reference: payment.reference })).toEqual(err('payment_not_found'));
    expect(await show.execute({ userId: 'alice', paymentId: 'nope' })).toEqual(err('payment_not_found'));
  });
});
