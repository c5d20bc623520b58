import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

describe('the public URL', () => {
  it('follows PORT when PUBLIC_BASE_URL is not set, and everything built on it follows', () => {
    const config = loadConfig({ PORT: '3100' });
    expect(config.publicBaseUrl).toBe('http://localhost:3100');
    expect(config.mobileMoney.callbackUrl).toBe('http://localhost:3100/api/payments/callbacks/mtn');
    expect(loadConfig({}).publicBaseUrl).toBe('http://localhost:3000');
  });

  it('follows the port the server listens on (PORT=0: the one the system picked)', () => {
    const config = loadConfig({ PORT: '0' }, { listeningPort: 41234 });
    expect(config.publicBaseUrl).toBe('http://localhost:41234');
    expect(config.mobileMoney.callbackUrl).toBe('http://localhost:41234/api/payments/callbacks/mtn');
  });

  it('is PUBLIC_BASE_URL when set (blank counts as unset), and the callback URL MOBILE_MONEY_CALLBACK_URL when set', () => {
    const set = loadConfig({ PORT: '3100', PUBLIC_BASE_URL: 'https://ikimina.example/' }, { listeningPort: 3100 });
    expect(set.publicBaseUrl).toBe('https://ikimina.example');
    expect(set.mobileMoney.callbackUrl).toBe('https://ikimina.example/api/payments/callbacks/mtn');
    expect(loadConfig({ PORT: '3100', PUBLIC_BASE_URL: ' ' }).publicBaseUrl).toBe('http://localhost:3100');
    const callback = loadConfig({ PORT: '3100', MOBILE_MONEY_CALLBACK_URL: 'https://hooks.example/mtn' });
    expect([callback.publicBaseUrl, callback.mobileMoney.callbackUrl]).toEqual(['http://localhost:3100', 'https://hooks.example/mtn']);
  });

  it('SEED_DEMO_WORLD is on by default and off with false or 0', () => {
    expect(loadConfig({}).seedDemoWorld).toBe(true);
    expect(loadConfig({ SEED_DEMO_WORLD: 'false' }).seedDemoWorld).toBe(false);
    expect(loadConfig({ SEED_DEMO_WORLD: '0' }).seedDemoWorld).toBe(false);
  });
});

