import { describe, expect, it } from 'vitest';
import { Money } from '../money/money.ts';
import { err, ok, type Result } from '../shared/result.ts';
import type { CardCheckoutRequest } from '../payments/card-checkout.ts';
import type { ConfirmCardPaymentError } from './confirm-card-payment.ts';
import type { Settled } from '../payments/ports.ts';
import { StartCardPayment, type StartCardPaymentDeps, type StartCardPaymentInput } from './start-card-payment.ts';

const input: StartCardPaymentInput = {
  purpose: 'contribution',
  userId: 'member-1',
  contributionId: 'contribution-1',
  idempotencyKey: 'key-1',
  customer: { email: 'a@b.rw', name: 'Uwase A', phoneNumber: '+250788000000' },
  redirectUrl: 'https://app.test/payments/card/return',
};

function attempt(status: 'requested' | 'succeeded' | 'failed', provider: 'flutterwave' | 'mtn' = 'flutterwave') {
  return { idempotencyKey: 'key-1', providerReference: 'ref-1', provider, msisdn: '+250788000000', amount: Money.ofFrancs(5000), requestedAt: new Date(), status };
}

function setup(started: { outcome: 'requested' | 'exists'; status: 'requested' | 'succeeded' | 'failed'; provider?: 'flutterwave' | 'mtn' }, known: Result<Settled, ConfirmCardPaymentError> = err('card_transaction_unknown')) {
  const events: string[] = [];
  const created: CardCheckoutRequest[] = [];
  const deps: StartCardPaymentDeps = {
    payContribution: {
      startAll: async (inputs) => {
        events.push(`store ${inputs[0]!.provider}`);
        return [ok({ outcome: started.outcome, attempt: attempt(started.status, started.provider), contributionId: 'contribution-1', cycle: 2 })];
      },
    },
    startLoanRepayment: { execute: async () => err('loan_not_found') },
    startWorkingCapitalRepayment: {
      execute: async (asked) => {
        events.push(`store working capital ${asked.via} ${asked.amount?.toWholeFrancs()} ${asked.idempotencyKey}`);
        return ok({ outcome: started.outcome, collection: { id: 'c1', loanId: asked.loanId, reference: 'working-capital-repayment:c1', provider: 'flutterwave', msisdn: '', idempotencyKey: asked.idempotencyKey, amount: Money.ofFrancs(7000), status: started.status, requestedAt: new Date() } });
      },
    },
    payMerchant: { execute: async () => err('merchant_not_found') },
    checkout: {
      create: async (request) => {
        events.push('create');
        created.push(request);
        return ok({ link: 'https://checkout.test/abc' });
      },
    },
    confirm: {
      execute: async () => {
        events.push('verify');
        return known;
      },
    },
  };
  return { start: new StartCardPayment(deps), events, created };
}

describe('StartCardPayment', () => {
  it('stores the payment under the card processor, then opens the checkout for its amount and reference', async () => {
    const t = setup({ outcome: 'requested', status: 'requested' });
    expect(await t.start.execute(input)).toEqual(ok({ reference: 'ref-1', checkoutUrl: 'https://checkout.test/abc', status: 'pending' }));
    expect(t.events).toEqual(['store flutterwave', 'create']);
    expect(t.created).toEqual([{ reference: 'ref-1', amount: Money.ofFrancs(5000), redirectUrl: input.redirectUrl, customer: input.customer, title: 'Ikimina contribution, cycle 2' }]);
  });

  it('asks the processor before opening a checkout again for a repeat, and opens it only if it has none', async () => {
    const t = setup({ outcome: 'exists', status: 'requested' });
    expect((await t.start.execute(input)).ok).toBe(true);
    expect(t.events).toEqual(['store flutterwave', 'verify', 'create']);

    const charged = setup({ outcome: 'exists', status: 'requested' }, ok({ outcome: 'applied', paymentStatus: 'successful' }));
    expect(await charged.start.execute(input)).toEqual(ok({ reference: 'ref-1', checkoutUrl: `${input.redirectUrl}?tx_ref=ref-1`, status: 'successful' }));
    expect(charged.events).toEqual(['store flutterwave', 'verify']);

    const unreachable = setup({ outcome: 'exists', status: 'requested' }, err('card_checkout_unavailable'));
    expect(await unreachable.start.execute(input)).toEqual(err('card_checkout_unavailable'));
    expect(unreachable.events).not.toContain('create');
  });

  it('answers the return page for a settled payment, and refuses a key used for mobile money', async () => {
    const paid = setup({ outcome: 'exists', status: 'succeeded' });
    expect(await paid.start.execute(input)).toEqual(ok({ reference: 'ref-1', checkoutUrl: `${input.redirectUrl}?tx_ref=ref-1`, status: 'successful' }));
    const mobile = setup({ outcome: 'exists', status: 'requested', provider: 'mtn' });
    expect(await mobile.start.execute(input)).toEqual(err('idempotency_key_reused'));
    expect(mobile.events).toEqual(['store flutterwave']);
  });

  it("repays a business's working capital by card: stored by its use case, the checkout opened for what it stored", async () => {
    const t = setup({ outcome: 'requested', status: 'requested' });
    const repay: StartCardPaymentInput = { ...input, purpose: 'working_capital', userId: 'owner-1', merchantId: 'merchant-1', loanId: 'wc-1', amount: Money.ofFrancs(7000) };
    expect(await t.start.execute(repay)).toEqual(ok({ reference: 'working-capital-repayment:c1', checkoutUrl: 'https://checkout.test/abc', status: 'pending' }));
    expect(t.events).toEqual(['store working capital card 7000 key-1', 'create']);
    expect(t.created).toMatchObject([{ reference: 'working-capital-repayment:c1', amount: Money.ofFrancs(7000), title: 'Ikimina working capital repayment' }]);
  });
});
