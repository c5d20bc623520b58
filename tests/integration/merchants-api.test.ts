/**
 * Agents, merchants, QR payments and weekly settlement through the API and the admin CLI, against
 * PostgreSQL and the sandbox provider calling the server back: registration with the
 * specification's messages, accreditation and KYB from the CLI, owner-only access, the EMVCo QR
 * decoded back from its PNG, a customer's payment on the public pay API, the golden ledger
 * entry of 10,001 RWF through an agent's merchant, settlement (idempotent, reconciled), commission
 * payout (idempotent), suspension. After the file, the ledger balances.
 */
import jsQRModule from 'jsqr';
import sharp from 'sharp';
import request from 'supertest';
import type { Container } from 'inversify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PostgresLedgerRepository } from '../../adapters/postgres/postgres-ledger-repository.ts';
import { parseEmvPayload } from '../../core/merchants/emv-qr-payload.ts';
import { Money } from '../../core/money/money.ts';
import { runAdmin } from '../support/admin-cli.ts';
import { startSandboxApp, type SandboxApp } from '../support/sandbox-app.ts';
import { createTestDatabase, type TestDatabase } from '../support/test-database.ts';
import { until } from '../support/until.ts';

// jsqr is CommonJS with an ES default in its types: the function is the module itself or its `default`.
type Decode = typeof jsQRModule.default;
const jsQR: Decode = (jsQRModule as unknown as { default?: Decode }).default ?? (jsQRModule as unknown as Decode);

let db: TestDatabase;
let app: SandboxApp;
let container: Container;
let handler: SandboxApp['handler'];
let ledger: PostgresLedgerRepository;

beforeAll(async () => {
  db = await createTestDatabase();
  app = await startSandboxApp(db, { mobileMoney: (sandbox) => sandbox });
  ({ container, handler } = app);
  ledger = new PostgresLedgerRepository(db.orm.em.fork());
});

afterAll(async () => {
  await app?.close();
  if (ledger) expect(await ledger.trialBalance()).toEqual(Money.ZERO);
  await db?.drop();
});

let seq = 0;
async function member(name: string) {
  seq += 1;
  const phone = `+25078${String(3_000_000 + seq).slice(-7)}`;
  const res = await request(handler).post('/api/auth/register').send({ email: `${name.toLowerCase()}${seq}@example.rw`, password: 'correct horse', firstName: name, lastName: 'Test', phone });
  expect(res.status).toBe(201);
  const token = res.body.token as string;
  const as = (method: 'get' | 'post' | 'put', path: string) => request(handler)[method](path).set('Authorization', `Bearer ${token}`);
  return { id: res.body.user.id as string, as, phone };
}
type Member = Awaited<ReturnType<typeof member>>;

const admin = (...argv: string[]) => runAdmin(container, ...argv);
const kigaliToday = () => new Date(Date.now() + 2 * 3_600_000).toISOString().slice(0, 10);

const agentForm = {
  agentCode: 'ag-kigali-01',
  agentType: 'individual',
  physicalAddress: 'KG 11 Ave, Kimironko',
  district: 'Gasabo',
  sector: '',
  phoneNumber: '250788555111',
  email: 'agent@example.rw',
  serviceTerritories: ['Kimironko', ' Remera ', ''],
};

const merchantForm = {
  merchantCode: 'SHOP-001',
  businessName: 'Kimironko Fresh Foods',
  merchantCategory: 'grocery',
  tin: '',
  tradeLicenseNumber: 'TL-2026-0042',
  rdbRegistrationNumber: '',
  businessAddress: 'Kimironko market, stall 12',
  district: 'Gasabo',
  phoneNumber: '+250788555222',
  email: 'shop@example.rw',
  onboardedByAgentId: null as string | null,
};

let agent: Member;
let owner: Member;
let other: Member;
let agentId: string;
let merchantId: string;

