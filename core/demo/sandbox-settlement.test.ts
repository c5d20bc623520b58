import { describe, expect, it } from 'vitest';
import { FakeMobileMoney } from '../contributions/contributions.fixtures.ts';
import { Money } from '../money/money.ts';
import { err, ok, type Result } from '../shared/result.ts';
import { ApprovingSandbox } from './demo.fixtures.ts';
import { settleAtProvider } from './sandbox-settlement.ts';

describe('settleAtProvider', () => {
  it('throws when an approved payment ends otherwise than applied', async () => {
    const provider = new FakeMobileMoney();
    await provider.requestToPay({ reference: 'r1', provider: 'sandbox', msisdn: '+250788000000', amount: Money.ofFrancs(100), description: 'x' });
    const settle = (outcome: Result<{ outcome: 'failed' | 'exists'; paymentStatus: 'failed' | 'successful' }, 'payment_not_found'>) =>
      settleAtProvider({ sandbox: new ApprovingSandbox(provider), reconcilePayment: { execute: async () => outcome } }, 'seed');
    await expect(settle(ok({ outcome: 'failed', paymentStatus: 'failed' }))).rejects.toThrow('seed: r1 was failed');
    await expect(settle(err('payment_not_found'))).rejects.toThrow('seed: settle r1 was refused (payment_not_found)');
    expect(await settle(ok({ outcome: 'exists', paymentStatus: 'successful' }))).toBe(1);
  });
});
