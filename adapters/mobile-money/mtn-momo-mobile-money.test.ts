import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MobileMoneyCallbackTokens } from './callback-tokens.ts';
import { Money } from '../../core/money/money.ts';
import { ManualClock } from '../../core/shared/shared.fixtures.ts';
import type { MobileMoneyRequest } from '../../core/payments/ports.ts';
import { startCallbackReceiver, type CallbackReceiver } from '../../tests/fakes/callback-receiver.ts';
import { startFakeMtnMomo, type FakeMtnMomo } from '../../tests/fakes/mtn-momo-server.ts';
import { MTN_SANDBOX_NUMBERS } from './mtn-sandbox.ts';
import { mtnReferenceId, MtnMomoMobileMoney, parseMtnCallback, type MtnMomoOptions } from './mtn-momo-mobile-money.ts';

let mtn: FakeMtnMomo;
let receiver: CallbackReceiver;

beforeAll(async () => {
  receiver = await startCallbackReceiver();
});

afterAll(async () => {
  await receiver.stop();
});

beforeEach(async () => {
  mtn = await startFakeMtnMomo({ settleMs: 20, ongoingMs: 200 });
});

afterEach(async () => {
  await mtn.stop();
});

/** Token lifetimes are read on the test's clock. */
const manualClock = () => new ManualClock('2026-06-01T07:00:00Z');

/** The app's signer of per-payment callback URLs, pointed at the receiver. */
function callbackTokens(): MobileMoneyCallbackTokens {
  return new MobileMoneyCallbackTokens('adapter-test-secret-of-32-characters!', `${receiver.url}/api/mobile-money/callback`);
}

function adapter(overrides: Partial<MtnMomoOptions> = {}): MtnMomoMobileMoney {
  return new MtnMomoMobileMoney({
    baseUrl: mtn.url,
    targetEnvironment: mtn.targetEnvironment,
    currency: mtn.currency,
    collection: mtn.collection,
    disbursement: mtn.disbursement,
    callbackUrlFor: (kind, reference) => callbackTokens().urlFor(kind, reference),
    ...overrides,
  });
}

function payment(overrides: Partial<MobileMoneyRequest> = {}): MobileMoneyRequest {
  return { reference: randomUUID(), provider: 'mtn', msisdn: '+250788123456', amount: Money.ofFrancs(5000), description: 'Ikimina contribution, cycle 3', ...overrides };
}

const TOKEN = { collection: '/collection/token/', disbursement: '/disbursement/token/' };

describe('MtnMomoMobileMoney: requests', () => {
  it('sends a request to pay as documented and answers our reference', async () => {
    const request = payment();
    const result = await adapter().requestToPay(request);
    expect(result).toEqual({ ok: true, value: { providerReference: request.reference } });
    const created = mtn.payment('collection', request.reference);
    expect(created?.resource).toEqual({
      externalId: request.reference,
      amount: '5000',
      currency: 'EUR',
      payer: { partyIdType: 'MSISDN', partyId: '250788123456' },
      payerMessage: 'Ikimina contribution, cycle 3',
      payeeNote: 'Ikimina contribution, cycle 3',
      status: 'PENDING',
    });
    const post = mtn.requests.find((r) => r.method === 'POST' && r.path === '/collection/v1_0/requesttopay');
    expect(post?.headers['x-reference-id']).toBe(request.reference);
    expect(post?.headers['x-target-environment']).toBe('sandbox');
    // Each payment its own callback URL, carrying the token made for its reference.
    expect(post?.headers['x-callback-url']).toBe(`${receiver.url}/api/mobile-money/callback/${callbackTokens().tokenFor('collection', request.reference)}`);
    expect(post?.headers['ocp-apim-subscription-key']).toBe(mtn.collection.subscriptionKey);
    expect(post?.headers.authorization).toMatch(/^Bearer \S+$/);
  });

  it('sends a transfer to the payee with the disbursement key and token', async () => {
    const request = payment({ msisdn: '+250788000111', amount: Money.ofFrancs(45_000) });
    expect(await adapter().transfer(request)).toEqual({ ok: true, value: { providerReference: request.reference } });
    expect(mtn.payment('disbursement', request.reference)?.resource).toMatchObject({ amount: '45000', payee: { partyIdType: 'MSISDN', partyId: '250788000111' } });
    expect(mtn.payment('collection', request.reference)).toBeUndefined();
    const post = mtn.requests.find((r) => r.path === '/disbursement/v1_0/transfer');
    expect(post?.headers['ocp-apim-subscription-key']).toBe(mtn.disbursement.subscriptionKey);
  });

  it('uses the configured currency, RWF by default', async () => {
    const rwf = await startFakeMtnMomo({ currency: 'RWF' });
    try {
      const request = payment();
      const momo = new MtnMomoMobileMoney({ baseUrl: rwf.url, targetEnvironment: 'sandbox', collection: rwf.collection, disbursement: rwf.disbursement });
      expect((await momo.requestToPay(request)).ok).toBe(true);
      expect(rwf.payment('collection', request.reference)?.resource.currency).toBe('RWF');
    } finally {
      await rwf.stop();
    }
  });

  it('throws for a fraction of a franc or a payment of another provider: those are bugs of the caller', async () => {
    await expect(adapter().requestToPay(payment({ amount: Money.ofCentimes(500_050) }))).rejects.toThrow(/not a whole number of francs/);
    await expect(adapter().transfer(payment({ provider: 'airtel' }))).rejects.toThrow(/airtel/);
    expect(mtn.payments).toHaveLength(0);
  });
});

