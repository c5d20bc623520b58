/**
 * What the tests generated from the OpenAPI document share (openapi-fuzz, openapi-authorisation):
 * the document's operations, a valid sample of any of its schemas, the path of an operation with
 * its ids filled in, members and their resources made through the API, a provider that accepts
 * and never answers, and a digest of the database to prove that a refused request changed nothing.
 */
import { randomUUID } from 'node:crypto';
import { RequestContext } from '@mikro-orm/core';
import request from 'supertest';
import { TOKENS } from '../../apps/container.ts';
import { openApiDocument } from '../../apps/http/openapi.ts';
import { Contribution } from '../../core/contributions/contribution.ts';
import { Money } from '../../core/money/money.ts';
import type { MobileMoney } from '../../core/payments/ports.ts';
import { ok } from '../../core/shared/result.ts';
import { saveApprovedLoan } from './approved-loan.ts';
import { aPng } from './images.ts';
import type { TestApp } from './test-app.ts';
import type { TestDatabase } from './test-database.ts';

type Schema = Record<string, unknown>;
type Doc = { paths: Record<string, Record<string, Operation>>; components?: { schemas?: Record<string, Schema> } };

export interface Operation {
  security?: unknown[];
  parameters?: Array<{ in: string; name: string; required?: boolean; schema?: Schema }>;
  requestBody?: { required?: boolean; content: Record<string, { schema: Schema }> };
}

export interface DocumentOperation {
  /** `POST /api/tontines/{id}/join`: the key allow-lists and mappings use. */
  key: string;
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  path: string;
  op: Operation;
}

export const document = (): Doc => JSON.parse(JSON.stringify(openApiDocument())) as Doc;

export function operationsOf(doc: Doc): DocumentOperation[] {
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => ['get', 'post', 'put', 'patch', 'delete'].includes(method))
      .map(([method, op]) => ({ key: `${method.toUpperCase()} ${path}`, method: method as DocumentOperation['method'], path, op })),
  );
}

export function resolve(doc: Doc, schema: Schema): Schema {
  const ref = schema.$ref;
  if (typeof ref !== 'string') return schema;
  const found = doc.components?.schemas?.[ref.replace('#/components/schemas/', '')];
  if (!found) throw new Error(`unresolved ${ref}`);
  return resolve(doc, found);
}

/** The operation's body: how it is sent and its (resolved) schema; null when it takes none. */
export function bodyOf(doc: Doc, op: Operation): { kind: 'json' | 'form' | 'binary'; schema: Schema } | null {
  const content = op.requestBody?.content;
  if (!content) return null;
  if (content['application/json']) return { kind: 'json', schema: resolve(doc, content['application/json'].schema) };
  if (content['application/x-www-form-urlencoded']) return { kind: 'form', schema: resolve(doc, content['application/x-www-form-urlencoded'].schema) };
  // Raw bytes (a file PUT to an upload address).
  if (content['application/octet-stream']) return { kind: 'binary', schema: resolve(doc, content['application/octet-stream'].schema) };
  throw new Error(`unknown body type ${Object.keys(content).join(', ')}`);
}

/** Properties of an object schema, resolved. */
export function propertiesOf(doc: Doc, schema: Schema): Record<string, Schema> {
  const properties = (schema.properties ?? {}) as Record<string, Schema>;
  return Object.fromEntries(Object.entries(properties).map(([name, s]) => [name, resolve(doc, s)]));
}

/**
 * A value the schema accepts, as plain as can be: the example when there is one, else the first
 * enum value or const, the smallest length and number allowed. `ids` gives values by property
 * name (a uuid property without one gets a fresh uuid).
 */
export function sampleOf(doc: Doc, raw: Schema, ids: Record<string, string> = {}, name = ''): unknown {
  const schema = resolve(doc, raw);
  if (name in ids) return ids[name];
  if ('const' in schema) return schema.const;
  if (Array.isArray(schema.enum)) return schema.enum[0];
  if ('example' in schema) return schema.example;
  const variants = (schema.anyOf ?? schema.oneOf) as Schema[] | undefined;
  if (variants) return sampleOf(doc, variants.find((v) => resolve(doc, v).type !== 'null') ?? variants[0]!, ids, name);
  switch (schema.type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [key, property] of Object.entries(propertiesOf(doc, schema))) out[key] = sampleOf(doc, property, ids, key);
      return out;
    }
    case 'array':
      return [sampleOf(doc, (schema.items ?? {}) as Schema, ids)];
    case 'integer':
    case 'number':
      return typeof schema.minimum === 'number' ? schema.minimum : 1;
    case 'boolean':
      return true;
    case 'string': {
      if (schema.format === 'uuid') return randomUUID();
      if (schema.format === 'email') return 'sample@example.rw';
      const min = typeof schema.minLength === 'number' ? schema.minLength : 1;
      return 'Sample text'.padEnd(min, ' text').slice(0, Math.max(min, Math.min(11, Number(schema.maxLength ?? 11))));
    }
    default:
      return 'sample';
  }
}

