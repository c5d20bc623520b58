/**
 * Statements and reports through HTTP on PostgreSQL (issue 28), on histories made through the real
 * app: a group where one member pays by card and the other by mobile money and the first is paid
 * out; a loan disbursed and repaid by mobile money; a merchant's sales, one reversed and refunded,
 * and the week settled. Every total the files print reconciles with the ledger to the centime; the
 * PDFs parse and carry the figures in the member's language, on a page made for a phone; the CSVs
 * parse; a stranger reads no group's report and no one else's statement; the CLI e-mails a link
 * that downloads the PDF.
 */
import { parse } from 'csv-parse/sync';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FlutterwaveSandbox } from '../../adapters/card-checkout/flutterwave-sandbox.ts';
import { TOKENS } from '../../apps/container.ts';
import { STATEMENT_FILE_LIMIT } from '../../apps/http/statement-routes.ts';
import { DisburseLoan } from '../../core/loans/disburse-loan.ts';
import { PollPendingPayments } from '../../core/payment-reports/poll-pending-payments.ts';
import { Money } from '../../core/money/money.ts';
import { formatDate, kigaliDateOf } from '../../core/shared/calendar.ts';
import { RequestContext } from '@mikro-orm/core';
import { runAdmin } from '../support/admin-cli.ts';
import { saveApprovedLoan } from '../support/approved-loan.ts';
import { FakeClock } from '../support/fake-clock.ts';
import { closeMerchantWorld, onboardedMerchant, paidAtMerchant, signUp as signUpAt, startMerchantWorld } from '../support/merchant-world.ts';
import { activeGroup, contributionsOf, expectBooksBalance, mtnCallback, pay, phoneNumber, referenceOf, sendCallback, signUp, startMoneyApp, type Member, type MoneyApp } from '../support/money-books.ts';
import { binary, normalised, pdfText } from '../support/pdf-text.ts';
import type { SandboxApp } from '../support/sandbox-app.ts';
import type { TestDatabase } from '../support/test-database.ts';
import { until } from '../support/until.ts';

type Rows = Record<string, string>[];
const csvRows = (text: string): Rows => parse(text, { columns: true }) as Rows;
const centimesOf = (decimal: string) => Money.parseDecimal(decimal).ok ? (Money.parseDecimal(decimal) as { value: Money }).value.centimes : NaN;
const sumOf = (rows: Rows, column: string) => rows.reduce((total, row) => total + (row[column] ? centimesOf(row[column]) : 0), 0);

