/**
 * Fuzzing generated from the OpenAPI document (/api/openapi.json): for every operation, at least
 * 30 requests derived from its schemas and mutated (wrong types, missing and extra fields, huge
 * strings, NUL bytes and other control characters, unicode, negative and huge numbers, odd path
 * ids and query values, bad Idempotency-Keys, random JSON from a seeded generator), sent as a
 * signed-in member on their own real resources, and the first ones signed out too.
 *
 * Asserted for every request: no answer of 500 or above; a refused request (4xx) changed no
 * table (a digest of every table's rows before and after; only attempt counters and sessions may
 * move, tests/support/openapi-cases.ts says why); the answer is one the document declares (status,
 * media type, body schema, error code: tests/support/openapi-contract.ts); and a request the server
 * calls malformed (400 validation_failed, invalid_characters, invalid_json) is one the document
 * refuses too. A new route is fuzzed by default. The rules: docs/api-contract.md.
 */
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../support/test-database.ts';
import {
  bodyOf,
  changedTables,
  document,
  fillPath,
  operationsOf,
  ownResources,
  pathParams,
  propertiesOf,
  resourceSegmentOf,
  sampleOf,
  signIn,
  signUp,
  silentProvider,
  watchState,
  type DocumentOperation,
  type OwnResources,
  type SignedUpMember,
} from '../support/openapi-cases.ts';
import { contractOf, type SentRequest } from '../support/openapi-contract.ts';

const MIN_CASES = 30;
const SIGNED_OUT_CASES = 10;
const SEED = 20261123;

const RESOURCES: Record<string, keyof OwnResources> = {
  tontines: 'group',
  tontine: 'group',
  contributions: 'contribution',
  fines: 'fine',
  payments: 'payment',
  // GET /api/payments/card/{reference}: the owner's payment id stands in for a reference.
  card: 'payment',
  loans: 'loan',
  notifications: 'notification',
  merchants: 'merchant',
  pay: 'merchantCode',
  swaps: 'swap',
  proposals: 'proposal',
  private: 'privateObject',
  public: 'publicObject',
  multipart: 'multipartUpload',
  '{uploadId}': 'partNumber',
};
const BODY_IDS: Record<string, keyof OwnResources> = { keyFactsId: 'keyFacts', withMemberId: 'ownerMember', onboardedByAgentId: 'agent', contributionId: 'contribution', loanId: 'loan' };

/** Raw text: sent as it is (invalid JSON, a form that is not one). */
class Raw {
  constructor(readonly text: string) {}
}

interface FuzzCase {
  label: string;
  path: Record<string, string>;
  query: Array<[string, string]>;
  body?: unknown;
  /** undefined: a fresh valid key when the operation takes one; null: none sent. */
  idempotencyKey?: string | null;
}

const HUGE = 'x'.repeat(90_000);
/** Values any field may meet: each a way a client (or an attacker) gets input wrong. */
const FIELD_VALUES: Array<[string, unknown]> = [
  ['null', null],
  ['NUL byte', 'abc\u0000def'],
  ['control characters', 'a\u0001\u001b[31mb\u0008\u007f'],
  ['huge string', HUGE],
  ['unicode', 'Ñyárûgénge 🙂 \u202eevil\u202c e\u0301 𝔘 مرحبا'],
  ['lone surrogate', 'a\ud800b'],
  ['empty string', ''],
  ['negative number', -1],
  ['huge number', 1e308],
  ['unsafe integer', -9007199254740993],
  ['fraction', 0.5],
  ['boolean', true],
  ['object', { nested: { deeper: ['x'] } }],
  ['array', ['a', 1, null]],
];
const PATH_VALUES = ['\u0000', 'not-a-uuid', '../../etc/passwd', 'x'.repeat(3000), randomUUID(), '%', '🙂', '00000000-0000-0000-0000-000000000000', ' ', "' or 1=1 --"];
const QUERY_VALUES = ['\u0000', '-1', '1e309', 'NaN', 'Infinity', 'x'.repeat(3000), '[]', '🙂', ''];

