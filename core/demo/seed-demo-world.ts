/**
 * SeedDemoWorld: a newcomer signing in as the demo member finds a living world on every screen:
 * two active groups with paid cycles and a payout received, personal savings, a loan being
 * repaid, and the notifications all of that sent.
 *
 * Guarantees
 * - Built only through the real use cases, as members would act: groups created and joined (a
 *   full group starts), contributions paid by mobile money and confirmed through the path a
 *   provider's callback takes (ReconcilePayment: the provider is asked, its answer settled once),
 *   payouts sent by the cycle that completes them, a loan shown, applied for (decided by the
 *   scorecard, or approved by an officer when it waits for review), disbursed and one instalment
 *   repaid. So the ledger holds exactly what those use cases book, and it balances.
 * - Only with the sandbox provider (`SandboxApprovals`): the demo members approve their payments at
 *   once, as each would with their PIN; no real money is ever asked for.
 * - With the sandbox national-ID register, the demo member's ID (a sandbox test number in their
 *   names) is verified through VerifyNationalId before the loan: a real, encrypted national_ids row.
 * - Clearly demo data: every member is a demo account (`isDemo`, domain ikimina.demo, the public
 *   demo password) and every group is named "Demo: …".
 * - Idempotent: a demo member who already belongs to a group is left as they are
 *   (`already_seeded`), so a second run adds nothing; without the demo member nothing is seeded.
 * - The cycles are paid now, in advance of their due dates (which the rules allow); the group's
 *   calendar starts today. A step a rule refuses throws: the rules changed under the demo.
 */
import type { DemoAccount, SeedDemoAccounts } from '../accounts/seed-demo-accounts.ts';
import { DEMO_ACCOUNTS } from '../accounts/seed-demo-accounts.ts';
import type { AccountRepository } from '../accounts/ports.ts';
import type { ContributionRepository } from '../contributions/ports.ts';
import type { PayContribution } from '../contributions/pay-contribution.ts';
import { Money } from '../money/money.ts';
import type { ReconcilePayment } from '../payment-reports/reconcile-payment.ts';
import type { Result } from '../shared/result.ts';
import type { CreateTontine } from '../tontines/create-tontine.ts';
import type { JoinTontine } from '../tontines/join-tontine.ts';
import type { MemberWallets, TontineRepository } from '../tontines/ports.ts';
import type { TontineTermsInput } from '../tontines/tontine-terms.ts';
import type { DemoIdentity, DemoLending, SandboxApprovals } from './ports.ts';
import { expectOk as expectStep, settleAtProvider } from './sandbox-settlement.ts';

export const DEMO_MEMBER_EMAIL = DEMO_ACCOUNTS[0]!.email;

/** The demo member's neighbours in the world: demo accounts too, with the same public password. */
export const DEMO_NEIGHBOURS: readonly DemoAccount[] = [
  { email: 'demo.amina@ikimina.demo', firstName: 'Amina', lastName: 'Uwase (demo)', phoneNumber: '+250788000011', language: 'rw' },
  { email: 'demo.jean@ikimina.demo', firstName: 'Jean', lastName: 'Habimana (demo)', phoneNumber: '+250788000012', language: 'fr' },
  { email: 'demo.grace@ikimina.demo', firstName: 'Grace', lastName: 'Mukamana (demo)', phoneNumber: '+250788000013', language: 'sw' },
];

/** The officer recorded as approving the demo loan when the scorecard refers it for review. */
export const DEMO_OFFICER = 'admin:demo-seed';

export interface SeedDemoWorldDeps {
  seedAccounts: Pick<SeedDemoAccounts, 'execute'>;
  accounts: Pick<AccountRepository, 'findByEmail'>;
  tontines: Pick<TontineRepository, 'listByMember'>;
  contributions: Pick<ContributionRepository, 'listByTontine'>;
  wallets: MemberWallets;
  createTontine: Pick<CreateTontine, 'execute'>;
  joinTontine: Pick<JoinTontine, 'execute'>;
  payContribution: Pick<PayContribution, 'execute'>;
  /** The path every provider callback takes: the provider asked, its answer settled once. */
  reconcilePayment: Pick<ReconcilePayment, 'execute'>;
  sandbox: SandboxApprovals;
  lending: DemoLending;
  /** With the sandbox register: the demo member verifies their national ID before borrowing. */
  identity: DemoIdentity | null;
}

export type SeedDemoWorldOutcome =
  | { seeded: true; groups: number; paymentsSettled: number; loanId: string }
  | { seeded: false; reason: 'demo_member_missing' | 'already_seeded' };

export class SeedDemoWorld {
  constructor(private readonly deps: SeedDemoWorldDeps) {}

