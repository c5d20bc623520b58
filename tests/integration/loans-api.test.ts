/**
 * Loans and credit through the API against PostgreSQL: the bounds and their messages, identity,
 * the limit from savings made through the real savings journey, key facts shown and accepted,
 * instant approval with disbursement by the sandbox, repayments through the ledger, idempotent
 * application and repayment, privacy between members, credit assessments with their model
 * version, and the officer's review from the CLI. After the file, the ledger balances.
 */
import { RequestContext } from '@mikro-orm/core';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SandboxMobileMoney } from '../../adapters/mobile-money/sandbox-mobile-money.ts';
import { PostgresLedgerRepository } from '../../adapters/postgres/postgres-ledger-repository.ts';
import { MODEL_VERSION } from '../../core/credit/scorecard.ts';
import { ConfirmLoanPayment, isLoanPaymentReference } from '../../core/loans/confirm-loan-payment.ts';
import { Money } from '../../core/money/money.ts';
import { describeDecisionReason } from '../../apps/notifications/catalogue.ts';
import { OFFICER_REJECTION_CODES } from '../../core/loans/decision-reason.ts';
import { TOKENS } from '../../apps/container.ts';
import type { Container } from 'inversify';
import { runAdmin } from '../support/admin-cli.ts';
import { FakeClock } from '../support/fake-clock.ts';
import { SANDBOX_SETTLE_MS, startSandboxApp, type SandboxApp } from '../support/sandbox-app.ts';
import { createTestDatabase, type TestDatabase } from '../support/test-database.ts';
import { until } from '../support/until.ts';

let db: TestDatabase;
let app: SandboxApp;
let container: Container;
let handler: SandboxApp['handler'];
let ledger: PostgresLedgerRepository;
const clock = new FakeClock();
// Loan collections settle only when a test confirms them (confirmFromProvider): without a callback,
// since the server's callback route would otherwise confirm them first.
const quiet = new SandboxMobileMoney({ settleMs: SANDBOX_SETTLE_MS });

beforeAll(async () => {
  db = await createTestDatabase();
  app = await startSandboxApp(db, {
    clock,
    mobileMoney: (sandbox) => {
      const collector = (reference: string) => (isLoanPaymentReference(reference) ? quiet : sandbox);
      return {
        requestToPay: (payment) => collector(payment.reference).requestToPay(payment),
        transfer: (payment) => sandbox.transfer(payment),
        collectionStatus: (provider, reference) => collector(reference).collectionStatus(provider, reference),
        transferStatus: (provider, reference) => sandbox.transferStatus(provider, reference),
      };
    },
  });
  ({ container, handler } = app);
  ledger = new PostgresLedgerRepository(db.orm.em.fork());
});

afterAll(async () => {
  await app?.close();
  quiet.close();
  if (ledger) expect(await ledger.trialBalance()).toEqual(Money.ZERO);
  await db?.drop();
});

function decimal(text: string): Money {
  const parsed = Money.parseDecimal(text);
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.value;
}

let seq = 0;
/** A registered member; `verified` stands in for the identity verification still to come. */
async function member(name: string, { verified = true } = {}) {
  seq += 1;
  const phone = `+25078${String(2_000_000 + seq).slice(-7)}`;
  const res = await request(handler).post('/api/auth/register').send({ email: `${name.toLowerCase()}${seq}@example.rw`, password: 'correct horse', firstName: name, lastName: 'Test', phone });
  expect(res.status).toBe(201);
  const id: string = res.body.user.id;
  if (verified) await db.orm.em.fork().execute('update users set nida_verified = true where id = ?', [id]);
  const as = (method: 'get' | 'post' | 'put' | 'patch', path: string) => request(handler)[method](path).set('Authorization', `Bearer ${res.body.token as string}`);
  return { id, as, phone };
}

type Member = Awaited<ReturnType<typeof member>>;

/** Saves through personal savings and the sandbox, as a member does; `daysLate` pays after the due day. */
async function save(m: Member, amount: number, daysLate = 0) {
  const created = await m.as('post', '/api/tontines').send({ name: 'My savings', description: 'Saving for a loan', contributionAmount: amount, frequency: 'monthly', maxMembers: 1 });
  expect(created.status).toBe(201);
  const owed = ((await m.as('get', '/api/contributions/user')).body as { id: string; tontineId: string }[]).find((c) => c.tontineId === created.body.id)!;
  clock.advance(daysLate * 86_400_000);
  const paid = await m.as('post', `/api/contributions/${owed.id}/pay`).set('Idempotency-Key', `save-${owed.id}`).send({});
  expect(paid.status).toBe(202);
  await until(() => m.as('get', `/api/payments/${paid.body.id}`), (r) => r.body.status === 'successful');
}

