/**
 * The sandbox checkout calls the app's webhook over HTTP as Flutterwave does (issue 27): twice
 * (booked once), late (the payment waits, then is booked on the processor's word), and not at
 * all (the return page's read, which asks the processor, finishes it). Against the real server
 * listening on a port, PostgreSQL, and the embedded sandbox's own deliveries.
 */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FlutterwaveSandbox } from '../../adapters/card-checkout/flutterwave-sandbox.ts';
import { TOKENS } from '../../apps/container.ts';
import { closeMerchantWorld, signUp, startMerchantWorld, type MerchantWorld } from '../support/merchant-world.ts';
import { until } from '../support/until.ts';

const LATE_MS = 600;
let world: MerchantWorld;
let sandbox: FlutterwaveSandbox;

beforeAll(async () => {
  world = await startMerchantWorld({ mobileMoney: (s) => s, env: { CARD_SANDBOX_LATE_WEBHOOK_MS: String(LATE_MS) } });
  sandbox = world.app.container.get(TOKENS.CardCheckoutSetup).sandbox!;
  sandbox.deliverWebhooksTo(`${world.app.url}/api/payments/callbacks/flutterwave`);
});
afterAll(async () => {
  sandbox?.close();
  await closeMerchantWorld(world ?? {});
});

const http = () => request(world.app.handler);
let n = 0;

/** A member's first contribution in a new 2-member group, started by card; its reference and checkout. */
async function cardContribution(): Promise<{ token: string; reference: string; checkoutUrl: string }> {
  n++;
  const token = await signUp(world.app, { email: `hook${n}@example.rw`, phone: `+25078872${String(n).padStart(4, '0')}` });
  const partner = await signUp(world.app, { email: `partner${n}@example.rw`, phone: `+25078873${String(n).padStart(4, '0')}` });
  const group = await http().post('/api/tontines').set('Authorization', `Bearer ${token}`).send({ name: `Hooks ${n}`, description: 'Webhook timing', contributionAmount: 2000, frequency: 'weekly', maxMembers: 2 });
  await http().post(`/api/tontines/${group.body.id}/join`).set('Authorization', `Bearer ${partner}`);
  const mine = (await http().get('/api/contributions/user').set('Authorization', `Bearer ${token}`)).body as { id: string; tontineId: string }[];
  const started = await http().post('/api/payments/card').set('Authorization', `Bearer ${token}`).send({ purpose: 'contribution', contributionId: mine.find((c) => c.tontineId === group.body.id)!.id });
  expect(started.status).toBe(201);
  return { token, reference: started.body.reference, checkoutUrl: started.body.checkoutUrl };
}

async function payWithPin(checkoutUrl: string, webhook: string) {
  const path = new URL(checkoutUrl).pathname;
  for (const form of [{ card_number: '5531886652142950', webhook }, { pin: '3310' }, { otp: '12345' }]) {
    await http().post(path).type('form').set('Origin', 'http://ikimina.test').send(form);
  }
}

const stored = async (reference: string) =>
  (await world.db.orm.em.fork().execute<{ status: string }[]>('select status from payments where reference = ?', [reference]))[0]!.status;
const entries = async (reference: string) =>
  Number((await world.db.orm.em.fork().execute<{ n: string }[]>('select count(*)::text as n from journal_entries where key = ?', [`contribution:${reference}`]))[0]!.n);
const sent = (reference: string) => sandbox.webhooksSent.filter((w) => w.txRef === reference);

describe("the sandbox's webhook, over HTTP", () => {
  it('twice: both answered 200, the payment booked once', async () => {
    const { reference, checkoutUrl } = await cardContribution();
    await payWithPin(checkoutUrl, 'twice');
    await until(async () => sent(reference).length, (count) => count === 2, 10_000);
    expect(sent(reference).map((w) => w.status)).toEqual([200, 200]);
    expect([await stored(reference), await entries(reference)]).toEqual(['successful', 1]);
  });

  it('late: pending until it comes, then booked', async () => {
    const { reference, checkoutUrl } = await cardContribution();
    await payWithPin(checkoutUrl, 'late');
    expect(await stored(reference)).toBe('pending');
    expect(sent(reference)).toEqual([]);
    await until(async () => sent(reference).length, (count) => count === 1, 10_000);
    expect([await stored(reference), await entries(reference)]).toEqual(['successful', 1]);
  });

  it('never: the return page\'s read asks the processor and books it', async () => {
    const { token, reference, checkoutUrl } = await cardContribution();
    await payWithPin(checkoutUrl, 'never');
    await new Promise((resolve) => setTimeout(resolve, LATE_MS * 2));
    expect([sent(reference), await stored(reference)]).toEqual([[], 'pending']);
    const shown = await http().get(`/api/payments/card/${reference}`).set('Authorization', `Bearer ${token}`);
    expect(shown.body.status).toBe('successful');
    expect(await entries(reference)).toBe(1);
  });
});
