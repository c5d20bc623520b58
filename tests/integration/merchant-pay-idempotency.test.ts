/**
 * Merchant payments are idempotent, over HTTP against PostgreSQL and the sandbox provider (its
 * collection requests counted on the way in): the pay page's `Idempotency-Key` and the USSD
 * "Pay a merchant" step each start at most one collection, whether the request is repeated or
 * raced; the same key for a different request is refused with 409 `idempotency_key_reused`.
 */
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeMerchantWorld, notingCollections, startMerchantWorld, verifiedMerchant } from '../support/merchant-world.ts';
import type { SandboxApp } from '../support/sandbox-app.ts';
import type { TestDatabase } from '../support/test-database.ts';
import { until } from '../support/until.ts';
import { registerOnUssd, ussdStep } from '../support/ussd-session.ts';

let db: TestDatabase;
let app: SandboxApp;
let handler: SandboxApp['handler'];
/** The references of the collections the app asked the provider for, in order. */
const asked: string[] = [];

const counting = notingCollections(asked);

beforeAll(async () => {
  ({ db, app } = await startMerchantWorld({ mobileMoney: counting }));
  ({ handler } = app);
  const kiosk = { merchantCategory: 'retail', businessAddress: 'KN 3 Rd, Nyamirambo', district: 'Nyarugenge' };
  await verifiedMerchant(app, { ...kiosk, merchantCode: 'KIOSK-9', businessName: 'Kiosk Nine', phoneNumber: '+250788610002', ownerPhone: '+250788610001' });
  await verifiedMerchant(app, { ...kiosk, merchantCode: 'KIOSK-10', businessName: 'Kiosk Ten', phoneNumber: '+250788610004', ownerPhone: '+250788610003' });
});

afterAll(() => closeMerchantWorld({ db, app }));

const payments = (phone: string) =>
  db.orm.em.fork().execute<{ id: string; transaction_reference: string; status: string; idempotency_key: string | null }[]>(
    'select id, transaction_reference, status, idempotency_key from merchant_transactions where customer_phone_number = ? order by created_at',
    [phone],
  );
const pay = (key: string | null, body: object, code = 'KIOSK-9') => {
  const req = request(handler).post(`/api/pay/${code}`);
  return (key === null ? req : req.set('Idempotency-Key', key)).send(body);
};

describe('the pay page’s Idempotency-Key', () => {
  it('answers a repeated POST with the same payment (200) and asks the provider once', async () => {
    const key = randomUUID();
    const body = { amount: 3000, phoneNumber: '+250788610100', customerName: 'Aline' };
    const first = await pay(key, body);
    expect(first.status).toBe(202);
    const again = await pay(key, body);
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(first.body.id);
    expect(again.body.transactionReference).toBe(first.body.transactionReference);

    const rows = await payments('+250788610100');
    expect(rows).toHaveLength(1);
    expect(rows[0]!.idempotency_key).toBe(`pay:${key}`);
    expect(asked.filter((r) => r === first.body.transactionReference)).toHaveLength(1);
    // Once it completed, a third repeat still answers it, completed, and asks nothing.
    await until(() => request(handler).get(`/api/pay/payments/${first.body.id as string}`), (r) => r.body.status === 'completed');
    const late = await pay(key, body);
    expect([late.status, late.body.id, late.body.status]).toEqual([200, first.body.id, 'completed']);
    expect(asked.filter((r) => r === first.body.transactionReference)).toHaveLength(1);
  });

  it('starts one payment for five identical POSTs sent together', async () => {
    const key = randomUUID();
    const body = { amount: 4500, phoneNumber: '+250788610101' };
    const before = asked.length;
    const answers = await Promise.all(Array.from({ length: 5 }, () => pay(key, body)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 200, 200, 202]);
    expect(new Set(answers.map((a) => a.body.id as string)).size).toBe(1);
    expect(await payments('+250788610101')).toHaveLength(1);
    expect(asked.length - before).toBe(1);
  });

  it('refuses the key for another amount, number, name or merchant (409 idempotency_key_reused) and collects nothing more', async () => {
    const key = randomUUID();
    const body = { amount: 1200, phoneNumber: '+250788610102' };
    expect((await pay(key, body)).status).toBe(202);
    const before = asked.length;
    const count = await db.count('merchant_transactions');
    for (const [other, code] of [
      [{ ...body, amount: 1300 }, 'KIOSK-9'],
      [{ ...body, phoneNumber: '+250788610103' }, 'KIOSK-9'],
      [{ ...body, customerName: 'Bosco' }, 'KIOSK-9'],
      [body, 'KIOSK-10'],
    ] as const) {
      const refused = await pay(key, other, code);
      expect([refused.status, refused.body.code]).toEqual([409, 'idempotency_key_reused']);
      expect(refused.body.error).toBe('This Idempotency-Key was already used for another request.');
    }
    expect(await db.count('merchant_transactions')).toBe(count);
    expect(asked.length).toBe(before);
  });

  it('refuses a malformed key (400 idempotency_key_required); without a key every POST is a new payment', async () => {
    const count = await db.count('merchant_transactions');
    const bad = await pay('key with spaces', { amount: 1000, phoneNumber: '+250788610104' });
    expect([bad.status, bad.body.code]).toEqual([400, 'idempotency_key_required']);
    expect(await db.count('merchant_transactions')).toBe(count);
    expect((await pay(null, { amount: 1000, phoneNumber: '+250788610104' })).status).toBe(202);
    expect((await pay(null, { amount: 1000, phoneNumber: '+250788610104' })).status).toBe(202);
    expect(await payments('+250788610104')).toHaveLength(2);
  });
});

