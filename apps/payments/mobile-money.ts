/**
 * The mobile-money provider of this configuration, made once when the container is built
 * (apps/container.ts): the embedded sandbox or the live providers behind RoutedMobileMoney, the
 * signer of each payment's callback URL, Airtel's callback secret, and which provider a number's
 * payments go through.
 */
import { randomBytes } from 'node:crypto';
import { normalisePhoneNumber } from '../../core/identity/phone-number.ts';
import type { MobileMoney, MobileMoneyProvider, PayerOf, ProviderOfNumber } from '../../core/payments/ports.ts';
import { routeMobileMoney } from '../../core/payments/provider-routing.ts';
import { MobileMoneyCallbackTokens, type CallbackKind } from '../../adapters/mobile-money/callback-tokens.ts';
import { MtnMomoMobileMoney } from '../../adapters/mobile-money/mtn-momo-mobile-money.ts';
import { AirtelMoneyMobileMoney } from '../../adapters/mobile-money/airtel-money.ts';
import { RoutedMobileMoney } from '../../adapters/mobile-money/routed-mobile-money.ts';
import { SandboxMobileMoney } from '../../adapters/mobile-money/sandbox-mobile-money.ts';
import type { Config } from '../config.ts';
import { sandboxPayableNumber, SandboxTestNumbers } from './sandbox-test-numbers.ts';

/** The signer of each payment's callback URL: the configured secret, or (sandbox only) a random one for this process. */
export function createCallbackTokens(config: Config): MobileMoneyCallbackTokens {
  const { callbackSecret, callbackUrl } = config.mobileMoney;
  return new MobileMoneyCallbackTokens(callbackSecret ?? randomBytes(32).toString('base64url'), callbackUrl);
}

/** The last segment of Airtel's callback URL: the configured one, or (sandbox only) a random one for this process. */
export function createAirtelCallbackSecret(config: Config): string {
  return config.mobileMoney.airtelCallbackSecret ?? randomBytes(32).toString('base64url');
}

/** Where Airtel (or the sandbox playing it) posts its callbacks: the MTN callback route's sibling, ending in the secret. */
export function airtelCallbackUrl(config: Config, secret: string): string {
  const mtnRoute = config.mobileMoney.callbackUrl.replace(/\/+$/, '');
  const base = /\/callbacks\/mtn$/.test(mtnRoute) ? mtnRoute.replace(/\/mtn$/, '/airtel') : `${config.publicBaseUrl}/api/payments/callbacks/airtel`;
  return `${base}/${secret}`;
}

/**
 * The configured mobile-money adapter: the embedded sandbox (playing MTN and Airtel, by the
 * payer's number) unless live providers are configured; with live providers, one adapter each
 * behind RoutedMobileMoney, which sends every payment to the provider stored with it. The sandbox
 * is answered too: the demo world's members approve their payments there (core/demo/ports.ts).
 */
export function createMobileMoney(
  config: Config,
  tokens: MobileMoneyCallbackTokens,
  airtelSecret: string = createAirtelCallbackSecret(config),
): { mobileMoney: MobileMoney; sandbox: SandboxMobileMoney | null } {
  const settings = config.mobileMoney;
  const callbackUrlFor = (kind: CallbackKind, reference: string) => tokens.urlFor(kind, reference);
  if (settings.provider !== 'sandbox') {
    const mtn = settings.mtn;
    const airtel = settings.airtel;
    const mobileMoney = new RoutedMobileMoney({
      ...(mtn
        ? {
            mtn: new MtnMomoMobileMoney({
              baseUrl: mtn.baseUrl,
              targetEnvironment: mtn.targetEnvironment,
              currency: mtn.currency,
              collection: mtn.collection,
              disbursement: mtn.disbursement,
              callbackUrlFor,
            }),
          }
        : {}),
      ...(airtel
        ? {
            airtel: new AirtelMoneyMobileMoney({
              baseUrl: airtel.baseUrl,
              clientId: airtel.clientId,
              clientSecret: airtel.clientSecret,
              country: airtel.country,
              currency: airtel.currency,
              ...(airtel.disbursement ? { disbursement: airtel.disbursement } : {}),
            }),
          }
        : {}),
    });
    return { mobileMoney, sandbox: null };
  }
  const sandbox = new SandboxMobileMoney({ callbackUrlFor, airtelCallbackUrl: airtelCallbackUrl(config, airtelSecret), settleMs: settings.settleMs, ongoingMs: settings.ongoingMs });
  return { mobileMoney: new SandboxTestNumbers(sandbox), sandbox };
}

/** The provider a number's payments go through: `sandbox` for all in sandbox mode, else by the number (core/payments/provider-routing.ts). */
export function providerOfNumber(config: Config): ProviderOfNumber {
  const settings = config.mobileMoney;
  if (settings.provider === 'sandbox') return () => 'sandbox';
  const providers = settings.providers;
  return (msisdn) => routeMobileMoney(msisdn, providers);
}

/**
 * Who pays (or is paid) through a phone (core/payments/ports.ts PayerOf): the number the provider
 * is asked to collect from (in sandbox mode, a Rwandan number or one of MTN's test numbers; else a
 * Rwandan number) and the provider of that number; undefined when no configured provider takes it.
 */
export function payerOfNumber(config: Config, providerOf: ProviderOfNumber): PayerOf {
  const payable = (phone: string): string | undefined => {
    if (config.mobileMoney.provider === 'sandbox') return sandboxPayableNumber(phone);
    const parsed = normalisePhoneNumber(phone);
    return parsed.ok ? parsed.value : undefined;
  };
  return (phone) => {
    const msisdn = payable(phone);
    const provider = msisdn === undefined ? undefined : providerOf(msisdn);
    return msisdn === undefined || provider === undefined ? undefined : { msisdn, provider };
  };
}

/** The provider a payout to a registered wallet goes through: its number's (078/079 MTN, 072/073 Airtel; the sandbox plays both), else the configured one. */
export function payoutProviderOf(config: Config, providerOf: ProviderOfNumber): (msisdn: string) => MobileMoneyProvider {
  return (msisdn) => providerOf(msisdn) ?? config.mobileMoney.provider;
}
