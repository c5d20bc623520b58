/**
 * The authorisation matrix, generated from the OpenAPI document (/api/openapi.json): every
 * operation is called signed out, and every operation that names a resource (a path id, or an id
 * in its body) is called by ANOTHER member on the first member's real resources.
 *
 * A new route is covered by default: an operation that is not public must answer 401 signed out;
 * an operation with an id whose resource this file cannot map to a fixture FAILS the test (add
 * the resource to RESOURCES, or the body property to BODY_IDS), and a public operation must be
 * named in PUBLIC. Provider callbacks (mobile money, USSD, SMS reports) authenticate the gateway,
 * not a member: they are recognised by their path prefix, whatever their secret segment.
 */
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../support/test-database.ts';
import {
  bodyOf,
  document,
  fillPath,
  operationsOf,
  ownResources,
  pathParams,
  propertiesOf,
  resourceSegmentOf,
  sampleOf,
  signUp,
  silentProvider,
  type DocumentOperation,
  type OwnResources,
  type SignedUpMember,
} from '../support/openapi-cases.ts';

/** Operations anyone may call signed out, each for a reason. */
const PUBLIC = new Set([
  'GET /healthz',
  'GET /readyz',
  'GET /api/openapi.json',
  'POST /api/auth/register',
  'POST /api/auth/login',
  // Signing out without a session is a no-op that clears the cookie.
  'POST /api/auth/logout',
  'POST /api/auth/magic-link',
  'POST /api/auth/magic-link/redeem',
  // Forgotten passwords: the request answers the same for any address, the confirmation needs the e-mailed token.
  'POST /api/auth/password-reset',
  'POST /api/auth/password-reset/confirm',
  'GET /api/auth/google-status',
  'GET /api/education/figures',
  'GET /api/auth/google',
  'GET /api/auth/google/callback',
  // Groups are discoverable; personal savings among them are not (checked below).
  'GET /api/tontines',
  'GET /api/tontines/categories',
  'GET /api/tontines/{id}',
  'GET /api/tontines/{id}/members',
  // Public photos (profile photos) are shown to anyone; a private object is not (checked below).
  'GET /api/objects/public/{id}',
  // Visitors get the assistant's general answers; a member's figures need their session (tests/integration/assistant-api.test.ts).
  'POST /api/ai-assistant/chat',
  // The public pay page: a customer needs no account (verified merchants by name; a business awaiting
  // verification by its code and standing only, checked below; a receipt by its unguessable id).
  'GET /api/pay/{merchantCode}',
  'POST /api/pay/{merchantCode}',
  'GET /api/pay/payments/{id}',
  // A statement e-mailed by the CLI: the signed token is the credential (tests/integration/statements.test.ts).
  'GET /api/statements/download',
  // Card payments: a merchant's customer pays by card with no account (a contribution or a loan
  // repayment by card needs its member's session: 401, checked in tests/integration/card-payments.test.ts);
  // a card payment is read by its unguessable reference, a member's only by that member.
  'POST /api/payments/card',
  'GET /api/payments/card/{reference}',
]);

/**
 * Public operations that answer for a business awaiting KYB (the owner's fixture merchant) with its
 * code and standing, and nothing else of it or of its owner: the pay page says it takes no payment yet.
 */
const STANDING_ONLY = new Set(['GET /api/pay/{merchantCode}']);
/** Refusals that are not 404 for that business: paying it is refused as `merchant_not_verified` (409), nothing collected. */
const REFUSED_WITH: Record<string, number> = { 'POST /api/pay/{merchantCode}': 409 };

function expectStandingOnly(key: string, res: request.Response) {
  expect(res.status, `${key}: ${JSON.stringify(res.body)}`).toBe(200);
  expect(res.body, key).toEqual({ merchantCode: own.merchantCode, businessName: null, district: null, standing: 'awaiting_verification', acceptingPayments: false, message: expect.any(String) });
}

/**
 * Provider callbacks: the gateway's own credentials guard them (tested in their own files). So do
 * this server's upload addresses: their signature is the credential, not a session
 * (tests/integration/uploads-api.test.ts).
 */
const isProviderCallback = (path: string) => /^\/api\/payments\/callbacks\/|^\/ussd\/|^\/api\/sms\/|^\/api\/objects\/uploads\//.test(path);

/**
 * Operations whose purpose is to act on a group one is not (yet) in: any member may call them on
 * a group, never on someone's personal savings.
 */
const OPEN_TO_ANY_MEMBER = new Set(['POST /api/tontines/{id}/join']);

/**
 * Operations whose path parameter names a kind, not anyone's resource: any member calls them on
 * their own data only (withdrawing one's own consent), never reaching the owner's.
 */
const OWN_DATA_ONLY = new Set(['DELETE /api/me/consents/{kind}']);