/** The names of the path parameters of a path, in order. */
export const pathParams = (path: string): string[] => [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!);

/** The resource a path parameter names: the path segment just before it (`/api/loans/{id}` → `loans`). */
export function resourceSegmentOf(path: string, param: string): string {
  const segments = path.split('/');
  const at = segments.indexOf(`{${param}}`);
  return segments[at - 1] ?? '';
}

export function fillPath(path: string, values: Record<string, string>): string {
  return path.replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(values[name] ?? ''));
}

/** Collections and transfers accepted and left pending for ever: no callback moves anything during a test. */
export function silentProvider(): MobileMoney {
  const report = (reference: string) => ok({ reference, status: 'pending' as const, amount: Money.ZERO, currency: 'RWF', providerTransactionId: undefined, reason: undefined });
  return {
    requestToPay: async (r) => ok({ providerReference: r.reference }),
    transfer: async (r) => ok({ providerReference: r.reference }),
    collectionStatus: async (_provider, reference) => report(reference),
    transferStatus: async (_provider, reference) => report(reference),
  };
}

export interface SignedUpMember {
  id: string;
  email: string;
  password: string;
  phone: string;
  token: string;
}

let phoneSeq = 0;
export async function signUp(t: TestApp, name: string): Promise<SignedUpMember> {
  const phone = `+25078${String(2_000_000 + ++phoneSeq).slice(-7)}`;
  const email = `${name.toLowerCase()}.${randomUUID().slice(0, 8)}@example.rw`;
  const password = 'long enough password';
  const res = await request(t.handler).post('/api/auth/register').send({ email, password, firstName: name, lastName: 'Test', phone });
  if (res.status !== 201) throw new Error(`register ${name}: ${res.status} ${JSON.stringify(res.body)}`);
  return { id: res.body.user.id, email, password, phone, token: res.body.token };
}