describe('a member’s statement and a group’s report', () => {
  let app: MoneyApp;
  let amina: Member;
  let bob: Member;
  let stranger: Member;
  let groupId: string;
  let loanId: string;
  const sql = <T = Record<string, string>>(query: string, params: unknown[] = []) => app.db.orm.em.fork().execute<T[]>(query, params);
  const get = (member: Member, path: string) => app.http.get(path).set('Authorization', `Bearer ${member.token}`);
  const getPdf = (member: Member, path: string) => get(member, path).buffer(true).parse(binary);
  /** The balance of an account on its normal side, in centimes, as the ledger holds it. */
  const ledgerBalance = async (account: string, credit = true) => {
    const [row] = await sql<{ t: string }>('select coalesce(sum(amount_centimes), 0)::text as t from ledger_postings where account_id = ?', [account]);
    const total = Number(row!.t);
    return credit ? 0 - total : total;
  };

  beforeAll(async () => {
    app = await startMoneyApp();
    const sandbox: FlutterwaveSandbox = app.container.get(TOKENS.CardCheckoutSetup).sandbox!;
    amina = await signUp(app, 'Amina', phoneNumber(1));
    bob = await signUp(app, 'Bob', phoneNumber(2));
    stranger = await signUp(app, 'Eve', phoneNumber(3));
    await sql('update users set last_name = ?, language = ? where id = ?', ['Uwase', 'fr', amina.id]);
    await sql('update users set last_name = ?, language = ? where id = ?', ['Habimana', 'rw', bob.id]);
    groupId = await activeGroup(app, [amina, bob], 5000);
    const contributionOf = async (m: Member) => (await contributionsOf(app, groupId)).find((c) => c.member_id === m.id && c.cycle === 1)!.id;

    // Amina pays by card (the sandbox checkout and its webhook).
    const started = await app.http.post('/api/payments/card').set('Authorization', `Bearer ${amina.token}`).send({ purpose: 'contribution', contributionId: await contributionOf(amina) });
    expect(started.status).toBe(201);
    const path = new URL(started.body.checkoutUrl as string).pathname;
    for (const form of [{ card_number: '4187427415564246' }, {}]) await app.http.post(path).type('form').set('Origin', 'http://ikimina.test').send({ action: 'pay', webhook: 'never', ...form });
    const { body, headers } = sandbox.webhookFor(sandbox.chargeOf(started.body.reference as string)!);
    const hook = app.http.post('/api/payments/callbacks/flutterwave');
    for (const [name, value] of Object.entries(headers)) hook.set(name, value);
    expect((await hook.send(body)).body.status).toBe('applied');
    // Bob pays by mobile money; the cycle is complete and Amina's payout of 10,000 RWF succeeds.
    app.clock.advance(60_000);
    const reference = await referenceOf(app, (await pay(app, bob, await contributionOf(bob))).body.id);
    expect((await sendCallback(app, mtnCallback(reference, '5000', 'SUCCESSFUL'))).status).toBe(200);
    app.clock.advance(60_000);
    expect((await sendCallback(app, mtnCallback(`payout:${groupId}:1`, '10000', 'SUCCESSFUL'))).status).toBe(200);

    // Amina's loan: approved, disbursed, one instalment repaid by mobile money.
    app.clock.advance(60_000);
    loanId = await RequestContext.create(app.db.orm.em, () => saveApprovedLoan(app.container.get(TOKENS.LoanRepository), amina.id, app.clock.now()));
    expect(await RequestContext.create(app.db.orm.em, () => app.container.get(DisburseLoan).execute({ loanId }))).toMatchObject({ ok: true });
    app.clock.advance(60_000);
    const repay = await app.http.post(`/api/loans/${loanId}/repayments`).set('Authorization', `Bearer ${amina.token}`).set('Idempotency-Key', 'repay-1').send({ scope: 'instalment' });
    expect(repay.status, JSON.stringify(repay.body)).toBe(202);
    expect((await sendCallback(app, mtnCallback(repay.body.reference as string, repay.body.amount as string, 'SUCCESSFUL'))).status).toBe(200);
    await until(() => sql<{ n: number }>(`select count(*)::int as n from journal_entries where kind = 'loan_repaid'`), (rows) => rows[0]!.n === 1);
  });

  afterAll(async () => {
    if (app) await expectBooksBalance(app);
    await app?.close();
  });

  it('the group’s report (CSV) runs from zero to the pool’s ledger balance, one row per movement', async () => {
    const res = await get(bob, `/api/tontines/${groupId}/report?format=csv`);
    expect(res.status, res.text).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    const rows = csvRows(res.text);
    expect(rows).toHaveLength(3);
    expect(Object.keys(rows[0]!)).toEqual(['Itariki', 'Ubwoko', 'Umunyamuryango', 'Icyiciro', 'Amafaranga', 'Asigaye nyuma', 'Indango', 'Uburyo']);
    expect(rows.map((r) => [r.Ubwoko, r.Umunyamuryango, r.Icyiciro, r.Amafaranga, r.Uburyo])).toEqual([
      ['Umusanzu', 'Amina U.', '1', '5000.00', 'flutterwave'],
      ['Umusanzu', 'Bob H.', '1', '5000.00', 'sandbox'],
      ['Igihembo', 'Amina U.', '', '-10000.00', ''],
    ]);
    const balance = await ledgerBalance(`pool:${groupId}`);
    expect(sumOf(rows, 'Amafaranga')).toBe(balance);
    expect(centimesOf(rows.at(-1)!['Asigaye nyuma']!)).toBe(balance);
  });

  it('the group’s report (PDF) is a phone-width page in the reader’s language, with the figures', async () => {
    const res = await getPdf(bob, `/api/tontines/${groupId}/report`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const pdf = await pdfText(res.body as Buffer);
    expect(pdf.width).toBeLessThan(300);
    expect(pdf.text).toContain('Raporo y’itsinda');
    expect(pdf.text).toContain('Amina U.');
    expect(pdf.text).toContain(normalised(Money.ofFrancs(10_000).format('rw')));
    expect(pdf.text).not.toContain(phoneNumber(1));
  });

  it('a stranger reads no group’s report, with the books’ answers; a bad format is a 400', async () => {
    expect([(await get(stranger, `/api/tontines/${groupId}/report`)).status, (await get(stranger, `/api/tontines/${groupId}/report`)).body.code]).toEqual([403, 'not_a_member']);
    expect((await get(stranger, `/api/tontines/00000000-0000-4000-8000-000000000000/report`)).body.code).toBe('tontine_not_found');
    expect((await app.http.get(`/api/tontines/${groupId}/report`)).status).toBe(401);
    expect((await get(bob, `/api/tontines/${groupId}/report?format=xls`)).body.code).toBe('validation_failed');
  });

  it('the member’s statement (CSV) holds their own movements only and reconciles with the ledger', async () => {
    const res = await get(amina, '/api/statements/me?format=csv');
    expect(res.status, res.text).toBe(200);
    const rows = csvRows(res.text);
    const group = rows.filter((r) => r.Rubrique === 'Groupe');
    expect(group.map((r) => [r.Nature, r.Montant, r.Moyen])).toEqual([
      ['Cotisation', '5000.00', 'flutterwave'],
      ['Versement', '-10000.00', ''],
    ]);
    const loan = rows.filter((r) => r.Rubrique === 'Prêt');
    expect(loan.map((r) => r.Nature)).toEqual(['Reçu en prêt', 'Remboursement']);
    // Principal lent less principal repaid is what the loan's account holds; interest went to income.
    expect(sumOf(loan, 'Capital')).toBe(await ledgerBalance(`loan:${loanId}`, false));
    const [repaid] = await sql<{ total: string; interest: string }>(
      `select (select sum(amount_centimes) from ledger_postings p where p.entry_id = e.id and amount_centimes > 0)::text as total,
              coalesce((select -sum(amount_centimes) from ledger_postings p where p.entry_id = e.id and account_id = 'interest_income'), 0)::text as interest
         from journal_entries e where e.kind = 'loan_repaid'`,
    );
    expect([-centimesOf(loan[1]!.Montant!), centimesOf(loan[1]!['Intérêts']!)]).toEqual([Number(repaid!.total), Number(repaid!.interest)]);
    // Bob's own contribution is in his statement, never in Amina's.
    const bobs = csvRows((await get(bob, '/api/statements/me?format=csv')).text);
    expect(bobs.map((r) => r.Amafaranga)).toEqual(['5000.00']);
    expect(csvRows((await get(stranger, '/api/statements/me?format=csv')).text)).toEqual([]);
  });

  it('the member’s statement (PDF) in French carries the loan owed at the end as the ledger holds it', async () => {
    const res = await getPdf(amina, '/api/statements/me');
    expect(res.status).toBe(200);
    const pdf = await pdfText(res.body as Buffer);
    expect(pdf.text).toContain('Mon relevé');
    expect(pdf.text).toContain('Dû à la fin');
    expect(pdf.text).toContain(normalised(Money.ofCentimes(await ledgerBalance(`loan:${loanId}`, false)).format('fr')));
    expect(pdf.text).toContain('Échéancier');
  });

  it('refuses a bad period with period_invalid and its words', async () => {
    for (const query of ['from=2026-02-30', 'from=2026-11-10&to=2026-11-01', 'to=2999-01-01', 'from=2019-01-01&to=2019-01-02']) {
      const res = await get(amina, `/api/statements/me?${query}`);
      expect([res.status, res.body.code, res.body.error], query).toEqual([400, 'period_invalid', expect.stringContaining('YYYY-MM-DD')]);
    }
  });

  it('the CLI e-mails a sealed link that downloads the statement without signing in, once the link is genuine', async () => {
    const month = formatDate(kigaliDateOf(app.clock.now())).slice(0, 7);
    const sent = await runAdmin(app.container, 'statements', 'send', '--member', phoneNumber(1), '--period', month);
    expect(sent.code, sent.output).toBe(0);
    const [message] = await sql<{ id: string; subject: string; body: string }>(`select id, subject, body from outbox_messages where subject like 'Votre relevé%'`);
    expect(message!.body).not.toContain('token=');
    const reader = app.container.get(TOKENS.OutboxReader);
    const stored = await RequestContext.create(app.db.orm.em, () => reader.findById(message!.id));
    const link = new URL(/https?:\/\/\S+/.exec(reader.reveal(stored!))![0]);
    const pdf = await app.http.get(`${link.pathname}${link.search}`).buffer(true).parse(binary);
    expect([pdf.status, pdf.headers['content-type']]).toEqual([200, 'application/pdf']);
    expect((await pdfText(pdf.body as Buffer)).text).toContain('Mon relevé');
    const forged = await app.http.get(`${link.pathname}${link.search.slice(0, -2)}xx`);
    expect([forged.status, forged.body.code]).toEqual([404, 'statement_link_invalid']);
    expect((await runAdmin(app.container, 'statements', 'send', '--member', phoneNumber(1), '--period', '2019-13')).code).toBe(1);
    expect(await sql(`select actor, subject from audit_log where action = 'statement_sent'`)).toEqual([{ actor: 'admin:test-operator', subject: `user:${amina.id}` }]);
  });

  it('renders at most STATEMENT_FILE_LIMIT files per member in a window, then 429 rate_limited with its wait', async () => {
    const path = `/api/tontines/${groupId}/report?format=csv`;
    const zed = await signUp(app, 'Zed', phoneNumber(9));
    for (let i = 0; i < STATEMENT_FILE_LIMIT.count; i++) expect((await get(zed, '/api/statements/me?format=csv')).status).toBe(200);
    const refused = await get(zed, path);
    expect([refused.status, refused.body.code]).toEqual([429, 'rate_limited']);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await get(bob, path)).status).toBe(200);
    app.clock.advance(STATEMENT_FILE_LIMIT.windowSeconds * 1000);
    expect((await get(zed, '/api/statements/me?format=csv')).status).toBe(200);
  });
});