describe('national ID verification', () => {
  const key = (fill: number) => Buffer.alloc(32, fill).toString('base64');

  it('runs the embedded sandbox register and key files with nothing set', () => {
    const config = loadConfig({});
    expect(config.nationalId).toEqual({ registry: { provider: 'sandbox' }, timeoutMs: 10_000, lookupsPerDay: 10, keys: null });
  });

  it('reads versioned keys, the highest active unless NATIONAL_ID_KEY_VERSION says otherwise', () => {
    const config = loadConfig({ NATIONAL_ID_KEYS: ` 2:${key(2)} , 1:${key(1)}`, NATIONAL_ID_HASH_KEY: key(9) });
    expect(config.nationalId.keys?.activeVersion).toBe(2);
    expect([...config.nationalId.keys!.keys.keys()]).toEqual([2, 1]);
    expect(config.nationalId.keys?.keys.get(1)).toEqual(Buffer.alloc(32, 1));
    expect(config.nationalId.keys?.hashKey).toEqual(Buffer.alloc(32, 9));
    expect(loadConfig({ NATIONAL_ID_KEYS: `2:${key(2)},1:${key(1)}`, NATIONAL_ID_KEY_VERSION: '1', NATIONAL_ID_HASH_KEY: key(9) }).nationalId.keys?.activeVersion).toBe(1);
  });

  it.each([
    [{ NATIONAL_ID_KEYS: `1:${key(1)}` }, 'NATIONAL_ID_HASH_KEY: set both'],
    [{ NATIONAL_ID_HASH_KEY: key(9) }, 'NATIONAL_ID_HASH_KEY: set both'],
    [{ NATIONAL_ID_KEYS: 'not a key', NATIONAL_ID_HASH_KEY: key(9) }, 'NATIONAL_ID_KEYS: must be a comma-separated list'],
    [{ NATIONAL_ID_KEYS: `1:${key(1)},1:${key(2)}`, NATIONAL_ID_HASH_KEY: key(9) }, 'NATIONAL_ID_KEYS: must be'],
    [{ NATIONAL_ID_KEYS: `0:${key(1)}`, NATIONAL_ID_HASH_KEY: key(9) }, 'NATIONAL_ID_KEYS: must be'],
    [{ NATIONAL_ID_KEYS: `1:${Buffer.alloc(16).toString('base64')}`, NATIONAL_ID_HASH_KEY: key(9) }, 'NATIONAL_ID_KEYS: must be'],
    [{ NATIONAL_ID_KEYS: `1:${key(1)}`, NATIONAL_ID_KEY_VERSION: '2', NATIONAL_ID_HASH_KEY: key(9) }, 'NATIONAL_ID_KEY_VERSION must be one of'],
    [{ NATIONAL_ID_KEYS: `1:${key(1)}`, NATIONAL_ID_HASH_KEY: key(1) }, 'NATIONAL_ID_HASH_KEY must differ'],
    [{ NATIONAL_ID_HASH_KEY: 'short', NATIONAL_ID_KEYS: `1:${key(1)}` }, 'NATIONAL_ID_HASH_KEY: must be 32 random bytes'],
    [{ NATIONAL_ID_PROVIDER: 'prembly', PREMBLY_APP_ID: 'app' }, 'needs PREMBLY_APP_ID and PREMBLY_API_KEY'],
  ])('refuses %j', (env, message) => {
    expect(() => loadConfig(env)).toThrow(message);
  });

  it('switches on Prembly with its credentials', () => {
    const config = loadConfig({ NATIONAL_ID_PROVIDER: 'prembly', PREMBLY_APP_ID: 'app', PREMBLY_API_KEY: 'secret', NATIONAL_ID_TIMEOUT_MS: '5000' });
    expect(config.nationalId.registry).toEqual({ provider: 'prembly', baseUrl: 'https://api.prembly.com', appId: 'app', apiKey: 'secret' });
    expect(config.nationalId.timeoutMs).toBe(5000);
  });
});

