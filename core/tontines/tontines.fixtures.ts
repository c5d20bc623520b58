/**
 * Test world for the tontines and contributions use cases: in-memory repositories, the ledger's
 * InMemoryLedger behind the real Journal, fake mobile money, and a builder
 * (`aTontine().withMembers(5).build()`).
 */
import {
  copyOf,
  FakeMobileMoney,
  ImmediateUnitOfWork,
  InMemoryContributionRepository,
  SequentialIds,
  SettableClock,
} from '../contributions/contributions.fixtures.ts';
import { ConfirmContributionPayment } from '../contributions/confirm-contribution-payment.ts';
import type { Contribution } from '../contributions/contribution.ts';
import { PayContribution } from '../contributions/pay-contribution.ts';
import { InMemoryLedger } from '../ledger/in-memory-ledger.ts';
import { Journal } from '../ledger/journal.ts';
import { Money } from '../money/money.ts';
import type { MobileMoneyProvider } from '../payments/ports.ts';
import { invariant } from '../shared/result.ts';
import { AcceptTurnSwap } from './accept-turn-swap.ts';
import { CancelTontine } from './cancel-tontine.ts';
import { contributionsAtStart } from './contribution-schedule.ts';
import { CreateTontine } from './create-tontine.ts';
import type { Frequency } from './cycle-calendar.ts';
import { DrawPayoutOrder } from './draw-payout-order.ts';
import { JoinTontine } from './join-tontine.ts';
import type { LateFineRule } from './late-fine.ts';
import { PayoutIfCycleComplete } from './payout-if-cycle-complete.ts';
import type { MemberNotification, MemberProfile, MemberProfiles, MemberWallets, Notifier, TontineRepository } from './ports.ts';
import { ProposeTurnSwap } from './propose-turn-swap.ts';
import { SavingsTransferPolicy } from './savings-transfer-policy.ts';
import { InMemoryOutgoingTransfers, transferUseCases } from '../transfers/transfers.fixtures.ts';
import { StartTontine } from './start-tontine.ts';
import { Tontine } from './tontine.ts';
import type { DecisionRule } from './tontine-terms.ts';
import { WithdrawSavings } from './withdraw-savings.ts';

export const MEMBER_NAMES = ['alice', 'bob', 'carol', 'dan', 'eve', 'fay', 'gus', 'hana', 'ivan', 'jo'];
export const memberName = (i: number): string => MEMBER_NAMES[i] ?? `member${i}`;

/** 31 January 2026, 10:00 in Kigali: a month end, to exercise clamping. */
export const JAN_31 = new Date('2026-01-31T08:00:00Z');

export class InMemoryTontineRepository implements TontineRepository {
  private readonly rows = new Map<string, Tontine>();
  async findById(id: string): Promise<Tontine | undefined> {
    const row = this.rows.get(id);
    return row && copyOf(row);
  }
  get(id: string): Promise<Tontine | undefined> {
    return this.findById(id);
  }
  async listByMember(userId: string): Promise<Tontine[]> {
    return [...this.rows.values()].filter((t) => t.isMember(userId)).map(copyOf);
  }
  async listDiscoverable(limit: number): Promise<Tontine[]> {
    return [...this.rows.values()]
      .filter((t) => (t.status === 'forming' || t.status === 'active') && !t.isPersonalSavings)
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())
      .slice(0, limit)
      .map(copyOf);
  }
  async save(tontine: Tontine): Promise<void> {
    this.rows.set(tontine.id, copyOf(tontine));
  }
}

/** Every member has an MTN wallet unless `remove`d. */
export class FakeWallets implements MemberWallets {
  private readonly without = new Set<string>();
  remove(userId: string): void {
    this.without.add(userId);
  }
  async walletOf(userId: string): Promise<{ provider: MobileMoneyProvider; msisdn: string } | undefined> {
    return this.without.has(userId) ? undefined : { provider: 'mtn', msisdn: `+25078${userId.length}000000` };
  }
}

export class RecordingNotifier implements Notifier {
  readonly sent: MemberNotification[] = [];
  async notify(notification: MemberNotification): Promise<void> {
    this.sent.push(notification);
  }
  async notifyAll(notifications: readonly MemberNotification[]): Promise<void> {
    this.sent.push(...notifications);
  }
}

/** Member profiles: those a test sets; anyone else has none, a former member. */
export class TableProfiles implements MemberProfiles {
  readonly table = new Map<string, MemberProfile>();
  /** `alice` → Alice Uwase, without a photo, unless given. */
  with(id: string, overrides: Partial<MemberProfile> = {}): this {
    this.table.set(id, { id, firstName: id.charAt(0).toUpperCase() + id.slice(1), lastName: 'Uwase', profilePhotoUrl: null, ...overrides });
    return this;
  }
  async profiles(userIds: readonly string[]): Promise<Map<string, MemberProfile>> {
    return new Map(userIds.flatMap((id) => (this.table.has(id) ? [[id, this.table.get(id)!] as const] : [])));
  }
}

class TontineBuilder {
  private id = 't-1';
  private members = 1;
  private maxMembers: number | undefined;
  private amount = Money.ofFrancs(5000);
  private frequency: Frequency = 'monthly';
  private createdAt = JAN_31;
  private startEarly = false;
  private name = 'Abadatezuka';
  private decisionRule: DecisionRule = 'majority';
  private lateFine: LateFineRule | null = null;