const form = { amount: 20_000, termMonths: 6, purpose: 'Stock for my grocery shop' };

/** Reviews the key facts, then applies with them accepted. */
async function apply(m: Member, key: string, body: Partial<typeof form> = {}, consent = true) {
  const facts = await m.as('post', '/api/loans/key-facts').send({ ...form, ...body });
  if (facts.status !== 201) return facts;
  return m.as('post', '/api/loans').set('Idempotency-Key', key).send({ ...form, ...body, keyFactsId: facts.body.id, acceptKeyFacts: true, scoringConsent: consent });
}

async function confirmFromProvider(reference: string) {
  const confirmLoanPayment = container.get(ConfirmLoanPayment);
  const provider = container.get(TOKENS.MobileMoneyProvider);
  const report = await until(() => quiet.collectionStatus(provider, reference), (r) => r.ok && r.value.status !== 'pending');
  if (!report.ok) throw new Error(report.error);
  return RequestContext.create(db.orm.em, () => confirmLoanPayment.execute(report.value));
}

function admin(...argv: string[]) {
  return runAdmin(container, ...argv);
}

describe('applying: bounds, identity, limit', () => {
  it('answers every bound with the specification\'s message, on the key facts and on the application', async () => {
    const m = await member('Bounds');
    const cases: [Record<string, unknown>, string][] = [
      [{ amount: 9_999 }, 'Minimum loan amount is 10,000 RWF'],
      [{ amount: 10_000_001 }, 'Maximum loan amount is 10,000,000 RWF'],
      [{ amount: 15_000.5 }, 'Loan amount must be a whole number of francs'],
      [{ termMonths: 0 }, 'Minimum term is 1 month'],
      [{ termMonths: 61 }, 'Maximum term is 60 months'],
      [{ purpose: '  short    ' }, 'Please provide a detailed loan purpose'],
    ];
    for (const [change, message] of cases) {
      const facts = await m.as('post', '/api/loans/key-facts').send({ ...form, ...change });
      expect([facts.status, facts.body.code, facts.body.error]).toEqual([400, 'validation_failed', message]);
      const applied = await m.as('post', '/api/loans').set('Idempotency-Key', 'b').send({ ...form, ...change, keyFactsId: crypto.randomUUID(), acceptKeyFacts: true });
      expect([applied.status, applied.body.error]).toEqual([400, message]);
    }
    expect((await m.as('post', '/api/loans').send(form)).body.code).toBe('idempotency_key_required');
    expect((await m.as('post', '/api/loans').set('Idempotency-Key', 'x').send({ ...form, keyFactsId: crypto.randomUUID(), acceptKeyFacts: false })).body.error).toBe(
      'Please read and accept the key facts statement',
    );
    expect((await request(handler).get('/api/loans')).status).toBe(401);
    expect(await db.count('loans')).toBe(0);
  });

  it('refuses a member whose national ID is not verified, with a clear code', async () => {
    const m = await member('Unverified', { verified: false });
    await save(m, 40_000);
    const res = await apply(m, 'u1');
    expect([res.status, res.body.code]).toEqual([403, 'identity_not_verified']);
    expect(res.body.error).toMatch(/verified national ID/);
  });

  it('lends 20,000 RWF against 40,000 RWF of savings, and not 20,001', async () => {
    const m = await member('Limit');
    await save(m, 40_000);
    expect((await m.as('get', '/api/loans/summary')).body).toMatchObject({ availableCredit: '20000.00', totalBorrowed: '0.00', activeLoanCount: 0 });
    const over = await apply(m, 'l1', { amount: 20_001 });
    expect([over.status, over.body.code]).toEqual([422, 'loan_exceeds_limit']);
    const within = await apply(m, 'l2');
    expect(within.status).toBe(201);
    expect(within.body).toMatchObject({ amount: '20000.00', status: 'active', termMonths: 6, totalPaid: '0.00' });
  });
});