describe('agents', () => {
  beforeAll(async () => {
    agent = await member('Agent');
    owner = await member('Owner');
    other = await member('Other');
  });

  it('refuses an invalid registration with the specification’s messages, and registers nothing', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ agentCode: 'ab' }, 'agentCode', 'Agent code must be at least 3 characters'],
      [{ agentCode: 'A'.repeat(21) }, 'agentCode', 'Agent code must not exceed 20 characters'],
      [{ agentCode: 'AG 01!' }, 'agentCode', 'Agent code must contain only uppercase letters, numbers, hyphens, and underscores'],
      [{ agentType: 'business', businessName: ' x ' }, 'businessName', 'Business name is required for business agents'],
      [{ agentType: 'business', businessName: 'Kigali Agents Ltd' }, 'businessRegistrationNumber', 'Business registration number is required for business agents'],
      [{ physicalAddress: 'KG' }, 'physicalAddress', 'Physical address is required'],
      [{ district: '' }, 'district', 'District is required'],
      [{ district: 'Paris' }, 'district', 'Please choose one of the 30 districts of Rwanda'],
      [{ phoneNumber: '+250 748 555 111' }, 'phoneNumber', 'Phone number must be a valid Rwandan number (e.g., +250788123456)'],
      [{ phoneNumber: '0252 555 111' }, 'phoneNumber', 'Phone number must be a valid Rwandan number (e.g., +250788123456)'],
      [{ email: 'nope' }, 'email', 'Valid email is required'],
      [{ serviceTerritories: [' '] }, 'serviceTerritories', 'Service territories are required'],
    ];
    for (const [change, field, message] of cases) {
      const res = await agent.as('post', '/api/agents/register').send({ ...agentForm, ...change });
      expect(res.status, JSON.stringify(change)).toBe(400);
      expect(res.body.fields[field]).toBe(message);
    }
    expect(await db.count('agents')).toBe(0);
    expect((await agent.as('get', '/api/agents/me')).status).toBe(404);
    expect((await agent.as('get', '/api/agents/dashboard')).status).toBe(404);
  });

  it('registers a member as a pending agent once, with a unique code', async () => {
    // Typed with spaces and the trunk 0: stored, and paid, in E.164.
    const res = await agent.as('post', '/api/agents/register').send({ ...agentForm, phoneNumber: '0788 555 111' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ agentCode: 'AG-KIGALI-01', accreditationStatus: 'pending', sector: null, phoneNumber: '+250788555111', serviceTerritories: ['Kimironko', 'Remera'] });
    agentId = res.body.id;
    expect((await agent.as('get', '/api/agents/me')).body.accreditationStatus).toBe('pending');
    expect((await agent.as('post', '/api/agents/register').send({ ...agentForm, agentCode: 'AG-2' })).body.code).toBe('already_an_agent');
    expect((await other.as('post', '/api/agents/register').send(agentForm)).body.code).toBe('agent_code_taken');
    expect((await other.as('get', '/api/agents/dashboard')).status).toBe(404);
  });

  it('finds only active agents by code, with nothing personal; the admin accredits from the CLI (audited)', async () => {
    expect((await owner.as('get', '/api/agents?code=AG-KIGALI-01')).body).toEqual([]);
    expect((await admin('agents', 'accredit', 'not-a-uuid')).code).toBe(2);
    const accredited = await admin('--as', 'compliance', 'agents', 'accredit', agentId);
    expect(accredited).toMatchObject({ code: 0 });
    expect(accredited.output).toContain('AG-KIGALI-01 is now active');
    expect((await admin('agents', 'accredit', agentId)).code).toBe(1);
    const found = await owner.as('get', '/api/agents?code=ag-kigali-01');
    expect(found.body).toEqual([{ id: agentId, agentCode: 'AG-KIGALI-01', agentType: 'individual', businessName: null, district: 'Gasabo' }]);
    expect(JSON.stringify(found.body)).not.toContain('agent@example.rw');
    const audit = await db.orm.em.fork().execute<{ action: string; actor: string }[]>(`select action, actor from audit_log where subject = ?`, [`agent:${agentId}`]);
    expect(audit).toEqual([{ action: 'agent_accredit', actor: 'admin:compliance' }]);
  });
});

