import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Money } from '../../core/money/money.ts';
import { ManualClock } from '../../core/shared/shared.fixtures.ts';
import type { MobileMoneyRequest } from '../../core/payments/ports.ts';
import { startCallbackReceiver, type CallbackReceiver } from '../../tests/fakes/callback-receiver.ts';
import { startFakeAirtelMoney, type FakeAirtelMoney } from '../../tests/fakes/airtel-money-server.ts';
import { airtelMsisdn, airtelPublicKey, AirtelMoneyMobileMoney, parseAirtelCallback, type AirtelMoneyOptions } from './airtel-money.ts';

let airtel: FakeAirtelMoney;
let receiver: CallbackReceiver;

beforeAll(async () => {
  receiver = await startCallbackReceiver();
});

afterAll(async () => {
  await receiver.stop();
});

beforeEach(async () => {
  airtel = await startFakeAirtelMoney({ settleMs: 20, ongoingMs: 200, callbackUrl: `${receiver.url}/api/payments/callbacks/airtel/secret` });
});

afterEach(async () => {
  await airtel.stop();
});

/** Token lifetimes are read on the test's clock. */
const manualClock = () => new ManualClock('2026-06-01T07:00:00Z');

function adapter(overrides: Partial<AirtelMoneyOptions> = {}): AirtelMoneyMobileMoney {
  return new AirtelMoneyMobileMoney({
    baseUrl: airtel.url,
    clientId: airtel.clientId,
    clientSecret: airtel.clientSecret,
    disbursement: { pin: airtel.pin, publicKey: airtel.publicKey },
    ...overrides,
  });
}

function payment(overrides: Partial<MobileMoneyRequest> = {}): MobileMoneyRequest {
  return { reference: randomUUID(), provider: 'airtel', msisdn: '+250733123456', amount: Money.ofFrancs(5000), description: 'Ikimina contribution, cycle 3', ...overrides };
}

const TOKEN = '/auth/oauth2/token';
const until = async (check: () => boolean, timeoutMs = 3000) => {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
};