/** A fresh session for the member (after a test signed it out). */
export async function signIn(t: TestApp, member: SignedUpMember): Promise<string> {
  const res = await request(t.handler).post('/api/auth/login').send({ email: member.email, password: member.password });
  if (res.status !== 200) throw new Error(`login ${member.email}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.token as string;
}

/** What an owner has: each a real row made through the API where the API can make it. */
export interface OwnResources {
  /** A running group of the owner and the partner (public: its id is listed to visitors). */
  group: string;
  /** The owner's personal savings (private: only the owner may see it). */
  savings: string;
  contribution: string;
  /** A late fine of the owner in the group (posted directly: the job posts one only once a grace has ended). */
  fine: string;
  payment: string;
  swap: string;
  /** An open proposal of the group (a new payout order): the owner may vote on it. */
  proposal: string;
  keyFacts: string;
  /** Saved through the loans repository: applying through the API needs a verified identity. */
  loan: string;
  /** Inserted: notifications have no API that makes one. */
  notification: string;
  ownerMember: string;
  /** One of the owner's sessions (a second sign-in, so the test's own token is never at stake). */
  session: string;
  /** The owner's verified national ID number (a test person of the sandbox register). */
  nationalIdNumber: string;
  /** Photos uploaded through the API: the private one is served to its owner only. */
  privateObject: string;
  publicObject: string;
  /** A multipart upload started through the companion routes, and a part number of it. */
  multipartUpload: string;
  partNumber: string;
  /** The owner's agent profile, pending accreditation (so nobody may name it as a referrer yet). */
  agent: string;
  /** The owner's merchant, pending KYB (so the public pay page does not show it), and its code. */
  merchant: string;
  merchantCode: string;
  /** Working capital of the owner's merchant, approved and awaiting acceptance (stored directly: a business pending KYB cannot ask for it). */
  workingCapital: string;
  /** The owner's export of their data (pending), a format of its files, and a kind of consent (the path names a kind, not anyone's resource). */
  dataExport: string;
  exportFormat: string;
  consentKind: string;
}

/** A photo uploaded through the API (address, then PUT); answers its object id. */
export async function uploadPhoto(t: TestApp, member: SignedUpMember, visibility: 'private' | 'public', bytes: Buffer): Promise<string> {
  const given = await request(t.handler).post(`/api/objects/upload/${visibility}`).set('Authorization', `Bearer ${member.token}`);
  if (given.status !== 200) throw new Error(`upload address: ${given.status} ${JSON.stringify(given.body)}`);
  const url = new URL(given.body.uploadURL as string, t.config.publicBaseUrl);
  const put = await request(t.handler).put(`${url.pathname}${url.search}`).set('Content-Type', 'application/octet-stream').send(bytes);
  if (put.status !== 200) throw new Error(`upload: ${put.status} ${JSON.stringify(put.body)}`);
  return (given.body.objectPath as string).split('/').at(-1)!;
}

/**
 * The owner's identity form: a sandbox register's test person other than the document's example
 * (which the document itself shows), so that no answer to another member may hold this number.
 */
export const OWNER_NATIONAL_ID = { idNumber: '1198570000002002', firstName: 'Marie Claire', lastName: 'Uwimana', dateOfBirth: '1985-01-01' };

export async function ownResources(db: TestDatabase, t: TestApp, owner: SignedUpMember, partner: SignedUpMember): Promise<OwnResources> {
  const as = (m: SignedUpMember, method: 'get' | 'post', path: string) => request(t.handler)[method](path).set('Authorization', `Bearer ${m.token}`);
  const expectStatus = (res: request.Response, status: number, what: string) => {
    if (res.status !== status) throw new Error(`${what}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body;
  };
  const terms = { description: 'Saving together', contributionAmount: 5000, frequency: 'weekly' };
  const group = expectStatus(await as(owner, 'post', '/api/tontines').send({ ...terms, name: `${owner.id.slice(0, 8)} group`, maxMembers: 2 }), 201, 'create group').id as string;
  expectStatus(await as(partner, 'post', `/api/tontines/${group}/join`), 200, 'join');
  const savings = expectStatus(await as(owner, 'post', '/api/tontines').send({ ...terms, name: 'My savings', maxMembers: 1 }), 201, 'create savings').id as string;
  const contributions = expectStatus(await as(owner, 'get', '/api/contributions/user'), 200, 'contributions') as Array<{ id: string; tontineId: string }>;
  const contribution = contributions.find((c) => c.tontineId === group)!.id;
  const payment = expectStatus(await as(owner, 'post', `/api/contributions/${contribution}/pay`).set('Idempotency-Key', randomUUID()).send({}), 202, 'pay').id as string;
  const fine = randomUUID();
  await RequestContext.create(db.orm.em, async () => {
    const repository = t.container.get(TOKENS.ContributionRepository);
    const fined = (await repository.findById(contribution))!;
    await repository.save([Contribution.fine({ id: fine, of: fined, amount: Money.ofFrancs(500), at: new Date() })]);
  });
  const swap = expectStatus(await as(owner, 'post', `/api/tontines/${group}/swaps`).send({ withMemberId: partner.id }), 201, 'swap').id as string;
  expectStatus(await as(owner, 'post', `/api/tontines/${group}/chat`).send({ message: 'Hello group' }), 201, 'chat');
  const proposal = expectStatus(
    await as(owner, 'post', `/api/tontines/${group}/proposals`).send({ kind: 'change_payout_order', text: 'Partner first', change: { order: [partner.id, owner.id] } }),
    201,
    'proposal',
  ).id as string;
  const keyFacts = expectStatus(await as(owner, 'post', '/api/loans/key-facts').send({ amount: 50_000, termMonths: 12, purpose: 'Stock for my grocery shop' }), 201, 'key facts').id as string;
  const loan = await RequestContext.create(db.orm.em, () => saveApprovedLoan(t.container.get(TOKENS.LoanRepository), owner.id, new Date()));
  const notification = randomUUID();
  await db.orm.em
    .fork()
    .execute('insert into notifications (id, user_id, type, title, message, is_read, created_at) values (?, ?, ?, ?, ?, false, now())', [notification, owner.id, 'other', 'Welcome', 'Welcome to Ikimina']);
  expectStatus(await as(owner, 'post', '/api/nida/verify-nida').send({ ...OWNER_NATIONAL_ID, phoneNumber: owner.phone }), 200, 'verify national ID');
  expectStatus(await request(t.handler).post('/api/auth/login').send({ email: owner.email, password: owner.password }), 200, 'second sign-in');
  const { sessions } = expectStatus(await as(owner, 'get', '/api/auth/sessions'), 200, 'sessions') as { sessions: Array<{ id: string; current: boolean }> };
  const session = sessions.find((s) => !s.current)!.id;
  const photo = await aPng();
  const privateObject = await uploadPhoto(t, owner, 'private', photo);
  const publicObject = await uploadPhoto(t, owner, 'public', photo);
  const agent = expectStatus(
    await as(owner, 'post', '/api/agents/register').send({ agentCode: `AG-${owner.id.slice(0, 8)}`.toUpperCase(), agentType: 'individual', physicalAddress: 'KG 11 Ave, Kimironko', district: 'Gasabo', phoneNumber: '+250788000111', email: 'agent-desk@example.rw', serviceTerritories: ['Kimironko'] }),
    201,
    'agent',
  ).id as string;
  const merchantCode = `M-${owner.id.slice(0, 8)}`.toUpperCase();
  const merchant = expectStatus(
    await as(owner, 'post', '/api/merchants/register').send({ merchantCode, businessName: 'Owner Corner Shop', merchantCategory: 'retail', businessAddress: 'KN 5 Rd, Nyamirambo', district: 'Nyarugenge', phoneNumber: '+250788000222', email: 'shop-desk@example.rw' }),
    201,
    'merchant',
  ).id as string;
  const workingCapital = randomUUID();
  const facts = { amount: 5_000_000, fee: 300_000, feeBps: 600, feeModelVersion: 'wc-fee-2026-11-v1', totalRepayable: 5_300_000, withholdingBps: 1_000, expectedWeeklyRepayment: 100_000, expectedWeeks: 53, aprBps: 1_200, minimumEvery60Days: 294_500, termMonths: 18, earlyRepaymentFee: 0 };
  await db.orm.em.fork().execute(
    `insert into working_capital_loans (id, merchant_id, owner_id, status, amount_centimes, fee_centimes, fee_bps, fee_model_version, apr_bps, key_facts, basis_payments, basis_net_sales_centimes, basis_days, created_at)
     values (?, ?, ?, 'approved', 5000000, 300000, 600, 'wc-fee-2026-11-v1', 1200, ?::jsonb, 40, 20000000, 90, now())`,
    [workingCapital, merchant, owner.id, JSON.stringify(facts)],
  );
  const multipartUpload = expectStatus(await as(owner, 'post', '/api/companion/s3/multipart').send({ filename: 'photo.png', type: 'image/png' }), 200, 'multipart').uploadId as string;
  const dataExport = expectStatus(await as(owner, 'post', '/api/me/export'), 202, 'data export').id as string;
  return {
    group, savings, contribution, fine, payment, swap, proposal, keyFacts, loan, notification, ownerMember: owner.id, session, privateObject, publicObject, multipartUpload, partNumber: '1',
    nationalIdNumber: OWNER_NATIONAL_ID.idNumber, agent, merchant, merchantCode, workingCapital, dataExport, exportFormat: 'json', consentKind: 'credit_scoring',
  };
}

