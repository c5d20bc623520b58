/**
 * Working capital from sales (issue 27) through the API, the settlement job and the admin CLI,
 * against PostgreSQL and the sandbox: a limit from a 90-day history paid on the pay page; another
 * member can neither see nor take the offer; accepting disburses to the payout number; the next
 * weekly settlement withholds 10 % of the week's net before the payout (golden ledger entries);
 * a week with no sales withholds nothing; it is repaid early by mobile money and by card on the
 * sandbox checkout (once, capped at what is owed, the owner only); the month's figures, a reversal
 * among them, equal the ledger's postings. After the file, the ledger balances.
 */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOKENS } from '../../apps/container.ts';
import { runAdmin } from '../support/admin-cli.ts';
import { FakeClock } from '../support/fake-clock.ts';
import { closeMerchantWorld, paidAtMerchant, signUp, startMerchantWorld, verifiedMerchant } from '../support/merchant-world.ts';
import type { SandboxApp } from '../support/sandbox-app.ts';
import type { TestDatabase } from '../support/test-database.ts';
import { payWithTestCard } from '../support/sandbox-card.ts';
import { until } from '../support/until.ts';

const DAY = 86_400_000;
let db: TestDatabase;
let app: SandboxApp;
// Wednesday 5 August 2026, 12:00 Kigali.
const clock = new FakeClock(new Date('2026-08-05T10:00:00Z'));
let merchantId: string;
let ownerToken: string;
let strangerToken: string;
let loanId: string;

const CODE = 'WCAP-1';
const pay = (francs: number) => paidAtMerchant(app, CODE, francs, '+250788710099');
const sql = <T>(text: string, params: unknown[] = []) => db.orm.em.fork().execute<T[]>(text, params);
const balance = async (account: string) => Number((await sql<{ t: string | null }>(`select sum(amount_centimes)::text as t from ledger_postings where account_id = ?`, [account]))[0]!.t ?? 0);
const owner = (r: request.Test) => r.set('Authorization', `Bearer ${ownerToken}`);
const stranger = (r: request.Test) => r.set('Authorization', `Bearer ${strangerToken}`);

beforeAll(async () => {
  ({ db, app } = await startMerchantWorld({ clock, mobileMoney: (sandbox) => sandbox }));
  ({ merchantId, ownerToken } = await verifiedMerchant(app, {
    merchantCode: CODE,
    businessName: 'Capital Shop',
    merchantCategory: 'retail',
    businessAddress: 'KN 4 Ave',
    district: 'Nyarugenge',
    phoneNumber: '+250788710004',
    ownerPhone: '+250788710003',
  }));
  strangerToken = await signUp(app, { email: 'stranger.wcap@example.rw', phone: '+250788710005' });
  // One sale of 100,000 RWF a week for 14 weeks: 5 August … 4 November (net 98,000 each).
  for (let week = 0; week < 14; week++) {
    if (week > 0) clock.advance(7 * DAY);
    await pay(100_000);
  }
  clock.advance(60 * 60_000); // Wednesday 4 November, 13:00 Kigali
}, 120_000);

afterAll(() => closeMerchantWorld({ db, app }));

