/**
 * SeedDemoWorld over the real savings use cases (the tontines' test world), the real callback path
 * (ReconcilePayment → SettlePaymentReport) and a sandbox provider whose members approve at once;
 * lending and identity are recorded at their ports (their rules are tested in core/loans and core/identity).
 */
import { describe, expect, it } from 'vitest';
import { InMemoryAccounts, PlainHasher } from '../accounts/accounts.fixtures.ts';
import { DEMO_ACCOUNTS, SeedDemoAccounts } from '../accounts/seed-demo-accounts.ts';
import { RecordingAuditTrail } from '../audit/audit.fixtures.ts';
import { localDate } from '../shared/calendar.ts';
import { err, ok } from '../shared/result.ts';
import { InMemoryPaymentDisputes, settlerOver } from '../payment-reports/payment-reports.fixtures.ts';
import { ReconcilePayment } from '../payment-reports/reconcile-payment.ts';
import { aWorld } from '../tontines/tontines.fixtures.ts';
import { ApprovingSandbox } from './demo.fixtures.ts';
import type { DemoLending } from './ports.ts';
import { DEMO_MEMBER_EMAIL, DEMO_NEIGHBOURS, DEMO_OFFICER, SeedDemoWorld } from './seed-demo-world.ts';

function demoWorld(options: { loanStatus?: 'pending' | 'approved'; refuse?: keyof DemoLending; withIdentity?: boolean } = {}) {
  const world = aWorld(new Date('2026-11-23T08:00:00Z'));
  const accounts = new InMemoryAccounts();
  const seedAccounts = new SeedDemoAccounts({ accounts, passwords: new PlainHasher(), audit: new RecordingAuditTrail(), uow: world.uow, ids: world.ids, clock: world.clock });
  const sandbox = new ApprovingSandbox(world.mobileMoney);
  const { settle, log } = settlerOver(world);
  const reconcilePayment = new ReconcilePayment({ mobileMoney: sandbox, provider: 'sandbox', currency: 'RWF', settle: (r) => settle.execute(r), disputes: new InMemoryPaymentDisputes(), audit: new RecordingAuditTrail(), uow: world.uow, clock: world.clock });

  const steps: string[] = [];
  const step = <T>(name: keyof DemoLending, answer: T) => async (input: unknown) => {
    steps.push(`${name} ${JSON.stringify(input)}`);
    return (options.refuse === name ? err('refused_for_the_test') : answer) as never;
  };
  const lending: DemoLending = {
    showKeyFacts: { execute: step('showKeyFacts', ok({ id: 'kf-1' })) },
    applyForLoan: { execute: step('applyForLoan', ok({ loan: { id: 'loan-1', status: options.loanStatus ?? 'approved' } })) },
    reviewLoan: { execute: step('reviewLoan', ok({})) },
    startLoanRepayment: { execute: step('startLoanRepayment', ok({})) },
    showLoan: { execute: step('showLoan', { status: 'active' }) },
  };
  const verified: unknown[] = [];
  const identity = options.withIdentity
    ? { verifyNationalId: { execute: async (input: unknown) => (verified.push(input), ok({}) as never) }, idNumber: '1199880012345678', dateOfBirth: localDate(1990, 1, 1) }
    : null;

  const seed = new SeedDemoWorld({ seedAccounts, accounts, tontines: world.tontines, contributions: world.contributions, wallets: world.wallets, createTontine: world.createTontine, joinTontine: world.joinTontine, payContribution: world.payContribution, reconcilePayment, sandbox, lending, identity });
  return { world, accounts, seedAccounts, seed, steps, verified, log };
}

describe('SeedDemoWorld', () => {
  it('seeds nothing without the demo member', async () => {
    const { seed, world, accounts } = demoWorld();
    expect(await seed.execute()).toEqual({ seeded: false, reason: 'demo_member_missing' });
    expect([accounts.users.size, world.ledger.entries().length]).toEqual([0, 0]);
  });

  it('builds two living groups, personal savings and a loan in repayment through the real use cases; the books balance', async () => {
    const { seed, seedAccounts, world, accounts, steps } = demoWorld();
    await seedAccounts.execute();
    const member = (await accounts.findByEmail(DEMO_MEMBER_EMAIL))!;

    const outcome = await seed.execute();
    // Savings: 1 payment, kept (personal savings are not paid out); circle: 2 cycles of 4 and their 2 payouts; market: 3 and a payout.
    expect(outcome).toEqual({ seeded: true, groups: 2, paymentsSettled: 1 + 8 + 2 + 3 + 1, loanId: 'loan-1' });

    const groups = await world.tontines.listByMember(member.id);
    expect(groups.map((t) => [t.name, t.status, t.members.length]).sort()).toEqual([
      ['Demo: Market friends', 'active', 3],
      ['Demo: My savings', 'active', 1],
      ['Demo: Umoja circle', 'active', 4],
    ]);
    for (const n of DEMO_NEIGHBOURS) expect((await accounts.findByEmail(n.email))?.isDemo).toBe(true);
    expect(world.transfers.all().every((t) => t.status === 'completed')).toBe(true);
    expect(world.transfers.all().map((t) => t.transferReference.replace(/:[^:]+:/, ':…:'))).toEqual(['payout:…:1', 'payout:…:2', 'payout:…:1']);
    expect(world.ledger.trialBalance().isZero()).toBe(true);
    expect(steps.map((s) => s.split(' ')[0])).toEqual(['showKeyFacts', 'applyForLoan', 'startLoanRepayment', 'showLoan']);
    expect(steps[1]).toContain('"acceptKeyFacts":true');
  });

  it('is idempotent: a second run finds the demo member in a group and adds nothing', async () => {
    const { seed, seedAccounts, world } = demoWorld();
    await seedAccounts.execute();
    await seed.execute();
    const entries = world.ledger.entries().length;
    expect(await seed.execute()).toEqual({ seeded: false, reason: 'already_seeded' });
    expect(world.ledger.entries().length).toBe(entries);
  });

  it('has an officer approve a loan the scorecard referred for review, and verifies the national ID first with the sandbox register', async () => {
    const { seed, seedAccounts, steps, verified, accounts } = demoWorld({ loanStatus: 'pending', withIdentity: true });
    await seedAccounts.execute();
    await seed.execute();
    expect(steps.map((s) => s.split(' ')[0])).toEqual(['showKeyFacts', 'applyForLoan', 'reviewLoan', 'startLoanRepayment', 'showLoan']);
    expect(steps[2]).toContain(`"decidedBy":"${DEMO_OFFICER}"`);
    const member = (await accounts.findByEmail(DEMO_MEMBER_EMAIL))!;
    expect(verified).toEqual([expect.objectContaining({ memberId: member.id, idNumber: '1199880012345678', firstName: member.firstName, phoneNumber: DEMO_ACCOUNTS[0]!.phoneNumber })]);
  });

  it('throws, naming the step, when a rule refuses it: the rules changed under the demo', async () => {
    const { seed, seedAccounts } = demoWorld({ refuse: 'applyForLoan' });
    await seedAccounts.execute();
    await expect(seed.execute()).rejects.toThrow('demo world: apply for the loan was refused (refused_for_the_test)');
  });

  it('throws when a member has no wallet to pay from', async () => {
    const { seed, seedAccounts, world, accounts } = demoWorld();
    await seedAccounts.execute();
    world.wallets.remove((await accounts.findByEmail(DEMO_MEMBER_EMAIL))!.id);
    await expect(seed.execute()).rejects.toThrow(/has no wallet/);
  });
});