describe('eligibility: what borrowing needs, and what is missing', () => {
  it('tells a new member the ID and the savings they miss, and the consents the form asks; then that they may apply', async () => {
    const m = await member('Newcomer', { verified: false });
    await save(m, 4_000);
    const before = await m.as('get', '/api/loans/eligibility');
    expect(before.status).toBe(200);
    expect(before.body).toEqual({
      eligible: false,
      requirements: [
        { kind: 'identity_verified', status: 'missing' },
        { kind: 'savings', status: 'missing', savingsBalance: '4000.00', savingsNeeded: '20000.00', savingsMissing: '16000.00' },
        { kind: 'no_overdue_loan', status: 'met' },
        { kind: 'no_open_application', status: 'met' },
        { kind: 'scoring_consent', status: 'in_form', consentedAt: null },
        { kind: 'key_facts_accepted', status: 'in_form' },
      ],
      loanLimit: '2000.00',
      availableCredit: '2000.00',
      belowMinimum: true,
      minimumLoan: '10000.00',
      maximumLoan: '0.00',
    });
    await db.orm.em.fork().execute('update users set nida_verified = true where id = ?', [m.id]);
    await save(m, 16_000);
    const after = (await m.as('get', '/api/loans/eligibility')).body;
    expect(after).toMatchObject({ eligible: true, availableCredit: '10000.00', belowMinimum: false, maximumLoan: '10000.00' });
    expect(after.requirements.filter((r: { status: string }) => r.status === 'missing')).toEqual([]);
    expect((await request(handler).get('/api/loans/eligibility')).status).toBe(401);
  });
});

describe('one assessment for the key facts and the decision', () => {
  it('applies at once for a member scored before they saved (Confirm used to answer key_facts_outdated for ever)', async () => {
    const m = await member('Scoredfirst');
    // Checked their score with nothing saved (575, 15 %), then saved: their records now score 603 (13.5 %).
    expect((await m.as('post', '/api/credit-score/assess').send({ consent: true })).body.score).toBe(575);
    clock.advance(60_000);
    await save(m, 40_000);
    const facts = await m.as('post', '/api/loans/key-facts').send(form);
    const body = { ...form, keyFactsId: facts.body.id, acceptKeyFacts: true, scoringConsent: true };
    const applied = await m.as('post', '/api/loans').set('Idempotency-Key', 'scored-first').send(body);
    expect([applied.status, applied.body.code]).toEqual([201, undefined]);
    expect(facts.body.annualRate).toBe(13.5);
    expect(applied.body).toMatchObject({ interestRate: 13.5, creditScore: 603, status: 'active' });
    // The assessment recorded is the one the key facts were computed from.
    expect((await m.as('get', '/api/credit-score')).body).toMatchObject({ score: 603, modelVersion: MODEL_VERSION });
  });

  it('answers a rate that moved after the key facts with the new statement, which one more confirmation accepts', async () => {
    const m = await member('Moved');
    const facts = await m.as('post', '/api/loans/key-facts').send(form); // nothing saved yet: 15 %
    expect(facts.body.annualRate).toBe(15);
    await save(m, 40_000); // now 13.5 %
    const body = { ...form, acceptKeyFacts: true, scoringConsent: true };
    const outdated = await m.as('post', '/api/loans').set('Idempotency-Key', 'moved-1').send({ ...body, keyFactsId: facts.body.id });
    expect([outdated.status, outdated.body.code]).toEqual([409, 'key_facts_outdated']);
    expect(outdated.body.keyFacts).toMatchObject({ amount: '20000.00', termMonths: 6, annualRate: 13.5, acceptedAt: null, loanId: null });
    expect(outdated.body.keyFacts.id).not.toBe(facts.body.id);
    expect((await m.as('get', '/api/loans')).body).toEqual([]);
    const applied = await m.as('post', '/api/loans').set('Idempotency-Key', 'moved-2').send({ ...body, keyFactsId: outdated.body.keyFacts.id });
    expect(applied.status).toBe(201);
    expect(applied.body).toMatchObject({ interestRate: 13.5, status: 'active' });
    expect((await m.as('get', `/api/loans/${applied.body.id}/key-facts`)).body).toMatchObject({ id: outdated.body.keyFacts.id, acceptedAt: expect.any(String) });
  });
});

