/**
 * Reversal of a merchant payment against PostgreSQL and the sandbox, through the admin CLI
 * (`merchants reverse <transactionId> --reason`) and the settlement it feeds:
 * - before settlement: the reversal nets inside the batch whose range holds both payment and reversal;
 * - after settlement: a negative line in the next batch; the settled batch's row and report are unchanged;
 * - a period netting to ≤ 0 makes no batch and the negative is carried to the next one;
 * - a commission still pending is reversed, one already paid out stays with the agent;
 * - refused when unknown, not completed, already reversed, and once under a race;
 * - the owner's transactions (API and CSV) read the payment `reversed` with its date and reason, the
 *   figures leave it out of revenue, and the settlements API carries each batch's negative lines;
 *   another member reads none of it;
 * - the payer's refund completes; the refund, receivable and payable accounts end where the rules
 *   say, and the ledger sums to zero.
 */
import { randomUUID } from 'node:crypto';
import type { Container } from 'inversify';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ReverseMerchantPayment } from '../../core/merchants/reverse-merchant-payment.ts';
import { PollPendingPayments } from '../../core/payment-reports/poll-pending-payments.ts';
import { runAdmin } from '../support/admin-cli.ts';
import { FakeClock } from '../support/fake-clock.ts';
import { closeMerchantWorld, onboardedMerchant, paidAtMerchant, startMerchantWorld } from '../support/merchant-world.ts';
import type { SandboxApp } from '../support/sandbox-app.ts';
import type { TestDatabase } from '../support/test-database.ts';
import { until } from '../support/until.ts';

let db: TestDatabase;
let app: SandboxApp;
let container: Container;
let handler: SandboxApp['handler'];
// Wednesday 18 November 2026, 12:00 Kigali: the week of Monday 16 November.
const clock = new FakeClock(new Date('2026-11-18T10:00:00Z'));
const DAY = 86_400_000;
let merchantId: string;
let agentId: string;
let ownerToken: string;
let refuseRefunds = false;

beforeAll(async () => {
  ({ db, app } = await startMerchantWorld({
    clock,
    // The provider refuses refunds while `refuseRefunds` is set (a refund's failure and retry).
    mobileMoney: (sandbox) => ({
      ...sandbox,
      requestToPay: (r) => sandbox.requestToPay(r),
      collectionStatus: (p, ref) => sandbox.collectionStatus(p, ref),
      transferStatus: (p, ref) => sandbox.transferStatus(p, ref),
      transfer: async (r) => (refuseRefunds && r.reference.startsWith('merchant-refund:') ? { ok: false, error: 'mobile_money_refused' } : sandbox.transfer(r)),
    }),
  }));
  ({ container, handler } = app);
  ({ agentId, merchantId, ownerToken } = await onboardedMerchant(app, { agentCode: 'AG-R', merchantCode: 'REV-1', businessName: 'Reversal Shop', phones: '+2507887100' }));
});

afterAll(() => closeMerchantWorld({ db, app }));

type Row = Record<string, unknown>;
const sql = (text: string, params: unknown[] = []) => db.orm.em.fork().execute<Row[]>(text, params);

const pay = (francs: number) => paidAtMerchant(app, 'REV-1', francs, '+250788710099');

/** Balance of an account as its postings sum (debit positive), in centimes. */
const posted = async (account: string) => Number((await sql(`select coalesce(sum(amount_centimes), 0)::text as t from ledger_postings where account_id = ?`, [account]))[0]!.t);

const reverse = (transactionId: string, reason = 'customer was charged twice') => runAdmin(container, 'merchants', 'reverse', transactionId, '--reason', reason);

const setClock = (iso: string) => clock.advance(new Date(iso).getTime() - clock.now().getTime());

/**
 * Transfers are completed by the provider's word: its callback or the polling job
 * (`payment-polling`), which asks the provider about those older than a moment.
 */
async function transferCompleted(transferReference: string) {
  clock.advance(1_000);
  const rows = await until(async () => {
    await container.get(PollPendingPayments).execute({ pollAfterSeconds: 0 });
    return sql(`select status, msisdn, amount_centimes from outgoing_transfers where transfer_reference = ? order by attempt desc`, [transferReference]);
  }, (r) => r[0]?.status === 'completed');
  expect(rows[0]).toMatchObject({ status: 'completed' });
  return rows[0]!;
}

