/**
 * Refunds of merchants' card payments back to the card (issue 27), against PostgreSQL and the
 * embedded sandbox checkout (the fake Flutterwave), through the admin CLI (`merchants reverse`),
 * the only channel that reverses a merchant payment:
 * - before settlement: refunded at once (`completed`), the reversal nets inside the batch of its week;
 * - after settlement: a `pending` refund books nothing until the polling job hears it completed,
 *   then a negative line in the next batch; the settled batch is unchanged;
 * - a refused or failed refund changes nothing in the ledger; asked again, it refunds;
 * - after a lost answer the reversal finds the refund the processor made instead of asking again,
 *   and reversals racing each other refund once;
 * - the owner's transactions list shows a refund under way (`refund.status` `pending`, the payment
 *   still `completed`), then `reversed` with `refund.status` `completed`; a failed one shows nothing;
 * - a stranger and another merchant's owner can neither reverse nor see the refund;
 * - the ledger sums to zero (closeMerchantWorld).
 */
import type { Container } from 'inversify';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FlutterwaveSandbox } from '../../adapters/card-checkout/flutterwave-sandbox.ts';
import { TOKENS } from '../../apps/container.ts';
import { openApiDocument } from '../../apps/http/openapi.ts';
import { REFUND_ANSWER_WAIT_MS } from '../../core/merchants/merchant-card-refund.ts';
import { FollowCardRefunds } from '../../core/merchants/follow-card-refunds.ts';
import { ReverseMerchantPayment } from '../../core/merchants/reverse-merchant-payment.ts';
import { PollPendingPayments } from '../../core/payment-reports/poll-pending-payments.ts';
import { runAdmin } from '../support/admin-cli.ts';
import { FakeClock } from '../support/fake-clock.ts';
import { closeMerchantWorld, onboardedMerchant, startMerchantWorld, verifiedMerchant, type MerchantWorld } from '../support/merchant-world.ts';
import { payWithTestCard } from '../support/sandbox-card.ts';
import { until } from '../support/until.ts';

let world: MerchantWorld;
let container: Container;
let sandbox: FlutterwaveSandbox;
// Wednesday 18 November 2026, 12:00 Kigali: the week of Monday 16 November.
const clock = new FakeClock(new Date('2026-11-18T10:00:00Z'));
let merchantId: string;
let ownerToken: string;

beforeAll(async () => {
  world = await startMerchantWorld({ clock, mobileMoney: (s) => s });
  container = world.app.container;
  sandbox = container.get(TOKENS.CardCheckoutSetup).sandbox!;
  ({ merchantId, ownerToken } = await onboardedMerchant(world.app, { agentCode: 'AG-CR', merchantCode: 'CREF-1', businessName: 'Card Refund Shop', phones: '+2507887200' }));
});
afterAll(async () => {
  sandbox?.close();
  await closeMerchantWorld(world ?? {});
});

type Row = Record<string, unknown>;
const sql = (text: string, params: unknown[] = []) => world.db.orm.em.fork().execute<Row[]>(text, params);
const http = () => request(world.app.handler);
const posted = async (account: string) => Number((await sql(`select coalesce(sum(amount_centimes), 0)::text as t from ledger_postings where account_id = ?`, [account]))[0]!.t);
const entries = async () => Number((await sql(`select count(*)::int as n from journal_entries`))[0]!.n);
const reverse = (transactionId: string, reason = 'goods returned by the customer') => runAdmin(container, 'merchants', 'reverse', transactionId, '--reason', reason);
const setClock = (iso: string) => clock.advance(new Date(iso).getTime() - clock.now().getTime());
const refundRow = async (transactionId: string) => (await sql(`select status, attempt, processor_refund_id from merchant_card_refunds where transaction_id = ?`, [transactionId]))[0];
const reversals = async (transactionId: string) => Number((await sql(`select count(*)::int as n from merchant_payment_reversals where transaction_id = ?`, [transactionId]))[0]!.n);
/** What must not move when a refund books nothing. */
/** The payment as its owner's transactions list shows it. */
const listed = async (transactionId: string, token = ownerToken) =>
  ((await http().get(`/api/merchants/${merchantId}/transactions`).set('Authorization', `Bearer ${token}`)).body.transactions as { id: string; status: string; refund: unknown }[]).find((t) => t.id === transactionId);
