/**
 * The money tests' bench: the real app (container, Koa, one listening server) over a fresh
 * PostgreSQL database, with the embedded sandbox as the provider that never calls back on its own
 * (the tests play MTN's callbacks themselves, or let the polling job ask), a clock the test moves,
 * and pino's output captured. Plus the books checks every money test file ends with.
 */
import type { AddressInfo } from 'node:net';
import { createServer, type Server } from 'node:http';
import { pino } from 'pino';
import request from 'supertest';
import { expect } from 'vitest';
import type { Container } from 'inversify';
import { SandboxMobileMoney } from '../../adapters/mobile-money/sandbox-mobile-money.ts';
import { PostgresLedgerRepository } from '../../adapters/postgres/postgres-ledger-repository.ts';
import { parseAccountId } from '../../core/ledger/accounts.ts';
import { normalBalance } from '../../core/ledger/journal-entry.ts';
import { Money } from '../../core/money/money.ts';
import type { MobileMoney, PaymentDirection } from '../../core/payments/ports.ts';
import { buildContainer, TOKENS } from '../../apps/container.ts';
import { SandboxTestNumbers } from '../../apps/payments/sandbox-test-numbers.ts';
import { createApp } from '../../apps/server.ts';
import { FakeClock } from './fake-clock.ts';
import type { ProviderAnswer } from './provider-record.ts';
import { ScriptedMobileMoney } from './scripted-mobile-money.ts';
import { testConfig } from './test-app.ts';
import { createTestDatabase, type TestDatabase } from './test-database.ts';
import { SAVINGS_PAYMENTS } from './outgoing-transfers.ts';

export interface LogLine {
  level: number;
  msg: string;
  [field: string]: unknown;
}

export const PINO_WARN = 40;

export interface MoneyApp {
  db: TestDatabase;
  container: Container;
  clock: FakeClock;
  sandbox: SandboxMobileMoney;
  /** The provider the app asks: the sandbox, overruled where a test decided (`sendCallback`). */
  provider: ScriptedMobileMoney;
  /** Every line pino wrote at warn and above, parsed. */
  logs: LogLine[];
  /** supertest against the one listening server (not a server per request). */
  http: ReturnType<typeof request>;
  close(): Promise<void>;
}

/**
 * `between`: a provider of the test's own put between the app and the scripted sandbox (the chaos
 * test's slow or unreachable provider); the app is given it, `provider` stays the scripted one.
 */
