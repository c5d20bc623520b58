/**
 * Card payments (issue 27) through the real HTTP app and PostgreSQL, against the embedded sandbox
 * checkout speaking Flutterwave v3's protocol: the hosted pages are driven as a browser would,
 * the webhook is posted as Flutterwave posts it (or forged), and the polling job is run.
 * - A webhook without the secret hash, or with a wrong one, is refused (401) and logged.
 * - A verify answer for another amount or currency credits nothing (a dispute is raised).
 * - The same webhook twice posts once; the processor's fee is posted once, to card_fees.
 * - A redirect saying "successful" with no charge at the processor credits nothing.
 * - A payment whose webhook was lost is finished by the polling job; an abandoned checkout is
 *   given up once its session is over.
 * - Another member can neither find, see, pay nor cancel a member's sandbox checkout (its link is
 *   the only key), and forging the return URL or an unsigned webhook with a real charge credits nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FlutterwaveSandbox } from '../../adapters/card-checkout/flutterwave-sandbox.ts';
import { TOKENS } from '../../apps/container.ts';
import { PollPendingPayments } from '../../core/payment-reports/poll-pending-payments.ts';
import {
  accountTotals,
  activeGroup,
  contributionsOf,
  expectBooksBalance,
  phoneNumber,
  PINO_WARN,
  signUp,
  startMoneyApp,
  type Member,
  type MoneyApp,
} from '../support/money-books.ts';

let app: MoneyApp;
let sandbox: FlutterwaveSandbox;
let alice: Member;
let bob: Member;
let tontineId: string;

beforeAll(async () => {
  app = await startMoneyApp();
  sandbox = app.container.get(TOKENS.CardCheckoutSetup).sandbox!;
  alice = await signUp(app, 'Alice', phoneNumber(1));
  bob = await signUp(app, 'Bob', phoneNumber(2));
  tontineId = await activeGroup(app, [alice, bob], 5000);
});

afterAll(async () => {
  if (app) await expectBooksBalance(app);
  sandbox?.close();
  await app?.close();
});

async function contributionOf(member: Member, cycle: number): Promise<string> {
  return (await contributionsOf(app, tontineId)).find((c) => c.member_id === member.id && c.cycle === cycle)!.id;
}

async function startCard(member: Member, contributionId: string, key?: string) {
  const req = app.http.post('/api/payments/card').set('Authorization', `Bearer ${member.token}`);
  if (key) req.set('Idempotency-Key', key);
  return req.send({ purpose: 'contribution', contributionId });
}

/** The hosted checkout, as the payer's browser goes through it; answers where it sends the browser back. */
async function payOnCheckout(checkoutUrl: string, steps: Record<string, string>[]): Promise<URL> {
  const path = new URL(checkoutUrl).pathname;
  expect((await app.http.get(path)).text).toContain('TEST MODE');
  let answer;
  for (const form of steps) {
    answer = await app.http.post(path).type('form').set('Origin', 'http://ikimina.test').send({ action: 'pay', webhook: 'never', ...form });
    expect(answer.status === 200 || answer.status === 302).toBe(true);
    if (answer.status === 200) expect(answer.text).toContain('TEST MODE');
  }
  expect(answer!.status).toBe(302);
  return new URL(answer!.headers.location as string);
}

const PIN_CARD: Record<string, string>[] = [{ card_number: '5531 8866 5214 2950' }, { pin: '3310' }, { otp: '12345' }];

function postWebhook(body: string, headers: Record<string, string>) {
  const req = app.http.post('/api/payments/callbacks/flutterwave');
  for (const [name, value] of Object.entries(headers)) req.set(name, value);
  return req.send(body);
}

async function entriesWithKey(key: string): Promise<number> {
  const rows = await app.db.orm.em.fork().execute<{ n: string }[]>(`select count(*)::text as n from journal_entries where key = ?`, [key]);
  return Number(rows[0]!.n);
}

async function paymentStatus(reference: string): Promise<string> {
  const rows = await app.db.orm.em.fork().execute<{ status: string }[]>(`select status from payments where reference = ?`, [reference]);
  return rows[0]!.status;
}

