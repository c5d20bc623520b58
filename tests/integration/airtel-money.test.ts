/**
 * Airtel Money end to end: the payer's number chooses the provider (078/079 MTN, 072/073
 * Airtel), each payment is asked about, called back and booked at its own provider, and an Airtel
 * callback is a hint that books nothing until Airtel's enquiry confirms it, once.
 *
 * - Live mode (`MOBILE_MONEY_PROVIDER=mtn,airtel`) against the fake MTN and the fake Airtel servers.
 * - Sandbox mode (nothing configured): the embedded sandbox plays Airtel for an Airtel number.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { RequestContext } from '@mikro-orm/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PayContributionByMobileMoney } from '../../core/contributions/pay-contribution-by-mobile-money.ts';
import { JobRunner } from '../../apps/scheduler/job-runner.ts';
import { TOKENS } from '../../apps/container.ts';
import { startFakeAirtelMoney, type FakeAirtelMoney } from '../fakes/airtel-money-server.ts';
import { fakeMtnMomoEnv, startFakeMtnMomo, type FakeMtnMomo } from '../fakes/mtn-momo-server.ts';
import { FakeClock } from '../support/fake-clock.ts';
import { booksOf } from '../support/provider-record.ts';
import { contributionsOf, registerMember, runningTontine, type TestMember } from '../support/savings-journey.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../support/test-database.ts';
import { until } from '../support/until.ts';

const AIRTEL_SECRET = 'airtel-callback-secret-of-at-least-32-chars';

interface Listening {
  server: Server;
  base: string;
  attach(t: TestApp): void;
}

/** The app listens first, so that the providers can be given its real callback URLs. */
async function listen(): Promise<Listening> {
  let handler: TestApp['handler'] | undefined;
  const server = createServer((req, res) => void handler!(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, attach: (t) => (handler = t.handler) };
}

async function close(server: Server | undefined): Promise<void> {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
}

function pay(db: TestDatabase, t: TestApp, member: TestMember, contributionId: string, key: string, phoneNumber?: string) {
  return RequestContext.create(db.orm.em, () =>
    t.container.get(PayContributionByMobileMoney).execute({ contributionId, userId: member.id, idempotencyKey: key, phoneNumber, profilePhoneNumber: member.phone }),
  );
}

const sql = <T>(db: TestDatabase, query: string, params: unknown[] = []) => db.orm.em.fork().execute<T[]>(query, params);

describe('live MTN and Airtel, chosen by the payer\'s number', () => {
  let db: TestDatabase;
  let mtn: FakeMtnMomo;
  let airtel: FakeAirtelMoney;
  let t: TestApp;
  let listening: Listening;
  const clock = new FakeClock(new Date('2026-06-01T08:00:00Z'));
  let aline: TestMember;
  let bea: TestMember;
  let tontineId: string;
  const contribution = async (member: TestMember, cycle: number) => (await contributionsOf(db, tontineId)).find((c) => c.member_id === member.id && c.cycle === cycle)!;
  const paymentOf = async (reference: string) => (await sql<{ provider: string; status: string; reason: string | null }>(db, 'select provider, status, reason from payments where reference = ?', [reference]))[0];
  const airtelCallback = (secret: string, body: unknown) =>
    fetch(`${listening.base}/api/payments/callbacks/airtel/${secret}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  const enquiries = (reference: string) => airtel.count('GET', `/standard/v1/payments/${reference}`);

  beforeAll(async () => {
    db = await createTestDatabase();
    listening = await listen();
    mtn = await startFakeMtnMomo({ currency: 'RWF', settleMs: 20 });
    airtel = await startFakeAirtelMoney({ settleMs: 20, callbackUrl: `${listening.base}/api/payments/callbacks/airtel/${AIRTEL_SECRET}` });
    t = createTestApp(db, {
      clock,
      env: {
        ...fakeMtnMomoEnv(mtn),
        MOBILE_MONEY_PROVIDER: 'mtn,airtel',
        MOBILE_MONEY_CALLBACK_URL: `${listening.base}/api/payments/callbacks/mtn`,
        MOBILE_MONEY_CALLBACK_SECRET: 'airtel-test-secret-of-at-least-32-characters',
        AIRTEL_BASE_URL: airtel.url,
        AIRTEL_CLIENT_ID: airtel.clientId,
        AIRTEL_CLIENT_SECRET: airtel.clientSecret,
        AIRTEL_DISBURSEMENT_PIN: airtel.pin,
        AIRTEL_PUBLIC_KEY: airtel.publicKey,
        AIRTEL_CALLBACK_SECRET: AIRTEL_SECRET,
        PAYMENT_POLL_AFTER_SECONDS: '120',
      },
    });
    listening.attach(t);
    aline = await registerMember(db, t, { email: 'aline@example.rw', firstName: 'Aline', language: 'en', phone: '+250733700001' });
    bea = await registerMember(db, t, { email: 'bea@example.rw', firstName: 'Bea', language: 'en', phone: '+250788700002' });
    tontineId = await runningTontine(db, t, [aline, bea], { name: 'Two networks', amount: '3000', frequency: 'weekly' });
  });
  afterAll(async () => {
    await airtel?.stop();
    await mtn?.stop();
    await close(listening?.server);
    await db?.drop();
  });

  it('collects from an Airtel number at Airtel and from an MTN number at MTN, each booked on its own clearing account after its own enquiry', async () => {
    const alinePaid = await pay(db, t, aline, (await contribution(aline, 1)).id, 'aline-1');
    const beaPaid = await pay(db, t, bea, (await contribution(bea, 1)).id, 'bea-1');
    if (!alinePaid.ok || !beaPaid.ok) throw new Error('pay refused');
    expect([alinePaid.value.payment.provider, beaPaid.value.payment.provider]).toEqual(['airtel', 'mtn']);
    const alineRef = alinePaid.value.payment.reference;
    const beaRef = beaPaid.value.payment.reference;
    expect(airtel.payment('collection', alineRef)).toMatchObject({ msisdn: '733700001', amount: 3000 });
    expect(airtel.payments.some((p) => p.id === beaRef)).toBe(false);
    expect(mtn.payments.map((p) => p.resource.externalId)).toEqual([beaRef]);

    await until(async () => [await paymentOf(alineRef), await paymentOf(beaRef)], (both) => both.every((p) => p?.status === 'successful'), 10_000);
    // Airtel's callback made the app ask Airtel (the enquiry), once. The fake records a callback
    // when the app has answered it, which can be just after the payment is stored: wait for it.
    await airtel.waitForCallbacks(1);
    expect(airtel.callbacks.map((c) => [c.body.transaction.id, c.answeredStatus])).toEqual([[alineRef, 200]]);
    expect(enquiries(alineRef)).toBe(1);
    // The two contributions completed the cycle, so its payout may already be booked on one of the
    // clearing accounts too (the next test follows it): read the contributions' entries only.
    const received = await sql<{ account_id: string; centimes: string }>(
      db,
      `select p.account_id, sum(p.amount_centimes)::text as centimes from ledger_postings p join journal_entries e on e.id = p.entry_id
        where e.kind = 'contribution_received' and p.account_id like 'mobile_money:%' group by p.account_id order by p.account_id`,
    );
    expect(received).toEqual([
      { account_id: 'mobile_money:airtel', centimes: '300000' },
      { account_id: 'mobile_money:mtn', centimes: '300000' },
    ]);
  });

  it('pays a payout to an Airtel wallet by Airtel disbursement (PIN encrypted), confirmed by Airtel\'s enquiry', async () => {
    const payout = await until(
      async () => (await sql<{ reference: string; member_id: string; provider: string; status: string }>(db, "select reference, member_id, provider, status from outgoing_transfers where purpose = 'payout'"))[0],
      (row) => row?.status === 'completed',
      10_000,
    );
    const recipient = payout!.member_id === aline.id ? aline : bea;
    expect(payout!.provider).toBe(recipient === aline ? 'airtel' : 'mtn');
    if (recipient === aline) {
      expect(airtel.payment('disbursement', payout!.reference)).toMatchObject({ msisdn: '733700001', amount: 6000, status: 'TS' });
      expect(airtel.count('GET', `/standard/v1/disbursements/${encodeURIComponent(payout!.reference)}`)).toBeGreaterThanOrEqual(1);
    } else {
      expect(mtn.payments.some((p) => p.product === 'disbursement' && p.resource.externalId === payout!.reference)).toBe(true);
    }
    const totals = (await booksOf(db)).totals;
    expect((totals.get('mobile_money:airtel') ?? 0) + (totals.get('mobile_money:mtn') ?? 0)).toBe(0);
  });

  it('refuses forged Airtel callbacks, and books a signed one only as Airtel\'s enquiry says', async () => {
    // Aline pays cycle 2 from an Airtel number that stays in progress.
    const paid = await pay(db, t, aline, (await contribution(aline, 2)).id, 'aline-2', '+250733000454');
    if (!paid.ok) throw new Error(paid.error);
    const reference = paid.value.payment.reference;
    const booksBefore = await booksOf(db);
    const forged = { transaction: { id: reference, message: 'Transaction Successful', status_code: 'TS', airtel_money_id: 'MP1' } };

    for (const secret of ['wrong-secret-of-the-same-length-as-the-real', AIRTEL_SECRET.slice(0, -1), '']) {
      const answer = await airtelCallback(secret, forged);
      expect([secret, answer.status, ((await answer.json()) as { code: string }).code]).toEqual([secret, 403, 'callback_refused']);
    }
    expect(enquiries(reference)).toBe(0);
    const unreadable = await airtelCallback(AIRTEL_SECRET, { transaction: { id: reference, status_code: 'PAID' } });
    expect([unreadable.status, ((await unreadable.json()) as { code: string }).code]).toEqual([400, 'mobile_money_callback_invalid']);

    // The right secret, but Airtel says the payment is still in progress: nothing is booked.
    const signed = await airtelCallback(AIRTEL_SECRET, forged);
    expect([signed.status, await signed.json()]).toEqual([200, { status: 'pending', paymentStatus: 'pending' }]);
    expect(enquiries(reference)).toBe(1);
    expect(await paymentOf(reference)).toMatchObject({ provider: 'airtel', status: 'pending' });
    expect(await booksOf(db)).toEqual(booksBefore);

    // Airtel decides TF and calls back; a forged TS afterwards changes nothing.
    airtel.settle('collection', reference, 'TF', 'Insufficient funds');
    await until(async () => paymentOf(reference), (p) => p?.status === 'failed', 5_000);
    const late = await airtelCallback(AIRTEL_SECRET, forged);
    expect((await late.json()) as object).toMatchObject({ paymentStatus: 'failed' });
    expect(await paymentOf(reference)).toMatchObject({ status: 'failed', reason: 'Insufficient funds' });
    expect(await booksOf(db)).toEqual(booksBefore);

    // An Airtel callback naming an MTN payment: Airtel is asked (it knows no such id), MTN is not.
    const beaRef = mtn.payments[0]!.resource.externalId;
    const mtnGets = mtn.count('GET', `/collection/v1_0/requesttopay/${mtn.payments[0]!.referenceId}`);
    const crossed = await airtelCallback(AIRTEL_SECRET, { transaction: { id: beaRef, status_code: 'TF', message: 'forged' } });
    expect([crossed.status, await crossed.json()]).toEqual([202, { status: 'unverified' }]);
    expect(mtn.count('GET', `/collection/v1_0/requesttopay/${mtn.payments[0]!.referenceId}`)).toBe(mtnGets);
    expect(await paymentOf(beaRef)).toMatchObject({ status: 'successful' });
    expect(await booksOf(db)).toEqual(booksBefore);
  });

  it('asks Airtel about an Airtel payment whose callback was lost (the polling job), and refuses a number no provider takes', async () => {
    airtel.dropNextCallback();
    const paid = await pay(db, t, aline, (await contribution(aline, 2)).id, 'aline-2-again');
    if (!paid.ok) throw new Error(paid.error);
    const reference = paid.value.payment.reference;
    await until(async () => airtel.payment('collection', reference)?.status, (status) => status === 'TS', 5_000);
    expect(await paymentOf(reference)).toMatchObject({ provider: 'airtel', status: 'pending' });
    clock.advance(10 * 60_000);
    expect(await t.container.get(JobRunner).runOnce('payment-polling')).toMatchObject({ outcome: 'ran' });
    expect(await paymentOf(reference)).toMatchObject({ status: 'successful' });
    expect(enquiries(reference)).toBe(1);

    // A number that is neither MTN's nor Airtel's (a foreign one) is not payable when both are configured.
    expect(await pay(db, t, bea, (await contribution(bea, 2)).id, 'bea-2', '+46733123454')).toEqual({ ok: false, error: 'phone_number_invalid' });
  });
});

describe('the sandbox plays Airtel for an Airtel number, with nothing configured', () => {
  let db: TestDatabase;
  let t: TestApp;
  let listening: Listening;
  let cleo: TestMember;
  let dan: TestMember;
  let tontineId: string;

  beforeAll(async () => {
    db = await createTestDatabase();
    listening = await listen();
    t = createTestApp(db, { env: { MOBILE_MONEY_CALLBACK_URL: `${listening.base}/api/payments/callbacks/mtn`, SANDBOX_SETTLE_MS: '40' } });
    listening.attach(t);
    cleo = await registerMember(db, t, { email: 'cleo@example.rw', firstName: 'Cleo', language: 'en', phone: '+250728800001' });
    dan = await registerMember(db, t, { email: 'dan@example.rw', firstName: 'Dan', language: 'en', phone: '+250788800002' });
    tontineId = await runningTontine(db, t, [cleo, dan], { name: 'Sandbox networks', amount: '2000', frequency: 'weekly' });
  });
  afterAll(async () => {
    await close(listening?.server);
    await db?.drop();
  });

  it('settles an Airtel number\'s payment through the Airtel callback route and its enquiry, and fails the Airtel test number with Airtel\'s message', async () => {
    const [c1, d1] = [(await contributionsOf(db, tontineId)).find((c) => c.member_id === cleo.id && c.cycle === 1)!, (await contributionsOf(db, tontineId)).find((c) => c.member_id === dan.id && c.cycle === 1)!];
    const failing = await pay(db, t, cleo, c1.id, 'cleo-fails', '+250728800450');
    if (!failing.ok) throw new Error(failing.error);
    // Only a callback settles a payment here (no polling job runs), and an Airtel body is refused by MTN's route: Airtel's route took it.
    await until(async () => (await sql<{ status: string; reason: string | null }>(db, 'select status, reason from payments where reference = ?', [failing.value.payment.reference]))[0], (p) => p?.status === 'failed', 10_000);
    expect((await sql<{ reason: string }>(db, 'select reason from payments where reference = ?', [failing.value.payment.reference]))[0]!.reason).toBe('Insufficient funds');

    const paid = await pay(db, t, cleo, c1.id, 'cleo-pays');
    const danPaid = await pay(db, t, dan, d1.id, 'dan-pays');
    if (!paid.ok || !danPaid.ok) throw new Error('pay refused');
    expect([paid.value.payment.provider, danPaid.value.payment.provider]).toEqual(['sandbox', 'sandbox']);
    // The sandbox answers as Airtel for Cleo (no amount stated), as MTN for Dan.
    const sandbox = t.container.get<import('../../core/payments/ports.ts').MobileMoney>(TOKENS.MobileMoney);
    await until(
      async () => [await sandbox.collectionStatus('sandbox', paid.value.payment.reference), await sandbox.collectionStatus('sandbox', danPaid.value.payment.reference)],
      (answers) => answers.every((a) => a.ok && a.value.status === 'successful'),
      10_000,
    );
    const [cleoAnswer, danAnswer] = [await sandbox.collectionStatus('sandbox', paid.value.payment.reference), await sandbox.collectionStatus('sandbox', danPaid.value.payment.reference)];
    expect([cleoAnswer.ok && cleoAnswer.value.amount, danAnswer.ok && danAnswer.value.amount?.toDecimal()]).toEqual([undefined, '2000.00']);

    // Both contributions booked, and the cycle's payout paid (to an Airtel or an MTN wallet, as the sandbox plays it).
    const payout = await until(
      async () => (await sql<{ status: string; provider: string }>(db, "select status, provider from outgoing_transfers where purpose = 'payout'"))[0],
      (row) => row?.status === 'completed',
      10_000,
    );
    expect(payout!.provider).toBe('sandbox');
    expect((await contributionsOf(db, tontineId)).filter((c) => c.cycle === 1).map((c) => c.status)).toEqual(['completed', 'completed']);
    expect((await booksOf(db)).totals.get('mobile_money:sandbox') ?? 0).toBe(0);

    const forged = await fetch(`${listening.base}/api/payments/callbacks/airtel/not-the-secret`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ transaction: { id: paid.value.payment.reference, status_code: 'TS' } }),
    });
    expect(forged.status).toBe(403);
  });
});