describe('MtnMomoMobileMoney: access tokens', () => {
  it('requests one token per product for many calls, concurrent ones included', async () => {
    const momo = adapter();
    const results = await Promise.all([...Array.from({ length: 5 }, () => momo.requestToPay(payment())), momo.transfer(payment()), momo.transfer(payment())]);
    expect(results.every((r) => r.ok)).toBe(true);
    await momo.collectionStatus('mtn', mtn.payments[0]!.referenceId);
    expect(mtn.count('POST', TOKEN.collection)).toBe(1);
    expect(mtn.count('POST', TOKEN.disbursement)).toBe(1);
  });

  it('refreshes the token shortly before it expires, not earlier', async () => {
    const clock = manualClock();
    const momo = adapter({ clock });
    await momo.requestToPay(payment());
    clock.advance(3_500_000); // 58 min 20 s of a 60 min token: still used
    await momo.requestToPay(payment());
    expect(mtn.count('POST', TOKEN.collection)).toBe(1);
    clock.advance(45_000); // less than a minute left: refreshed before MTN would refuse it
    await momo.requestToPay(payment());
    expect(mtn.count('POST', TOKEN.collection)).toBe(2);
  });

  it('drops a token MTN refuses (401) and repeats the call once with a new one', async () => {
    const momo = adapter();
    await momo.requestToPay(payment());
    mtn.expireTokens();
    const request = payment();
    expect(await momo.requestToPay(request)).toEqual({ ok: true, value: { providerReference: request.reference } });
    expect(mtn.count('POST', TOKEN.collection)).toBe(2);
    expect(mtn.payments).toHaveLength(2);
  });

  it('answers unavailable when MTN refuses our credentials', async () => {
    const momo = adapter({ collection: { ...mtn.collection, apiKey: 'wrong' } });
    expect(await momo.requestToPay(payment())).toEqual({ ok: false, error: 'mobile_money_unavailable' });
    expect(mtn.payments).toHaveLength(0);
  });
});

describe('MtnMomoMobileMoney: idempotency', () => {
  it('reads 409 for a reused reference as accepted: a retry creates one payment at MTN', async () => {
    const momo = adapter();
    const request = payment();
    const first = await momo.requestToPay(request);
    const retry = await momo.requestToPay(request);
    expect(retry).toEqual(first);
    expect(mtn.count('POST', '/collection/v1_0/requesttopay')).toBe(2);
    expect(mtn.payments).toHaveLength(1);
  });

  it('after a lost reply (timeout) the retry with the same reference reaches the payment MTN created', async () => {
    const momo = adapter({ timeoutMs: 300 });
    const request = payment();
    mtn.stallNext();
    expect(await momo.requestToPay(request)).toEqual({ ok: false, error: 'mobile_money_unavailable' });
    expect(mtn.payments).toHaveLength(1);
    expect(await momo.requestToPay(request)).toEqual({ ok: true, value: { providerReference: request.reference } });
    expect(mtn.payments).toHaveLength(1);
  });

  it('maps a reference that is not a UUID to one stable UUID, so retries still meet', async () => {
    const momo = adapter();
    const request = payment({ reference: 'contribution-42-attempt-1' });
    await momo.requestToPay(request);
    await momo.requestToPay(request);
    expect(mtn.payments).toHaveLength(1);
    expect(mtn.payments[0]!.referenceId).toBe(mtnReferenceId('contribution-42-attempt-1'));
    expect(mtn.payments[0]!.resource.externalId).toBe('contribution-42-attempt-1');
    expect(mtnReferenceId('contribution-42-attempt-2')).not.toBe(mtnReferenceId('contribution-42-attempt-1'));
    const status = await momo.collectionStatus('mtn', 'contribution-42-attempt-1');
    expect(status.ok && status.value.reference).toBe('contribution-42-attempt-1');
  });
});

