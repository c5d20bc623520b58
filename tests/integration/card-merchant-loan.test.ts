/**
 * Card payments for the two other purposes (issue 27), through the real HTTP app and PostgreSQL,
 * against the embedded sandbox checkout: a customer with no account pays a verified merchant by
 * card on its pay page (fee, net and the processor's fee in the ledger, the transaction marked
 * card), and a member repays a loan instalment by card (the loan's ledger entry from card
 * clearing). Only the signed-in borrower can start a card repayment of their loan.
 * After the file, every posting sums to zero.
 */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FlutterwaveSandbox } from '../../adapters/card-checkout/flutterwave-sandbox.ts';
import { PostgresLedgerRepository } from '../../adapters/postgres/postgres-ledger-repository.ts';
import { TOKENS } from '../../apps/container.ts';
import { closeMerchantWorld, startMerchantWorld, verifiedMerchant, type MerchantWorld } from '../support/merchant-world.ts';
import { payWithTestCard } from '../support/sandbox-card.ts';
import { until } from '../support/until.ts';

let world: MerchantWorld;
let sandbox: FlutterwaveSandbox;

beforeAll(async () => {
  world = await startMerchantWorld({ mobileMoney: (s) => s });
  sandbox = world.app.container.get(TOKENS.CardCheckoutSetup).sandbox!;
});
afterAll(async () => {
  sandbox?.close();
  await closeMerchantWorld(world ?? {});
});

const http = () => request(world.app.handler);

/** Through the hosted checkout with the 3-D Secure test card, no webhook: answers where the browser is sent back. */
const payWith3ds = (checkoutUrl: string) => payWithTestCard(world.app.handler, checkoutUrl);

async function postWebhookFor(reference: string) {
  const { body, headers } = sandbox.webhookFor(sandbox.chargeOf(reference)!);
  const req = http().post('/api/payments/callbacks/flutterwave');
  for (const [name, value] of Object.entries(headers)) req.set(name, value);
  return req.send(body);
}

async function totals() {
  return new PostgresLedgerRepository(world.db.orm.em.fork()).accountTotals();
}

describe("a merchant's customer pays by card", () => {
  it('books gross, fee and net as for mobile money, from card clearing, and the processor fee apart', async () => {
    const { merchantId, ownerToken } = await verifiedMerchant(world.app, {
      merchantCode: 'CARD-SHOP',
      businessName: 'Card Corner Shop',
      merchantCategory: 'grocery',
      businessAddress: 'KG 9 Ave',
      district: 'Gasabo',
      phoneNumber: '+250788700001',
      ownerPhone: '+250788700002',
    });
    // The amount is the pay page's rule: 100 to 5,000,000 whole francs.
    expect((await http().post('/api/payments/card').send({ purpose: 'merchant', merchantCode: 'CARD-SHOP', amount: 50 })).body.code).toBe('validation_failed');
    const started = await http().post('/api/payments/card').set('Idempotency-Key', 'cust-1').send({ purpose: 'merchant', merchantCode: 'card-shop', amount: 10_000, email: 'buyer@example.rw' });
    expect(started.status).toBe(201);
    const reference = started.body.reference as string;
    expect(reference).toMatch(/^merchant-payment:/);
    const back = await payWith3ds(started.body.checkoutUrl);
    expect(back.searchParams.get('status')).toBe('successful');

    // The return page's read confirms it with the processor, the webhook after it answers exists.
    const shown = await until(() => http().get(`/api/payments/card/${encodeURIComponent(reference)}`), (r) => r.body.status === 'successful');
    expect(shown.body).toMatchObject({ purpose: 'merchant', status: 'successful', amount: '10000.00' });
    expect((await postWebhookFor(reference)).body.status).toBe('exists');

    const books = await totals();
    expect(books.get(`merchant_payable:${merchantId}`)?.centimes).toBe(-980_000); // 2 % fee kept
    expect(books.get('card_fees:flutterwave')?.centimes).toBe(14_000); // 1.4 % reported by the processor
    expect(books.get('card_clearing:flutterwave')?.centimes).toBe(1_000_000 - 14_000);
    const listed = await http().get(`/api/merchants/${merchantId}/transactions`).set('Authorization', `Bearer ${ownerToken}`);
    const row = (listed.body.transactions as { transactionReference: string; paymentMethod: string; status: string }[]).find((t) => t.transactionReference === reference);
    expect(row).toMatchObject({ paymentMethod: 'card', status: 'completed' });
  });
});