  withId(id: string): this {
    this.id = id;
    return this;
  }
  named(name: string): this {
    this.name = name;
    return this;
  }
  /** Members in join order: alice (the creator and admin), bob, carol … */
  withMembers(count: number): this {
    this.members = count;
    return this;
  }
  /** How the group's proposals pass (majority unless told). */
  deciding(rule: DecisionRule): this {
    this.decisionRule = rule;
    return this;
  }
  withMaxMembers(count: number): this {
    this.maxMembers = count;
    return this;
  }
  contributing(amount: Money): this {
    this.amount = amount;
    return this;
  }
  every(frequency: Frequency): this {
    this.frequency = frequency;
    return this;
  }
  createdOn(instant: Date): this {
    this.createdAt = instant;
    return this;
  }
  /** The creator's late fine (late-fine.ts), in force from the day the group is created. */
  withLateFine(rule: LateFineRule): this {
    this.lateFine = rule;
    return this;
  }
  /** The admin starts the rotation before the group is full. */
  startedEarly(): this {
    this.startEarly = true;
    return this;
  }

  build(): Tontine {
    const tontine = Tontine.create({
      id: this.id,
      creatorId: memberName(0),
      name: this.name,
      description: 'Savings of the Kimironko market traders',
      category: null,
      contributionAmount: this.amount,
      frequency: this.frequency,
      maxMembers: this.maxMembers ?? this.members,
      decisionRule: this.decisionRule,
      now: this.createdAt,
      lateFine: this.lateFine,
    });
    for (let i = 1; i < this.members; i++) invariant(tontine.join(memberName(i), this.createdAt).ok, 'builder join');
    if (this.startEarly) invariant(tontine.start(memberName(0), this.createdAt).ok, 'builder start');
    return tontine;
  }
}

export const aTontine = (): TontineBuilder => new TontineBuilder();

export function aWorld(now: Date = JAN_31) {
  const ledger = new InMemoryLedger();
  const deps = {
    tontines: new InMemoryTontineRepository(),
    contributions: new InMemoryContributionRepository(),
    journal: new Journal(ledger),
    uow: new ImmediateUnitOfWork(),
    mobileMoney: new FakeMobileMoney(),
    wallets: new FakeWallets(),
    notifier: new RecordingNotifier(),
    // alice → Alice Uwase, bob → Bob Uwase …
    profiles: MEMBER_NAMES.reduce((table, name) => table.with(name), new TableProfiles()),
    clock: new SettableClock(now),
    ids: new SequentialIds(),
    transfers: new InMemoryOutgoingTransfers(),
  };
  const transferCases = transferUseCases(deps, (requestTransfer) => {
    const savings = new SavingsTransferPolicy({ ...deps, requestTransfer });
    return { payout: savings, withdrawal: savings };
  });
  const recordAttempt = async (request: { contributionId: string; idempotencyKey: string; provider: MobileMoneyProvider; msisdn: string }) => {
    const contribution = await deps.contributions.findById(request.contributionId);
    invariant(contribution, `no contribution ${request.contributionId}`);
    const attempt = contribution.recordAttempt({ ...request, providerReference: deps.ids.newId(), requestedAt: deps.clock.now() });
    await deps.contributions.save([contribution]);
    return { ok: true as const, value: { attempt } };
  };
  const world = {
    ...deps,
    ...transferCases,
    ledger,
    createTontine: new CreateTontine(deps),
    joinTontine: new JoinTontine(deps),
    startTontine: new StartTontine(deps),
    cancelTontine: new CancelTontine(deps),
    drawPayoutOrder: new DrawPayoutOrder(deps),
    proposeTurnSwap: new ProposeTurnSwap(deps),
    acceptTurnSwap: new AcceptTurnSwap(deps),
    payoutIfCycleComplete: new PayoutIfCycleComplete({ ...deps, ...transferCases }),
    withdrawSavings: new WithdrawSavings({ ...deps, ...transferCases }),
    payContribution: new PayContribution(deps),
    confirmContributionPayment: new ConfirmContributionPayment(deps),

    /** Stores a built tontine, with its contributions when it is active. */
    async given(tontine: Tontine): Promise<Tontine> {
      await deps.tontines.save(tontine);
      if (tontine.status === 'active') await deps.contributions.save(contributionsAtStart(tontine, deps.ids));
      return tontine;
    },

    async tontine(id = 't-1'): Promise<Tontine> {
      const tontine = await deps.tontines.findById(id);
      invariant(tontine, `no tontine ${id}`);
      return tontine;
    },

    /**
     * Pays one contribution through both use cases, as the member and the provider would. Mobile
     * money moves whole francs, so PayContribution refuses an amount with centimes: such a
     * contribution's attempt is recorded directly, for the payout's carrying of fractions to be
     * tested; the confirmation still goes through ConfirmContributionPayment.
     */
    async pay(contribution: Contribution): Promise<void> {
      const key = `key-${contribution.id}-${contribution.attempts.length}`;
      const request = { contributionId: contribution.id, userId: contribution.memberId, idempotencyKey: key, provider: 'mtn' as const, msisdn: '+250788000000' };
      const requested = contribution.amount.centimes % 100 === 0 ? await world.payContribution.execute(request) : await recordAttempt(request);
      invariant(requested.ok, `payment request refused: ${requested.ok ? '' : requested.error}`);
      const confirmed = await world.confirmContributionPayment.execute({
        providerReference: requested.value.attempt.providerReference,
        outcome: 'successful',
        amount: contribution.amount,
      });
      invariant(confirmed.ok, `confirmation refused: ${confirmed.ok ? '' : confirmed.error}`);
    },

    /** Pays every pending contribution of one cycle. */
    async payCycle(cycle: number, tontineId = 't-1'): Promise<void> {
      const due = (await deps.contributions.listByTontine(tontineId)).filter((c) => c.cycle === cycle && !c.isCompleted);
      for (const contribution of due) await world.pay(contribution);
    },
  };
  return world;
}

export type World = ReturnType<typeof aWorld>;