describe('merchants', () => {
  it('refuses an invalid registration with the specification’s messages', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ merchantCode: 'ab' }, 'merchantCode', 'Merchant code must be at least 3 characters'],
      [{ merchantCode: 'SHOP 1' }, 'merchantCode', 'Merchant code must contain only uppercase letters, numbers, hyphens, and underscores'],
      [{ businessName: 'x' }, 'businessName', 'Business name is required'],
      [{ tin: '12345' }, 'tin', 'TIN must be at least 9 characters'],
      [{ tin: '1'.repeat(21) }, 'tin', 'TIN must not exceed 20 characters'],
      [{ businessAddress: 'abc' }, 'businessAddress', 'Business address is required'],
      [{ district: 'Kigali' }, 'district', 'Please choose one of the 30 districts of Rwanda'],
      [{ merchantCategory: 'bank' }, 'merchantCategory', 'Please choose a business category'],
    ];
    for (const [change, field, message] of cases) {
      const res = await owner.as('post', '/api/merchants/register').send({ ...merchantForm, ...change });
      expect(res.status, JSON.stringify(change)).toBe(400);
      expect(res.body.fields[field]).toBe(message);
    }
    expect(await db.count('merchants')).toBe(0);
    expect((await owner.as('get', '/api/merchants/me')).status).toBe(404);
  });

  it('registers a business pending KYB, referred by the active agent; the code is unique', async () => {
    const res = await owner.as('post', '/api/merchants/register').send({ ...merchantForm, onboardedByAgentId: agentId });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ merchantCode: 'SHOP-001', merchantStatus: 'pending', kybStatus: 'pending', tin: null, tradeLicenseNumber: 'TL-2026-0042', rdbRegistrationNumber: null, qrCodeUrl: null });
    merchantId = res.body.id;
    expect((await owner.as('get', '/api/merchants/me')).body.id).toBe(merchantId);
    expect((await owner.as('get', '/api/merchants/user/merchants')).body.map((m: { id: string }) => m.id)).toEqual([merchantId]);
    expect((await other.as('post', '/api/merchants/register').send(merchantForm)).body.code).toBe('merchant_code_taken');
    expect((await other.as('post', '/api/merchants/register').send({ ...merchantForm, merchantCode: 'OTHER-1', onboardedByAgentId: owner.id })).body.code).toBe('agent_not_found');
  });

  it('lets the owner add or correct the compliance details while KYB is pending, validated as registration validates them; nobody else', async () => {
    const put = (who: Member, body: Record<string, unknown>) => who.as('put', `/api/merchants/${merchantId}/compliance`).send(body);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ tin: '12345' }, 'tin', 'TIN must be at least 9 characters'],
      [{ tin: '1'.repeat(21) }, 'tin', 'TIN must not exceed 20 characters'],
      [{ tradeLicenseNumber: 'L'.repeat(101) }, 'tradeLicenseNumber', 'Trade license number must not exceed 100 characters'],
      [{ rdbRegistrationNumber: 'R'.repeat(101) }, 'rdbRegistrationNumber', 'RDB registration number must not exceed 100 characters'],
      [{ tin: 42 }, 'tin', 'TIN must be 9 to 20 characters'],
    ];
    for (const [body, field, message] of cases) {
      const res = await put(owner, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.fields[field]).toBe(message);
    }
    expect((await put(other, { tin: '100234567' })).body).toEqual({ code: 'merchant_not_found', error: 'Merchant not found.' });
    expect((await request(handler).put(`/api/merchants/${merchantId}/compliance`).send({ tin: '100234567' })).status).toBe(401);
    expect((await owner.as('get', '/api/merchants/me')).body).toMatchObject({ tin: null, tradeLicenseNumber: 'TL-2026-0042', rdbRegistrationNumber: null });

    const corrected = await put(owner, { tin: ' 100234567 ', tradeLicenseNumber: 'TL-2026-0042', rdbRegistrationNumber: '104567890' });
    expect(corrected.status).toBe(200);
    expect(corrected.body).toMatchObject({ id: merchantId, tin: '100234567', tradeLicenseNumber: 'TL-2026-0042', rdbRegistrationNumber: '104567890', kybStatus: 'pending' });
    const audited = await db.orm.em.fork().execute<{ actor: string; details: unknown }[]>(`select actor, details from audit_log where action = 'merchant_compliance_updated' and subject = ?`, [`merchant:${merchantId}`]);
    expect(audited).toEqual([{ actor: `member:${owner.id}`, details: { changed: 'tin,rdbRegistrationNumber' } }]);
  });

  it('answers every merchant route to its owner only', async () => {
    for (const path of ['qr', 'qr/download', 'transactions', 'transactions/export', 'settlements', 'settlements/export', 'analytics']) {
      const res = await other.as('get', `/api/merchants/${merchantId}/${path}`);
      expect(res.status, path).toBe(404);
      expect(res.body.code).toBe('merchant_not_found');
    }
    expect((await other.as('post', `/api/merchants/${merchantId}/generate-qr`).send({})).status).toBe(404);
    expect((await other.as('get', '/api/merchants/user/merchants')).body).toEqual([]);
    expect((await request(handler).get(`/api/merchants/${merchantId}/qr`)).status).toBe(401);
  });

  it('generates an EMVCo QR as a 300×300 PNG that decodes back to the merchant’s fields', async () => {
    expect((await owner.as('get', `/api/merchants/${merchantId}/qr`)).body.qrCodeUrl).toBeNull();
    const generated = await owner.as('post', `/api/merchants/${merchantId}/generate-qr`).send({});
    expect(generated.status).toBe(200);
    const png = Buffer.from(String(generated.body.qrCodeUrl).replace(/^data:image\/png;base64,/, ''), 'base64');
    const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    expect([info.width, info.height]).toEqual([300, 300]);
    const decoded = jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), info.width, info.height);
    expect(decoded?.data).toBe(generated.body.payload);
    const fields = parseEmvPayload(decoded!.data);
    expect(fields.ok).toBe(true);
    if (!fields.ok) return;
    expect(Object.fromEntries(['53', '58', '59', '60', '52', '29.00', '29.01'].map((k) => [k, fields.value.get(k)]))).toEqual({
      '53': '646',
      '58': 'RW',
      '59': 'Kimironko Fresh Foods',
      '60': 'Gasabo',
      '52': '5411',
      '29.00': 'rw.ikimina.pay',
      '29.01': 'SHOP-001',
    });
    const download = await owner.as('get', `/api/merchants/${merchantId}/qr/download`).buffer(true);
    expect(download.headers['content-type']).toBe('image/png');
    expect(download.headers['content-disposition']).toBe('attachment; filename="SHOP-001.png"');
    expect((await owner.as('get', `/api/merchants/${merchantId}/qr`)).body.payload).toBe(generated.body.payload);
  });
});