  async execute(): Promise<SeedDemoWorldOutcome> {
    const { accounts, tontines, seedAccounts } = this.deps;
    const member = await accounts.findByEmail(DEMO_MEMBER_EMAIL);
    if (!member) return { seeded: false, reason: 'demo_member_missing' };
    if ((await tontines.listByMember(member.id)).length > 0) return { seeded: false, reason: 'already_seeded' };

    await seedAccounts.execute({ accounts: DEMO_NEIGHBOURS });
    const [amina, jean, grace] = await Promise.all(DEMO_NEIGHBOURS.map(async (n) => (await accounts.findByEmail(n.email))?.id));
    if (!amina || !jean || !grace) throw new Error('demo world: the neighbours could not be seeded');

    // Personal savings: the collateral of the demo loan.
    const savings = await this.create(member.id, { name: 'Demo: My savings', description: 'Demo data: personal savings towards a loan', contributionAmount: '50000', frequency: 'monthly', maxMembers: 1 });
    let settled = await this.payCycle(savings, 1);

    // A weekly circle the demo member leads: first in the payout order, paid out in cycle 1.
    const circle = await this.create(member.id, { name: 'Demo: Umoja circle', description: 'Demo data: a weekly savings circle of neighbours', contributionAmount: '5000', frequency: 'weekly', maxMembers: 4 });
    for (const neighbour of [amina, jean, grace]) await this.join(circle, neighbour);
    settled += await this.payCycle(circle, 1);
    settled += await this.payCycle(circle, 2);

    // A monthly group Amina leads, which the demo member joined: one cycle paid, to Amina.
    const market = await this.create(amina, { name: 'Demo: Market friends', description: 'Demo data: a monthly group of market traders', contributionAmount: '10000', frequency: 'monthly', maxMembers: 3 });
    for (const neighbour of [member.id, jean]) await this.join(market, neighbour);
    settled += await this.payCycle(market, 1);

    if (this.deps.identity) await this.verifyNationalId(member);
    const loan = await this.loanInRepayment(member.id);
    return { seeded: true, groups: 2, paymentsSettled: settled + loan.settled, loanId: loan.id };
  }

  private async create(creatorId: string, terms: TontineTermsInput): Promise<string> {
    const created = expectOk(await this.deps.createTontine.execute({ ...terms, creatorId }), `create ${terms.name}`);
    return created.id;
  }

  private async join(tontineId: string, userId: string): Promise<void> {
    expectOk(await this.deps.joinTontine.execute({ tontineId, userId }), `join ${tontineId}`);
  }

  /** Every member pays the cycle by mobile money; the provider's answers (and the payout they complete) are settled: how many. */
  private async payCycle(tontineId: string, cycle: number): Promise<number> {
    const owed = (await this.deps.contributions.listByTontine(tontineId)).filter((c) => c.cycle === cycle && !c.isCompleted);
    for (const contribution of owed) {
      const wallet = await this.deps.wallets.walletOf(contribution.memberId);
      if (!wallet) throw new Error(`demo world: member ${contribution.memberId} has no wallet`);
      const paid = await this.deps.payContribution.execute({
        contributionId: contribution.id,
        userId: contribution.memberId,
        idempotencyKey: `demo-world:${contribution.id}`,
        provider: wallet.provider,
        msisdn: wallet.msisdn,
      });
      expectOk(paid, `pay contribution ${contribution.id}`);
    }
    return this.settleAtProvider();
  }

  /** The members approve what the provider holds; each answer is settled as a callback's would be (core/demo/sandbox-settlement.ts). */
  private settleAtProvider(): Promise<number> {
    return settleAtProvider(this.deps, SEED);
  }

  /**
   * The demo member's national ID, verified through the use case a member calls (the register's
   * record, the names compared, the number stored encrypted): so the demo's loan rests on a real
   * verified ID, as every member's does.
   */
  private async verifyNationalId(member: { id: string; firstName: string; lastName: string; phoneNumber?: string | null }): Promise<void> {
    const { verifyNationalId, idNumber, dateOfBirth } = this.deps.identity!;
    const verified = await verifyNationalId.execute({
      memberId: member.id,
      idNumber,
      phoneNumber: member.phoneNumber ?? DEMO_ACCOUNTS[0]!.phoneNumber,
      firstName: member.firstName,
      lastName: member.lastName,
      dateOfBirth,
    });
    if (!verified.ok) throw new Error(`demo world: verify the national ID was refused (${verified.error})`);
  }

  /** 20,000 RWF over 6 months for market stock: shown, applied for, decided, disbursed, one instalment repaid. */
  private async loanInRepayment(memberId: string): Promise<{ id: string; settled: number }> {
    const { lending } = this.deps;
    const application = { amount: Money.ofFrancs(20_000), termMonths: 6, purpose: 'Stock for the market stall (demo)' };
    const facts = expectOk(await lending.showKeyFacts.execute({ ...application, memberId }), 'show the key facts');
    const applied = expectOk(
      await lending.applyForLoan.execute({ ...application, memberId, idempotencyKey: 'demo-world:loan', keyFactsId: facts.id, acceptKeyFacts: true, scoringConsent: true }),
      'apply for the loan',
    );
    const loanId = applied.loan.id;
    if (applied.loan.status === 'pending') {
      expectOk(await lending.reviewLoan.execute({ loanId, decision: 'approve', note: 'Demo: approved by the demo officer', decidedBy: DEMO_OFFICER }), 'approve the loan');
    }
    const disbursed = await this.settleAtProvider();
    expectOk(await lending.startLoanRepayment.execute({ memberId, loanId, scope: 'instalment', idempotencyKey: 'demo-world:repayment-1' }), 'repay an instalment');
    const repaid = await this.settleAtProvider();
    const loan = await lending.showLoan.execute({ memberId, loanId });
    if (loan?.status !== 'active') throw new Error(`demo world: the loan is ${loan?.status ?? 'missing'}, not in repayment`);
    return { id: loanId, settled: disbursed + repaid };
  }
}

const SEED = 'demo world';
const expectOk = <T>(result: Result<T, string>, step: string): T => expectStep(result, SEED, step);
