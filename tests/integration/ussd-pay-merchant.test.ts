/**
 * "Pay a merchant" on the USSD menu over HTTP, against PostgreSQL and the sandbox calling the
 * server back: merchant code, amount and the PIN again, then the same PayMerchant use case as the
 * public pay page (the payment completes with its fee and net in the ledger); a wrong PIN, an
 * unknown code and a suspended merchant charge nothing.
 */
import type { Container } from 'inversify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdmin } from '../support/admin-cli.ts';
import { closeMerchantWorld, startMerchantWorld, verifiedMerchant } from '../support/merchant-world.ts';
import type { SandboxApp } from '../support/sandbox-app.ts';
import type { TestDatabase } from '../support/test-database.ts';
import { until } from '../support/until.ts';
import { registerOnUssd, ussdStep } from '../support/ussd-session.ts';

let db: TestDatabase;
let app: SandboxApp;
let container: Container;
let handler: SandboxApp['handler'];
let merchantId: string;

beforeAll(async () => {
  ({ db, app } = await startMerchantWorld({ mobileMoney: (sandbox) => sandbox }));
  ({ container, handler } = app);
  const kiosk = { merchantCategory: 'retail', businessAddress: 'KN 3 Rd, Nyamirambo', district: 'Nyarugenge' };
  ({ merchantId } = await verifiedMerchant(app, { ...kiosk, merchantCode: 'KIOSK-7', businessName: 'Kiosk Seven', phoneNumber: '+250788600002', ownerPhone: '+250788600001' }));
});

afterAll(() => closeMerchantWorld({ db, app }));

const PIN = '24680';
let sessions = 0;

function dial(phoneNumber: string) {
  const sessionId = `ATUid_merchant_${++sessions}`;
  const inputs: string[] = [];
  const send = async () => {
    const res = await ussdStep(handler, sessionId, phoneNumber, inputs);
    expect(res.status).toBe(200);
    expect(res.text.length - 4).toBeLessThanOrEqual(160);
    return res.text;
  };
  return { open: send, type: (input: string) => (inputs.push(input), send()) };
}

async function registeredPhone(phone: string) {
  await registerOnUssd(handler, `ATUid_merchant_${++sessions}`, phone, PIN);
  const signedIn = dial(phone);
  await signedIn.open();
  expect(await signedIn.type(PIN)).toContain('8 Pay a merchant');
  return signedIn;
}

describe('USSD: pay a merchant', () => {
  it('asks the code, names the merchant, asks amount and the PIN, then collects through the pay use case; the payment completes with fee and net', async () => {
    const call = await registeredPhone('+250788600010');
    expect(await call.type('8')).toBe('CON Enter the merchant code:\n0 Back 00 Home');
    expect(await call.type('x')).toContain('A merchant code is 3 to 20 letters');
    expect(await call.type('kiosk-7')).toBe('CON Amount to pay Kiosk Seven (RWF):\n0 Back 00 Home');
    expect(await call.type('50')).toContain('Enter whole francs, from 100 to 5000000.');
    expect(await call.type('2500')).toContain('Pay 2,500 RWF to Kiosk Seven. Enter your PIN to confirm:');
    expect(await call.type(PIN)).toBe('END Request sent. Approve the payment of 2,500 RWF to Kiosk Seven on your phone with your mobile money PIN.');
    const [row] = await until(
      () => db.orm.em.fork().execute<{ status: string; merchant_fee_centimes: string; net_amount_centimes: string; customer_phone_number: string }[]>('select * from merchant_transactions where merchant_id = ?', [merchantId]),
      (rows) => rows[0]?.status === 'completed',
    );
    expect(row).toMatchObject({ customer_phone_number: '+250788600010', merchant_fee_centimes: '5000', net_amount_centimes: '245000' });
  });

  it('charges nothing for a wrong PIN, an unknown code or a suspended merchant, and says so before any amount or PIN is asked', async () => {
    const before = await db.count('merchant_transactions');
    const wrong = await registeredPhone('+250788600011');
    for (const step of ['8', 'KIOSK-7', '1000']) await wrong.type(step);
    expect(await wrong.type('13579')).toBe('END Wrong PIN. Nothing was charged.');

    const unknown = await registeredPhone('+250788600012');
    await unknown.type('8');
    expect(await unknown.type('NOPE-1')).toBe('CON No merchant has this code.\nEnter the merchant code:\n0 Back 00 Home');
    expect(await unknown.type('KIOSK-7')).toBe('CON Amount to pay Kiosk Seven (RWF):\n0 Back 00 Home');

    // Suspended after its name was shown: the PIN step's payment refuses it.
    const late = await registeredPhone('+250788600014');
    for (const step of ['8', 'KIOSK-7', '1000']) await late.type(step);
    expect((await runAdmin(container, 'merchants', 'suspend', merchantId, '--reason', 'suspected_fraud')).code).toBe(0);
    expect(await late.type(PIN)).toBe('END This merchant is not accepting payments right now. Nothing was charged.');

    const suspended = await registeredPhone('+250788600013');
    await suspended.type('8');
    expect(await suspended.type('KIOSK-7')).toBe('CON This merchant is not accepting payments right now.\nEnter the merchant code:\n0 Back 00 Home');
    expect(await db.count('merchant_transactions')).toBe(before);
  });
});
