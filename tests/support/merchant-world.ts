/**
 * The merchant side of the sandbox-app integration tests (sandbox-app.ts): a fresh database and
 * the app over it, members signed up through the API, an agent the admin accredited, a merchant
 * the admin verified (onboarded by that agent, or not), a customer's payment on the pay page that
 * the provider completed, and the ledger check each such file ends with.
 *
 * Usage
 *   beforeAll(async () => {
 *     ({ db, app } = await startMerchantWorld({ mobileMoney: (sandbox) => sandbox }));
 *     ({ agentId, merchantId } = await onboardedMerchant(app, { agentCode: 'AG-7', merchantCode: 'WEEK-1', phones: '+2507887000' }));
 *   });
 *   afterAll(() => closeMerchantWorld({ db, app }));
 */
import request from 'supertest';
import { expect } from 'vitest';
import { PostgresLedgerRepository } from '../../adapters/postgres/postgres-ledger-repository.ts';
import { Money } from '../../core/money/money.ts';
import type { MobileMoney } from '../../core/payments/ports.ts';
import { runAdmin } from './admin-cli.ts';
import { startSandboxApp, type SandboxApp } from './sandbox-app.ts';
import { createTestDatabase, type TestDatabase } from './test-database.ts';
import { until } from './until.ts';

/** The sandbox itself, with the reference of every collection the app asks it for noted in `asked` first. */
export function notingCollections(asked: string[]): (sandbox: MobileMoney) => MobileMoney {
  return (sandbox) => ({
    ...sandbox,
    requestToPay: (r) => {
      asked.push(r.reference);
      return sandbox.requestToPay(r);
    },
  });
}

export interface MerchantWorld {
  db: TestDatabase;
  app: SandboxApp;
}

export async function startMerchantWorld(options: Parameters<typeof startSandboxApp>[1]): Promise<MerchantWorld> {
  const db = await createTestDatabase();
  return { db, app: await startSandboxApp(db, options) };
}

/** Stops the app, then checks that every posting of the file sums to zero, then drops the database. */
export async function closeMerchantWorld(world: Partial<MerchantWorld>): Promise<void> {
  await world.app?.close();
  if (world.db) expect(await new PostgresLedgerRepository(world.db.orm.em.fork()).trialBalance()).toEqual(Money.ZERO);
  await world.db?.drop();
}

/** A member registered through the API; their bearer token. */
export async function signUp(app: SandboxApp, who: { email: string; phone: string; firstName?: string; lastName?: string }): Promise<string> {
  const registered = await request(app.handler)
    .post('/api/auth/register')
    .send({ email: who.email, password: 'correct horse', firstName: who.firstName ?? 'A', lastName: who.lastName ?? 'B', phone: who.phone });
  expect(registered.status).toBe(201);
  return registered.body.token as string;
}

/** An individual agent in Kicukiro, registered by its own member and accredited by the admin; its id. */
export async function accreditedAgent(app: SandboxApp, agent: { agentCode: string; memberPhone: string; phoneNumber: string }): Promise<string> {
  const token = await signUp(app, { email: `${agent.agentCode.toLowerCase()}.member@example.rw`, phone: agent.memberPhone });
  const registered = await request(app.handler)
    .post('/api/agents/register')
    .set('Authorization', `Bearer ${token}`)
    .send({ agentCode: agent.agentCode, agentType: 'individual', physicalAddress: 'KG 7 Ave', district: 'Kicukiro', phoneNumber: agent.phoneNumber, email: `${agent.agentCode.toLowerCase()}@example.rw`, serviceTerritories: ['Kicukiro'] });
  expect(registered.status).toBe(201);
  expect((await runAdmin(app.container, 'agents', 'accredit', registered.body.id as string)).code).toBe(0);
  return registered.body.id as string;
}

export interface MerchantDetails {
  merchantCode: string;
  businessName: string;
  merchantCategory: string;
  businessAddress: string;
  district: string;
  phoneNumber: string;
  onboardedByAgentId?: string;
}

/** A merchant registered by its owner (a member signed up with `ownerPhone`) and verified by the admin, so it takes payments. */
export async function verifiedMerchant(app: SandboxApp, merchant: MerchantDetails & { ownerPhone: string }): Promise<{ merchantId: string; ownerToken: string }> {
  const { ownerPhone, ...details } = merchant;
  const email = `${merchant.merchantCode.toLowerCase()}@example.rw`;
  const ownerToken = await signUp(app, { email: `owner.${email}`, phone: ownerPhone });
  const registered = await request(app.handler).post('/api/merchants/register').set('Authorization', `Bearer ${ownerToken}`).send({ ...details, email });
  expect(registered.status).toBe(201);
  const merchantId = registered.body.id as string;
  expect((await runAdmin(app.container, 'merchants', 'verify', merchantId)).code).toBe(0);
  return { merchantId, ownerToken };
}

/**
 * A restaurant in Kicukiro onboarded by an accredited agent, both verified: what settlement and
 * commission tests start from. `phones` is the file's own run of numbers (+ and ten digits; two
 * are appended): agent member …01, agent …02, owner …03, merchant …04.
 */
export async function onboardedMerchant(
  app: SandboxApp,
  shop: { agentCode: string; merchantCode: string; businessName: string; phones: string },
): Promise<{ agentId: string; merchantId: string; ownerToken: string }> {
  const agentId = await accreditedAgent(app, { agentCode: shop.agentCode, memberPhone: `${shop.phones}01`, phoneNumber: `${shop.phones}02` });
  const merchant = await verifiedMerchant(app, {
    merchantCode: shop.merchantCode,
    businessName: shop.businessName,
    merchantCategory: 'restaurant',
    businessAddress: 'KK 15 Rd, Gikondo',
    district: 'Kicukiro',
    phoneNumber: `${shop.phones}04`,
    ownerPhone: `${shop.phones}03`,
    onboardedByAgentId: agentId,
  });
  return { agentId, ...merchant };
}

/** A customer's payment on the merchant's pay page, once the provider (the sandbox) has completed it; its id. */
export async function paidAtMerchant(app: SandboxApp, merchantCode: string, francs: number, phoneNumber: string): Promise<string> {
  const paid = await request(app.handler).post(`/api/pay/${merchantCode}`).send({ amount: francs, phoneNumber });
  expect(paid.status).toBe(202);
  await until(() => request(app.handler).get(`/api/pay/payments/${paid.body.id as string}`), (r) => r.body.status === 'completed');
  return paid.body.id as string;
}