function casesFor(doc: ReturnType<typeof document>, operation: DocumentOperation, own: OwnResources): FuzzCase[] {
  const path: Record<string, string> = {};
  for (const param of pathParams(operation.path)) {
    const resource = RESOURCES[resourceSegmentOf(operation.path, param)];
    path[param] = resource ? own[resource] : randomUUID();
  }
  const queryParams = (operation.op.parameters ?? []).filter((p) => p.in === 'query');
  const query: Array<[string, string]> = queryParams.map((p) => [p.name, String(sampleOf(doc, p.schema ?? {}))]);
  const body = bodyOf(doc, operation.op);
  const ids = Object.fromEntries(Object.entries(BODY_IDS).map(([name, resource]) => [name, own[resource]]));
  const valid = body ? (sampleOf(doc, body.schema, ids) as Record<string, unknown>) : undefined;
  const base: FuzzCase = { label: 'valid', path, query, body: valid };
  const cases: FuzzCase[] = [base];

  if (body) {
    const wholeBodies: Array<[string, unknown]> = [
      ['empty object', {}],
      ['null body', null],
      ['array body', []],
      ['string body', 'just a string'],
      ['number body', 42],
      ['invalid JSON', new Raw('{"unterminated": ')],
      ['NUL in a key', { ...valid, ['na\u0000me']: 'x' }],
      ['extra fields', { ...valid, isAdmin: true, role: 'admin', userId: randomUUID() }],
      ['prototype keys', new Raw(`{"__proto__":{"polluted":true},"constructor":{"prototype":{"x":1}},${JSON.stringify(valid).slice(1)}`)],
      ['deep nesting', new Raw('['.repeat(5000) + ']'.repeat(5000))],
      ['not form-encoded', new Raw('id=%ZZ&&&=&status=\u0000')],
    ];
    for (const [label, value] of wholeBodies) cases.push({ ...base, label, body: value });
    for (const name of Object.keys(propertiesOf(doc, body.schema))) {
      const { [name]: _dropped, ...without } = valid ?? {};
      cases.push({ ...base, label: `missing ${name}`, body: without });
      for (const [label, value] of FIELD_VALUES) cases.push({ ...base, label: `${name}: ${label}`, body: { ...valid, [name]: value } });
    }
  }
  for (const param of Object.keys(path)) for (const value of PATH_VALUES) cases.push({ ...base, label: `{${param}} = ${JSON.stringify(value.slice(0, 40))}`, path: { ...path, [param]: value } });
  for (const [name] of query) {
    for (const value of QUERY_VALUES) cases.push({ ...base, label: `?${name}=${JSON.stringify(value.slice(0, 40))}`, query: query.map(([n, v]) => [n, n === name ? value : v]) });
    cases.push({ ...base, label: `?${name} twice`, query: [...query, [name, 'again']] });
  }
  if ((operation.op.parameters ?? []).some((p) => p.in === 'header' && p.name === 'Idempotency-Key')) {
    for (const key of [null, '', 'key with spaces', 'k'.repeat(201), 'clé']) cases.push({ ...base, label: `Idempotency-Key ${JSON.stringify(key)?.slice(0, 20)}`, idempotencyKey: key });
  }
  // Seeded random values, as a whole body and in each field, until there are enough cases.
  const randomValues = fc.sample(fc.jsonValue({ maxDepth: 3 }), { seed: SEED + cases.length, numRuns: Math.max(8, MIN_CASES - cases.length) });
  const names = body ? Object.keys(propertiesOf(doc, body.schema)) : [];
  randomValues.forEach((value, i) => {
    const name = names[i % Math.max(1, names.length)];
    if (!body) cases.push({ ...base, label: `random query ${i}`, query: [...query, ['q', JSON.stringify(value)]] });
    else if (i % 2 === 0 || !name) cases.push({ ...base, label: `random body ${i}`, body: value });
    else cases.push({ ...base, label: `random ${name} ${i}`, body: { ...valid, [name]: value } });
  });
  // Every other case names the member's personal savings instead of the group, so that the routes
  // that act on savings only (withdraw) get past their first check too.
  return cases.map((c, i) => (i % 2 === 0 ? c : { ...c, path: Object.fromEntries(Object.entries(c.path).map(([k, v]) => [k, v === own.group ? own.savings : v])) }));
}

function formOf(value: unknown): string {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return String(value);
  return new URLSearchParams(Object.entries(value).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)])).toString();
}

let db: TestDatabase;
let t: TestApp;
let member: SignedUpMember;
let own: OwnResources;
let watch: Awaited<ReturnType<typeof watchState>>;
const doc = document();
const contract = contractOf(doc as Parameters<typeof contractOf>[0]);

beforeAll(async () => {
  db = await createTestDatabase();
  t = createTestApp(db, { mobileMoney: silentProvider() });
  member = await signUp(t, 'Fuzzer');
  own = await ownResources(db, t, member, await signUp(t, 'Partner'));
  watch = await watchState(db);
});
afterAll(async () => {
  await db?.drop();
});