describe('a member repays a loan by card', () => {
  it('books the repayment from card clearing, and only the borrower may start it', async () => {
    const register = async (name: string, phone: string) => {
      const res = await http().post('/api/auth/register').send({ email: `${name}@example.rw`, password: 'correct horse', firstName: name, lastName: 'Card', phone });
      expect(res.status).toBe(201);
      await world.db.orm.em.fork().execute('update users set nida_verified = true where id = ?', [res.body.user.id]);
      return { id: res.body.user.id as string, as: (method: 'get' | 'post', path: string) => http()[method](path).set('Authorization', `Bearer ${res.body.token as string}`) };
    };
    const borrower = await register('borrower', '+250788710001');
    const other = await register('other', '+250788710002');
    // Savings through the sandbox's mobile money, then a loan, disbursed at once.
    const savings = await borrower.as('post', '/api/tontines').send({ name: 'My savings', description: 'Saving for a loan', contributionAmount: 40_000, frequency: 'monthly', maxMembers: 1 });
    const owed = ((await borrower.as('get', '/api/contributions/user')).body as { id: string; tontineId: string }[]).find((c) => c.tontineId === savings.body.id)!;
    const saved = await borrower.as('post', `/api/contributions/${owed.id}/pay`).set('Idempotency-Key', 'save').send({});
    await until(() => borrower.as('get', `/api/payments/${saved.body.id}`), (r) => r.body.status === 'successful');
    const form = { amount: 20_000, termMonths: 6, purpose: 'Stock for my grocery shop' };
    const facts = await borrower.as('post', '/api/loans/key-facts').send(form);
    const loan = await borrower.as('post', '/api/loans').set('Idempotency-Key', 'apply').send({ ...form, keyFactsId: facts.body.id, acceptKeyFacts: true, scoringConsent: true });
    expect(loan.body.status).toBe('active');
    const loanId = loan.body.id as string;

    expect((await http().post('/api/payments/card').send({ purpose: 'loan_repayment', loanId })).status).toBe(401);
    expect((await other.as('post', '/api/payments/card').send({ purpose: 'loan_repayment', loanId })).body.code).toBe('loan_not_found');

    const started = await borrower.as('post', '/api/payments/card').set('Idempotency-Key', 'repay-card').send({ purpose: 'loan_repayment', loanId, scope: 'instalment' });
    expect(started.status).toBe(201);
    const reference = started.body.reference as string;
    expect(reference).toMatch(/^loan-repayment:/);
    // A second repayment while this one is open is refused, as for mobile money.
    expect((await borrower.as('post', '/api/payments/card').send({ purpose: 'loan_repayment', loanId })).body.code).toBe('repayment_in_progress');
    await payWith3ds(started.body.checkoutUrl);
    expect((await postWebhookFor(reference)).body.status).toBe('applied');
    expect((await postWebhookFor(reference)).body.status).toBe('exists');

    const shown = await borrower.as('get', `/api/payments/card/${encodeURIComponent(reference)}`);
    expect(shown.body).toMatchObject({ purpose: 'loan_repayment', status: 'successful', subjectId: loanId });
    expect((await other.as('get', `/api/payments/card/${encodeURIComponent(reference)}`)).status).toBe(404);
    const instalment = (await borrower.as('get', `/api/loans/${loanId}/schedule`)).body.instalments[0];
    expect(instalment.status).toBe('paid');
    const entries = await world.db.orm.em.fork().execute<{ account: string }[]>(
      `select p.account_id as account from ledger_postings p join journal_entries e on e.id = p.entry_id where e.key like ? and p.amount_centimes > 0`,
      [`%${reference}%`],
    );
    expect(entries.map((e) => e.account)).toContain('card_clearing:flutterwave');
  });
});