describe('MtnMomoMobileMoney: refusals and unavailability', () => {
  it.each([
    [400, 'BAD_REQUEST'],
    [404, 'RESOURCE_NOT_FOUND'],
    [500, 'NOT_ENOUGH_FUNDS'],
    [500, 'PAYER_NOT_FOUND'],
    [500, 'PAYER_LIMIT_REACHED'],
  ])('a %i %s is a refusal', async (status, code) => {
    mtn.failNext(status, { code, message: 'refused' });
    expect(await adapter().requestToPay(payment())).toEqual({ ok: false, error: 'mobile_money_refused' });
  });

  it.each([
    [500, 'INTERNAL_PROCESSING_ERROR'],
    [503, 'SERVICE_UNAVAILABLE'],
    [429, 'TOO_MANY_REQUESTS'],
  ])('a %i %s is unavailability', async (status, code) => {
    mtn.failNext(status, { code, message: 'try later' });
    expect(await adapter().transfer(payment())).toEqual({ ok: false, error: 'mobile_money_unavailable' });
  });

  it('a currency MTN does not accept is a refusal (500 INVALID_CURRENCY)', async () => {
    expect(await adapter({ currency: 'RWF' }).requestToPay(payment())).toEqual({ ok: false, error: 'mobile_money_refused' });
  });

  it('an unreachable MTN or a reply slower than the timeout is unavailability, never an exception', async () => {
    const stopped = await startFakeMtnMomo();
    await stopped.stop();
    expect(await adapter({ baseUrl: stopped.url }).requestToPay(payment())).toEqual({ ok: false, error: 'mobile_money_unavailable' });
    const momo = adapter({ timeoutMs: 200 });
    await momo.requestToPay(payment()); // gets the token first
    mtn.stallNext();
    expect(await momo.collectionStatus('mtn', randomUUID())).toEqual({ ok: false, error: 'mobile_money_unavailable' });
  });
});