/** The payment's line in the owner's CSV export. */
const exportedLine = async (transactionId: string) =>
  (await http().get(`/api/merchants/${merchantId}/transactions/export?from=2026-11-01&to=2026-12-31`).set('Authorization', `Bearer ${ownerToken}`)).text.split('\r\n').find((l) => l.startsWith(`merchant-payment:${transactionId},`));
const books = async () => JSON.stringify(await sql(`select account_id, sum(amount_centimes)::text as total from ledger_postings group by account_id order by account_id`));

let paid = 0;
/** A customer pays the shop by card (the 3-D Secure test card), confirmed by the processor; the payment's id. */
async function paidByCard(francs: number): Promise<string> {
  const started = await http().post('/api/payments/card').set('Idempotency-Key', `card-refund-${++paid}`).send({ purpose: 'merchant', merchantCode: 'CREF-1', amount: francs, email: 'buyer@example.rw' });
  expect(started.status).toBe(201);
  await payWithTestCard(world.app.handler, started.body.checkoutUrl as string);
  const reference = started.body.reference as string;
  await until(() => http().get(`/api/payments/card/${encodeURIComponent(reference)}`), (r) => r.body.status === 'successful');
  return reference.slice('merchant-payment:'.length);
}

/** The polling job's card refund step, as payment-polling runs it. */
const pollRefunds = () => container.get(FollowCardRefunds).execute({ pollAfterSeconds: 0 });

/** Settles the week of `day`; its payout transfer completed by the polling job. */
async function settle(day: string) {
  const settled = await runAdmin(container, 'settlements', 'create', '--from', day, '--to', day);
  clock.advance(1_000);
  await until(async () => {
    await container.get(PollPendingPayments).execute({ pollAfterSeconds: 0 });
    return sql(`select status from settlement_batches where status = 'processing'`);
  }, (r) => r.length === 0);
  return settled;
}
const batches = () => sql(`select * from settlement_batches order by period_start`);

let settledB: string;