describe('a card contribution through the sandbox checkout', () => {
  it('is stored before the checkout opens, credited once on a twice-sent webhook, with its fee in card_fees', async () => {
    const contributionId = await contributionOf(alice, 1);
    const started = await startCard(alice, contributionId, 'card-alice-1');
    expect(started.status).toBe(201);
    const { reference, checkoutUrl } = started.body as { reference: string; checkoutUrl: string };
    expect(await paymentStatus(reference)).toBe('pending');
    // The same key answers the same payment and the same checkout.
    const again = await startCard(alice, contributionId, 'card-alice-1');
    expect([again.body.reference, again.body.checkoutUrl]).toEqual([reference, checkoutUrl]);

    const back = await payOnCheckout(checkoutUrl, PIN_CARD);
    expect(back.pathname).toBe('/payments/card/return');
    expect(back.searchParams.get('status')).toBe('successful');
    expect(back.searchParams.get('tx_ref')).toBe(reference);

    const charge = sandbox.chargeOf(reference)!;
    const { body, headers } = sandbox.webhookFor(charge);
    const first = await postWebhook(body, headers);
    const second = await postWebhook(body, headers);
    expect([first.status, first.body.status]).toEqual([200, 'applied']);
    expect([second.status, second.body.status]).toEqual([200, 'exists']);
    expect(await entriesWithKey(`contribution:${reference}`)).toBe(1);
    expect(await entriesWithKey(`card_fee:${reference}`)).toBe(1);
    const [paidRow] = await app.db.orm.em.fork().execute<{ status: string; payment_method: string }[]>(`select status, payment_method from contributions where id = ?`, [contributionId]);
    expect(paidRow).toEqual({ status: 'completed', payment_method: 'card' });
    const totals = await accountTotals(app);
    expect(totals.get('card_fees:flutterwave')?.centimes).toBe(7000); // 1.4 % of 5,000 RWF
    expect(totals.get('card_clearing:flutterwave')?.centimes).toBe(500_000 - 7000);

    const shown = await app.http.get(`/api/payments/card/${reference}`).set('Authorization', `Bearer ${alice.token}`);
    expect(shown.body).toMatchObject({ reference, purpose: 'contribution', status: 'successful', amount: '5000.00', subjectId: contributionId });
    // Another member cannot read it.
    expect((await app.http.get(`/api/payments/card/${reference}`).set('Authorization', `Bearer ${bob.token}`)).status).toBe(404);
    // Paid: the same key now answers the return page, not a checkout.
    const paid = await startCard(alice, contributionId, 'card-alice-1');
    expect([paid.status, paid.body.status]).toEqual([200, 'successful']);
    expect(paid.body.checkoutUrl).toContain('/payments/card/return');
  });

  it('refuses a webhook with a missing or wrong hash, logs it, and books nothing', async () => {
    const contributionId = await contributionOf(bob, 1);
    const started = await startCard(bob, contributionId);
    const reference = started.body.reference as string;
    await payOnCheckout(started.body.checkoutUrl, [{ card_number: '4187427415564246' }, {}]);
    const { body } = sandbox.webhookFor(sandbox.chargeOf(reference)!);
    const before = app.logs.filter((l) => l.msg?.includes('Flutterwave webhook refused')).length;
    expect((await postWebhook(body, { 'content-type': 'application/json' })).status).toBe(401);
    expect((await postWebhook(body, { 'content-type': 'application/json', 'verif-hash': 'not-the-hash' })).status).toBe(401);
    expect((await postWebhook(body, { 'content-type': 'application/json', 'flutterwave-signature': 'AAAA' })).body.code).toBe('webhook_refused');
    const refusals = app.logs.filter((l) => l.msg?.includes('Flutterwave webhook refused'));
    expect(refusals.length - before).toBe(3);
    expect(refusals.every((l) => l.level === PINO_WARN)).toBe(true);
    expect(await paymentStatus(reference)).toBe('pending');
    expect(await entriesWithKey(`contribution:${reference}`)).toBe(0);

    // The v4 signature (HMAC of the raw body) is accepted, and books the verify answer.
    const { headers } = sandbox.webhookFor(sandbox.chargeOf(reference)!);
    const signed = await postWebhook(body, { 'content-type': 'application/json', 'flutterwave-signature': headers['flutterwave-signature']! });
    expect(signed.body.status).toBe('applied');
    expect(await paymentStatus(reference)).toBe('successful');
  });
});