describe('MtnMomoMobileMoney: callbacks and status queries', () => {
  it('MTN calls back once the payment is final, and parseMtnCallback reads it by externalId', async () => {
    const before = receiver.received.length;
    const request = payment();
    await adapter().requestToPay(request);
    await mtn.waitForCallbacks(1);
    await receiver.waitFor(before + 1);
    const callback = receiver.received[before]!;
    expect(callback.method).toBe('PUT');
    expect(callback.path).toBe(`/api/mobile-money/callback/${callbackTokens().tokenFor('collection', request.reference)}`);
    const body: unknown = JSON.parse(callback.body);
    expect(body).not.toHaveProperty('referenceId');
    const parsed = parseMtnCallback(body);
    expect(parsed).toEqual({
      ok: true,
      value: {
        reference: request.reference,
        status: 'successful',
        amount: Money.ofFrancs(5000),
        currency: 'EUR',
        providerTransactionId: mtn.payment('collection', request.reference)?.resource.financialTransactionId,
        reason: undefined,
      },
    });
    expect(parsed.ok && parsed.value.providerTransactionId).toMatch(/^\d+$/);
  });

  it('a failing test number calls back FAILED with its reason', async () => {
    const before = receiver.received.length;
    const request = payment({ msisdn: `+${MTN_SANDBOX_NUMBERS.failed}` });
    await adapter().transfer(request);
    await receiver.waitFor(before + 1);
    const parsed = parseMtnCallback(JSON.parse(receiver.received[before]!.body));
    expect(parsed.ok && parsed.value).toMatchObject({ reference: request.reference, status: 'failed', reason: 'INTERNAL_PROCESSING_ERROR' });
  });

  it('answers the status of a collection: pending, then final; unknown references are told apart', async () => {
    const momo = adapter();
    const request = payment({ msisdn: `+${MTN_SANDBOX_NUMBERS.pending}` });
    await momo.requestToPay(request);
    expect(await momo.collectionStatus('mtn', request.reference)).toEqual({
      ok: true,
      value: { reference: request.reference, status: 'pending', amount: Money.ofFrancs(5000), currency: 'EUR', providerTransactionId: undefined, reason: undefined },
    });
    mtn.settle('collection', request.reference, 'FAILED', 'NOT_ENOUGH_FUNDS');
    const settled = await momo.collectionStatus('mtn', request.reference);
    expect(settled.ok && settled.value).toMatchObject({ status: 'failed', reason: 'NOT_ENOUGH_FUNDS' });
    expect(await momo.collectionStatus('mtn', randomUUID())).toEqual({ ok: false, error: 'mobile_money_reference_unknown' });
    expect(await momo.transferStatus('mtn', request.reference)).toEqual({ ok: false, error: 'mobile_money_reference_unknown' });
  });

  it('a lost callback (the timeout number) is found by polling: FAILED with EXPIRED', async () => {
    const momo = adapter();
    const request = payment({ msisdn: `+${MTN_SANDBOX_NUMBERS.timeout}` });
    await momo.transfer(request);
    await new Promise((resolve) => setTimeout(resolve, 100));
    const status = await momo.transferStatus('mtn', request.reference);
    expect(status.ok && status.value).toMatchObject({ reference: request.reference, status: 'failed', reason: 'EXPIRED' });
    expect(mtn.callbacks).toHaveLength(0);
  });

  it('the ongoing number stays pending, then succeeds', async () => {
    const momo = adapter();
    const request = payment({ msisdn: `+${MTN_SANDBOX_NUMBERS.ongoing}` });
    await momo.requestToPay(request);
    await new Promise((resolve) => setTimeout(resolve, 60));
    const early = await momo.collectionStatus('mtn', request.reference);
    expect(early.ok && early.value.status).toBe('pending');
    await mtn.waitForCallbacks(1);
    const status = await momo.collectionStatus('mtn', request.reference);
    expect(status.ok && status.value.status).toBe('successful');
  });
});

describe('parseMtnCallback', () => {
  const resource = { financialTransactionId: '1232581108', externalId: 'ref-1', amount: '5000', currency: 'RWF', payer: { partyIdType: 'MSISDN', partyId: '250788123456' }, status: 'SUCCESSFUL' };

  it('correlates by externalId, or by referenceId when externalId is missing', () => {
    expect(parseMtnCallback(resource)).toMatchObject({ ok: true, value: { reference: 'ref-1', status: 'successful', amount: Money.ofFrancs(5000), providerTransactionId: '1232581108' } });
    const { externalId: _dropped, ...withoutExternalId } = resource;
    expect(parseMtnCallback({ ...withoutExternalId, referenceId: 'b0f3…' })).toMatchObject({ ok: true, value: { reference: 'b0f3…' } });
  });

  it('reads PENDING, and a reason given as a string or as {code, message}', () => {
    expect(parseMtnCallback({ ...resource, status: 'PENDING' })).toMatchObject({ ok: true, value: { status: 'pending' } });
    expect(parseMtnCallback({ ...resource, status: 'FAILED', reason: 'APPROVAL_REJECTED' })).toMatchObject({ ok: true, value: { status: 'failed', reason: 'APPROVAL_REJECTED' } });
    expect(parseMtnCallback({ ...resource, status: 'FAILED', reason: { code: 'EXPIRED', message: 'Expired' } })).toMatchObject({ ok: true, value: { reason: 'EXPIRED' } });
  });

  it.each([
    ['no object', 'SUCCESSFUL'],
    ['an unknown status', { ...resource, status: 'DONE' }],
    ['no amount', { ...resource, amount: undefined }],
    ['an amount that is not a decimal', { ...resource, amount: '5,000' }],
    ['no currency', { ...resource, currency: undefined }],
    ['no reference at all', { ...resource, externalId: '' }],
  ])('refuses a body with %s', (_case, body) => {
    expect(parseMtnCallback(body)).toEqual({ ok: false, error: 'mobile_money_callback_invalid' });
  });
});