/** The request a case makes, as sent (so that the document can be asked whether it accepts it). */
function sentOf(operation: DocumentOperation, c: FuzzCase): SentRequest {
  const kind = bodyOf(doc, operation.op)?.kind;
  const key = c.idempotencyKey === null ? undefined : (c.idempotencyKey ?? randomUUID());
  const sent: SentRequest = { path: c.path, query: c.query, headers: key === undefined ? {} : { 'idempotency-key': key } };
  if (c.body === undefined || !kind) return sent;
  if (kind === 'form') sent.body = { type: 'application/x-www-form-urlencoded', raw: c.body instanceof Raw ? c.body.text : formOf(c.body) };
  else if (kind === 'binary') sent.body = { type: 'application/octet-stream', raw: c.body instanceof Raw ? c.body.text : JSON.stringify(c.body) };
  else sent.body = c.body instanceof Raw ? { type: 'application/json', raw: c.body.text } : { type: 'application/json', value: c.body };
  return sent;
}

async function send(operation: DocumentOperation, sent: SentRequest, token: string | null) {
  const search = new URLSearchParams(sent.query).toString();
  let req = request(t.handler)[operation.method](`${fillPath(operation.path, sent.path)}${search ? `?${search}` : ''}`);
  if (token) req = req.set('Authorization', `Bearer ${token}`);
  for (const [name, value] of Object.entries(sent.headers)) req = req.set(name, value);
  if (!sent.body) return req;
  req = req.set('Content-Type', sent.body.type);
  if ('value' in sent.body) return req.send(JSON.stringify(sent.body.value));
  return req.send(sent.body.type === 'application/octet-stream' ? Buffer.from(sent.body.raw) : sent.body.raw);
}

/** Codes that say the request is malformed: the document must refuse such a request too. */
const MALFORMED = new Set(['validation_failed', 'invalid_characters', 'invalid_json']);

describe('fuzzing every operation of the OpenAPI document', () => {
  it(`answers no 500 to ${MIN_CASES}+ mutated requests per operation, and a refused one changes nothing`, async () => {
    // FUZZ_OPERATIONS (a regular expression over "METHOD /path") fuzzes only those, for a route's own check; the run fuzzes all.
    const only = process.env.FUZZ_OPERATIONS ? new RegExp(process.env.FUZZ_OPERATIONS) : undefined;
    const operations = operationsOf(doc).filter((o) => !only || only.test(o.key));
    const failures: string[] = [];
    const breaches: string[] = [];
    let sent = 0;
    let token = member.token;
    // Requests run one at a time and nothing runs in the background, so the state after one
    // request is the state before the next; it is digested again only when a row was written.
    let state = await watch.digest();
    await watch.moved();
    for (const operation of operations) {
      const cases = casesFor(doc, operation, own);
      expect(cases.length, operation.key).toBeGreaterThanOrEqual(MIN_CASES);
      for (const [i, c] of cases.entries()) {
        const outgoing = sentOf(operation, c);
        const refusal = contract.refusalOf(operation.method, operation.path, outgoing);
        for (const as of i < SIGNED_OUT_CASES ? [token, null] : [token]) {
          const res = await send(operation, outgoing, as);
          sent++;
          const who = as ? 'signed in' : 'signed out';
          if (res.status >= 500) failures.push(`${operation.key} [${c.label}] ${who}: ${res.status} ${JSON.stringify(res.body)}`);
          const breach = contract.breachOf(operation.method, operation.path, res);
          if (breach) breaches.push(`${operation.key} [${c.label}] ${who}: ${breach}`);
          else if (refusal === null && res.status === 400 && MALFORMED.has(res.body?.code)) breaches.push(`${operation.key} [${c.label}] ${who}: the document accepts what the server refuses: ${JSON.stringify(res.body).slice(0, 300)}`);
          const before = state;
          if (await watch.moved()) state = await watch.digest();
          const changed = changedTables(before, state);
          if (res.status >= 400 && res.status < 500 && changed.length > 0) failures.push(`${operation.key} [${c.label}] ${who}: refused ${res.status} ${res.body?.code} but changed ${changed.join(', ')}`);
          // A case may sign the member out (POST /api/auth/logout): sign in again.
          if (as && res.status < 300 && operation.method !== 'get' && (await request(t.handler).get('/api/user').set('Authorization', `Bearer ${token}`)).status === 401) {
            token = await signIn(t, member);
          }
        }
      }
    }
    if (process.env.CONTRACT_REPORT) (await import('node:fs')).writeFileSync(process.env.CONTRACT_REPORT, breaches.join('\n'));
    expect(failures).toEqual([]);
    expect(breaches).toEqual([]);
    expect(sent).toBeGreaterThanOrEqual(operations.length * MIN_CASES);
    // Some 100 operations × 30+ cases, one request at a time (the agents, merchants and pay routes added 17):
    // about 90 s alone on a 2-core machine, up to three times that beside the other files.
  }, 600_000);
});