describe('a loan from key facts to repaid', () => {
  let borrower: Member;
  let loanId: string;

  it('records the key facts shown and accepted, the assessment with its model version, and disburses through the ledger', async () => {
    borrower = await member('Borrower');
    await save(borrower, 40_000);
    const facts = await borrower.as('post', '/api/loans/key-facts').send(form);
    expect(facts.status).toBe(201);
    expect(facts.body).toMatchObject({ amount: '20000.00', termMonths: 6, fees: [], acceptedAt: null, loanId: null });
    // No fees: the APR is the nominal rate, up to the rounding of instalments to whole francs.
    expect(Math.abs(facts.body.apr - facts.body.annualRate)).toBeLessThan(0.1);
    expect(facts.body.schedule).toHaveLength(6);
    const body = { ...form, keyFactsId: facts.body.id, acceptKeyFacts: true, scoringConsent: true };
    const [first, again] = [
      await borrower.as('post', '/api/loans').set('Idempotency-Key', 'apply-1').send(body),
      await borrower.as('post', '/api/loans').set('Idempotency-Key', 'apply-1').send(body),
    ];
    expect([first.status, again.status, again.body.id]).toEqual([201, 200, first.body.id]);
    loanId = first.body.id;
    expect(first.body).toMatchObject({ status: 'active', interestRate: facts.body.annualRate, nextPaymentAmount: facts.body.monthlyPayment });
    expect(first.body.decisionReason).toMatch(/^Approved/);
    expect((await db.orm.em.fork().execute<{ n: string }[]>('select count(*) as n from loans where member_id = ?', [borrower.id]))[0]?.n).toBe('1');

    const accepted = await borrower.as('get', `/api/loans/${loanId}/key-facts`);
    expect(accepted.body).toMatchObject({ id: facts.body.id, loanId, acceptedAt: expect.any(String), totalRepayable: facts.body.totalRepayable });
    const score = await borrower.as('get', '/api/credit-score');
    expect(score.body).toMatchObject({ modelVersion: MODEL_VERSION, maxLoanAmount: '20000.00', score: first.body.creditScore });

    const totals = await ledger.accountTotals();
    expect(totals.get(`loan:${loanId}`)).toEqual(Money.ofFrancs(20_000));
    const notices = await db.orm.em.fork().execute<{ title: string }[]>('select title from notifications where user_id = ? order by created_at', [borrower.id]);
    expect(notices.map((n) => n.title)).toEqual(expect.arrayContaining(['Loan approved', 'Loan sent']));
  });

  it('repays one instalment once, interest first, through the ledger', async () => {
    const schedule = (await borrower.as('get', `/api/loans/${loanId}/schedule`)).body.instalments;
    expect(schedule[0]).toMatchObject({ number: 1, status: 'upcoming', amountPaid: '0.00' });
    const [started, repeated] = [
      await borrower.as('post', `/api/loans/${loanId}/repayments`).set('Idempotency-Key', 'repay-1').send({ scope: 'instalment' }),
      await borrower.as('post', `/api/loans/${loanId}/repayments`).set('Idempotency-Key', 'repay-1').send({ scope: 'instalment' }),
    ];
    expect([started.status, repeated.status, repeated.body.id]).toEqual([202, 200, started.body.id]);
    expect(started.body).toMatchObject({ amount: schedule[0].amount, status: 'requested', phoneNumber: borrower.phone });
    expect(await db.count('loan_collections')).toBe(1);
    expect((await borrower.as('post', `/api/loans/${loanId}/repayments`).set('Idempotency-Key', 'repay-2').send({})).body.code).toBe('repayment_in_progress');

    expect(await confirmFromProvider(started.body.reference)).toEqual({ ok: true, value: 'applied' });
    expect(await confirmFromProvider(started.body.reference)).toEqual({ ok: true, value: 'exists' });
    const loan = (await borrower.as('get', `/api/loans/${loanId}`)).body;
    expect(loan.totalPaid).toBe(schedule[0].amount);
    const totals = await ledger.accountTotals();
    expect(totals.get(`loan:${loanId}`)).toEqual(Money.ofFrancs(20_000).minus(decimal(schedule[0].principal)));
    expect(totals.get('interest_income')).toEqual(decimal(schedule[0].interest).negate());
    const history = (await borrower.as('get', `/api/loans/${loanId}/payments`)).body;
    expect(history.repayments).toEqual([expect.objectContaining({ amount: schedule[0].amount, interest: schedule[0].interest, principal: schedule[0].principal })]);
    expect(history.requests[0]).toMatchObject({ status: 'succeeded' });
    expect((await borrower.as('get', `/api/loans/${loanId}/schedule`)).body.instalments[0]).toMatchObject({ status: 'paid', amountPaid: schedule[0].amount });
  });

  it('lets nobody read or repay another member\'s loan', async () => {
    const other = await member('Other');
    for (const path of [`/api/loans/${loanId}`, `/api/loans/${loanId}/schedule`, `/api/loans/${loanId}/payments`, `/api/loans/${loanId}/key-facts`]) {
      const res = await other.as('get', path);
      expect([res.status, res.body.code]).toEqual([404, 'loan_not_found']);
    }
    const repay = await other.as('post', `/api/loans/${loanId}/repayments`).set('Idempotency-Key', 'steal').send({ scope: 'balance' });
    expect([repay.status, repay.body.code]).toEqual([404, 'loan_not_found']);
    expect((await other.as('get', '/api/loans')).body).toEqual([]);
    expect((await other.as('get', '/api/loans/not-a-uuid')).body.code).toBe('loan_not_found');
  });

  it('repays the whole balance and the loan is repaid; the summary follows', async () => {
    const started = await borrower.as('post', `/api/loans/${loanId}/repayments`).set('Idempotency-Key', 'repay-all').send({ scope: 'balance' });
    expect(started.status).toBe(202);
    expect(await confirmFromProvider(started.body.reference)).toEqual({ ok: true, value: 'applied' });
    const loan = (await borrower.as('get', `/api/loans/${loanId}`)).body;
    expect([loan.status, loan.amountOwed]).toEqual(['repaid', '0.00']);
    expect((await ledger.accountTotals()).get(`loan:${loanId}`) ?? Money.ZERO).toEqual(Money.ZERO);
    expect((await borrower.as('get', '/api/loans/summary')).body).toMatchObject({ totalBorrowed: '20000.00', activeLoanCount: 0, nextPaymentAmount: '0.00', availableCredit: '20000.00' });
  });
});

