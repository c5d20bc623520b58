/**
 * Settlement and commission payouts complete on the provider's own final word, against PostgreSQL
 * and the sandbox: a payout the provider accepts stays `processing`; one it fails afterwards (by
 * callback, or found by the polling job when no callback comes) is booked back and `failed`, and
 * the admin's retry pays it again as a new attempt, which completes on the provider's callback. A
 * report about a settled transfer is applied once, and the polling job stops asking once it is
 * final. After the file, the ledger balances.
 */
import type { Container } from 'inversify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MTN_SANDBOX_NUMBERS } from '../../adapters/mobile-money/mtn-sandbox.ts';
import { PollPendingPayments } from '../../core/payment-reports/poll-pending-payments.ts';
import { ReconcilePayment } from '../../core/payment-reports/reconcile-payment.ts';
import { runAdmin } from '../support/admin-cli.ts';
import { closeMerchantWorld, onboardedMerchant, paidAtMerchant, startMerchantWorld } from '../support/merchant-world.ts';
import type { SandboxApp } from '../support/sandbox-app.ts';
import type { TestDatabase } from '../support/test-database.ts';
import { until } from '../support/until.ts';

let db: TestDatabase;
let app: SandboxApp;
let container: Container;
let merchantId: string;
let agentId: string;
/** While set, the sandbox sends settlement and commission transfers to this MTN test number: it accepts them, then fails them (its own way). */
let payoutsTo: string | undefined;
/** While set, the provider's status answers (which its callbacks are read through) wait for it: what the app holds before the provider's word. */
let providerSilent: Promise<void> | undefined;

beforeAll(async () => {
  ({ db, app } = await startMerchantWorld({
    mobileMoney: (sandbox) => ({
      ...sandbox,
      requestToPay: (r) => sandbox.requestToPay(r),
      collectionStatus: (p, ref) => sandbox.collectionStatus(p, ref),
      transferStatus: async (p, ref) => {
        await providerSilent;
        return sandbox.transferStatus(p, ref);
      },
      transfer: (r) => sandbox.transfer(payoutsTo && /^(STL|COM)-/.test(r.reference) ? { ...r, msisdn: `+${payoutsTo}` } : r),
    }),
  }));
  ({ container } = app);
  ({ agentId, merchantId } = await onboardedMerchant(app, { agentCode: 'AG-P', merchantCode: 'PAYOUT-1', businessName: 'Payout Shop', phones: '+2507887200' }));
  await paidAtMerchant(app, 'PAYOUT-1', 10_001, '+250788720099');
});

afterAll(() => closeMerchantWorld({ db, app }));

type Row = Record<string, unknown>;
const sql = (text: string, params: unknown[] = []) => db.orm.em.fork().execute<Row[]>(text, params);
const posted = async (account: string) => Number((await sql(`select coalesce(sum(amount_centimes), 0)::text as t from ledger_postings where account_id = ?`, [account]))[0]!.t);
const transfers = (transferReference: string) => sql(`select reference, status, reason from outgoing_transfers where transfer_reference = ? order by attempt`, [transferReference]);
const kigaliToday = () => new Date(Date.now() + 2 * 3_600_000).toISOString().slice(0, 10);
const poll = () => container.get(PollPendingPayments).execute({ pollAfterSeconds: 0 });