/** The resource a path id names, by the segment before it. */
const RESOURCES: Record<string, keyof OwnResources> = {
  tontines: 'group',
  tontine: 'group',
  contributions: 'contribution',
  fines: 'fine',
  payments: 'payment',
  // GET /api/payments/card/{reference}: a card payment's reference (the owner's payment id stands in: another's reads nothing).
  card: 'payment',
  loans: 'loan',
  notifications: 'notification',
  merchants: 'merchant',
  'working-capital': 'workingCapital',
  pay: 'merchantCode',
  swaps: 'swap',
  proposals: 'proposal',
  sessions: 'session',
  private: 'privateObject',
  public: 'publicObject',
  multipart: 'multipartUpload',
  // /api/companion/s3/multipart/{uploadId}/{partNumber}: the part of the owner's upload.
  '{uploadId}': 'partNumber',
  // /api/me/export/{id} and /api/me/export/{id}/{format}: the owner's data export, one of its files.
  export: 'dataExport',
  '{id}': 'exportFormat',
  // /api/me/consents/{kind}: a kind of consent, the caller's own (OWN_DATA_ONLY).
  consents: 'consentKind',
};

/**
 * What a path names in the "savings" variant of a call: the owner's private twin of a resource
 * public operations may show (a group → personal savings; a public photo → a private one).
 */
const PRIVATE_TWIN: Partial<Record<keyof OwnResources, keyof OwnResources>> = { group: 'savings', publicObject: 'privateObject' };

/** Ids in request bodies, by property name. */
const BODY_IDS: Record<string, keyof OwnResources> = {
  keyFactsId: 'keyFacts',
  withMemberId: 'ownerMember',
  // POST /api/merchants/register: the referring agent; the owner's is pending, so naming it is refused.
  onboardedByAgentId: 'agent',
  // POST /api/kyc/verify-facial: the client's own reference for what it verifies (any text, kept
  // with the decision); the owner's loan id stands in for one.
  referenceId: 'loan',
  // POST /api/payments/card: what the card pays.
  contributionId: 'contribution',
  loanId: 'loan',
};

let db: TestDatabase;
let t: TestApp;
let owner: SignedUpMember;
let other: SignedUpMember;
let own: OwnResources;
const doc = document();
const operations = operationsOf(doc);

beforeAll(async () => {
  db = await createTestDatabase();
  t = createTestApp(db, { mobileMoney: silentProvider() });
  owner = await signUp(t, 'Owner');
  const partner = await signUp(t, 'Partner');
  other = await signUp(t, 'Other');
  own = await ownResources(db, t, owner, partner);
});
afterAll(async () => {
  await db?.drop();
});

/** The path and body of a call of `op` on the owner's resources; `tontine` picks the group or the personal savings. */
function callOn(operation: DocumentOperation, tontine: 'group' | 'savings' = 'group') {
  const values: Record<string, string> = {};
  for (const param of pathParams(operation.path)) {
    const resource = RESOURCES[resourceSegmentOf(operation.path, param)];
    if (!resource) throw new Error(`${operation.key}: no fixture for the path parameter {${param}}: add its resource to RESOURCES`);
    values[param] = own[tontine === 'savings' ? (PRIVATE_TWIN[resource] ?? resource) : resource];
  }
  const body = bodyOf(doc, operation.op);
  const ids: Record<string, string> = {};
  if (body) {
    for (const name of Object.keys(propertiesOf(doc, body.schema)).filter((n) => /Id$/.test(n))) {
      const resource = BODY_IDS[name];
      if (!resource) throw new Error(`${operation.key}: no fixture for the body id ${name}: add it to BODY_IDS`);
      ids[name] = own[resource];
    }
  }
  return { path: fillPath(operation.path, values), body: body ? sampleOf(doc, body.schema, ids) : undefined };
}

function send(operation: DocumentOperation, path: string, body: unknown, token?: string) {
  let req = request(t.handler)[operation.method](path).set('Idempotency-Key', randomUUID());
  if (token) req = req.set('Authorization', `Bearer ${token}`);
  return body === undefined ? req : req.send(body as object);
}

const privateIds = () => [own.savings, own.contribution, own.payment, own.swap, own.proposal, own.keyFacts, own.loan, own.notification, own.session];

/** A refusal is `{error, code}` and nothing else; no answer names the owner's private records. */
function expectNoOwnerData(key: string, res: request.Response, { refusal }: { refusal: boolean }) {
  const text = JSON.stringify(res.body ?? res.text);
  for (const id of privateIds()) expect(text, `${key} answered another member's id ${id}`).not.toContain(id);
  expect(text, `${key} answered the owner's e-mail`).not.toContain(owner.email);
  expect(text, `${key} answered the owner's phone`).not.toContain(owner.phone);
  expect(text, `${key} answered the owner's national ID number`).not.toContain(own.nationalIdNumber);
  if (refusal) expect(Object.keys(res.body).every((k) => ['error', 'code', 'fields'].includes(k)), `${key}: ${JSON.stringify(res.body)}`).toBe(true);
}