describe('AirtelMoneyMobileMoney: requests', () => {
  it('sends a USSD-push collection as documented and answers our reference', async () => {
    const request = payment();
    expect(await adapter().requestToPay(request)).toEqual({ ok: true, value: { providerReference: request.reference } });
    const post = airtel.requests.find((r) => r.method === 'POST' && r.path === '/merchant/v2/payments/')!;
    expect(JSON.parse(post.body)).toEqual({
      reference: 'Ikimina contribution, cycle 3',
      subscriber: { country: 'RW', currency: 'RWF', msisdn: '733123456' },
      transaction: { amount: 5000, country: 'RW', currency: 'RWF', id: request.reference },
    });
    expect(post.headers['x-country']).toBe('RW');
    expect(post.headers['x-currency']).toBe('RWF');
    expect(post.headers.authorization).toMatch(/^Bearer [0-9a-f]{32}$/);
    const token = airtel.requests.find((r) => r.path === TOKEN)!;
    expect(JSON.parse(token.body)).toEqual({ client_id: airtel.clientId, client_secret: airtel.clientSecret, grant_type: 'client_credentials' });
    expect(airtel.payment('collection', request.reference)).toMatchObject({ msisdn: '733123456', amount: 5000 });
  });

  it('sends a disbursement with the PIN encrypted under Airtel\'s public key, which the provider decrypts', async () => {
    const request = payment({ msisdn: '+250728000454', amount: Money.ofFrancs(12_000) });
    expect(await adapter().transfer(request)).toEqual({ ok: true, value: { providerReference: request.reference } });
    const body = JSON.parse(airtel.requests.find((r) => r.path === '/standard/v1/disbursements/')!.body);
    expect(body).toMatchObject({ payee: { msisdn: '728000454' }, reference: 'Ikimina contribution, cycle 3', transaction: { amount: 12_000, id: request.reference } });
    expect(body.pin).toMatch(/^[A-Za-z0-9+/]+=*$/);
    expect(body.pin).not.toContain(airtel.pin);
    expect(airtel.payment('disbursement', request.reference)).toMatchObject({ amount: 12_000, status: 'TIP' });
  });

  it('is refused with a wrong PIN, and without a PIN configured sends nothing', async () => {
    const wrong = adapter({ disbursement: { pin: '9999', publicKey: airtel.publicKey } });
    expect(await wrong.transfer(payment())).toEqual({ ok: false, error: 'mobile_money_refused' });
    expect(airtel.payments).toHaveLength(0);
    const none = adapter({ disbursement: undefined });
    expect(await none.transfer(payment())).toEqual({ ok: false, error: 'mobile_money_refused' });
    expect(airtel.count('POST', '/standard/v1/disbursements/')).toBe(1);
  });

  it('is idempotent by our reference: a repeat creates nothing and is accepted', async () => {
    const request = payment();
    const client = adapter();
    expect((await client.requestToPay(request)).ok).toBe(true);
    expect(await client.requestToPay(request)).toEqual({ ok: true, value: { providerReference: request.reference } });
    expect(airtel.payments).toHaveLength(1);
    const transfer = payment();
    expect((await client.transfer(transfer)).ok).toBe(true);
    expect((await client.transfer(transfer)).ok).toBe(true);
    expect(airtel.payments.filter((p) => p.product === 'disbursement')).toHaveLength(1);
  });

  it('keeps one token until shortly before it expires, shared by concurrent calls', async () => {
    const clock = manualClock();
    const client = adapter({ clock });
    await Promise.all([client.requestToPay(payment()), client.requestToPay(payment()), client.requestToPay(payment())]);
    expect(airtel.count('POST', TOKEN)).toBe(1);
    clock.advance(150_000);
    await client.requestToPay(payment());
    expect(airtel.count('POST', TOKEN)).toBe(1);
    // 180 s tokens are refreshed 18 s early.
    clock.advance(15_000);
    await client.requestToPay(payment());
    expect(airtel.count('POST', TOKEN)).toBe(2);
  });

  it('asks for a new token once when Airtel refuses the one it has', async () => {
    const client = adapter();
    await client.requestToPay(payment());
    airtel.expireTokens();
    expect((await client.requestToPay(payment())).ok).toBe(true);
    expect(airtel.count('POST', TOKEN)).toBe(2);
  });

  it('answers unavailable for wrong credentials, without calling the API', async () => {
    const client = adapter({ clientSecret: 'wrong' });
    expect(await client.requestToPay(payment())).toEqual({ ok: false, error: 'mobile_money_unavailable' });
    expect(await client.collectionStatus('airtel', randomUUID())).toEqual({ ok: false, error: 'mobile_money_unavailable' });
    expect(airtel.count('POST', '/merchant/v2/payments/')).toBe(0);
  });

  it('maps Airtel\'s answers to refused or unavailable', async () => {
    const client = adapter();
    airtel.failNext(500);
    expect(await client.requestToPay(payment())).toEqual({ ok: false, error: 'mobile_money_unavailable' });
    airtel.failNext(503, {});
    expect(await client.requestToPay(payment())).toEqual({ ok: false, error: 'mobile_money_unavailable' });
    airtel.failNext(429, {});
    expect(await client.requestToPay(payment())).toEqual({ ok: false, error: 'mobile_money_unavailable' });
    airtel.failNext(200, { status: { code: '200', success: false, result_code: 'ESB000001', message: 'Something went wrong' } });
    expect(await client.requestToPay(payment())).toEqual({ ok: false, error: 'mobile_money_unavailable' });
    airtel.failNext(400, { status: { code: '400', success: false, result_code: 'ESB000039', message: 'Vendor is not configured to do transaction in the country' } });
    expect(await client.requestToPay(payment())).toEqual({ ok: false, error: 'mobile_money_refused' });
    expect(airtel.payments).toHaveLength(0);
  });

  it('answers unavailable on a timeout, and the retry with the same reference is accepted once', async () => {
    const client = adapter({ timeoutMs: 1000 });
    const request = payment();
    airtel.stallNext();
    expect(await client.requestToPay(request)).toEqual({ ok: false, error: 'mobile_money_unavailable' });
    expect(airtel.payments).toHaveLength(1);
    expect(await client.requestToPay(request)).toEqual({ ok: true, value: { providerReference: request.reference } });
    expect(airtel.payments).toHaveLength(1);
  });

  it('answers unavailable when Airtel cannot be reached', async () => {
    const client = adapter({ baseUrl: 'http://127.0.0.1:1' });
    expect(await client.requestToPay(payment())).toEqual({ ok: false, error: 'mobile_money_unavailable' });
    expect(await client.transferStatus('airtel', randomUUID())).toEqual({ ok: false, error: 'mobile_money_unavailable' });
  });

  it('throws for a fraction of a franc or another provider\'s payment: bugs of the caller', async () => {
    await expect(adapter().requestToPay(payment({ amount: Money.ofCentimes(150) }))).rejects.toThrow();
    await expect(adapter().requestToPay(payment({ provider: 'mtn' }))).rejects.toThrow();
    await expect(adapter().collectionStatus('mtn', randomUUID())).rejects.toThrow();
    expect(() => airtelMsisdn('0733123456')).toThrow();
  });
});