describe('credit score and recommendations', () => {
  it('needs consent, records the assessment with its model version, and reads it back', async () => {
    const m = await member('Scored');
    expect((await m.as('get', '/api/credit-score')).body.code).toBe('credit_assessment_not_found');
    const refused = await m.as('post', '/api/credit-score/assess').send({});
    expect([refused.status, refused.body.code]).toEqual([403, 'scoring_consent_required']);
    const assessed = await m.as('post', '/api/credit-score/assess').send({ consent: true });
    expect(assessed.status).toBe(201);
    expect(assessed.body).toMatchObject({ modelVersion: MODEL_VERSION, score: expect.any(Number), rating: expect.any(String), maxLoanAmount: '0.00' });
    expect(assessed.body.factors).toHaveLength(6);
    // Words for people: stable codes the screens name in the member's language, beside the English words.
    expect(assessed.body.factors.map((f: { code: string }) => f.code)).toEqual(['punctuality', 'savings_balance', 'savings_streak', 'tenure', 'identity', 'groups']);
    expect(assessed.body.factors[1].detail).toEqual({ code: 'savings_balance', amount: '0.00' });
    expect(assessed.body.recommendationCodes).toHaveLength(assessed.body.recommendations.length);
    expect((await m.as('get', '/api/credit-score')).body).toEqual(assessed.body);
    expect((await m.as('post', '/api/credit-score/assess').send()).status).toBe(201); // consent is on record now
    expect((await m.as('get', '/api/loans/recommendations')).body).toEqual([]);
  });

  it('recommends from the member\'s own limit, score and savings', async () => {
    const m = await member('Advised');
    await save(m, 100_000);
    const recs = (await m.as('get', '/api/loans/recommendations')).body as { amount: string; estimatedRate: number; monthlyPayment: string; confidence: number }[];
    expect(recs.map((r) => r.amount)).toEqual(['12000.00', '30000.00', '50000.00']);
    for (const r of recs) expect(r.confidence).toBeGreaterThan(0);
  });
});