describe('a settlement batch', () => {
  it('stays processing when the provider accepts it, fails and is booked back when the provider fails it, and completes on retry', async () => {
    payoutsTo = MTN_SANDBOX_NUMBERS.failed;
    let speak = () => {};
    providerSilent = new Promise((resolve) => (speak = resolve));
    const today = kigaliToday();
    const created = await runAdmin(container, 'settlements', 'create', '--from', today, '--to', today);
    expect(created.output).toContain('1 batch(es) created, 0 paid, 1 awaiting the provider, 0 failed.');
    const [batch] = await sql(`select id, batch_reference, status, attempts from settlement_batches`);
    expect(batch).toMatchObject({ status: 'processing', attempts: 1 });
    const reference = batch!.batch_reference as string;
    expect(await posted(`merchant_payable:${merchantId}`)).toBe(-98); // booked: only the fraction stays

    // The provider's callback fails the transfer it had accepted.
    speak();
    providerSilent = undefined;
    const failed = await until(() => sql(`select status, attempts from settlement_batches`), (r) => r[0]?.status === 'failed');
    expect(failed).toEqual([{ status: 'failed', attempts: 1 }]);
    expect(await transfers(reference)).toEqual([{ reference, status: 'failed', reason: expect.any(String) }]);
    expect(await posted(`merchant_payable:${merchantId}`)).toBe(-980_098); // booked back: owed again
    expect(await sql(`select count(*)::int as n from journal_entries where key = ?`, [`reversal:${reference}`])).toEqual([{ n: 1 }]);

    payoutsTo = undefined;
    const retried = await runAdmin(container, 'settlements', 'retry', batch!.id as string);
    expect(retried.output).toMatch(new RegExp(`Batch ${reference} is now (processing|completed) \\(attempt 2\\)\\.`));
    const completed = await until(() => sql(`select status, attempts from settlement_batches`), (r) => r[0]?.status === 'completed');
    expect(completed).toEqual([{ status: 'completed', attempts: 2 }]);
    expect(await transfers(reference)).toMatchObject([{ status: 'failed' }, { reference: `${reference}-2`, status: 'completed' }]);
    expect(await posted(`merchant_payable:${merchantId}`)).toBe(-98);

    // The provider's word again, by a repeated callback's status query or the poll: applied once.
    const entries = await db.count('journal_entries');
    const again = await container.get(ReconcilePayment).execute({ direction: 'transfer', reference: `${reference}-2` });
    expect(again.ok && again.value.outcome).toBe('exists');
    const late = await container.get(ReconcilePayment).execute({ direction: 'transfer', reference });
    expect(late.ok && late.value.outcome).toBe('exists'); // the failure, told again
    expect((await poll()).asked).toBe(0); // nothing final is asked about again
    expect(await db.count('journal_entries')).toBe(entries);
    expect(await sql(`select status, attempts from settlement_batches`)).toEqual([{ status: 'completed', attempts: 2 }]);
  });
});

describe('a commission payout', () => {
  it('that the provider fails without a callback is found failed by the polling job, booked back, and completes on retry', async () => {
    payoutsTo = MTN_SANDBOX_NUMBERS.timeout;
    const paid = await runAdmin(container, 'commissions', 'payout', '--month', kigaliToday().slice(0, 7));
    expect(paid.output).toContain('1 payout(s) created, 0 paid, 1 awaiting the provider, 0 failed.');
    const [payout] = await sql(`select id, reference, status from commission_payouts`);
    const reference = payout!.reference as string;
    expect(payout).toMatchObject({ status: 'processing' });
    expect(await posted(`agent_commission:${agentId}`)).toBe(0); // 50.00 booked to the transfer

    // No callback comes: the polling job asks the provider, who says it expired.
    const failed = await until(async () => {
      await poll();
      return sql(`select status from commission_payouts`);
    }, (r) => r[0]?.status === 'failed');
    expect(failed).toEqual([{ status: 'failed' }]);
    expect(await transfers(reference)).toEqual([{ reference, status: 'failed', reason: 'EXPIRED' }]);
    expect(await posted(`agent_commission:${agentId}`)).toBe(-5_000); // booked back: owed to the agent again
    expect(await sql(`select status from agent_commissions`)).toEqual([{ status: 'pending' }]);

    payoutsTo = undefined;
    expect((await runAdmin(container, 'commissions', 'retry', payout!.id as string)).code).toBe(0);
    const completed = await until(() => sql(`select status, attempts from commission_payouts`), (r) => r[0]?.status === 'completed');
    expect(completed).toEqual([{ status: 'completed', attempts: 2 }]);
    expect(await sql(`select status from agent_commissions`)).toEqual([{ status: 'paid' }]);
    expect(await posted(`agent_commission:${agentId}`)).toBe(0);
    const entries = await db.count('journal_entries');
    expect((await poll()).asked).toBe(0);
    const again = await container.get(ReconcilePayment).execute({ direction: 'transfer', reference: `${reference}-2` });
    expect(again.ok && again.value.outcome).toBe('exists');
    expect(await db.count('journal_entries')).toBe(entries);
  });
});