describe('the authorisation matrix of the OpenAPI document', () => {
  it('covers the document: every operation is public, a provider callback, or refused signed out', () => {
    expect(operations.length).toBeGreaterThan(40);
    for (const operation of operations) {
      if (PUBLIC.has(operation.key) || isProviderCallback(operation.path)) continue;
      // The document must say what the server enforces.
      expect(operation.op.security, `${operation.key} needs a session but the document does not say so`).toBeDefined();
    }
    for (const key of [...PUBLIC, ...OPEN_TO_ANY_MEMBER, ...OWN_DATA_ONLY]) expect(operations.map((o) => o.key), `${key} is no longer in the document`).toContain(key);
  });

  it('answers 401 to every operation that is not public, signed out, with nothing of the owner', async () => {
    const failures: string[] = [];
    for (const operation of operations) {
      if (PUBLIC.has(operation.key) || isProviderCallback(operation.path)) continue;
      for (const tontine of ['group', 'savings'] as const) {
        const { path, body } = callOn(operation, tontine);
        const res = await send(operation, path, body);
        if (res.status !== 401 || res.body.code !== 'unauthenticated') failures.push(`${operation.key} (${tontine}) signed out: ${res.status} ${JSON.stringify(res.body)}`);
        expectNoOwnerData(operation.key, res, { refusal: true });
      }
    }
    expect(failures).toEqual([]);
  });

  it("hides personal savings from visitors on the public group operations", async () => {
    for (const operation of operations.filter((o) => PUBLIC.has(o.key) && pathParams(o.path).length > 0)) {
      const { path, body } = callOn(operation, 'savings');
      const signedOut = await send(operation, path, body);
      const asOther = await send(operation, path, body, other.token);
      for (const res of [signedOut, asOther]) {
        expectNoOwnerData(operation.key, res, { refusal: !STANDING_ONLY.has(operation.key) });
        if (STANDING_ONLY.has(operation.key)) expectStandingOnly(operation.key, res);
        else expect(res.status, `${operation.key}: ${JSON.stringify(res.body)}`).toBe(REFUSED_WITH[operation.key] ?? 404);
      }
    }
  });

  it("refuses another member every operation on the owner's resources (403 or 404, never 2xx, never the owner's data)", async () => {
    const failures: string[] = [];
    const named = operations.filter((o) => !isProviderCallback(o.path) && (pathParams(o.path).length > 0 || Object.keys(bodyIdsOf(o)).length > 0));
    expect(named.length).toBeGreaterThan(20);
    for (const operation of named) {
      const public_ = PUBLIC.has(operation.key);
      for (const tontine of ['group', 'savings'] as const) {
        const { path, body } = callOn(operation, tontine);
        const res = await send(operation, path, body, other.token);
        // A group is public for reading and open for joining; personal savings are nobody's but the owner's.
        const mayAnswer = (tontine === 'group' && (public_ || OPEN_TO_ANY_MEMBER.has(operation.key)) && pathParams(operation.path).length > 0) || OWN_DATA_ONLY.has(operation.key);
        if (STANDING_ONLY.has(operation.key)) {
          expectStandingOnly(operation.key, res);
          expectNoOwnerData(operation.key, res, { refusal: false });
          continue;
        }
        if (mayAnswer) {
          if (res.status >= 500) failures.push(`${operation.key} (${tontine}): ${res.status}`);
        } else if (res.status !== 403 && res.status !== 404 && res.status !== REFUSED_WITH[operation.key]) {
          failures.push(`${operation.key} (${tontine}) as another member: ${res.status} ${JSON.stringify(res.body)}`);
        }
        expectNoOwnerData(operation.key, res, { refusal: !mayAnswer });
      }
    }
    expect(failures).toEqual([]);
  });

  it("shows another member none of the owner's private records in any list", async () => {
    for (const operation of operations.filter((o) => o.method === 'get' && pathParams(o.path).length === 0 && !isProviderCallback(o.path))) {
      const res = await request(t.handler).get(operation.path).set('Authorization', `Bearer ${other.token}`);
      expect(res.status, operation.key).toBeLessThan(500);
      expectNoOwnerData(operation.key, res, { refusal: false });
    }
  });

  it('still lets the owner reach each of those resources (the fixtures are real)', async () => {
    const reads = ['/api/tontines/{id}/chat', '/api/contributions/tontine/{id}', '/api/payments/{id}', '/api/loans/{id}', '/api/tontines/{id}/swaps', '/api/objects/private/{id}', '/api/companion/s3/multipart/{uploadId}', '/api/me/export/{id}'];
    for (const path of reads) {
      const operation = operations.find((o) => o.key === `GET ${path}`)!;
      const res = await send(operation, callOn(operation).path, undefined, owner.token);
      expect(res.status, `${operation.key}: ${JSON.stringify(res.body)}`).toBe(200);
    }
    expect((await request(t.handler).get(`/api/tontines/${own.savings}`).set('Authorization', `Bearer ${owner.token}`)).status).toBe(200);
    expect((await request(t.handler).get('/api/nida/status').set('Authorization', `Bearer ${owner.token}`)).body).toMatchObject({ verified: true, idNumber: own.nationalIdNumber });
  });
});

function bodyIdsOf(operation: DocumentOperation): Record<string, unknown> {
  const body = bodyOf(doc, operation.op);
  if (!body) return {};
  return Object.fromEntries(Object.entries(propertiesOf(doc, body.schema)).filter(([name]) => /Id$/.test(name)));
}