describe("reversing a merchant's card payment", () => {
  it('before settlement: refunded to the card at once, the reversal and card refund booked once, netted inside the batch', async () => {
    const a = await paidByCard(10_001);
    settledB = await paidByCard(5_000);
    const clearing = await posted('card_clearing:flutterwave');
    const reversed = await reverse(a);
    expect(reversed.code).toBe(0);
    expect(reversed.output).toContain(`Payment ${a} reversed at 2026-11-18T10:00:00.000Z: -9,800.98 RWF on the merchant's next settlement, commission -50 RWF taken back.`);
    expect(reversed.output).toContain('Card refund of 10,001 RWF (attempt 1): completed.');
    expect(sandbox.refundsOf(`merchant-payment:${a}`)).toMatchObject([{ amount_refunded: 10_001, status: 'completed' }]);
    expect(await refundRow(a)).toMatchObject({ status: 'completed', attempt: 1 });
    expect(await posted(`merchant_refund:${a}`)).toBe(0);
    expect(await posted('card_clearing:flutterwave')).toBe(clearing - 1_000_100);
    expect(await posted(`merchant_receivable:${merchantId}`)).toBe(980_098);
    const entry = await sql(`select p.account_id, p.amount_centimes from ledger_postings p join journal_entries e on e.id = p.entry_id where e.key = ? order by p.account_id`, [`card-refund:${a}`]);
    expect(Object.fromEntries(entry.map((p) => [p.account_id, Number(p.amount_centimes)]))).toEqual({ 'card_clearing:flutterwave': -1_000_100, [`merchant_refund:${a}`]: 1_000_100 });
    // The admin who asked, in the audit log, for the request and for the reversal it became.
    expect(await sql(`select action, actor from audit_log where subject = ? order by seq`, [`merchant_transaction:${a}`])).toEqual([
      { action: 'merchant_card_refund_requested', actor: 'admin:test-operator' },
      { action: 'merchant_payment_reversed', actor: 'admin:test-operator' },
    ]);
    // Asked again: already reversed, nothing refunded twice.
    const before = await entries();
    expect((await reverse(a)).code).toBe(1);
    expect([sandbox.refundsOf(`merchant-payment:${a}`).length, await entries(), await reversals(a)]).toEqual([1, before, 1]);

    setClock('2026-11-23T10:00:00Z');
    await settle('2026-11-18');
    // (5,000 − 2 %) alone: 10,001's net is netted out.
    expect(await batches()).toMatchObject([{ total_transactions: 2, total_reversals: 1, reversed_amount_centimes: '980098', total_amount_centimes: '490000', status: 'completed' }]);
    expect(await posted(`merchant_receivable:${merchantId}`)).toBe(0);
  });

  it('after settlement: a pending refund books nothing until the polling job hears it completed, then a negative line in the next batch', async () => {
    const settledRow = await sql(`select row_to_json(b)::text as row from settlement_batches b`);
    sandbox.refundMode = 'pending';
    const before = await books();
    const reversed = await reverse(settledB);
    expect(reversed.output).toContain('Card refund of 5,000 RWF (attempt 1): pending, payment not reversed yet.');
    expect(await books()).toBe(before);
    const underWay = await listed(settledB);
    expect(underWay).toMatchObject({ status: 'completed', refund: { status: 'pending', requestedAt: clock.now().toISOString() } });
    // The owner's CSV says the same as the list's "Refund pending": its Status and when it was asked.
    expect(await exportedLine(settledB)).toMatch(new RegExp(`,card,5000\\.00,[^,]*,[^,]*,refund_pending,[^,]*,,,${clock.now().toISOString()}$`));
    // The OpenAPI document and the answer agree both ways: every field documented, every documented field answered.
    type Props = { properties: Record<string, { anyOf?: { properties?: Record<string, { enum?: string[] }> }[] }> };
    const documented = (JSON.parse(JSON.stringify(openApiDocument())) as { components: { schemas: Record<string, { properties: { transactions: { items: Props } } }> } }).components.schemas.MerchantTransactions!.properties.transactions.items;
    expect(Object.keys(underWay!).sort()).toEqual(Object.keys(documented.properties).sort());
    const refundDoc = documented.properties.refund!.anyOf![0]!.properties!;
    expect(Object.keys(underWay!.refund as object).sort()).toEqual(Object.keys(refundDoc).sort());
    expect(refundDoc.status!.enum).toEqual(['pending', 'completed']);
    // The operator sees it too: the merchant's open refunds, and the settled payment's line.
    const shopLine = async () => (await runAdmin(container, 'merchants', 'list')).output.split('\n').find((line) => line.includes('CREF-1'))!;
    expect(await shopLine()).toMatch(/\b1\W*$/);
    const settledReport = await runAdmin(container, 'settlements', 'show', (await batches())[0]!.batch_reference as string);
    expect(settledReport.output).toContain('card refund pending since 2026-11-23 10:00');
    expect(await reversals(settledB)).toBe(0);
    // A retried reversal answers the same refund and asks for no second one.
    expect((await reverse(settledB)).output).toContain('(attempt 1): pending');
    expect(sandbox.refundsOf(`merchant-payment:${settledB}`)).toHaveLength(1);

    clock.advance(60_000);
    expect(await pollRefunds()).toMatchObject({ refundsAsked: 1, refundsOpen: 1 });
    expect(await books()).toBe(before);
    const [made] = sandbox.refundsOf(`merchant-payment:${settledB}`);
    sandbox.finishRefund(made!.id, 'completed');
    expect(await pollRefunds()).toMatchObject({ refundsAsked: 1, refundsCompleted: 1 });
    expect(await pollRefunds()).toMatchObject({ refundsAsked: 0 });
    expect(await refundRow(settledB)).toMatchObject({ status: 'completed', processor_refund_id: String(made!.id) });
    expect(await reversals(settledB)).toBe(1);
    expect(await listed(settledB)).toMatchObject({ status: 'reversed', refund: { status: 'completed' } });
    expect(await exportedLine(settledB)).toMatch(/,card,5000\.00,[^,]*,[^,]*,reversed,/);
    expect(await shopLine()).not.toMatch(/\b1\W*$/);
    expect(await sql(`select row_to_json(b)::text as row from settlement_batches b`)).toEqual(settledRow);
    expect(await posted(`merchant_receivable:${merchantId}`)).toBe(490_000);

    sandbox.refundMode = 'completed';
    await paidByCard(20_000);
    setClock('2026-11-30T10:00:00Z');
    await settle('2026-11-25');
    // 19,600 − 4,900 = 14,700
    expect((await batches())[1]).toMatchObject({ total_transactions: 1, total_reversals: 1, total_amount_centimes: '1470000', payout_amount_centimes: '1470000' });
    const report = await runAdmin(container, 'settlements', 'show', (await batches())[1]!.batch_reference as string);
    expect(report.output).toContain(`reversal of ${settledB}`);
    expect(report.output).toContain('Reconciled: yes');
    expect(await posted(`merchant_receivable:${merchantId}`)).toBe(0);
  });

  it('a refused or failed refund changes nothing in the ledger; asked again, it refunds', async () => {
    const c = await paidByCard(3_000);
    const before = await books();
    sandbox.refundMode = 'refused';
    expect((await reverse(c)).output).toContain('Card refund of 3,000 RWF (attempt 1): failed, payment not reversed yet.');
    // A failed refund is nothing to the owner: the payment stands.
    expect(await listed(c)).toMatchObject({ status: 'completed', refund: null });
    sandbox.refundMode = 'pending';
    expect((await reverse(c)).output).toContain('(attempt 2): pending');
    sandbox.finishRefund(sandbox.refundsOf(`merchant-payment:${c}`)[0]!.id, 'failed');
    clock.advance(60_000);
    expect(await pollRefunds()).toMatchObject({ refundsFailed: 1 });
    expect(await books()).toBe(before);
    expect(await listed(c)).toMatchObject({ status: 'completed', refund: null });
    expect([await reversals(c), (await sql(`select status from agent_commissions where transaction_id = ?`, [c]))[0]?.status]).toEqual([0, 'pending']);

    sandbox.refundMode = 'completed';
    expect((await reverse(c)).output).toContain('(attempt 3): completed');
    expect(await reversals(c)).toBe(1);
  });

  it('after a lost answer finds the refund made instead of asking again; racing reversals refund once', async () => {
    const d = await paidByCard(4_000);
    sandbox.refundMode = 'answer_lost';
    const before = await books();
    expect((await reverse(d)).output).toContain('(attempt 1): requested');
    expect(await books()).toBe(before);
    sandbox.refundMode = 'completed';
    // At once, the first request may still be on its way: answered as it stands.
    expect((await reverse(d)).output).toContain('(attempt 1): requested');
    clock.advance(REFUND_ANSWER_WAIT_MS);
    expect((await reverse(d)).output).toContain('(attempt 1): completed');
    expect(sandbox.refundsOf(`merchant-payment:${d}`)).toHaveLength(1);

    const e = await paidByCard(6_000);
    const use = container.get(ReverseMerchantPayment);
    const outcomes = await Promise.all([1, 2, 3].map(() => use.execute({ transactionId: e, reason: 'racing reversals', actor: 'admin:t' })));
    expect(outcomes.filter((o) => !o.ok).map((o) => !o.ok && o.error)).toEqual(outcomes.filter((o) => !o.ok).map(() => 'already_reversed'));
    expect(sandbox.refundsOf(`merchant-payment:${e}`)).toHaveLength(1);
    expect(await reversals(e)).toBe(1);
  });

  it('a stranger or another merchant cannot reverse a payment nor see its refund; nothing changes', async () => {
    const f = await paidByCard(2_000);
    sandbox.refundMode = 'pending';
    expect((await reverse(f)).output).toContain('(attempt 1): pending');
    const strangerToken = (await http().post('/api/auth/register').send({ email: 'stranger.cref@example.rw', password: 'correct horse', firstName: 'S', lastName: 'T', phone: '+250788720090' })).body.token as string;
    const other = await verifiedMerchant(world.app, { merchantCode: 'CREF-2', businessName: 'Other Shop', merchantCategory: 'grocery', businessAddress: 'KG 1 Ave', district: 'Gasabo', phoneNumber: '+250788720091', ownerPhone: '+250788720092' });
    const before = await books();
    for (const token of [strangerToken, other.ownerToken, undefined]) {
      for (const path of [`/api/merchants/${merchantId}/transactions/${f}/reverse`, `/api/merchants/${merchantId}/transactions/${f}/refund`, `/api/merchants/${other.merchantId}/transactions/${f}/reverse`]) {
        const asked = http().post(path).send({ reason: 'I want my money back' });
        const answer = token ? await asked.set('Authorization', `Bearer ${token}`) : await asked;
        expect(answer.status).toBeGreaterThanOrEqual(400);
        expect(answer.status).toBeLessThan(500);
      }
      const listed = http().get(`/api/merchants/${merchantId}/transactions`);
      expect((token ? await listed.set('Authorization', `Bearer ${token}`) : await listed).status).toBeGreaterThanOrEqual(401);
    }
    // The other owner's own list holds neither the payment nor its refund.
    const theirs = await http().get(`/api/merchants/${other.merchantId}/transactions`).set('Authorization', `Bearer ${other.ownerToken}`);
    expect(theirs.status).toBe(200);
    expect(theirs.body.transactions).toEqual([]);
    expect([await books(), await refundRow(f), await reversals(f), sandbox.refundsOf(`merchant-payment:${f}`).length]).toEqual([before, { status: 'pending', attempt: 1, processor_refund_id: expect.any(String) }, 0, 1]);
    expect(await listed(f)).toMatchObject({ status: 'completed', refund: { status: 'pending' } });
    // The owner sees the refunded payments reversed.
    const own = await http().get(`/api/merchants/${merchantId}/transactions`).set('Authorization', `Bearer ${ownerToken}`);
    expect((own.body.transactions as { id: string; status: string }[]).find((t) => t.id === settledB)).toMatchObject({ status: 'reversed' });
  });

  it('refused with none found at the processor: disputed once, listed by `merchants refunds --disputed`, never asked about again', async () => {
    const g = await paidByCard(7_000);
    sandbox.refundMode = 'refused';
    expect((await reverse(g)).output).toContain('(attempt 1): failed');
    const before = await books();
    const second = await reverse(g);
    expect(second.output).toContain('Card refund of 7,000 RWF (attempt 2): requested, payment not reversed yet.');
    expect(second.output).toContain('Disputed (refused_none_found)');
    const row = (await sql(`select dispute_code, disputed_at = ? as disputed_now from merchant_card_refunds where transaction_id = ?`, [clock.now(), g]))[0];
    expect(row).toEqual({ dispute_code: 'refused_none_found', disputed_now: true });
    expect(await sql(`select action from audit_log where subject = ? order by seq`, [`merchant_transaction:${g}`])).toEqual(
      ['merchant_card_refund_requested', 'merchant_card_refund_failed', 'merchant_card_refund_requested', 'merchant_card_refund_disputed'].map((action) => ({ action })),
    );
    const disputed = await runAdmin(container, 'merchants', 'refunds', '--disputed');
    expect(disputed.code).toBe(0);
    const line = disputed.output.split('\n').find((l) => l.includes(g))!;
    expect(line).toContain('7,000 RWF');
    expect(line).toContain('refused_none_found since');
    expect(disputed.output).toContain('1 disputed.');
    // Every open refund (the pending one of the stranger test) in the list without --disputed; only the disputed one with it.
    expect((await runAdmin(container, 'merchants', 'refunds')).output).toMatch(/\d+ open\./);
    expect(disputed.output).not.toContain('pending (attempt');
    // The job leaves it alone: nothing asked of the processor, nothing booked, as often as it runs.
    clock.advance(REFUND_ANSWER_WAIT_MS);
    sandbox.refundMode = 'completed';
    const refundsAtProcessor = sandbox.refundsOf(`merchant-payment:${g}`).length;
    for (let run = 0; run < 2; run++) expect((await pollRefunds()).refundsDisputed).toBe(0);
    expect((await reverse(g)).output).toContain('Disputed (refused_none_found)');
    expect([await books(), sandbox.refundsOf(`merchant-payment:${g}`).length, await reversals(g)]).toEqual([before, refundsAtProcessor, 0]);
    // The owner still sees the refund under way: nothing changed for them.
    expect(await listed(g)).toMatchObject({ status: 'completed', refund: { status: 'pending' } });
  });
});