describe('review by a loan officer (CLI)', () => {
  it('lists a pending loan with score and limit, refuses a rejection without reason, and rejects with one', async () => {
    const late = await member('Late');
    await save(late, 40_000, 3); // paid three days after the due day: the score falls below 600
    const res = await apply(late, 'p1');
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ status: 'pending', decisionReason: expect.stringMatching(/below 600/) });

    const listed = await admin('loans', 'review');
    expect(listed.code).toBe(0);
    expect(listed.output).toContain(res.body.id);
    expect(listed.output).toContain('20,000 RWF');
    expect(listed.output).toContain(String(res.body.creditScore));

    const noReason = await admin('loans', 'review', '--reject', res.body.id);
    expect([noReason.code, noReason.output]).toEqual([2, expect.stringContaining('a rejection needs --reason')]);
    // Free words would reach the member as they are, in English: a rejection takes a reason code.
    const words = await admin('loans', 'review', '--reject', res.body.id, '--reason', 'Savings are too recent');
    expect([words.code, words.output]).toEqual([2, expect.stringContaining('the reason must be one of: savings_too_recent, repayment_capacity')]);
    const rejected = await admin('loans', 'review', '--reject', res.body.id, '--reason', 'savings_too_recent', '--note', 'Joined the group in October');
    expect(rejected).toEqual({ code: 0, output: `Loan ${res.body.id} is now rejected. The member has been notified.\n` });
    const loan = (await late.as('get', `/api/loans/${res.body.id}`)).body;
    const savingsTooRecent = describeDecisionReason('en', { code: 'savings_too_recent' });
    expect(loan).toMatchObject({ status: 'rejected', decisionReason: savingsTooRecent, decisionReasonCode: 'savings_too_recent', decisionReasonParams: {} });
    const notices = await db.orm.em.fork().execute<{ message: string }[]>('select message from notifications where user_id = ? order by created_at desc limit 1', [late.id]);
    expect(notices[0]?.message).toContain(savingsTooRecent);
    // The officer's note is in the audit log, not in anything the member reads.
    const audit = await db.orm.em.fork().execute<{ details: Record<string, unknown> }[]>(`select details from audit_log where subject = ? and action = 'loan_rejected'`, [`loan:${res.body.id}`]);
    expect(audit.map((a) => a.details)).toEqual([expect.objectContaining({ reason: 'savings_too_recent', note: 'Joined the group in October' })]);
    expect((await admin('loans', 'review', '--approve', res.body.id)).code).toBe(1);
  });

  it('approves a pending loan, which is disbursed at once', async () => {
    const late = await member('Approved');
    await save(late, 40_000, 3);
    const res = await apply(late, 'p2', { amount: 15_000 });
    expect(res.body.status).toBe('pending');
    const approved = await admin('loans', 'review', '--approve', res.body.id);
    expect(approved.output).toBe(`Loan ${res.body.id} is now active. The member has been notified.\n`);
    expect((await ledger.accountTotals()).get(`loan:${res.body.id}`)).toEqual(Money.ofFrancs(15_000));
    expect((await admin('loans', 'review', '--approve', 'nope')).code).toBe(2);

    // Instalment reminders: 3 days before the first due day at 09:00 Kigali (07:00 UTC), once.
    const firstDue: string = (await late.as('get', `/api/loans/${res.body.id}/schedule`)).body.instalments[0].dueDate;
    const remindAt = new Date(`${firstDue}T07:00:00Z`).getTime() - 3 * 86_400_000;
    clock.advance(remindAt - clock.now().getTime());
    const job = container.get(TOKENS.Jobs).find((j) => j.name === 'loan-reminders')!;
    const run = () => RequestContext.create(db.orm.em, () => job.run());
    expect(await run()).toMatchObject({ sent: 1, failed: 0 });
    expect(await run()).toMatchObject({ sent: 0, failed: 0 });
    const reminder = await db.orm.em.fork().execute<{ type: string; message: string }[]>('select type, message from notifications where user_id = ? order by created_at desc limit 1', [late.id]);
    expect(reminder[0]).toMatchObject({ type: 'loan_payment', message: expect.stringContaining(`due on ${firstDue}`) });
  });
});