describe('what the processor says decides, not the hints', () => {
  let carol: Member;
  let dave: Member;
  let group: string;

  beforeAll(async () => {
    carol = await signUp(app, 'Carol', phoneNumber(3));
    dave = await signUp(app, 'Dave', phoneNumber(4));
    group = await activeGroup(app, [carol, dave], 3000);
  });

  const contributionIn = async (member: Member) => (await contributionsOf(app, group)).find((c) => c.member_id === member.id && c.cycle === 1)!.id;

  it('credits nothing for a verify answer of another amount or currency, and raises a dispute', async () => {
    const started = await startCard(carol, await contributionIn(carol));
    const reference = started.body.reference as string;
    await payOnCheckout(started.body.checkoutUrl, PIN_CARD);
    const { body, headers } = sandbox.webhookFor(sandbox.chargeOf(reference)!);

    sandbox.alter(reference, { amount: 2000 });
    const lower = await postWebhook(body, headers);
    expect([lower.status, lower.body.status]).toEqual([200, 'ignored']);
    sandbox.alter(reference, { currency: 'USD' });
    const otherCurrency = await postWebhook(body, headers);
    expect(otherCurrency.body.status).toBe('disputed');
    expect(await paymentStatus(reference)).toBe('pending');
    expect(await entriesWithKey(`contribution:${reference}`)).toBe(0);
    const disputes = await app.db.orm.em.fork().execute<{ problem: string }[]>(`select problem from payment_disputes where reference = ? order by problem`, [reference]);
    expect(disputes.map((d) => d.problem)).toEqual(['amount_mismatch', 'currency_mismatch']);

    // A webhook naming another reference's transaction moves nothing either.
    sandbox.alter(reference, {});
    const forged = JSON.parse(body) as { data: { tx_ref: string } };
    forged.data.tx_ref = 'another-reference';
    const mismatch = await postWebhook(JSON.stringify(forged), { 'content-type': 'application/json', 'verif-hash': headers['verif-hash']! });
    expect(mismatch.body.status).toBe('ignored');
    expect(await entriesWithKey(`contribution:${reference}`)).toBe(0);
  });

  it('credits nothing for a return saying "successful" without a charge, and finishes a lost webhook by polling', async () => {
    const started = await startCard(dave, await contributionIn(dave));
    const reference = started.body.reference as string;
    // The payer (or anyone) opens the return page claiming success: the processor has no charge.
    const claimed = await app.http.get(`/api/payments/card/${reference}?status=successful&transaction_id=123`).set('Authorization', `Bearer ${dave.token}`);
    expect(claimed.body.status).toBe('pending');
    expect(await entriesWithKey(`contribution:${reference}`)).toBe(0);

    // Paid, but the webhook is lost (webhook: never) and the payer never comes back.
    await payOnCheckout(started.body.checkoutUrl, [{ card_number: '4187 4274 1556 4246' }, {}]);
    expect(await paymentStatus(reference)).toBe('pending');
    app.clock.advance(10 * 60_000);
    const report = await app.container.get(PollPendingPayments).execute({ pollAfterSeconds: 120 });
    expect(report.settled).toBeGreaterThanOrEqual(1);
    expect(await paymentStatus(reference)).toBe('successful');
    expect(await entriesWithKey(`contribution:${reference}`)).toBe(1);
  });

  it('gives up an abandoned checkout only once its session is over', async () => {
    const erin = await signUp(app, 'Erin', phoneNumber(5));
    const frank = await signUp(app, 'Frank', phoneNumber(6));
    const other = await activeGroup(app, [erin, frank], 2000);
    const contributionId = (await contributionsOf(app, other)).find((c) => c.member_id === erin.id && c.cycle === 1)!.id;
    const started = await startCard(erin, contributionId);
    const reference = started.body.reference as string;
    const back = await app.http.post(new URL(started.body.checkoutUrl).pathname).type('form').set('Origin', 'http://ikimina.test').send({ action: 'cancel' });
    expect(new URL(back.headers.location as string).searchParams.get('status')).toBe('cancelled');
    app.clock.advance(5 * 60_000);
    await app.container.get(PollPendingPayments).execute({ pollAfterSeconds: 120 });
    expect(await paymentStatus(reference)).toBe('pending');
    app.clock.advance(15 * 60_000);
    await app.container.get(PollPendingPayments).execute({ pollAfterSeconds: 120 });
    expect(await paymentStatus(reference)).toBe('failed');
    // The member can pay again, now by card with a new attempt.
    expect((await startCard(erin, contributionId)).status).toBe(201);
  });

  it('declines a declined card and an insufficient-funds card without crediting', async () => {
    for (const [n, number, reason] of [
      [7, '5399 8346 9789 4723', 'Declined'],
      [8, '5258 5859 2266 6506', 'Insufficient Funds'],
    ] as const) {
      const a = await signUp(app, `Payer${'ABCDEFGHIJ'[n]}`, phoneNumber(n));
      const b = await signUp(app, `Other${'ABCDEFGHIJ'[n]}`, phoneNumber(n + 20));
      const g = await activeGroup(app, [a, b], 1000);
      const started = await startCard(a, (await contributionsOf(app, g)).find((c) => c.member_id === a.id && c.cycle === 1)!.id);
      const back = await payOnCheckout(started.body.checkoutUrl, [{ card_number: number }]);
      expect(back.searchParams.get('status')).toBe('failed');
      const { body, headers } = sandbox.webhookFor(sandbox.chargeOf(started.body.reference)!);
      expect((await postWebhook(body, headers)).body.status).toBe('failed');
      const rows = await app.db.orm.em.fork().execute<{ status: string; reason: string }[]>(`select status, reason from payments where reference = ?`, [started.body.reference]);
      expect(rows[0]).toEqual({ status: 'failed', reason });
    }
  });
});