describe('a customer pays the merchant; fee, net and commission in the ledger; settlement and commissions', () => {
  let paymentId: string;
  let reference: string;

  it('shows the public a business awaiting KYB by its code only, which takes no payment yet; an unknown code is not found', async () => {
    const page = await request(handler).get('/api/pay/shop-001');
    expect(page.status).toBe(200);
    expect(page.body).toEqual({ merchantCode: 'SHOP-001', businessName: null, district: null, standing: 'awaiting_verification', acceptingPayments: false, message: 'This business does not accept payments yet.' });
    for (const detail of ['Kimironko', 'Gasabo', '788555222', 'shop@example.rw', merchantId]) expect(page.text).not.toContain(detail);
    const refused = await request(handler).post('/api/pay/SHOP-001').send({ amount: 5000, phoneNumber: '+250788777001' });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('merchant_not_verified');
    expect(await db.count('merchant_transactions')).toBe(0);
    expect((await request(handler).get('/api/pay/NO-SUCH-SHOP')).status).toBe(404);
  });

  it('lists the KYB queue for the admin, oldest first, with its age and what the business stated', async () => {
    const queue = await admin('merchants', 'list', '--pending');
    expect(queue.code).toBe(0);
    const row = queue.output.split('\n').find((line) => line.includes('SHOP-001'))!;
    expect(row).toContain('0 d 0 h');
    expect(row).toContain('TIN 100234567, licence TL-2026-0042, RDB 104567890');
    expect(queue.output).toContain('1 awaiting KYB.');
  });

  it('the admin verifies it from the CLI: the owner is told in-app, by SMS and by e-mail; the details are then fixed', async () => {
    expect((await admin('merchants', 'reject', merchantId)).code).toBe(2);
    expect((await admin('merchants', 'verify', merchantId)).output).toContain('SHOP-001 is now active (KYB verified)');
    expect((await request(handler).get('/api/pay/shop-001')).body).toEqual({ merchantCode: 'SHOP-001', businessName: 'Kimironko Fresh Foods', district: 'Gasabo', standing: 'accepting', acceptingPayments: true, message: null });
    expect((await admin('merchants', 'list', '--pending')).output).toBe('No merchant awaits KYB.\n');

    const notices = (await owner.as('get', '/api/notifications')).body as { title: string; message: string }[];
    expect(notices[0]).toMatchObject({ title: 'Business verified', message: expect.stringContaining('Kimironko Fresh Foods is verified and accepts payments now') });
    const sent = await db.orm.em.fork().execute<{ channel: string; recipient: string }[]>(`select channel, recipient from outbox_messages where body like '%Kimironko Fresh Foods is verified%' order by channel`);
    expect(sent).toEqual([
      { channel: 'email', recipient: expect.stringMatching(/^owner\d+@example\.rw$/) },
      { channel: 'sms', recipient: owner.phone },
    ]);

    const late = await owner.as('put', `/api/merchants/${merchantId}/compliance`).send({ tin: '999999999' });
    expect(late.status).toBe(409);
    expect(late.body.code).toBe('kyb_already_decided');
    expect((await owner.as('get', '/api/merchants/me')).body.tin).toBe('100234567');
  });

  it('refuses a bad amount or number and collects nothing', async () => {
    for (const body of [{ amount: 50, phoneNumber: '+250788777001' }, { amount: 100.5, phoneNumber: '+250788777001' }, { amount: 5000, phoneNumber: '12' }]) {
      expect((await request(handler).post('/api/pay/SHOP-001').send(body)).status).toBe(400);
    }
    expect(await db.count('merchant_transactions')).toBe(0);
  });

  it('collects 10,001 RWF by mobile money and posts exactly fee, net and commission (golden entry)', async () => {
    // The payer's number as people type it: charged and kept in E.164.
    const paid = await request(handler).post('/api/pay/SHOP-001').send({ amount: 10_001, phoneNumber: '0788 777 001' });
    expect(paid.status).toBe(202);
    expect((await db.orm.em.fork().execute('select customer_phone_number from merchant_transactions where id = ?', [paid.body.id]))[0]).toEqual({ customer_phone_number: '+250788777001' });
    expect(paid.body).toMatchObject({ status: 'pending', amount: '10001.00', merchant: { merchantCode: 'SHOP-001' } });
    expect(paid.body.receiptReference).toBe(String(paid.body.id).slice(0, 13).toUpperCase());
    paymentId = paid.body.id;
    reference = paid.body.transactionReference;
    const receipt = await until(() => request(handler).get(`/api/pay/payments/${paymentId}`), (r) => r.body.status !== 'pending');
    expect(receipt.body).toMatchObject({ status: 'completed', amount: '10001.00', customerPhoneNumber: '+25078****001' });

    const postings = await db.orm.em
      .fork()
      .execute<{ account_id: string; amount_centimes: string }[]>(
        `select p.account_id, p.amount_centimes from ledger_postings p join journal_entries e on e.id = p.entry_id where e.key = ? order by p.account_id`,
        [reference],
      );
    expect(postings.map((p) => [p.account_id, Number(p.amount_centimes)])).toEqual(
      [
        [`agent_commission:${agentId}`, -5_000], // 0.5 % of 1,000,100 centimes = 5,000.5 → half-even 5,000
        ['fee_income', -15_002], // fee 20,002 (2 %, exact) − commission 5,000
        [`merchant_payable:${merchantId}`, -980_098], // 98 %
        ['mobile_money:sandbox', 1_000_100],
      ].sort(([a], [b]) => String(a).localeCompare(String(b))),
    );
    expect(postings.reduce((sum, p) => sum + Number(p.amount_centimes), 0)).toBe(0);
    expect(await ledger.trialBalance()).toEqual(Money.ZERO);
  });

  it('shows the transaction with fee and net, its statistics, CSV and analytics to the owner', async () => {
    const listed = await owner.as('get', `/api/merchants/${merchantId}/transactions`);
    expect(listed.body.statistics).toEqual({ totalRevenue: '10001.00', netRevenue: '9800.98', totalFees: '200.02', totalTransactions: 1, completedTransactions: 1, reversedTransactions: 0, withheldForWorkingCapital: '0.00' });
    expect(listed.body.transactions[0]).toMatchObject({ id: paymentId, customerName: null, customerPhoneNumber: '+250788777001', amount: '10001.00', merchantFee: '200.02', netAmount: '9800.98', status: 'completed' });
    const settlements = await owner.as('get', `/api/merchants/${merchantId}/settlements`);
    expect(settlements.body).toEqual({ settlements: [], pending: { amount: '9800.98', transactionCount: 1 } });
    const csv = await owner.as('get', `/api/merchants/${merchantId}/transactions/export?from=2020-01-01&to=${kigaliToday()}`);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.text.split('\r\n')[1]).toContain(`${reference},`);
    expect(csv.text).toContain(',10001.00,200.02,9800.98,completed,');
    expect((await owner.as('get', `/api/merchants/${merchantId}/transactions?from=2099-01-01`)).body.transactions).toEqual([]);
    expect((await owner.as('get', `/api/merchants/${merchantId}/transactions?from=2026-13-01`)).status).toBe(400);
    const analytics = await owner.as('get', `/api/merchants/${merchantId}/analytics`);
    expect(analytics.body).toMatchObject({ transactionsAnalysed: 1, revenueTrendPercent: null });
    expect(analytics.body.basis).toContain('1 completed payment');
  });

  it('shows the agent the commission as pending, naming the merchant and the sale: nothing earned until it is paid', async () => {
    const dashboard = await agent.as('get', '/api/agents/dashboard');
    expect(dashboard.status).toBe(200);
    expect(dashboard.body.stats).toEqual({ totalMerchantsOnboarded: 1, activeMerchants: 1, totalEarned: '0.00', pendingEarnings: '50.00', projectedEarnings: '0.00', paidCommissions: 0, pendingCommissions: 1 });
    expect(dashboard.body.recentMerchants[0]).toMatchObject({ id: merchantId, merchantCode: 'SHOP-001', merchantStatus: 'active' });
    expect(dashboard.body.recentCommissions).toEqual([]);
    expect(dashboard.body.pendingCommissions).toEqual([
      expect.objectContaining({
        amount: '50.00',
        currency: 'RWF',
        status: 'pending',
        commissionType: 'merchant_transaction',
        merchant: { businessName: 'Kimironko Fresh Foods', merchantCode: 'SHOP-001' },
        sale: { amount: '10001.00', currency: 'RWF', at: expect.any(String) },
      }),
    ]);
  });

  it('settles the week once: whole francs paid, the fraction carried, a rerun posts nothing, the report reconciles', async () => {
    const today = kigaliToday();
    const created = await admin('settlements', 'create', '--from', today, '--to', today);
    expect(created.code).toBe(0);
    expect(created.output).toMatch(/1 batch\(es\) created, \d paid, \d awaiting the provider, 0 failed/);
    expect(created.output).toContain('[##############################] 1/1 merchants paid');
    // Paid when the provider's callback completes the transfer, not when the provider accepts it.
    const completed = await until(() => db.orm.em.fork().execute<{ status: string }[]>(`select status from settlement_batches`), (rows) => rows[0]?.status === 'completed');
    expect(completed).toEqual([{ status: 'completed' }]);
    const entries = await db.count('journal_entries');
    const again = await admin('settlements', 'create', '--from', today, '--to', today);
    expect(again.output).toContain('0 batch(es) created');
    expect(await db.count('journal_entries')).toBe(entries);
    expect(await db.count('settlement_batches')).toBe(1);
    // A range reaching into next week: this week is settled already, next week has not begun.
    const inAWeek = new Date(Date.now() + 2 * 3_600_000 + 7 * 86_400_000).toISOString().slice(0, 10);
    const ahead = await admin('settlements', 'create', '--from', today, '--to', inAWeek);
    expect(ahead.output).toContain('0 batch(es) created');
    expect(ahead.output).toMatch(/Week of \d{4}-\d{2}-\d{2} not settled: it has not begun\./);
    expect(await db.count('settlement_batches')).toBe(1);

    const settlements = await owner.as('get', `/api/merchants/${merchantId}/settlements`);
    expect(settlements.body.pending).toEqual({ amount: '0.00', transactionCount: 0 });
    expect(settlements.body.settlements[0]).toMatchObject({ totalTransactions: 1, totalAmount: '9800.98', payoutAmount: '9800.00', carriedOver: '0.98', currency: 'RWF', payoutMethod: 'mobile_money', status: 'completed' });
    // The merchant's payable holds only the carried fraction once its batch is paid.
    const payable = await db.orm.em.fork().execute<{ total: string }[]>(`select sum(amount_centimes)::text as total from ledger_postings where account_id = ?`, [`merchant_payable:${merchantId}`]);
    expect(Number(payable[0]!.total)).toBe(-98);

    const batch = settlements.body.settlements[0];
    const report = await admin('settlements', 'show', batch.batchReference);
    expect(report.code).toBe(0);
    expect(report.output).toContain(reference);
    expect(report.output).toContain('Sum: 10,001 RWF   Fees: 200.02 RWF   Net: 9,800.98 RWF');
    expect(report.output).toContain('Reconciled: yes');
    expect((await admin('settlements', 'list')).output).toContain(batch.batchReference);
    expect((await admin('settlements', 'retry', batch.id)).code).toBe(1);
    expect((await admin('settlements', 'create', '--from', today)).code).toBe(2);
  });

  it('pays the agent’s commissions once a month', async () => {
    const month = kigaliToday().slice(0, 7);
    const paid = await admin('commissions', 'payout', '--month', month);
    expect(paid.output).toMatch(/1 payout\(s\) created, \d paid, \d awaiting the provider, 0 failed/);
    const completed = await until(() => db.orm.em.fork().execute<{ status: string }[]>(`select status from commission_payouts`), (rows) => rows[0]?.status === 'completed');
    expect(completed).toEqual([{ status: 'completed' }]);
    expect((await admin('commissions', 'payout', '--month', month)).output).toContain('0 payout(s) created');
    const dashboard = await agent.as('get', '/api/agents/dashboard');
    expect(dashboard.body.stats).toMatchObject({ totalEarned: '50.00', pendingEarnings: '0.00', projectedEarnings: '65.00', paidCommissions: 1, pendingCommissions: 0 });
    expect(dashboard.body.pendingCommissions).toEqual([]);
    expect(dashboard.body.recentCommissions).toEqual([expect.objectContaining({ amount: '50.00', status: 'paid', merchant: { businessName: 'Kimironko Fresh Foods', merchantCode: 'SHOP-001' } })]);
  });

  it('refuses payments to a suspended merchant with a clear message', async () => {
    expect((await admin('merchants', 'suspend', merchantId, '--reason', 'complaints_under_review')).code).toBe(0);
    const page = await request(handler).get('/api/pay/SHOP-001');
    expect(page.body).toEqual({ merchantCode: 'SHOP-001', businessName: 'Kimironko Fresh Foods', district: 'Gasabo', standing: 'suspended', acceptingPayments: false, message: 'This merchant is not accepting payments right now.' });
    expect((await owner.as('get', '/api/notifications')).body[0]).toMatchObject({ title: 'Business suspended' });
    const refused = await request(handler).post('/api/pay/SHOP-001').send({ amount: 5000, phoneNumber: '+250788777001' });
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ code: 'merchant_not_active', error: 'This merchant is not accepting payments right now. Please pay another way or try again later.' });
    expect(await db.count('merchant_transactions')).toBe(1);
  });
});
