import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Money } from '../../core/money/money.ts';
import type { MobileMoneyRequest } from '../../core/payments/ports.ts';
import { startCallbackReceiver, type CallbackReceiver } from '../../tests/fakes/callback-receiver.ts';
import { parseMtnCallback } from './mtn-momo-mobile-money.ts';
import { parseAirtelCallback } from './airtel-money.ts';
import { MTN_SANDBOX_NUMBERS } from './mtn-sandbox.ts';
import { SandboxMobileMoney, type SandboxMobileMoneyOptions } from './sandbox-mobile-money.ts';

const SETTLE_MS = 40;
let receiver: CallbackReceiver;
let sandboxes: SandboxMobileMoney[];

beforeEach(async () => {
  receiver = await startCallbackReceiver();
  sandboxes = [];
});

afterEach(async () => {
  for (const sandbox of sandboxes) sandbox.close();
  await receiver.stop();
});

function sandbox(options: SandboxMobileMoneyOptions = {}): SandboxMobileMoney {
  const created = new SandboxMobileMoney({ callbackUrlFor: () => `${receiver.url}/api/mobile-money/callback`, settleMs: SETTLE_MS, ongoingMs: 150, ...options });
  sandboxes.push(created);
  return created;
}

function payment(overrides: Partial<MobileMoneyRequest> = {}): MobileMoneyRequest {
  return { reference: randomUUID(), provider: 'mtn', msisdn: '+250788123456', amount: Money.ofFrancs(2500), description: 'Ikimina contribution, cycle 1', ...overrides };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function callbackBodies() {
  return receiver.received.map((r) => parseMtnCallback(JSON.parse(r.body)));
}

describe('SandboxMobileMoney', () => {
  it('accepts at once and calls back by PUT in MTN format, read by parseMtnCallback', async () => {
    const momo = sandbox();
    const request = payment();
    expect(await momo.requestToPay(request)).toEqual({ ok: true, value: { providerReference: request.reference } });
    const early = await momo.collectionStatus('mtn', request.reference);
    expect(early.ok && early.value.status).toBe('pending');
    await receiver.waitFor(1);
    const [callback] = receiver.received;
    expect(callback).toMatchObject({ method: 'PUT', path: '/api/mobile-money/callback', contentType: 'application/json' });
    const body = JSON.parse(callback!.body) as Record<string, unknown>;
    expect(body).toMatchObject({ externalId: request.reference, amount: '2500', currency: 'RWF', payer: { partyIdType: 'MSISDN', partyId: '250788123456' }, status: 'SUCCESSFUL' });
    const parsed = parseMtnCallback(body);
    expect(parsed.ok && parsed.value).toMatchObject({ reference: request.reference, status: 'successful', amount: Money.ofFrancs(2500), currency: 'RWF' });
    expect(await momo.collectionStatus('mtn', request.reference)).toEqual(parsed);
  });

  it('can call back by POST, and for transfers names the payee', async () => {
    const momo = sandbox({ callbackMethod: 'POST' });
    const request = payment({ provider: 'airtel' });
    await momo.transfer(request);
    await receiver.waitFor(1);
    expect(receiver.received[0]!.method).toBe('POST');
    expect(JSON.parse(receiver.received[0]!.body)).toMatchObject({ payee: { partyId: '250788123456' }, status: 'SUCCESSFUL' });
    const status = await momo.transferStatus('airtel', request.reference);
    expect(status.ok && status.value.status).toBe('successful');
  });

  it('waits about the configured delay before the outcome', async () => {
    const momo = sandbox({ settleMs: 300 });
    const request = payment();
    await momo.requestToPay(request);
    await sleep(150);
    expect(receiver.received).toHaveLength(0);
    await receiver.waitFor(1);
  });

  it.each([
    [MTN_SANDBOX_NUMBERS.failed, 'INTERNAL_PROCESSING_ERROR'],
    [MTN_SANDBOX_NUMBERS.rejected, 'APPROVAL_REJECTED'],
  ])('the test number %s fails with %s, by callback and by status', async (number, reason) => {
    const momo = sandbox();
    const request = payment({ msisdn: `+${number}` });
    await momo.requestToPay(request);
    await receiver.waitFor(1);
    expect(callbackBodies()[0]).toMatchObject({ ok: true, value: { reference: request.reference, status: 'failed', reason } });
    const status = await momo.collectionStatus('mtn', request.reference);
    expect(status.ok && status.value).toMatchObject({ status: 'failed', reason, providerTransactionId: undefined });
  });

  it('the pending test number stays pending for ever, with no callback', async () => {
    const momo = sandbox();
    const request = payment({ msisdn: `+${MTN_SANDBOX_NUMBERS.pending}` });
    await momo.requestToPay(request);
    await sleep(SETTLE_MS * 4);
    const status = await momo.collectionStatus('mtn', request.reference);
    expect(status.ok && status.value.status).toBe('pending');
    expect(receiver.received).toHaveLength(0);
  });

  it('the timeout test number sends no callback; polling finds it FAILED with EXPIRED', async () => {
    const momo = sandbox();
    const request = payment({ msisdn: `+${MTN_SANDBOX_NUMBERS.timeout}` });
    await momo.requestToPay(request);
    await sleep(SETTLE_MS * 4);
    const status = await momo.collectionStatus('mtn', request.reference);
    expect(status.ok && status.value).toMatchObject({ status: 'failed', reason: 'EXPIRED' });
    expect(receiver.received).toHaveLength(0);
  });

  it('the ongoing test number is pending past the usual delay, then succeeds with a callback', async () => {
    const momo = sandbox();
    const request = payment({ msisdn: `+${MTN_SANDBOX_NUMBERS.ongoing}` });
    await momo.requestToPay(request);
    await sleep(SETTLE_MS * 2);
    const early = await momo.collectionStatus('mtn', request.reference);
    expect(early.ok && early.value.status).toBe('pending');
    await receiver.waitFor(1);
    expect(callbackBodies()[0]).toMatchObject({ ok: true, value: { status: 'successful' } });
  });

  it('a repeated reference answers the same and creates no second payment or callback', async () => {
    const momo = sandbox();
    const request = payment();
    const first = await momo.requestToPay(request);
    expect(await momo.requestToPay({ ...request, amount: Money.ofFrancs(9999) })).toEqual(first);
    await receiver.waitFor(1);
    await sleep(SETTLE_MS * 3);
    expect(receiver.received).toHaveLength(1);
    const status = await momo.collectionStatus('mtn', request.reference);
    expect(status.ok && status.value.amount).toEqual(Money.ofFrancs(2500));
    // A transfer is another product: the same reference there is another payment.
    expect(await momo.transferStatus('mtn', request.reference)).toEqual({ ok: false, error: 'mobile_money_reference_unknown' });
  });

  it('settles silently without a callback URL, and survives an unreachable app', async () => {
    const silent = sandbox({ callbackUrlFor: undefined });
    const request = payment();
    await silent.requestToPay(request);
    const unreachable = sandbox({ callbackUrlFor: () => 'http://127.0.0.1:1/callback' });
    const other = payment();
    await unreachable.requestToPay(other);
    await sleep(SETTLE_MS * 4);
    for (const [momo, ref] of [[silent, request.reference], [unreachable, other.reference]] as const) {
      const status = await momo.collectionStatus('mtn', ref);
      expect(status.ok && status.value.status).toBe('successful');
    }
    expect(receiver.received).toHaveLength(0);
  });

  it('throws for a fraction of a franc or a number that is not E.164', async () => {
    await expect(sandbox().requestToPay(payment({ amount: Money.ofCentimes(250_001) }))).rejects.toThrow(/whole number of francs/);
    await expect(sandbox().requestToPay(payment({ msisdn: '0788123456' }))).rejects.toThrow(/E\.164/);
  });

  it('plays Airtel for an Airtel number: POSTs Airtel\'s callback to the Airtel URL, states no amount, and reads the last digits', async () => {
    const momo = sandbox({ airtelCallbackUrl: `${receiver.url}/api/payments/callbacks/airtel/secret` });
    const ok = payment({ msisdn: '+250733123456' });
    const failing = payment({ msisdn: '+250728000450' });
    const expiring = payment({ msisdn: '+250733000452' });
    for (const p of [ok, failing, expiring]) expect((await momo.requestToPay(p)).ok).toBe(true);
    await receiver.waitFor(2);
    await sleep(SETTLE_MS * 2);
    expect(receiver.received.every((r) => r.method === 'POST' && r.path === '/api/payments/callbacks/airtel/secret')).toBe(true);
    const bodies = receiver.received.map((r) => parseAirtelCallback(JSON.parse(r.body)));
    expect(bodies.map((b) => b.ok && [b.value.reference, b.value.status]).sort()).toEqual([[failing.reference, 'failed'], [ok.reference, 'successful']].sort());
    expect(await momo.collectionStatus('sandbox', ok.reference)).toMatchObject({ ok: true, value: { status: 'successful', amount: undefined, currency: 'RWF' } });
    expect(await momo.collectionStatus('sandbox', failing.reference)).toMatchObject({ ok: true, value: { status: 'failed', reason: 'Insufficient funds' } });
    expect(await momo.collectionStatus('sandbox', expiring.reference)).toMatchObject({ ok: true, value: { status: 'failed', reason: 'EXPIRED' } });
    expect(receiver.received).toHaveLength(2);
  });
});