describe('working capital from sales', () => {
  it('offers 25 % of the last 90 days’ net, with the figures behind it', async () => {
    // The weeks that ended are settled first, with nothing withheld (no working capital yet).
    expect((await runAdmin(app.container, 'jobs', 'run', 'merchant-settlement')).code).toBe(0);
    const shown = await owner(request(app.handler).get(`/api/merchants/${merchantId}/working-capital`));
    expect(shown.status).toBe(200);
    // 5 August is 91 days and an hour ago: out of the 90 days; the 13 sales after it are in.
    expect(shown.body).toMatchObject({ eligible: true, reasons: [], limit: '318500.00', basis: { payments: 13, netSales: '1274000.00', days: 90 }, historyDays: 91 });
    expect(shown.body.offer).toMatchObject({ limit: '318500.00', feePercent: 6, withholdingPercent: 10 });
    expect(shown.body.current).toBeUndefined();
  });

  it('shows and gives nothing to another member, and changes nothing', async () => {
    expect((await stranger(request(app.handler).get(`/api/merchants/${merchantId}/working-capital`))).status).toBe(404);
    const taken = await stranger(request(app.handler).post(`/api/merchants/${merchantId}/working-capital`).send({ amount: 100_000 }));
    expect(taken.status).toBe(404);
    expect(taken.body.code).toBe('merchant_not_found');
    expect(await db.count('working_capital_loans')).toBe(0);
  });

  it('states the key facts and decides at once inside the limit', async () => {
    const tooSmall = await owner(request(app.handler).post(`/api/merchants/${merchantId}/working-capital`).send({ amount: 5_000 }));
    expect(tooSmall.status).toBe(400);
    const applied = await owner(request(app.handler).post(`/api/merchants/${merchantId}/working-capital`).send({ amount: 300_000 }));
    expect({ status: applied.status, body: applied.body }).toMatchObject({ status: 201 });
    expect(applied.body).toMatchObject({
      status: 'approved',
      keyFacts: { amount: '300000.00', fee: '18000.00', feePercent: 6, feeModelVersion: 'wc-fee-2026-11-v1', totalRepayable: '318000.00', withholdingPercent: 10, termMonths: 18, earlyRepaymentFee: '0.00' },
      owed: '318000.00',
    });
    expect(applied.body.keyFacts.aprPercent).toBeGreaterThan(6);
    loanId = applied.body.id as string;
    const again = await owner(request(app.handler).post(`/api/merchants/${merchantId}/working-capital`).send({ amount: 10_000 }));
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('working_capital_open');
    const shown = await owner(request(app.handler).get(`/api/merchants/${merchantId}/working-capital`));
    expect(shown.body).toMatchObject({ eligible: false, reasons: [{ code: 'working_capital_open' }], current: { id: loanId, status: 'approved' } });
  });

  it('lets only the owner accept; accepting disburses to the payout number once', async () => {
    const taken = await stranger(request(app.handler).post(`/api/merchants/${merchantId}/working-capital/${loanId}/accept`));
    expect(taken.status).toBe(404);
    expect((await sql<{ status: string }>(`select status from working_capital_loans`))[0]!.status).toBe('approved');

    const accepted = await owner(request(app.handler).post(`/api/merchants/${merchantId}/working-capital/${loanId}/accept`));
    expect(accepted.status).toBe(200);
    expect(accepted.body).toMatchObject({ status: 'active', dueAt: '2028-05-04T11:00:00.000Z' });
    const transfers = await until(
      () => sql<{ purpose: string; msisdn: string; amount_centimes: string; status: string }>(`select * from outgoing_transfers where purpose = 'working_capital_disbursement'`),
      (rows) => rows[0]?.status === 'completed',
    );
    expect(transfers).toMatchObject([{ msisdn: '+250788710004', amount_centimes: '30000000', status: 'completed' }]);
    expect(await balance(`working_capital:${loanId}`)).toBe(30_000_000);
    expect((await owner(request(app.handler).post(`/api/merchants/${merchantId}/working-capital/${loanId}/accept`))).status).toBe(409);
  });

  it('withholds 10 % of the week’s net before the payout: fee, net, withholding and payout balance', async () => {
    // This week: 4 November's 100,000 and a 50,000 sale on Thursday: net 98,000 + 49,000.
    clock.advance(DAY);
    await pay(50_000);
    const entriesBefore = await db.count('journal_entries');
    clock.advance(4 * DAY + 12 * 60 * 60_000); // Monday 9 November, 01:00 Kigali
    expect((await runAdmin(app.container, 'jobs', 'run', 'merchant-settlement')).code).toBe(0);
    const batch = await until(
      () => sql<{ id: string; total_amount_centimes: string; withheld_amount_centimes: string; payout_amount_centimes: string; status: string }>(`select * from settlement_batches where batch_reference = 'STL-20261102-${CODE}'`),
      (rows) => rows[0]?.status === 'completed',
    );
    expect(batch).toMatchObject([{ total_amount_centimes: '14700000', withheld_amount_centimes: '1470000', payout_amount_centimes: '13230000' }]);

    // The golden entries of the week: the sale (fee, net), the withholding, the payout.
    const postings = await sql<{ kind: string; account_id: string; amount: string }>(
      `select e.kind, p.account_id, p.amount_centimes::text as amount from ledger_postings p join journal_entries e on e.id = p.entry_id
        where e.kind in ('working_capital_withheld', 'merchant_settlement_paid') order by e.kind, p.account_id`,
    );
    expect(postings.filter((p) => p.kind === 'working_capital_withheld')).toEqual([
      { kind: 'working_capital_withheld', account_id: `merchant_payable:${merchantId}`, amount: '1470000' },
      { kind: 'working_capital_withheld', account_id: `working_capital:${loanId}`, amount: '-1470000' },
    ]);
    expect(postings.filter((p) => p.kind === 'merchant_settlement_paid' && p.amount === '13230000')).toHaveLength(1);
    expect(await db.count('journal_entries')).toBe(entriesBefore + 2);
    // Net in, withholding and payout out: the payable holds nothing.
    expect(await balance(`merchant_payable:${merchantId}`)).toBe(0);
    expect(await balance(`working_capital:${loanId}`)).toBe(30_000_000 - 1_470_000);

    const report = (await runAdmin(app.container, 'settlements', 'show', `STL-20261102-${CODE}`)).output;
    expect(report).toContain('Withheld for working capital: 14,700 RWF');
    expect(report).toContain('Reconciled: yes');
    const exported = await owner(request(app.handler).get(`/api/merchants/${merchantId}/settlements/export`));
    expect(exported.text).toContain('Withheld for working capital');
    expect(exported.text).toContain(',132300.00,14700.00,');
    const transactions = await owner(request(app.handler).get(`/api/merchants/${merchantId}/transactions`));
    expect(transactions.body.statistics.withheldForWorkingCapital).toBe('14700.00');
    expect(transactions.body.workingCapitalWithholdings).toEqual([{ batchReference: `STL-20261102-${CODE}`, amount: '-14700.00', at: expect.any(String) }]);
    const settlements = await owner(request(app.handler).get(`/api/merchants/${merchantId}/settlements`));
    expect(settlements.body.settlements[0]).toMatchObject({ totalAmount: '147000.00', withheldForWorkingCapital: '14700.00', payoutAmount: '132300.00' });
    const shown = await owner(request(app.handler).get(`/api/merchants/${merchantId}/working-capital`));
    expect(shown.body.current).toMatchObject({ status: 'active', repaid: '14700.00', owed: '303300.00', repayments: [{ source: 'settlement', reference: batch[0]!.id, amount: '14700.00' }] });
  });

  it('withholds nothing in a week with no sales', async () => {
    clock.advance(7 * DAY); // Monday 16 November
    const entries = await db.count('journal_entries');
    expect((await runAdmin(app.container, 'jobs', 'run', 'merchant-settlement')).code).toBe(0);
    expect(await db.count('journal_entries')).toBe(entries);
    expect(await db.count('working_capital_repayments')).toBe(1);
  });

  it("shows the month's figures to the owner only, equal to the ledger's postings of the month", async () => {
    const path = `/api/merchants/${merchantId}/monthly-figures`;
    expect((await stranger(request(app.handler).get(path))).status).toBe(404);
    // 5 November's sale is reversed (refunded to the customer; carried into the next settlement).
    const [sale] = await sql<{ id: string }>(`select id from merchant_transactions where merchant_id = ? and amount_centimes = 5000000`, [merchantId]);
    const reversed = await runAdmin(app.container, 'merchants', 'reverse', sale!.id, '--reason', 'Goods returned by the customer');
    expect(reversed.code).toBe(0);
    expect((await owner(request(app.handler).get(`${path}?month=2026-13`))).body.code).toBe('month_invalid');
    // A repeated month is refused, not read as the current month.
    expect(await owner(request(app.handler).get(`${path}?month=2026-10&month=2026-11`))).toMatchObject({ status: 400, body: { code: 'month_invalid' } });
    const shown = await owner(request(app.handler).get(path));
    expect(shown.status).toBe(200);
    // November in Kigali: 4 November's 100,000 and 5 November's 50,000 (reversed on the 16th); the 9 November settlement withheld 14,700.
    expect(shown.body).toMatchObject({
      month: '2026-11',
      from: '2026-10-31T22:00:00.000Z',
      to: '2026-11-30T22:00:00.000Z',
      sales: { count: 2, gross: '150000.00', net: '147000.00' },
      fees: '3000.00',
      reversals: { count: 1, gross: '50000.00', net: '49000.00' },
      net: '98000.00',
      withheldForWorkingCapital: '14700.00',
    });
    // Each figure is the month's postings of its entries, read here straight from the ledger.
    const inMonth = `e.occurred_at >= '2026-10-31T22:00:00Z' and e.occurred_at < '2026-11-30T22:00:00Z'`;
    const onPayable = async (kind: string) =>
      Number((await sql<{ t: string | null }>(`select sum(p.amount_centimes)::text as t from ledger_postings p join journal_entries e on e.id = p.entry_id where ${inMonth} and e.kind = ? and p.account_id = ?`, [kind, `merchant_payable:${merchantId}`]))[0]!.t ?? 0);
    const francs = (decimal: string) => Math.round(Number(decimal) * 100);
    expect(francs(shown.body.sales.net)).toBe(-(await onPayable('merchant_payment_received')));
    expect(francs(shown.body.settlementsPaid)).toBe((await onPayable('merchant_settlement_paid')) + (await onPayable('reversal')));
    expect(francs(shown.body.settlementsPaid)).toBeGreaterThan(0);
    expect(francs(shown.body.withheldForWorkingCapital)).toBe(await onPayable('working_capital_withheld'));
    const [taken] = await sql<{ t: string }>(
      `select sum(p.amount_centimes)::text as t from ledger_postings p join journal_entries e on e.id = p.entry_id where ${inMonth} and e.kind = 'merchant_payment_reversed' and p.account_id = ?`,
      [`merchant_receivable:${merchantId}`],
    );
    expect(francs(shown.body.reversals.net)).toBe(Number(taken!.t));
    const sold = await sql<{ n: string; gross: string; fees: string }>(
      `select count(*)::text as n, sum(amount_centimes)::text as gross, sum(merchant_fee_centimes)::text as fees from merchant_transactions where merchant_id = ? and completed_at is not null and completed_at >= '2026-10-31T22:00:00Z' and completed_at < '2026-11-30T22:00:00Z'`,
      [merchantId],
    );
    expect([shown.body.sales.count, francs(shown.body.sales.gross), francs(shown.body.fees)]).toEqual([Number(sold[0]!.n), Number(sold[0]!.gross), Number(sold[0]!.fees)]);
    // What the month left owed to the merchant: net in, payouts and withholdings out.
    const moved = await sql<{ t: string | null }>(
      `select sum(p.amount_centimes)::text as t from ledger_postings p join journal_entries e on e.id = p.entry_id where ${inMonth} and p.account_id in (?, ?)`,
      [`merchant_payable:${merchantId}`, `merchant_receivable:${merchantId}`],
    );
    expect(francs(shown.body.net) - francs(shown.body.settlementsPaid) - francs(shown.body.withheldForWorkingCapital)).toBe(-Number(moved[0]!.t ?? 0));
    // October: the sales of 7, 14, 21 and 28 October.
    expect((await owner(request(app.handler).get(`${path}?month=2026-10`))).body.sales).toEqual({ count: 4, gross: '400000.00', net: '392000.00' });
  });

  it('leaves a request outside the rules pending for `loans review`, where an admin approves it', async () => {
    const young = await verifiedMerchant(app, {
      merchantCode: 'WCAP-2',
      businessName: 'Young Shop',
      merchantCategory: 'retail',
      businessAddress: 'KN 5 Ave',
      district: 'Nyarugenge',
      phoneNumber: '+250788710014',
      ownerPhone: '+250788710013',
    });
    await paidAtMerchant(app, 'WCAP-2', 200_000, '+250788710098');
    const shown = await request(app.handler).get(`/api/merchants/${young.merchantId}/working-capital`).set('Authorization', `Bearer ${young.ownerToken}`);
    expect(shown.body).toMatchObject({ eligible: false, reasons: [{ code: 'sales_history_too_short' }], basis: { payments: 1, netSales: '196000.00' } });
    const applied = await request(app.handler).post(`/api/merchants/${young.merchantId}/working-capital`).set('Authorization', `Bearer ${young.ownerToken}`).send({ amount: 20_000 });
    expect(applied.status).toBe(201);
    expect(applied.body.status).toBe('pending');
    // Pending cannot be accepted.
    expect((await request(app.handler).post(`/api/merchants/${young.merchantId}/working-capital/${applied.body.id as string}/accept`).set('Authorization', `Bearer ${young.ownerToken}`)).status).toBe(409);

    const listed = await runAdmin(app.container, 'loans', 'review');
    expect(listed.output).toContain(applied.body.id as string);
    expect(listed.output).toContain('1 working capital request(s) waiting for review');
    const approved = await runAdmin(app.container, 'loans', 'review', '--approve', applied.body.id as string);
    expect(approved.output).toContain(`Working capital ${applied.body.id as string} is now approved.`);
    expect((await runAdmin(app.container, 'audit', 'list', '--action', 'working_capital_approve')).output).toContain(`working_capital:${applied.body.id as string}`);
    const after = await request(app.handler).get(`/api/merchants/${young.merchantId}/working-capital`).set('Authorization', `Bearer ${young.ownerToken}`);
    expect(after.body.current).toMatchObject({ id: applied.body.id, status: 'approved' });
  });

  it('reminds a shortfall on the 60-day minimum once, and marks it overdue after 18 months', async () => {
    const notices = async () => Number((await sql<{ n: string }>(`select count(*)::text as n from notifications where title = 'Working capital: minimum not reached'`))[0]!.n);
    clock.advance(50 * DAY); // 5 January 2027: 62 days after the disbursement, 14,700 repaid of the 17,667 due
    const ran = await runAdmin(app.container, 'jobs', 'run', 'working-capital');
    expect(ran.code).toBe(0);
    expect(await notices()).toBe(1);
    expect((await runAdmin(app.container, 'jobs', 'run', 'working-capital')).code).toBe(0);
    expect(await notices()).toBe(1);
    expect((await sql<{ status: string }>(`select status from working_capital_loans where id = ?`, [loanId]))[0]!.status).toBe('active');

    clock.advance(500 * DAY); // May 2028: past the due date of 4 May 2028
    expect((await runAdmin(app.container, 'jobs', 'run', 'working-capital')).code).toBe(0);
    expect((await sql<{ status: string }>(`select status from working_capital_loans where id = ?`, [loanId]))[0]!.status).toBe('overdue');
    const shown = await owner(request(app.handler).get(`/api/merchants/${merchantId}/working-capital`));
    expect(shown.body.current).toMatchObject({ status: 'overdue', owed: '303300.00' });
  });

  it('is repaid early at no extra cost: part by mobile money, part by card, then the rest; another member cannot pay it off', async () => {
    const path = `/api/merchants/${merchantId}/working-capital/${loanId}/repay`;
    expect((await stranger(request(app.handler).post(path).send({}))).status).toBe(404);
    expect((await owner(request(app.handler).post(path).send({ amount: 303_301 }))).body.code).toBe('repayment_amount_invalid');
    const collection = async (id: string) => (await sql<{ status: string }>(`select status from working_capital_collections where id = ?`, [id]))[0]!.status;

    const part = await owner(request(app.handler).post(path).send({ amount: 3_300 }));
    expect(part.status).toBe(202);
    expect(part.body).toMatchObject({ method: 'mobile_money', amount: '3300.00', status: 'requested', phoneNumber: '+250788710004' });
    expect(await until(() => collection(part.body.id as string), (status) => status === 'succeeded')).toBe('succeeded');
    expect((await owner(request(app.handler).get(`/api/merchants/${merchantId}/working-capital`))).body.current).toMatchObject({ status: 'overdue', owed: '300000.00' });

    // By card, on the processor's checkout: the owner only, at most what is owed.
    clock.advance(60_000);
    const byCard = { purpose: 'working_capital', merchantId, loanId };
    expect((await request(app.handler).post('/api/payments/card').send({ ...byCard, amount: 100_000 })).status).toBe(401);
    const refused = await stranger(request(app.handler).post('/api/payments/card').send({ ...byCard, amount: 100_000 }));
    expect([refused.status, refused.body.code]).toEqual([404, 'working_capital_not_found']);
    expect((await owner(request(app.handler).post('/api/payments/card').send({ ...byCard, amount: 300_001 }))).body.code).toBe('repayment_amount_invalid');
    expect(await db.count('working_capital_collections')).toBe(1);
    // Two presses racing under different keys: the advance is locked, so one checkout opens and the other is told one is
    // under way (checked here rather than on the mobile-money request, which the 30 ms sandbox may settle before a second press).
    const race = await Promise.all(['wc-card-1', 'wc-card-2'].map((key) => owner(request(app.handler).post('/api/payments/card').set('Idempotency-Key', key).send({ ...byCard, amount: 100_000 }))));
    expect(race.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(race.find((r) => r.status === 409)!.body.code).toBe('repayment_in_progress');
    expect(await db.count('working_capital_collections')).toBe(2);
    const started = race.find((r) => r.status === 201)!;
    const key = race[0]!.status === 201 ? 'wc-card-1' : 'wc-card-2';
    const reference = started.body.reference as string;
    expect(reference).toMatch(/^working-capital-repayment:/);
    // The same key for another amount is refused; again as it was: the same payment and checkout.
    expect((await owner(request(app.handler).post('/api/payments/card').set('Idempotency-Key', key).send({ ...byCard, amount: 90_000 }))).body).toMatchObject({ code: 'idempotency_key_reused' });
    const again = await owner(request(app.handler).post('/api/payments/card').set('Idempotency-Key', key).send({ ...byCard, amount: 100_000 }));
    expect([again.body.reference, again.body.checkoutUrl]).toEqual([reference, started.body.checkoutUrl]);
    const back = await payWithTestCard(app.handler, started.body.checkoutUrl as string);
    expect(back.searchParams.get('tx_ref')).toBe(reference);
    // The return page's read confirms it with the processor; read again, and after a webhook, it is booked once.
    const read = () => owner(request(app.handler).get(`/api/payments/card/${encodeURIComponent(reference)}`));
    expect((await until(read, (r) => r.body.status !== 'pending')).body).toMatchObject({ purpose: 'working_capital', status: 'successful', amount: '100000.00', subjectId: loanId });
    expect((await stranger(request(app.handler).get(`/api/payments/card/${encodeURIComponent(reference)}`))).status).toBe(404);
    const sandbox = app.container.get(TOKENS.CardCheckoutSetup).sandbox!;
    const { body, headers } = sandbox.webhookFor(sandbox.chargeOf(reference)!);
    const webhook = request(app.handler).post('/api/payments/callbacks/flutterwave');
    for (const [name, value] of Object.entries(headers)) webhook.set(name, value);
    expect((await webhook.send(body)).body.status).toBe('exists');
    const cardEntry = await sql<{ account_id: string; amount: string }>(
      `select p.account_id, p.amount_centimes::text as amount from ledger_postings p join journal_entries e on e.id = p.entry_id where e.key = ? order by p.account_id`,
      [`working-capital-repayment:${reference}`],
    );
    expect(cardEntry).toEqual([
      { account_id: 'card_clearing:flutterwave', amount: '10000000' },
      { account_id: `working_capital:${loanId}`, amount: '-10000000' },
    ]);
    expect((await owner(request(app.handler).get(`/api/merchants/${merchantId}/working-capital`))).body.current).toMatchObject({ owed: '200000.00' });

    clock.advance(60_000);
    const rest = await owner(request(app.handler).post(path).send({}));
    expect(rest.body.amount).toBe('200000.00');
    expect(await until(() => collection(rest.body.id as string), (status) => status === 'succeeded')).toBe('succeeded');
    const shown = await owner(request(app.handler).get(`/api/merchants/${merchantId}/working-capital`));
    // The total is what the key facts said: 300,000 + the 18,000 fee, nothing more for paying early.
    expect(shown.body.current).toMatchObject({ status: 'repaid', repaid: '318000.00', owed: '0.00' });
    expect(shown.body.current.repayments.map((r: { source: string; amount: string }) => [r.source, r.amount])).toEqual([
      ['settlement', '14700.00'],
      ['mobile_money', '3300.00'],
      ['card', '100000.00'],
      ['mobile_money', '200000.00'],
    ]);
    expect(await balance(`working_capital:${loanId}`)).toBe(0);
    // The fee became income as the last francs came in (principal first).
    const fee = await sql<{ t: string }>(
      `select sum(p.amount_centimes)::text as t from ledger_postings p join journal_entries e on e.id = p.entry_id where p.account_id = 'fee_income' and e.kind = 'working_capital_repaid'`,
    );
    expect(fee[0]!.t).toBe('-1800000');
    // Repaid: nothing is open any more (the only reason left: no sales in the last 90 days).
    expect(shown.body.reasons).toEqual([{ code: 'limit_below_minimum', message: expect.any(String) }]);
  });
});