describe('mobile money providers', () => {
  const mtn = {
    MTN_COLLECTION_SUBSCRIPTION_KEY: 'ck',
    MTN_COLLECTION_API_USER: 'cu',
    MTN_COLLECTION_API_KEY: 'ca',
    MTN_DISBURSEMENT_SUBSCRIPTION_KEY: 'dk',
    MTN_DISBURSEMENT_API_USER: 'du',
    MTN_DISBURSEMENT_API_KEY: 'da',
  };
  const airtel = { AIRTEL_CLIENT_ID: 'id', AIRTEL_CLIENT_SECRET: 'secret', AIRTEL_CALLBACK_SECRET: 'a'.repeat(32) };
  const secret = { MOBILE_MONEY_CALLBACK_SECRET: 's'.repeat(32) };

  it('is the sandbox with nothing set', () => {
    expect(loadConfig({}).mobileMoney).toMatchObject({ provider: 'sandbox', providers: [], airtelCallbackSecret: null });
  });

  it('lists the live providers, the first one being the default, each with its settings', () => {
    const both = loadConfig({ MOBILE_MONEY_PROVIDER: 'mtn, airtel', ...mtn, ...airtel, ...secret, AIRTEL_CURRENCY: 'RWF' });
    expect(both.mobileMoney).toMatchObject({
      provider: 'mtn',
      providers: ['mtn', 'airtel'],
      airtelCallbackSecret: 'a'.repeat(32),
      mtn: { collection: { subscriptionKey: 'ck' } },
      airtel: { baseUrl: 'https://openapiuat.airtel.africa', clientId: 'id', clientSecret: 'secret', country: 'RW', currency: 'RWF', disbursement: null },
    });
    const airtelOnly = loadConfig({ MOBILE_MONEY_PROVIDER: 'AIRTEL', ...airtel, ...secret, AIRTEL_DISBURSEMENT_PIN: '1234', AIRTEL_PUBLIC_KEY: 'MIIB' });
    expect(airtelOnly.mobileMoney).toMatchObject({ provider: 'airtel', providers: ['airtel'], mtn: null, airtel: { disbursement: { pin: '1234', publicKey: 'MIIB' } } });
  });

  it.each([
    [{ MOBILE_MONEY_PROVIDER: 'orange' }, 'use sandbox, mtn, airtel or mtn,airtel'],
    [{ MOBILE_MONEY_PROVIDER: 'mtn,mtn', ...mtn, ...secret }, 'name each provider once'],
    [{ MOBILE_MONEY_PROVIDER: 'airtel', ...secret }, 'AIRTEL_CLIENT_ID, AIRTEL_CLIENT_SECRET and AIRTEL_CALLBACK_SECRET'],
    [{ MOBILE_MONEY_PROVIDER: 'airtel', ...airtel }, 'MOBILE_MONEY_CALLBACK_SECRET'],
    [{ MOBILE_MONEY_PROVIDER: 'airtel', ...airtel, ...secret, AIRTEL_DISBURSEMENT_PIN: '1234' }, 'set both AIRTEL_DISBURSEMENT_PIN and AIRTEL_PUBLIC_KEY'],
    [{ MOBILE_MONEY_PROVIDER: 'airtel', ...airtel, ...secret, AIRTEL_CALLBACK_SECRET: 'short' }, 'AIRTEL_CALLBACK_SECRET'],
    [{ MOBILE_MONEY_PROVIDER: 'mtn,airtel', ...airtel, ...secret }, 'MTN_COLLECTION_*'],
  ])('refuses %j', (env, message) => {
    expect(() => loadConfig(env)).toThrow(message);
  });
});

describe('job intervals', () => {
  it('takes the seconds a cron step keeps exactly, and refuses the others rather than rounding them', () => {
    expect(loadConfig({ PAYMENT_POLL_EVERY_SECONDS: '2', OUTBOX_POLL_SECONDS: '30' }).scheduler.paymentPollEverySeconds).toBe(2);
    expect(loadConfig({ PAYMENT_POLL_EVERY_SECONDS: '300' }).scheduler.paymentPollEverySeconds).toBe(300);
    expect(loadConfig({}).scheduler.paymentPollEverySeconds).toBe(60);
    for (const value of ['45', '90', '5400', '0', '-5', 'often']) {
      expect(() => loadConfig({ PAYMENT_POLL_EVERY_SECONDS: value }), value).toThrow(/PAYMENT_POLL_EVERY_SECONDS/);
    }
    expect(() => loadConfig({ OUTBOX_POLL_SECONDS: '7' })).toThrow(/must divide a minute/);
  });
});

describe('the card processor', () => {
  it('refuses a Flutterwave timeout above half the wait a lost refund answer is given', () => {
    const keys = { FLUTTERWAVE_SECRET_KEY: 'FLWSECK-test', FLUTTERWAVE_SECRET_HASH: 'a-hash-of-16-chars' };
    expect(loadConfig({ ...keys, FLUTTERWAVE_TIMEOUT_MS: '30000' }).cards).toMatchObject({ provider: 'flutterwave', timeoutMs: 30_000 });
    expect(() => loadConfig({ ...keys, FLUTTERWAVE_TIMEOUT_MS: '30001' })).toThrow(/FLUTTERWAVE_TIMEOUT_MS/);
  });
});

describe('the database pooler', () => {
  it('is none unless DATABASE_POOLER names PgBouncer, and refuses a pooler it does not know', () => {
    expect(loadConfig({}).databasePooler).toBe('none');
    expect(loadConfig({ DATABASE_POOLER: 'pgbouncer' }).databasePooler).toBe('pgbouncer');
    expect(() => loadConfig({ DATABASE_POOLER: 'pgpool' })).toThrow(/DATABASE_POOLER/);
  });
});