async function refundCompleted(transactionId: string) {
  const refund = await transferCompleted(`merchant-refund:${transactionId}`);
  expect(refund).toMatchObject({ msisdn: '+250788710099' });
  return refund;
}

/** Settles the week of `day`: the batch is paid when the provider completes its transfer, not when it accepts it. */
async function settle(day: string) {
  const settled = await runAdmin(container, 'settlements', 'create', '--from', day, '--to', day);
  const created = (await sql(`select batch_reference from settlement_batches where status = 'processing'`)) as { batch_reference: string }[];
  for (const { batch_reference } of created) await transferCompleted(batch_reference);
  return settled;
}
const batches = () => sql(`select * from settlement_batches order by period_start`);

let settledA: string;
let settledB: string;
let nextC: string;

describe('reversing a merchant payment', () => {
  it('before settlement: the refund completes and the reversal nets inside the same batch', async () => {
    const a = await pay(10_001);
    settledB = await pay(5_000);
    const reversed = await reverse(a);
    expect(reversed.code).toBe(0);
    expect(reversed.output).toContain(`Payment ${a} reversed at 2026-11-18T10:00:00.000Z: -9,800.98 RWF on the merchant's next settlement, commission -50 RWF taken back.`);
    expect(reversed.output).toMatch(new RegExp(`Refund merchant-refund:${a} of 10,001 RWF to \\+250788710099: (sent|completed)\\.`));
    const refund = await refundCompleted(a);
    expect(refund.amount_centimes).toBe('1000100');
    expect(await posted(`merchant_refund:${a}`)).toBe(0); // the refund's account is back to zero
    expect(await posted(`merchant_receivable:${merchantId}`)).toBe(980_098);
    expect(await sql(`select status from agent_commissions where transaction_id = ?`, [a])).toEqual([{ status: 'reversed' }]);
    expect(await sql(`select action, actor from audit_log where action = 'merchant_payment_reversed'`)).toMatchObject([{ actor: 'admin:test-operator' }]);
    // The reversal's entry undoes the payment's credits (golden 10,001 RWF).
    const entry = await sql(`select p.account_id, p.amount_centimes from ledger_postings p join journal_entries e on e.id = p.entry_id where e.key = ? order by p.account_id`, [`merchant-reversal:${a}`]);
    expect(Object.fromEntries(entry.map((p) => [p.account_id, Number(p.amount_centimes)]))).toEqual({
      [`agent_commission:${agentId}`]: 5_000,
      fee_income: 15_002,
      [`merchant_receivable:${merchantId}`]: 980_098,
      [`merchant_refund:${a}`]: -1_000_100,
    });

    setClock('2026-11-23T10:00:00Z'); // Monday 23 November, 12:00 Kigali
    expect((await settle('2026-11-18')).output).toMatch(/1 batch\(es\) created, \d paid, \d awaiting the provider, 0 failed/);
    // 9,800.98 + 4,900 − 9,800.98 = 4,900
    expect(await batches()).toMatchObject([{ total_transactions: 2, total_reversals: 1, reversed_amount_centimes: '980098', total_amount_centimes: '490000', payout_amount_centimes: '490000', status: 'completed' }]);
    expect(await posted(`merchant_receivable:${merchantId}`)).toBe(0); // netted by the batch
    expect(await posted(`merchant_payable:${merchantId}`)).toBe(0);
    const report = await runAdmin(container, 'settlements', 'show', 'STL-20261116-REV-1');
    expect(report.output).toContain(`reversal of ${a}`);
    expect(report.output).toContain('-9,800.98 RWF  customer was charged twice');
    expect(report.output).toContain('Reversals: 1   Reversed net: -9,800.98 RWF');
    expect(report.output).toContain('Reconciled: yes');
    settledA = a;
  });

  it('after settlement: a negative line in the next batch; the settled batch is unchanged', async () => {
    const rowBefore = await sql(`select row_to_json(b)::text as row from settlement_batches b where batch_reference = 'STL-20261116-REV-1'`);
    const reportBefore = (await runAdmin(container, 'settlements', 'show', 'STL-20261116-REV-1')).output;
    const reversed = await reverse(settledB, 'goods returned by the customer');
    expect(reversed.code).toBe(0);
    await refundCompleted(settledB);
    expect(await sql(`select row_to_json(b)::text as row from settlement_batches b where batch_reference = 'STL-20261116-REV-1'`)).toEqual(rowBefore);
    expect((await runAdmin(container, 'settlements', 'show', 'STL-20261116-REV-1')).output).toBe(reportBefore);
    // Paid out already: the payable does not hold it, the receivable does until the next batch nets it.
    expect(await posted(`merchant_payable:${merchantId}`)).toBe(0);
    expect(await posted(`merchant_receivable:${merchantId}`)).toBe(490_000);

    nextC = await pay(20_000);
    setClock('2026-11-30T10:00:00Z');
    expect((await settle('2026-11-25')).output).toMatch(/1 batch\(es\) created, \d paid, \d awaiting the provider, 0 failed/);
    // 19,600 − 4,900 = 14,700
    expect((await batches())[1]).toMatchObject({ batch_reference: 'STL-20261123-REV-1', total_transactions: 1, total_reversals: 1, total_amount_centimes: '1470000', payout_amount_centimes: '1470000' });
    const report = await runAdmin(container, 'settlements', 'show', 'STL-20261123-REV-1');
    expect(report.output).toContain(`reversal of ${settledB}`);
    expect(report.output).toContain('-4,900 RWF  goods returned by the customer');
    expect(report.output).toContain('Reconciled: yes');
    expect(await posted(`merchant_receivable:${merchantId}`)).toBe(0);
    expect(await posted(`merchant_payable:${merchantId}`)).toBe(0);

    // The owner's settlements CSV lists the negative line: the payment, −net, the reason.
    const csv = await request(handler).get(`/api/merchants/${merchantId}/settlements/export?from=2026-11-01&to=2026-12-31`).set('Authorization', `Bearer ${ownerToken}`);
    expect(csv.status).toBe(200);
    expect(csv.text).toContain(`STL-20261123-REV-1,,,,-4900.00,,,,RWF,reversal,,`);
    expect(csv.text).toContain(`,${settledB},goods returned by the customer`);
  });

  it('the owner sees each reversal where a merchant looks (transactions, figures, CSV, settlements); another member sees nothing', async () => {
    const as = (token: string) => (path: string) => request(handler).get(path).set('Authorization', `Bearer ${token}`);
    const owner = as(ownerToken);
    const transactions = await owner(`/api/merchants/${merchantId}/transactions`);
    expect(transactions.status).toBe(200);
    const byId = new Map((transactions.body.transactions as { id: string }[]).map((t) => [t.id, t]));
    expect(byId.get(settledA)).toMatchObject({ status: 'reversed', reversedAt: '2026-11-18T10:00:00.000Z', reversalReason: 'customer was charged twice', amount: '10001.00' });
    expect(byId.get(settledB)).toMatchObject({ status: 'reversed', reversedAt: expect.stringMatching(/^2026-11-23T/), reversalReason: 'goods returned by the customer' });
    expect(byId.get(nextC)).toMatchObject({ status: 'completed', reversedAt: null, reversalReason: null });
    // As the ledger has it: the two reversed payments are no revenue any more.
    expect(transactions.body.statistics).toEqual({ totalRevenue: '20000.00', netRevenue: '19600.00', totalFees: '400.00', totalTransactions: 3, completedTransactions: 1, reversedTransactions: 2, withheldForWorkingCapital: '0.00' });

    const csv = await owner(`/api/merchants/${merchantId}/transactions/export?from=2026-11-01&to=2026-12-31`);
    expect(csv.status).toBe(200);
    expect(csv.text.split('\r\n')[0]).toBe('Reference,Date,Customer,Phone,Method,Amount,Fee,Net,Status,Settlement,Reversed at,Reversal reason,Refund requested at');
    expect(csv.text).toMatch(new RegExp(`merchant-payment:${settledA},[^\\r]*,reversed,[^,]*,2026-11-18T10:00:00.000Z,customer was charged twice,\\r\\n`));
    expect(csv.text).toMatch(new RegExp(`merchant-payment:${nextC},[^\\r]*,completed,[^,]*,,,\\r\\n`));

    const settlements = await owner(`/api/merchants/${merchantId}/settlements`);
    expect(settlements.status).toBe(200);
    const batch = (reference: string) => (settlements.body.settlements as { batchReference: string }[]).find((b) => b.batchReference === reference);
    expect(batch('STL-20261116-REV-1')).toMatchObject({
      totalTransactions: 2,
      totalReversals: 1,
      reversedAmount: '9800.98',
      totalAmount: '4900.00',
      negativeLines: [{ transactionId: settledA, amount: '-9800.98', reason: 'customer was charged twice', reversedAt: '2026-11-18T10:00:00.000Z' }],
    });
    expect(batch('STL-20261123-REV-1')).toMatchObject({
      totalReversals: 1,
      reversedAmount: '4900.00',
      totalAmount: '14700.00',
      negativeLines: [{ transactionId: settledB, amount: '-4900.00', reason: 'goods returned by the customer' }],
    });
    expect(settlements.body.pending).toEqual({ amount: '0.00', transactionCount: 0 });

    // Another member: the same merchant id is unknown to them, on every one of these reads.
    const stranger = as((await request(handler).post('/api/auth/register').send({ email: 'stranger@example.rw', password: 'correct horse', firstName: 'S', lastName: 'T', phone: '+250788710077' })).body.token as string);
    for (const path of ['transactions', 'transactions/export', 'settlements', 'settlements/export', 'analytics']) {
      const answer = await stranger(`/api/merchants/${merchantId}/${path}`);
      expect([path, answer.status, answer.body.code]).toEqual([path, 404, 'merchant_not_found']);
      expect(answer.text).not.toContain('charged twice');
    }
  });

  it('a commission already paid out stays with the agent; a period netting to ≤ 0 makes no batch and carries the negative forward', async () => {
    setClock('2026-12-02T10:00:00Z'); // Wednesday 2 December: November's commissions are paid
    expect((await runAdmin(container, 'commissions', 'payout', '--month', '2026-11')).output).toMatch(/1 payout\(s\) created, \d paid, \d awaiting the provider, 0 failed/);
    await transferCompleted((await sql(`select reference from commission_payouts`))[0]!.reference as string);
    expect(await sql(`select status from commission_payouts`)).toEqual([{ status: 'completed' }]);
    const small = await pay(1_000);
    const reversed = await reverse(nextC, 'order cancelled by the merchant');
    expect(reversed.code).toBe(0);
    expect(reversed.output).not.toContain('commission');
    expect(await sql(`select status from agent_commissions where transaction_id = ?`, [nextC])).toEqual([{ status: 'paid' }]);
    // The screen's pending box: 980 unsettled, less the 19,600 of the reversal no batch holds yet.
    const owed = async () => (await request(handler).get(`/api/merchants/${merchantId}/settlements`).set('Authorization', `Bearer ${ownerToken}`)).body.pending;
    expect(await owed()).toEqual({ amount: '-18620.00', transactionCount: 1 });
    await refundCompleted(nextC);

    setClock('2026-12-07T10:00:00Z');
    // 980 − 19,600 < 0: no batch, the range stays open
    expect((await settle('2026-12-02')).output).toContain('0 batch(es) created');
    expect(await batches()).toHaveLength(2);

    await pay(30_000);
    setClock('2026-12-14T10:00:00Z');
    expect((await settle('2026-12-09')).output).toMatch(/1 batch\(es\) created, \d paid, \d awaiting the provider, 0 failed/);
    const [, second, third] = await batches();
    // 980 + 29,400 − 19,600 = 10,780, over the range from the last batch's end
    expect(third).toMatchObject({ batch_reference: 'STL-20261207-REV-1', total_transactions: 2, total_reversals: 1, total_amount_centimes: '1078000' });
    expect(String(third!.covered_from)).toBe(String(second!.covered_until));
    expect(await posted(`merchant_receivable:${merchantId}`)).toBe(0);
    expect(await posted(`merchant_payable:${merchantId}`)).toBe(0);
    expect(small).toBeTruthy();
    expect(await owed()).toEqual({ amount: '0.00', transactionCount: 0 });
  });

  it('is refused for an unknown, unfinished or already reversed payment, and happens once under a race', async () => {
    expect(await reverse(settledA)).toMatchObject({ code: 1 });
    expect((await reverse(randomUUID())).code).toBe(1);
    const pendingId = randomUUID();
    await sql(
      `insert into merchant_transactions (id, transaction_reference, merchant_id, provider, customer_phone_number, amount_centimes, merchant_fee_centimes, net_amount_centimes, commission_centimes, status, created_at)
       values (?, ?, ?, 'sandbox', '+250788710099', 100000, 0, 0, 0, 'pending', now())`,
      [pendingId, `merchant-payment:${pendingId}`, merchantId],
    );
    const use = container.get(ReverseMerchantPayment);
    expect(await use.execute({ transactionId: pendingId, reason: 'not finished yet', actor: 'admin:t' })).toEqual({ ok: false, error: 'transaction_not_completed' });
    expect(await use.execute({ transactionId: settledA, reason: 'a second time', actor: 'admin:t' })).toEqual({ ok: false, error: 'already_reversed' });
    expect(await use.execute({ transactionId: 'not-a-uuid', reason: 'unknown payment', actor: 'admin:t' })).toEqual({ ok: false, error: 'transaction_not_found' });
    expect(await use.execute({ transactionId: settledA, reason: 'no', actor: 'admin:t' })).toEqual({ ok: false, error: 'reason_required' });

    const raced = await pay(2_000);
    const entries = await db.count('journal_entries');
    const outcomes = await Promise.all([1, 2, 3].map(() => use.execute({ transactionId: raced, reason: 'racing reversals', actor: 'admin:t' })));
    expect(outcomes.filter((o) => o.ok)).toHaveLength(1);
    expect(outcomes.filter((o) => !o.ok).map((o) => !o.ok && o.error)).toEqual(['already_reversed', 'already_reversed']);
    expect(await sql(`select count(*)::int as n from merchant_payment_reversals where transaction_id = ?`, [raced])).toEqual([{ n: 1 }]);
    expect(await sql(`select count(*)::int as n from outgoing_transfers where transfer_reference = ?`, [`merchant-refund:${raced}`])).toEqual([{ n: 1 }]);
    expect(await db.count('journal_entries')).toBe(entries + 2); // one reversal entry, one refund booking
    await refundCompleted(raced);
  });

  it('the CLI refuses a wrong id or reason with a usage error and says why', async () => {
    const usage = await runAdmin(container, 'merchants', 'reverse', 'nope', '--reason', 'whatever reason');
    expect(usage.code).toBe(2);
    expect((await runAdmin(container, 'merchants', 'reverse', randomUUID())).code).toBe(2);
    expect((await runAdmin(container, 'merchants', 'reverse', randomUUID(), '--reason', 'no')).code).toBe(2);
  });

  it('a refused refund is booked back and retried by the transfers’ schedule, then completes', async () => {
    const paid = await pay(3_000);
    refuseRefunds = true;
    const reversed = await reverse(paid, 'refund refused at first');
    refuseRefunds = false;
    expect(reversed.code).toBe(0);
    expect(reversed.output).toContain(`Refund merchant-refund:${paid} of 3,000 RWF to +250788710099: failed.`);
    expect(await posted(`merchant_refund:${paid}`)).toBe(-300_000); // booked back: still owed to the payer
    clock.advance(6 * 60_000); // the first retry is due 5 minutes after the failure
    expect((await runAdmin(container, 'jobs', 'run', 'transfer-retry')).code).toBe(0);
    const attempts = await until(async () => {
      clock.advance(1_000);
      await container.get(PollPendingPayments).execute({ pollAfterSeconds: 0 });
      return sql(`select reference, status from outgoing_transfers where transfer_reference = ? order by attempt`, [`merchant-refund:${paid}`]);
    }, (r) => r[1]?.status === 'completed');
    expect(attempts).toEqual([
      { reference: `merchant-refund:${paid}`, status: 'failed' },
      { reference: `merchant-refund:${paid}-2`, status: 'completed' },
    ]);
    expect(await posted(`merchant_refund:${paid}`)).toBe(0);
  });
});
