/**
 * The weekly settlement and monthly commission jobs through the scheduler (`jobs run`, under the
 * job's advisory lock), against PostgreSQL and the sandbox: payments completed during a Kigali
 * week are settled by the Monday 00:30 job for that week only; running the job again creates and
 * posts nothing; the merchant's payable holds only the carried fraction after the batch; the
 * commission job on the 1st pays the agent once. After the file, the ledger balances.
 */
import type { Container } from 'inversify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdmin } from '../support/admin-cli.ts';
import { FakeClock } from '../support/fake-clock.ts';
import { closeMerchantWorld, onboardedMerchant, paidAtMerchant, startMerchantWorld } from '../support/merchant-world.ts';
import type { SandboxApp } from '../support/sandbox-app.ts';
import type { TestDatabase } from '../support/test-database.ts';
import { until } from '../support/until.ts';

let db: TestDatabase;
let app: SandboxApp;
let container: Container;
// Wednesday 18 November 2026, 12:00 Kigali: the week of Monday 16 November.
const clock = new FakeClock(new Date('2026-11-18T10:00:00Z'));
let merchantId: string;

beforeAll(async () => {
  ({ db, app } = await startMerchantWorld({ clock, mobileMoney: (sandbox) => sandbox }));
  ({ container } = app);
  ({ merchantId } = await onboardedMerchant(app, { agentCode: 'AG-7', merchantCode: 'WEEK-1', businessName: 'Week Shop', phones: '+2507887000' }));
});

afterAll(() => closeMerchantWorld({ db, app }));

const pay = (francs: number) => paidAtMerchant(app, 'WEEK-1', francs, '+250788700099');

const payable = async () => Number((await db.orm.em.fork().execute<{ t: string | null }[]>(`select sum(amount_centimes)::text as t from ledger_postings where account_id = ?`, [`merchant_payable:${merchantId}`]))[0]!.t ?? 0);

describe('the weekly settlement job', () => {
  it('settles the week that ended, once; the next week’s payments wait for their Monday', async () => {
    await pay(10_001);
    await pay(2_499);
    clock.advance(5 * 86_400_000); // Monday 23 November 12:00 Kigali: a payment of the new week
    await pay(1_000);
    const ran = await runAdmin(container, 'jobs', 'run', 'merchant-settlement');
    expect(ran.code).toBe(0);
    expect(ran.output).toMatch(/created\s+│\s+1\b/);
    // Completed by the provider's callback about its transfer, not by its acceptance.
    const batches = await until(
      () => db.orm.em.fork().execute<{ batch_reference: string; total_transactions: number; payout_amount_centimes: string; carried_out_centimes: string; status: string }[]>('select * from settlement_batches'),
      (rows) => rows[0]?.status === 'completed',
    );
    expect(batches).toMatchObject([{ batch_reference: 'STL-20261116-WEEK-1', total_transactions: 2, payout_amount_centimes: '1225000', carried_out_centimes: '0', status: 'completed' }]);
    // 9,800.98 + 2,449.02 = 12,250.00 paid; the 980.00 of the new week stays payable.
    expect(-(await payable())).toBe(98_000);
    // The admin's listing and report name the week by its Kigali days, Monday to Sunday.
    expect((await runAdmin(container, 'settlements', 'list')).output).toMatch(/STL-20261116-WEEK-1\s+│\s+2026-11-16 – 2026-11-22\s+│/);
    expect((await runAdmin(container, 'settlements', 'show', 'STL-20261116-WEEK-1')).output).toContain('Period: 2026-11-16 – 2026-11-22 (Kigali)\n');

    const entries = await db.count('journal_entries');
    expect((await runAdmin(container, 'jobs', 'run', 'merchant-settlement')).output).toMatch(/created\s+│\s+0\b/);
    expect(await db.count('journal_entries')).toBe(entries);
    expect(await db.count('settlement_batches')).toBe(1);
  });

  it('pays the agent’s commissions of the month that ended, once, on the 1st', async () => {
    clock.advance(9 * 86_400_000); // Wednesday 2 December
    const ran = await runAdmin(container, 'jobs', 'run', 'agent-commissions');
    expect(ran.output).toMatch(/created\s+│\s+1\b/);
    const payouts = await until(() => db.orm.em.fork().execute<{ payout_amount_centimes: string; status: string }[]>('select * from commission_payouts'), (rows) => rows[0]?.status === 'completed');
    // 50.00 + 12.50 (0.5 % of 2,499 = 12.495 → 12.50 half-even) + 5.00 = 67.50: 67 paid, 0.50 carried.
    expect(payouts).toMatchObject([{ payout_amount_centimes: '6700', status: 'completed' }]);
    expect((await runAdmin(container, 'jobs', 'run', 'agent-commissions')).output).toMatch(/created\s+│\s+0\b/);
  });
});
