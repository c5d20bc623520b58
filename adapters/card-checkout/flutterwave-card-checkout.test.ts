/**
 * FlutterwaveCardCheckout against the sandbox served over HTTP as a fake Flutterwave (the same
 * protocol the embedded checkout speaks in process), and the webhook's signature checks.
 */
import { createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Money } from '../../core/money/money.ts';
import { FlutterwaveCardCheckout } from './flutterwave-card-checkout.ts';
import { FlutterwaveSandbox } from './flutterwave-sandbox.ts';
import { isSignedByFlutterwave, parseFlutterwaveWebhook } from './flutterwave-webhook.ts';

const SECRET = 'FLWSECK_TEST-abc-X';
const HASH = 'a-secret-hash-of-the-dashboard';

let server: Server;
let baseUrl: string;
let sandbox: FlutterwaveSandbox;
const seen: { method: string; url: string; authorization: string | undefined; body: string }[] = [];
let stall = false;

beforeAll(async () => {
  sandbox = new FlutterwaveSandbox({ secretKey: SECRET, secretHash: HASH, checkoutBaseUrl: 'http://checkout.test/pay', webhookUrl: () => 'http://127.0.0.1:9/none' });
  server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks).toString('utf8');
    seen.push({ method: req.method!, url: req.url!, authorization: req.headers.authorization, body });
    if (stall) return; // never answers: the adapter's timeout
    const answer = await sandbox.fetch(`http://fake${req.url}`, { method: req.method!, headers: req.headers as Record<string, string>, ...(body ? { body } : {}) });
    res.writeHead(answer.status, { 'content-type': 'application/json' });
    res.end(await answer.text());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v3`;
});

afterAll(async () => {
  sandbox.close();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const checkout = (overrides: Partial<ConstructorParameters<typeof FlutterwaveCardCheckout>[0]> = {}) => new FlutterwaveCardCheckout({ baseUrl, secretKey: SECRET, timeoutMs: 2000, ...overrides });
const request = (reference: string, francs = 5000) => ({
  reference,
  amount: Money.ofFrancs(francs),
  redirectUrl: 'https://app.test/payments/card/return',
  customer: { email: 'uwase@example.rw', name: 'Uwase A', phoneNumber: '+250788000000' },
  title: 'Ikimina contribution',
});

describe('FlutterwaveCardCheckout', () => {
  it('creates a hosted checkout as v3 Standard asks: whole francs, RWF, card only, bearer secret', async () => {
    const created = await checkout().create(request('tx-1'));
    expect(created).toEqual({ ok: true, value: { link: expect.stringMatching(/^http:\/\/checkout\.test\/pay\/.+/) } });
    const sent = seen.at(-1)!;
    expect([sent.method, sent.url, sent.authorization]).toEqual(['POST', '/v3/payments', `Bearer ${SECRET}`]);
    expect(JSON.parse(sent.body)).toEqual({
      tx_ref: 'tx-1',
      amount: 5000,
      currency: 'RWF',
      redirect_url: 'https://app.test/payments/card/return',
      customer: { email: 'uwase@example.rw', name: 'Uwase A', phonenumber: '+250788000000' },
      payment_options: 'card',
      session_duration: 15,
      customizations: { title: 'Ikimina contribution' },
    });
    // The same tx_ref and amount: the same link; another amount under it is refused.
    expect(await checkout().create(request('tx-1'))).toEqual(created);
    expect(await checkout().create(request('tx-1', 6000))).toEqual({ ok: false, error: 'card_checkout_refused' });
  });

  it('reads a wrong key as a refusal and an unreachable or silent provider as unavailable', async () => {
    expect(await checkout({ secretKey: 'wrong' }).create(request('tx-2'))).toEqual({ ok: false, error: 'card_checkout_refused' });
    expect(await checkout({ baseUrl: 'http://127.0.0.1:9/v3' }).create(request('tx-2'))).toEqual({ ok: false, error: 'card_checkout_unavailable' });
    stall = true;
    try {
      expect(await checkout({ timeoutMs: 200 }).verify({ reference: 'tx-2' })).toEqual({ ok: false, error: 'card_checkout_unavailable' });
    } finally {
      stall = false;
    }
  });

  it('verifies by reference and by id, and never answers another reference\'s transaction', async () => {
    expect(await checkout().verify({ reference: 'tx-3' })).toEqual({ ok: false, error: 'card_transaction_unknown' });
    const { link } = ((await checkout().create(request('tx-3', 10_000))) as { value: { link: string } }).value;
    const id = link.split('/').at(-1)!;
    sandbox.submit(id, new URLSearchParams({ card_number: '4187427415564246', webhook: 'never' }));
    sandbox.submit(id, new URLSearchParams({ action: 'pay' }));
    const byRef = await checkout().verify({ reference: 'tx-3' });
    expect(byRef.ok && byRef.value).toMatchObject({ reference: 'tx-3', status: 'successful', currency: 'RWF', amount: Money.ofFrancs(10_000), fee: Money.ofFrancs(140) });
    expect(seen.at(-1)!.url).toBe('/v3/transactions/verify_by_reference?tx_ref=tx-3');
    const txId = byRef.ok ? byRef.value.id : '';
    expect(await checkout().verify({ reference: 'tx-3', transactionId: txId })).toEqual(byRef);
    expect(seen.at(-1)!.url).toBe(`/v3/transactions/${txId}/verify`);
    expect(await checkout().verify({ reference: 'tx-other', transactionId: txId })).toEqual({ ok: false, error: 'card_reference_mismatch' });

    // Refunds: part, then no more than what is left.
    const refunded = await checkout().refund(txId, Money.ofFrancs(4000));
    expect(refunded.ok && refunded.value.amount).toEqual(Money.ofFrancs(4000));
    expect(JSON.parse(seen.at(-1)!.body)).toEqual({ amount: 4000 });
    expect(await checkout().refund(txId, Money.ofFrancs(7000))).toEqual({ ok: false, error: 'card_checkout_refused' });
  });

  it('refunds to the card and reads a refund\'s state: completed, pending until it ends, a lost answer found among the charge\'s refunds', async () => {
    const { link } = ((await checkout().create(request('tx-5', 8000))) as { value: { link: string } }).value;
    const id = link.split('/').at(-1)!;
    sandbox.submit(id, new URLSearchParams({ card_number: '4187427415564246', webhook: 'never' }));
    sandbox.submit(id, new URLSearchParams({ action: 'pay' }));
    const charge = sandbox.chargeOf('tx-5')!;
    const chargeId = String(charge.id);

    sandbox.refundMode = 'pending';
    const pending = await checkout().refund(chargeId, Money.ofFrancs(3000));
    expect(pending.ok && pending.value).toMatchObject({ chargeId, status: 'pending', amount: Money.ofFrancs(3000) });
    const refundId = pending.ok ? pending.value.id : '';
    expect(await checkout().refundStatus(refundId)).toEqual(pending);
    expect(seen.at(-1)!.url).toBe(`/v3/refunds/${refundId}`);
    sandbox.finishRefund(Number(refundId), 'completed');
    expect(await checkout().refundStatus(refundId)).toMatchObject({ ok: true, value: { status: 'completed' } });
    expect(await checkout().refundStatus('424242')).toEqual({ ok: false, error: 'card_refund_unknown' });

    // Made, but its answer lost: unavailable to the caller, found among the charge's refunds.
    sandbox.refundMode = 'answer_lost';
    expect(await checkout().refund(chargeId, Money.ofFrancs(5000))).toEqual({ ok: false, error: 'card_checkout_unavailable' });
    const held = await checkout().refundsOf(chargeId);
    expect(held.ok && held.value.map((r) => [r.status, r.amount.toDecimal()])).toEqual([['completed', '3000.00'], ['completed', '5000.00']]);
    expect(seen.at(-1)!.url).toBe(`/v3/refunds?tx_id=${chargeId}`);
    // Nothing is left to refund; a refused refund and a failed one give nothing twice.
    sandbox.refundMode = 'completed';
    expect(await checkout().refund(chargeId, Money.ofFrancs(1))).toEqual({ ok: false, error: 'card_checkout_refused' });
    sandbox.refundMode = 'refused';
    expect(await checkout().refund(chargeId, Money.ofFrancs(1))).toEqual({ ok: false, error: 'card_checkout_refused' });
    sandbox.refundMode = 'completed';
    expect(await checkout().refundsOf('999')).toEqual({ ok: true, value: [] });
  });

  it('reads a declined card as failed with the processor\'s reason', async () => {
    const { link } = ((await checkout().create(request('tx-4'))) as { value: { link: string } }).value;
    const page = sandbox.submit(link.split('/').at(-1)!, new URLSearchParams({ card_number: '5258585922666506', webhook: 'never' }));
    expect('redirect' in page && page.redirect).toMatch(/status=failed&tx_ref=tx-4&transaction_id=\d+/);
    const verified = await checkout().verify({ reference: 'tx-4' });
    expect(verified.ok && [verified.value.status, verified.value.reason, verified.value.fee]).toEqual(['failed', 'Insufficient Funds', undefined]);
  });
});

describe("the webhook's signature", () => {
  const body = JSON.stringify({ event: 'charge.completed', data: { id: 42, tx_ref: 'tx-9', amount: 5000, currency: 'RWF', status: 'successful' } });

  it('accepts the verif-hash or the HMAC signature, and nothing else', () => {
    expect(isSignedByFlutterwave({ verifHash: HASH, signature: undefined }, body, HASH)).toBe(true);
    expect(isSignedByFlutterwave({ verifHash: undefined, signature: undefined }, body, HASH)).toBe(false);
    expect(isSignedByFlutterwave({ verifHash: `${HASH}x`, signature: undefined }, body, HASH)).toBe(false);
    expect(isSignedByFlutterwave({ verifHash: HASH, signature: undefined }, body, '')).toBe(false);
    const signature = createHmac('sha256', HASH).update(body).digest('base64');
    expect(isSignedByFlutterwave({ verifHash: undefined, signature }, body, HASH)).toBe(true);
    expect(isSignedByFlutterwave({ verifHash: undefined, signature }, `${body} `, HASH)).toBe(false);
    expect(isSignedByFlutterwave({ verifHash: undefined, signature: createHmac('sha256', 'other').update(body).digest('base64') }, body, HASH)).toBe(false);
  });

  it('reads only the transaction id and tx_ref of a body', () => {
    expect(parseFlutterwaveWebhook(JSON.parse(body))).toEqual({ transactionId: '42', reference: 'tx-9' });
    expect(parseFlutterwaveWebhook({ event: 'charge.completed', data: { tx_ref: 'x' } })).toBeUndefined();
    expect(parseFlutterwaveWebhook('nope')).toBeUndefined();
  });
});