/**
 * Tables a refused request may legitimately change: attempt counters (a refused sign-in counts
 * by design) and sessions (their last use). Every other table must be left exactly as it was.
 */
export const TABLES_A_REFUSAL_MAY_CHANGE = new Set(['rate_limit_windows', 'sign_in_failures', 'sessions', 'mikro_orm_migrations', 'test_writes']);

/**
 * Watches the database for changes a request makes: `digest` answers one digest per table (count
 * and sum of row hashes: any inserted, deleted or edited row moves it), in one round trip; `moved`
 * answers cheaply whether any watched row was written since it was last asked, through a row
 * trigger on every watched table bumping a counter in the same transaction (so a rolled-back
 * write does not count). Installed in the test's own database only.
 */
export async function watchState(db: TestDatabase): Promise<{ digest(): Promise<Record<string, string>>; moved(): Promise<boolean> }> {
  const em = db.orm.em.fork();
  const tables = (await em.execute<{ name: string }[]>("select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1"))
    .map((r) => r.name)
    .filter((name) => !TABLES_A_REFUSAL_MAY_CHANGE.has(name));
  await em.execute('create table test_writes (n bigint not null); insert into test_writes values (0)');
  await em.execute("create function test_count_write() returns trigger language plpgsql as $$ begin update test_writes set n = n + 1; return null; end $$");
  for (const name of tables) await em.execute(`create trigger test_count_write after insert or update or delete on "${name}" for each row execute function test_count_write()`);
  const sql = tables.map((name) => `select '${name}' as name, count(*) || ':' || coalesce(sum(hashtextextended(x::text, 0)), 0) as digest from "${name}" x`).join(' union all ');
  let seen = '0';
  return {
    async digest() {
      const rows = await db.orm.em.fork().execute<{ name: string; digest: string }[]>(sql);
      return Object.fromEntries(rows.map((r) => [r.name, r.digest]));
    },
    async moved() {
      const [row] = await db.orm.em.fork().execute<{ n: string }[]>('select n from test_writes');
      const moved = row!.n !== seen;
      seen = row!.n;
      return moved;
    },
  };
}

export function changedTables(before: Record<string, string>, after: Record<string, string>): string[] {
  return Object.keys({ ...before, ...after }).filter((name) => before[name] !== after[name]);
}