const PIN = '24680';
let sessions = 0;

const ussd = (sessionId: string, phoneNumber: string, inputs: readonly string[]) => ussdStep(handler, sessionId, phoneNumber, inputs);

/** Registers the phone on USSD, then opens a signed-in session up to the PIN of "Pay a merchant" (its inputs so far). */
async function atMerchantPin(phone: string, francs: number) {
  await registerOnUssd(handler, `ATUid_idem_${++sessions}`, phone, PIN);
  const sessionId = `ATUid_idem_${++sessions}`;
  const inputs: string[] = [];
  await ussd(sessionId, phone, inputs);
  for (const step of [PIN, '8', 'KIOSK-9']) await ussd(sessionId, phone, (inputs.push(step), inputs));
  const asking = await ussd(sessionId, phone, (inputs.push(String(francs)), inputs));
  expect(asking.text).toContain(`Enter your PIN to confirm:`);
  return { sessionId, inputs: [...inputs, PIN] };
}

describe('USSD "Pay a merchant": one collection per session step', () => {
  it('starts one payment when the confirming step is replayed', async () => {
    const phone = '+250788610200';
    const { sessionId, inputs } = await atMerchantPin(phone, 2000);
    const before = asked.length;
    const first = await ussd(sessionId, phone, inputs);
    const again = await ussd(sessionId, phone, inputs);
    expect(first.text).toContain('END Request sent.');
    expect(again.text).toBe(first.text);
    const rows = await payments(phone);
    expect(rows.map((r) => r.idempotency_key)).toEqual([expect.stringMatching(new RegExp(`^ussd:${sessionId}:`))]);
    expect(asked.length - before).toBe(1);
  });

  it('starts one payment when the confirming step arrives several times at once (two replicas racing)', async () => {
    const phone = '+250788610201';
    const { sessionId, inputs } = await atMerchantPin(phone, 2500);
    const before = asked.length;
    const answers = await Promise.all(Array.from({ length: 4 }, () => ussd(sessionId, phone, inputs)));
    for (const a of answers) expect([a.status, a.text]).toEqual([200, 'END Request sent. Approve the payment of 2,500 RWF to Kiosk Nine on your phone with your mobile money PIN.']);
    expect(await payments(phone)).toHaveLength(1);
    expect(asked.length - before).toBe(1);
    await until(() => payments(phone), (rows) => rows[0]?.status === 'completed');
  });
});