export async function startMoneyApp(options: { settleMs?: number; between?: (provider: ScriptedMobileMoney) => MobileMoney } = {}): Promise<MoneyApp> {
  const db = await createTestDatabase();
  const clock = new FakeClock(new Date());
  const logs: LogLine[] = [];
  const logger = pino({ level: 'warn' }, { write: (line: string) => void logs.push(JSON.parse(line) as LogLine) });
  // No callback URL: the sandbox settles silently and tells the truth to status queries.
  const sandbox = new SandboxMobileMoney({ settleMs: options.settleMs ?? 5 });
  const provider = new ScriptedMobileMoney(new SandboxTestNumbers(sandbox));
  const container = buildContainer({
    config: testConfig(),
    orm: db.orm,
    logger,
    clock,
    singleSignOn: null,
    mailTransport: null,
    mobileMoney: options.between ? options.between(provider) : provider,
  });
  const server: Server = createServer(createApp(container).callback());
  // Room for a thousand connections arriving at once.
  await new Promise<void>((resolve) => server.listen({ port: 0, host: '127.0.0.1', backlog: 4096 }, resolve));
  const http = request(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  return {
    db,
    container,
    clock,
    sandbox,
    provider,
    logs,
    http,
    async close() {
      sandbox.close();
      await new Promise((resolve) => server.close(resolve));
      await db.drop();
    },
  };
}

export interface Member {
  id: string;
  phone: string;
  token: string;
}

let seq = 0;

/** A member signed up through the API with this phone (see `phoneNumber`); names are letters only. */
export async function signUp(app: MoneyApp, name: string, phone: string): Promise<Member> {
  const res = await app.http
    .post('/api/auth/register')
    .send({ email: `${name.toLowerCase()}.${++seq}@example.rw`, password: 'correct horse', firstName: name, lastName: 'Money', phone });
  if (res.status !== 201) throw new Error(`register ${name}: ${res.status} ${JSON.stringify(res.body)}`);
  return { id: res.body.user.id as string, phone, token: res.body.token as string };
}

/**
 * The n-th Rwandan MTN number of a test file (n < 10,000). The sandbox pays it, or, with `fails`,
 * refuses it: in sandbox mode a number ending in 450 stands for MTN's failing test number.
 */
export function phoneNumber(n: number, fails = false): string {
  return fails ? `+25078${String(n).padStart(4, '0')}450` : `+25078${String(n).padStart(6, '0')}9`;
}

/** A weekly group made and filled through the API: active once the last member joined. */
export async function activeGroup(app: MoneyApp, members: readonly Member[], contributionAmount: number): Promise<string> {
  const [creator, ...others] = members;
  const created = await app.http
    .post('/api/tontines')
    .set('Authorization', `Bearer ${creator!.token}`)
    .send({ name: `Money ${++seq}`, description: 'Saving under load', contributionAmount, frequency: 'weekly', maxMembers: members.length });
  if (created.status !== 201) throw new Error(`create group: ${created.status} ${JSON.stringify(created.body)}`);
  const id = created.body.id as string;
  for (const member of others) {
    const joined = await app.http.post(`/api/tontines/${id}/join`).set('Authorization', `Bearer ${member.token}`);
    if (joined.status >= 300) throw new Error(`join group: ${joined.status} ${JSON.stringify(joined.body)}`);
  }
  return id;
}

export interface ContributionRow {
  id: string;
  member_id: string;
  cycle: number;
  status: string;
}

export function contributionsOf(app: MoneyApp, tontineId: string): Promise<ContributionRow[]> {
  return app.db.orm.em
    .fork()
    .execute<ContributionRow[]>('select id, member_id, cycle, status from contributions where tontine_id = ? order by cycle, member_id', [tontineId]);
}

/** POST /api/contributions/:id/pay as the member who owes it. */
export function pay(app: MoneyApp, member: Member, contributionId: string, key = `pay-${contributionId}`) {
  return app.http.post(`/api/contributions/${contributionId}/pay`).set('Authorization', `Bearer ${member.token}`).set('Idempotency-Key', key).send({});
}

export async function referenceOf(app: MoneyApp, paymentId: string): Promise<string> {
  const rows = await app.db.orm.em.fork().execute<{ reference: string }[]>(`select reference from ${SAVINGS_PAYMENTS} where id = ?`, [paymentId]);
  return rows[0]!.reference;
}

/** MTN's callback body (its payment resource, no referenceId) for one of our references. */
export function mtnCallback(reference: string, amountFrancs: string, status: 'SUCCESSFUL' | 'FAILED', reason?: string) {
  return {
    externalId: reference,
    amount: amountFrancs,
    currency: 'RWF',
    payer: { partyIdType: 'MSISDN', partyId: '250780000000' },
    payerMessage: 'Ikimina contribution',
    payeeNote: 'Ikimina contribution',
    status,
    ...(status === 'SUCCESSFUL' ? { financialTransactionId: reference.slice(0, 8) } : { reason: reason ?? 'INTERNAL_PROCESSING_ERROR' }),
  };
}

/**
 * MTN's callback as it happens: the provider first decides the payment as the body says (its
 * status, amount, currency), then calls the app back at that payment's own URL (with its token).
 * The app books only what the provider answers when asked; the forgery tests post bodies the
 * provider never decided.
 */
export async function sendCallback(app: MoneyApp, body: ReturnType<typeof mtnCallback>) {
  const direction = await directionOf(app, body.externalId);
  const amount = Money.parseDecimal(body.amount);
  if (!amount.ok) throw new Error(`callback amount ${body.amount}`);
  app.provider.decide(direction, body.externalId, {
    status: body.status === 'SUCCESSFUL' ? 'successful' : 'failed',
    amount: amount.value,
    currency: body.currency,
    reason: 'reason' in body ? body.reason : undefined,
    providerTransactionId: 'financialTransactionId' in body ? body.financialTransactionId : undefined,
  });
  return app.http.put(callbackPath(app, direction, body.externalId)).send(body);
}

/** The path of one payment's callback, with the token the app gave the provider for it. */
export function callbackPath(app: MoneyApp, direction: PaymentDirection, reference: string): string {
  return new URL(app.container.get(TOKENS.CallbackTokens).urlFor(direction, reference)).pathname;
}

/** Collections: contributions and loan repayments; transfers: payouts, withdrawals, disbursements. */
export async function directionOf(app: MoneyApp, reference: string): Promise<PaymentDirection> {
  if (reference.startsWith('loan-repayment:')) return 'collection';
  if (reference.startsWith('loan-disbursement:')) return 'transfer';
  const rows = await app.db.orm.em.fork().execute<{ kind: string }[]>(`select kind from ${SAVINGS_PAYMENTS} where reference = ?`, [reference]);
  return rows[0] && rows[0].kind !== 'contribution' ? 'transfer' : 'collection';
}

/** The provider's own record of one payment (its answer to a status query, not counted as the app's), for replayProviderRecord. */
export async function providerRecordOf(app: MoneyApp, direction: PaymentDirection, reference: string): Promise<ProviderAnswer> {
  const answer = await app.provider.answer(direction, 'sandbox', reference);
  if (!answer.ok) return 'unknown';
  return { status: answer.value.status, centimes: answer.value.amount!.centimes, currency: answer.value.currency };
}

/** Signed totals (debits positive) of every account, as the database holds them. */
export function accountTotals(app: MoneyApp): Promise<Map<string, Money>> {
  return new PostgresLedgerRepository(app.db.orm.em.fork()).accountTotals();
}

/**
 * The books after a file: every posting ever made sums to zero (to the centime), and no account
 * that may never go negative (pools, payables, loans) is below zero on its normal side.
 */
export async function expectBooksBalance(app: Pick<MoneyApp, 'db'>): Promise<void> {
  const ledger = new PostgresLedgerRepository(app.db.orm.em.fork());
  expect((await ledger.trialBalance()).centimes).toBe(0);
  const belowZero = [...(await ledger.accountTotals())].filter(([account, total]) => {
    const parsed = parseAccountId(account);
    return parsed.ok && !parsed.value.mayGoNegative && normalBalance(account, total).isNegative();
  });
  expect(belowZero).toEqual([]);
}

/** Counts answers by status, e.g. { 200: 998, 409: 2 }. */
export function statusCounts(statuses: readonly number[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const s of statuses) counts[s] = (counts[s] ?? 0) + 1;
  return counts;
}