describe('words in the member\'s language (issue 31)', () => {
  const sql = <T>(query: string, params: unknown[] = []) => db.orm.em.fork().execute<T[]>(query, params);
  /** Any English of a loan decision: the notices' words and every reason's (the tontine's own name, "My savings", is the member's). */
  const ENGLISH = ['Reason:', 'Approved', 'Waiting for review', 'credit score', 'loan officer', 'not approved', 'under review', ...OFFICER_REJECTION_CODES.map((code) => describeDecisionReason('en', { code }))];
  const english = (text: string) => ENGLISH.some((words) => text.includes(words));

  it('a declined loan\'s SMS in Kinyarwanda carries its reason in Kinyarwanda, no English', async () => {
    const m = await member('Mukamana');
    expect((await m.as('put', '/api/profile/language').send({ language: 'rw' })).status).toBe(200);
    await save(m, 40_000, 3);
    const res = await apply(m, 'rw1');
    expect(res.body).toMatchObject({ status: 'pending', decisionReasonCode: 'score_below_minimum', decisionReasonParams: { score: String(res.body.creditScore), minimumScore: '600' } });
    expect(res.body.decisionReason).toBe(describeDecisionReason('rw', { code: 'score_below_minimum', score: res.body.creditScore, minimumScore: 600 }));

    expect((await admin('loans', 'review', '--reject', res.body.id, '--reason', 'late_payments')).code).toBe(0);
    const sms = await sql<{ body: string }>(`select body from outbox_messages where channel = 'sms' and recipient = ? order by created_at, id`, [m.phone]);
    const declined = sms.map((s) => s.body).filter((body) => body.includes('ntibwemejwe'));
    expect(declined).toEqual([expect.stringContaining(`Impamvu: ${describeDecisionReason('rw', { code: 'late_payments' })}`)]);
    for (const { body } of sms) expect(english(body), body).toBe(false);
    const loan = (await m.as('get', `/api/loans/${res.body.id}`)).body;
    expect(loan).toMatchObject({ status: 'rejected', decisionReasonCode: 'late_payments', decisionReason: describeDecisionReason('rw', { code: 'late_payments' }) });
  });

  it('notifications are read in the language the member has now; SMS already sent stay as sent; older rows show as written', async () => {
    const m = await member('Uwase');
    await save(m, 40_000, 3);
    const res = await apply(m, 'lang1');
    expect((await admin('loans', 'review', '--reject', res.body.id, '--reason', 'repayment_capacity')).code).toBe(0);
    // A notification written before templates were kept: its words as they were.
    await sql(`insert into notifications (id, user_id, type, title, message, is_read, created_at) values (?, ?, 'other', 'Old news', 'Written in English long ago', false, '2020-01-01T00:00:00Z')`, [crypto.randomUUID(), m.id]);
    const read = async () => ((await m.as('get', '/api/notifications')).body as { title: string; message: string }[]).map((n) => `${n.title} | ${n.message}`);
    const page = async () => ((await m.as('get', '/api/notifications/page')).body.notifications as { title: string; message: string }[]).map((n) => `${n.title} | ${n.message}`);

    const inEnglish = await read();
    // Newest first by the app's clock: the rejection is found by its words, then read at the same place.
    const at = inEnglish.findIndex((text) => text.startsWith('Loan not approved'));
    expect(inEnglish[at]).toBe(`Loan not approved | Ikimina: your loan request of 20,000 RWF was not approved. Reason: ${describeDecisionReason('en', { code: 'repayment_capacity' })}`);
    expect(inEnglish.at(-1)).toBe('Old news | Written in English long ago');
    const smsBefore = await sql<{ body: string }>(`select body from outbox_messages where channel = 'sms' and recipient = ? order by created_at, id`, [m.phone]);

    expect((await m.as('put', '/api/profile/language').send({ language: 'fr' })).status).toBe(200);
    const inFrench = await read();
    expect(inFrench).toHaveLength(inEnglish.length);
    expect(inFrench[at]).toBe(`Prêt refusé | Ikimina : votre demande de prêt de 20\u202f000 RWF n'a pas été approuvée. Motif : ${describeDecisionReason('fr', { code: 'repayment_capacity' })}`);
    expect(inFrench.at(-1)).toBe('Old news | Written in English long ago');
    for (const text of inFrench.slice(0, -1)) expect(english(text), text).toBe(false);
    expect(await page()).toEqual(inFrench);

    expect((await m.as('put', '/api/profile/language').send({ language: 'sw' })).status).toBe(200);
    expect((await read())[at]).toContain(`Sababu: ${describeDecisionReason('sw', { code: 'repayment_capacity' })}`);
    // Marking one read answers it in the reader's language too.
    const rejection = ((await m.as('get', '/api/notifications')).body as { id: string }[])[at]!;
    const marked = await m.as('patch', `/api/notifications/${rejection.id}/read`);
    expect(marked.body).toMatchObject({ isRead: true, title: 'Mkopo haujaidhinishwa' });
    // What already left by SMS is not rewritten.
    expect(await sql<{ body: string }>(`select body from outbox_messages where channel = 'sms' and recipient = ? order by created_at, id`, [m.phone])).toEqual(smsBefore);
  });
});