describe('a merchant’s monthly statement', () => {
  let db: TestDatabase;
  let app: SandboxApp;
  let merchantId: string;
  let ownerToken: string;
  const clock = new FakeClock(new Date('2026-11-18T10:00:00Z'));
  const sql = <T = Record<string, string>>(text: string, params: unknown[] = []) => db.orm.em.fork().execute<T[]>(text, params);
  const http = () => request(app.handler);

  beforeAll(async () => {
    ({ db, app } = await startMerchantWorld({ clock, mobileMoney: (s) => s }));
    ({ merchantId, ownerToken } = await onboardedMerchant(app, { agentCode: 'AG-S', merchantCode: 'STM-1', businessName: 'Boutique Aïcha', phones: '+2507887200' }));
    const refunded = await paidAtMerchant(app, 'STM-1', 10_001, '+250788720099');
    await paidAtMerchant(app, 'STM-1', 5_000, '+250788720099');
    expect((await runAdmin(app.container, 'merchants', 'reverse', refunded, '--reason', 'charged twice')).code).toBe(0);
    clock.advance(5 * 86_400_000); // Monday 23 November
    expect((await runAdmin(app.container, 'settlements', 'create', '--from', '2026-11-18', '--to', '2026-11-18')).code).toBe(0);
    // The batch is paid, and booked, when the provider completes its transfer (the polling job asks it).
    await until(async () => {
      clock.advance(1_000);
      await app.container.get(PollPendingPayments).execute({ pollAfterSeconds: 0 });
      return sql<{ status: string }>('select status from settlement_batches');
    }, (rows) => rows.length > 0 && rows.every((r) => r.status === 'completed'));
  });

  afterAll(() => closeMerchantWorld({ db, app }));

  it('its lines sum to what the ledger moved on the merchant’s accounts, and its figures are the monthly figures', async () => {
    const res = await http().get(`/api/merchants/${merchantId}/statement?month=2026-11&format=csv`).set('Authorization', `Bearer ${ownerToken}`);
    expect(res.status, res.text).toBe(200);
    const rows = csvRows(res.text);
    expect(rows.map((r) => r.Kind)).toEqual(expect.arrayContaining(['Sale', 'Sale', 'Refund', 'Settlement']));
    const [moved] = await sql<{ change: string }>(
      `select (-coalesce(sum(p.amount_centimes) filter (where p.account_id = ?), 0) - coalesce(sum(p.amount_centimes) filter (where p.account_id = ?), 0))::text as change
         from ledger_postings p join journal_entries e on e.id = p.entry_id
        where p.account_id in (?, ?) and e.kind <> 'merchant_reversals_netted' and e.occurred_at >= '2026-10-31T22:00:00Z' and e.occurred_at < '2026-11-30T22:00:00Z'`,
      [`merchant_payable:${merchantId}`, `merchant_receivable:${merchantId}`, `merchant_payable:${merchantId}`, `merchant_receivable:${merchantId}`],
    );
    expect(sumOf(rows, 'Change')).toBe(Number(moved!.change));
    const figures = (await http().get(`/api/merchants/${merchantId}/monthly-figures?month=2026-11`).set('Authorization', `Bearer ${ownerToken}`)).body;
    expect(sumOf(rows.filter((r) => r.Kind === 'Sale'), 'Gross')).toBe(centimesOf(figures.sales.gross));
    expect(sumOf(rows.filter((r) => r.Kind === 'Sale'), 'Fee')).toBe(centimesOf(figures.fees));
    const pdf = await pdfText((await http().get(`/api/merchants/${merchantId}/statement?month=2026-11`).set('Authorization', `Bearer ${ownerToken}`).buffer(true).parse(binary)).body as Buffer);
    expect(pdf.text).toContain('Boutique Aïcha');
    for (const figure of [figures.sales.gross, figures.fees, figures.net, figures.settlementsPaid]) expect(pdf.text).toContain(normalised((Money.parseDecimal(figure) as { value: Money }).value.format('en')));
  });

  it('is the owner’s only; a bad month is a 400', async () => {
    const other = await signUpAt(app, { email: 'other.stm@example.rw', phone: '+250788720088' });
    const res = await http().get(`/api/merchants/${merchantId}/statement?month=2026-11`).set('Authorization', `Bearer ${other}`);
    expect([res.status, res.body.code]).toEqual([404, 'merchant_not_found']);
    const bad = await http().get(`/api/merchants/${merchantId}/statement?month=2026-13`).set('Authorization', `Bearer ${ownerToken}`);
    expect([bad.status, bad.body.code]).toEqual([400, 'month_invalid']);
  });
});
