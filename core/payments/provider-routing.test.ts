import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { routeMobileMoney, type LiveProvider } from './provider-routing.ts';

const BOTH: LiveProvider[] = ['mtn', 'airtel'];

describe('routeMobileMoney: the payer\'s number chooses the provider', () => {
  it.each([
    ['+250788123456', 'mtn'],
    ['+250798123456', 'mtn'],
    ['+250728123456', 'airtel'],
    ['+250738123456', 'airtel'],
    ['0738123456', 'airtel'],
  ] as const)('%s goes to %s when both are configured', (msisdn, provider) => {
    expect(routeMobileMoney(msisdn, BOTH)).toBe(provider);
  });

  it('sends a Rwandan number to no provider when its operator is not configured', () => {
    expect(routeMobileMoney('+250738123456', ['mtn'])).toBeUndefined();
    expect(routeMobileMoney('+250788123456', ['airtel'])).toBeUndefined();
    expect(routeMobileMoney('+250788123456', [])).toBeUndefined();
  });

  it('sends any other number to the only provider configured, and to none when there are two', () => {
    expect(routeMobileMoney('+46733123454', ['mtn'])).toBe('mtn');
    expect(routeMobileMoney('+46733123454', ['airtel'])).toBe('airtel');
    expect(routeMobileMoney('+46733123454', BOTH)).toBeUndefined();
    expect(routeMobileMoney('+46733123454', [])).toBeUndefined();
  });

  it('answers, for every Rwandan mobile number, the operator of its prefix or nothing', () => {
    fc.assert(
      fc.property(fc.constantFrom('2', '3', '8', '9'), fc.stringMatching(/^\d{7}$/), fc.subarray(BOTH), (second, rest, configured) => {
        const msisdn = `+2507${second}${rest}`;
        const operator: LiveProvider = second === '8' || second === '9' ? 'mtn' : 'airtel';
        expect(routeMobileMoney(msisdn, configured)).toBe(configured.includes(operator) ? operator : undefined);
      }),
    );
  });
});