describe("another member's checkout", () => {
  it('a stranger can neither find, see, pay nor cancel it, and forging the return or the webhook credits nothing', async () => {
    const grace = await signUp(app, 'Grace', phoneNumber(40));
    const heidi = await signUp(app, 'Heidi', phoneNumber(41));
    const group = await activeGroup(app, [grace, heidi], 4000);
    const owed = async (member: Member) => (await contributionsOf(app, group)).find((c) => c.member_id === member.id && c.cycle === 1)!.id;
    const graceContribution = await owed(grace);
    const started = await startCard(grace, graceContribution, 'grace-card');
    const reference = started.body.reference as string;
    const link = new URL(started.body.checkoutUrl as string);
    const id = link.pathname.split('/').at(-1)!;
    // The link is the page's only key: 128 random bits, nothing to count up from or derive.
    expect(id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    await app.http.post(link.pathname).type('form').send({ action: 'pay', webhook: 'never', card_number: '5531 8866 5214 2950' }); // Grace is at the PIN step

    // Heidi cannot get the link: not by starting Grace's payment (with Grace's key or none), not by reading it.
    for (const key of ['grace-card', undefined]) {
      const taken = await startCard(heidi, graceContribution, key);
      expect([taken.status >= 400 && taken.status < 500, taken.body.checkoutUrl]).toEqual([true, undefined]);
    }
    const read = await app.http.get(`/api/payments/card/${encodeURIComponent(reference)}`).set('Authorization', `Bearer ${heidi.token}`);
    expect([read.status >= 400 && read.status < 500, JSON.stringify(read.body).includes(id)]).toEqual([true, false]);
    expect((await app.http.get(`/api/payments/card/${encodeURIComponent(reference)}`)).status).toBeGreaterThanOrEqual(400);

    // Nor guess the page: a neighbouring id, the reference or the tx_ref open, pay and cancel nothing.
    const neighbour = `${id.slice(0, -1)}${id.endsWith('A') ? 'B' : 'A'}`;
    for (const guess of [neighbour, encodeURIComponent(reference), id.toLowerCase() === id ? id.toUpperCase() : id.toLowerCase()]) {
      const seen = await app.http.get(`/sandbox/card-checkout/${guess}`);
      expect([seen.status, seen.text.includes('4,000')]).toEqual([404, false]);
      for (const form of [{ action: 'cancel' }, { action: 'pay', pin: '3310' }, { action: 'pay', card_number: '4187427415564246' }]) {
        expect((await app.http.post(`/sandbox/card-checkout/${guess}`).type('form').send(form)).status).toBe(404);
      }
    }

    // Heidi pays her own contribution, then claims her real charge for Grace's payment: by the return URL, then by an unsigned webhook.
    const own = await startCard(heidi, await owed(heidi));
    await payOnCheckout(own.body.checkoutUrl, [{ card_number: '4187427415564246' }, {}]);
    const heidiCharge = sandbox.chargeOf(own.body.reference as string)!;
    const claimed = await app.http
      .get(`/api/payments/card/${encodeURIComponent(reference)}?status=successful&tx_ref=${encodeURIComponent(reference)}&transaction_id=${heidiCharge.id}`)
      .set('Authorization', `Bearer ${grace.token}`);
    expect(claimed.body.status).toBe('pending');
    const forged = JSON.parse(sandbox.webhookFor(heidiCharge).body) as { data: Record<string, unknown> };
    forged.data.tx_ref = reference;
    forged.data.amount = 4000;
    const body = JSON.stringify(forged);
    expect((await postWebhook(body, { 'content-type': 'application/json' })).status).toBe(401);
    expect((await postWebhook(body, { 'content-type': 'application/json', 'verif-hash': 'guessed-hash-guessed-hash' })).status).toBe(401);
    expect([await paymentStatus(reference), await entriesWithKey(`contribution:${reference}`)]).toEqual(['pending', 0]);

    // Grace's page is where she left it: she finishes and is credited once.
    const back = await payOnCheckout(link.toString(), [{ pin: '3310' }, { otp: '12345' }]);
    expect(back.searchParams.get('status')).toBe('successful');
    const { body: real, headers } = sandbox.webhookFor(sandbox.chargeOf(reference)!);
    expect((await postWebhook(real, headers)).body.status).toBe('applied');
    expect(await entriesWithKey(`contribution:${reference}`)).toBe(1);
  });
});