describe('AirtelMoneyMobileMoney: enquiries', () => {
  it('reads TS, TF, TE and TIP as successful, failed, failed (EXPIRED) and pending', async () => {
    const client = adapter();
    const ok = payment();
    const failed = payment({ msisdn: '+250733000450' });
    const expired = payment({ msisdn: '+250733000452' });
    const pending = payment({ msisdn: '+250733000454' });
    for (const p of [ok, failed, expired, pending]) expect((await client.requestToPay(p)).ok).toBe(true);
    await until(() => [ok, failed, expired].every((p) => airtel.payment('collection', p.reference)!.status !== 'TIP'));
    const ask = async (reference: string) => {
      const answer = await client.collectionStatus('airtel', reference);
      if (!answer.ok) throw new Error(answer.error);
      return answer.value;
    };
    const success = await ask(ok.reference);
    expect(success).toEqual({ reference: ok.reference, status: 'successful', amount: undefined, currency: 'RWF', providerTransactionId: airtel.payment('collection', ok.reference)!.airtelMoneyId, reason: undefined });
    expect(success.providerTransactionId).toMatch(/^MP\d{9}$/);
    expect(await ask(failed.reference)).toMatchObject({ status: 'failed', reason: 'Insufficient funds' });
    expect(await ask(expired.reference)).toMatchObject({ status: 'failed', reason: 'EXPIRED' });
    expect(await ask(pending.reference)).toMatchObject({ status: 'pending', reason: undefined });
    expect(airtel.count('GET', `/standard/v1/payments/${ok.reference}`)).toBe(1);
  });

  it('asks about a disbursement at its own enquiry, and an unknown id is unknown', async () => {
    const client = adapter();
    const transfer = payment({ msisdn: '+250728000453' });
    await client.transfer(transfer);
    expect(await client.transferStatus('airtel', transfer.reference)).toMatchObject({ ok: true, value: { status: 'pending' } });
    expect(await client.collectionStatus('airtel', transfer.reference)).toEqual({ ok: false, error: 'mobile_money_reference_unknown' });
    await until(() => airtel.payment('disbursement', transfer.reference)!.status === 'TS');
    expect(await client.transferStatus('airtel', transfer.reference)).toMatchObject({ ok: true, value: { status: 'successful' } });
  });

  it('answers unavailable for an enquiry Airtel cannot answer or answers with nonsense', async () => {
    const client = adapter();
    const request = payment();
    await client.requestToPay(request);
    airtel.failNext(500);
    expect(await client.collectionStatus('airtel', request.reference)).toEqual({ ok: false, error: 'mobile_money_unavailable' });
    airtel.failNext(200, { data: { transaction: { id: request.reference, status: 'MAYBE' } }, status: { success: true } });
    expect(await client.collectionStatus('airtel', request.reference)).toEqual({ ok: false, error: 'mobile_money_unavailable' });
    airtel.failNext(200, { data: { transaction: { id: request.reference, status: 'TS' } }, status: { success: false } });
    expect(await client.collectionStatus('airtel', request.reference)).toEqual({ ok: false, error: 'mobile_money_unavailable' });
  });
});

describe('Airtel callbacks', () => {
  it('are posted once to the portal URL when a payment is final, and read as a hint keyed by our reference', async () => {
    const request = payment();
    await adapter().requestToPay(request);
    await airtel.waitForCallbacks(1);
    const [callback] = airtel.callbacks;
    expect(callback!.url).toBe(`${receiver.url}/api/payments/callbacks/airtel/secret`);
    expect(callback!.body.transaction).toMatchObject({ id: request.reference, status_code: 'TS' });
    expect(parseAirtelCallback(callback!.body)).toEqual({
      ok: true,
      value: { reference: request.reference, status: 'successful', providerTransactionId: callback!.body.transaction.airtel_money_id },
    });
  });

  it('are not sent for an expiry', async () => {
    await adapter().requestToPay(payment({ msisdn: '+250733000452' }));
    await new Promise((resolve) => setTimeout(resolve, 120));
    expect(airtel.callbacks).toHaveLength(0);
  });

  it('refuses bodies it cannot read', () => {
    for (const body of [undefined, null, 'TS', {}, { transaction: {} }, { transaction: { id: 'x', status_code: 'OK' } }, { transaction: { id: '', status_code: 'TS' } }]) {
      expect(parseAirtelCallback(body)).toEqual({ ok: false, error: 'mobile_money_callback_invalid' });
    }
    expect(parseAirtelCallback({ transaction: { id: 'r', status_code: 'TF', message: 'no' } })).toEqual({ ok: true, value: { reference: 'r', status: 'failed', providerTransactionId: undefined } });
  });
});

describe('Airtel public keys', () => {
  it('are read as the portal shows them (bare base64) or as PEM', () => {
    const { publicKey } = generateKeyPairSync('rsa', { modulusLength: 1024 });
    const der = publicKey.export({ type: 'spki', format: 'der' }).toString('base64');
    const pem = publicKey.export({ type: 'spki', format: 'pem' }).toString();
    expect(airtelPublicKey(der).export({ type: 'spki', format: 'pem' })).toBe(pem);
    expect(airtelPublicKey(pem).export({ type: 'spki', format: 'pem' })).toBe(pem);
  });
});
