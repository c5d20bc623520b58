/**
 * Tontine: a rotating savings group (maxMembers ≥ 2), or one member's personal savings
 * (maxMembers = 1: contributions accumulate, no rotation, withdrawals at any time).
 *
 * Guarantees
 * - Status moves forming → active → completed; cancelled is reached from forming only.
 * - A member joins at most once, only while forming, never beyond maxMembers. The creator is the
 *   first member and the admin.
 * - The rotation starts when the group is full, or earlier when the admin starts it with at least
 *   2 members. With N members at the start there are N cycles; cycle k is due on
 *   start + (k − 1) periods (cycle-calendar.ts).
 * - The payout order is always a permutation of the members: join order (creator first), changed
 *   only by one recorded random draw before the first payout, by turn swaps both members agreed,
 *   or by an order the group decided (core/decisions); a turn already paid never moves.
 * - A member receives the pot exactly once per rotation: payouts are recorded cycle after cycle,
 *   each to the member at that cycle's position, and a turn already paid out never moves.
 * - A late fine rule (late-fine.ts) is set by the creator at creation or changed later by a
 *   group decision; personal savings never have one.
 */
import { Money } from '../money/money.ts';
import { kigaliDateOf, type LocalDate } from '../shared/calendar.ts';
import { err, invariant, ok, type Result } from '../shared/result.ts';
import { cycleDueDate, type Frequency } from './cycle-calendar.ts';
import { shuffleWithSeed, type PayoutDraw } from './payout-draw.ts';
import type { GroupLateFine, LateFineRule } from './late-fine.ts';
import type { DecisionRule, TontineCategory, TontineTerms } from './tontine-terms.ts';

export type TontineStatus = 'forming' | 'active' | 'completed' | 'cancelled';

export interface TontineMember {
  readonly userId: string;
  readonly joinedAt: Date;
}

export interface TurnSwap {
  readonly id: string;
  readonly proposerId: string;
  readonly counterpartyId: string;
  readonly proposedAt: Date;
  /** void: overtaken by a draw or by another swap of one of the two turns. */
  status: 'proposed' | 'accepted' | 'void';
}

/** One cycle's pot paid to its recipient (payout-rule.ts computes the amounts). */
export interface Payout {
  readonly cycle: number;
  readonly recipientId: string;
  readonly pot: Money;
  /** The recipient's overdue contributions settled out of the pot; they stay in the pool. */
  readonly arrears: Money;
  /** Whole francs sent by mobile money. */
  readonly paid: Money;
  /** The fraction of a franc left in the pool for the next payout. */
  readonly carried: Money;
  readonly reference: string;
  readonly paidAt: Date;
}

/** Money taken out of personal savings. */
export interface Withdrawal {
  readonly reference: string;
  readonly amount: Money;
  readonly at: Date;
}

export type JoinError = 'already_a_member' | 'tontine_is_full' | 'tontine_not_forming';
/** The fewest members the admin may start a rotation with (DOMAIN.md "Tontines"). */
export const MIN_MEMBERS_TO_START = 2;

export type StartError = 'only_admin_can_start' | 'tontine_not_forming' | 'not_enough_members';
export type CancelError = 'only_admin_can_cancel' | 'tontine_not_forming';
export type RotationError = 'personal_savings_has_no_rotation' | 'tontine_not_active';
export type DrawError = RotationError | 'only_admin_can_draw' | 'payout_order_already_drawn' | 'payout_order_locked';
export type ProposeSwapError = RotationError | 'not_a_member' | 'cannot_swap_with_self' | 'turn_already_paid' | 'swap_already_proposed';
export type AcceptSwapError = RotationError | 'swap_proposal_not_found' | 'only_counterparty_can_accept' | 'turn_already_paid';

/** Why a decided payout order cannot be applied: not a permutation of the members, a paid turn moved, or no change. */
export type DecidedOrderError = RotationError | 'proposal_change_invalid';

export interface NewTontine extends Omit<TontineTerms, 'decisionRule'> {
  /** Majority when not given. */
  decisionRule?: DecisionRule;
  id: string;
  creatorId: string;
  now: Date;
  /** The creator's late fine, or none. */
  lateFine?: LateFineRule | null;
}

export class Tontine {
  readonly id: string;
  readonly name: string;
  readonly description: string;
  readonly category: TontineCategory | null;
  readonly contributionAmount: Money;
  readonly frequency: Frequency;
  readonly maxMembers: number;
  /** How the group's proposals pass (core/decisions); chosen at creation. */
  readonly decisionRule: DecisionRule;
  readonly creatorId: string;
  readonly createdAt: Date;
  private status_: TontineStatus = 'forming';
  private members_: TontineMember[] = [];
  private payoutOrder_: string[] = [];
  private startDate_: LocalDate | null = null;
  private currentCycle_ = 0;
  private draw_: PayoutDraw | null = null;
  private swaps_: TurnSwap[] = [];
  private payouts_: Payout[] = [];
  private withdrawals_: Withdrawal[] = [];
  private lateFine_: GroupLateFine | null = null;

  private constructor(input: NewTontine) {
    this.id = input.id;
    this.name = input.name;
    this.description = input.description;
    this.category = input.category;
    this.contributionAmount = input.contributionAmount;
    this.frequency = input.frequency;
    this.maxMembers = input.maxMembers;
    this.decisionRule = input.decisionRule ?? 'majority';
    this.creatorId = input.creatorId;
    this.createdAt = input.now;
    this.lateFine_ = input.lateFine ? { ...input.lateFine, since: kigaliDateOf(input.now) } : null;
  }

  /** The creator joins first; a personal savings account (maxMembers = 1) is full, so active, at once. */
  static create(input: NewTontine): Tontine {
    const tontine = new Tontine(input);
    const joined = tontine.join(input.creatorId, input.now);
    invariant(joined.ok, 'the creator can always join a new tontine');
    return tontine;
  }

  get status(): TontineStatus {
    return this.status_;
  }
  get members(): readonly TontineMember[] {
    return this.members_;
  }
  get payoutOrder(): readonly string[] {
    return this.payoutOrder_;
  }
  get startDate(): LocalDate | null {
    return this.startDate_;
  }
  /** 0 while forming; the cycle whose payout is next while active; N once completed. */
  get currentCycle(): number {
    return this.currentCycle_;
  }
  get draw(): PayoutDraw | null {
    return this.draw_;
  }
  get swaps(): readonly TurnSwap[] {
    return this.swaps_;
  }
  get payouts(): readonly Payout[] {
    return this.payouts_;
  }
  get withdrawals(): readonly Withdrawal[] {
    return this.withdrawals_;
  }
  get lateFine(): GroupLateFine | null {
    return this.lateFine_;
  }

  /** The group's new late fine rule from today on, or none (ChangeFineRule checks who decided it). */
  changeLateFine(rule: LateFineRule | null, now: Date): Result<void, 'late_fine_invalid'> {
    if (this.isPersonalSavings && rule !== null) return err('late_fine_invalid');
    this.lateFine_ = rule && { kind: rule.kind, value: rule.value, graceDays: rule.graceDays, since: kigaliDateOf(now) };
    return ok(undefined);
  }

  get isPersonalSavings(): boolean {
    return this.maxMembers === 1;
  }
  get isFull(): boolean {
    return this.members_.length >= this.maxMembers;
  }
  isMember(userId: string): boolean {
    return this.members_.some((m) => m.userId === userId);
  }
  isAdmin(userId: string): boolean {
    return userId === this.creatorId;
  }

  /** Cycles in the rotation: the members at the start (joining stops then). */
  get cycleCount(): number {
    return this.status_ === 'forming' || this.status_ === 'cancelled' ? 0 : this.members_.length;
  }

  /** The pot of one cycle: every member's contribution. */
  get pot(): Money {
    return this.contributionAmount.times(this.members_.length);
  }

  dueDateOf(cycle: number): LocalDate {
    invariant(this.startDate_ !== null, `tontine ${this.id} has not started`);
    return cycleDueDate(this.startDate_, this.frequency, cycle);
  }

  recipientOf(cycle: number): string {
    const recipient = this.payoutOrder_[cycle - 1];
    invariant(recipient !== undefined, `tontine ${this.id} has no cycle ${cycle}`);
    return recipient;
  }

  /** The due date of the cycle paid out next; null when no payout is ahead. */
  get nextPayoutDate(): LocalDate | null {
    return this.hasPayoutAhead ? this.dueDateOf(this.currentCycle_) : null;
  }

  get nextRecipient(): string | null {
    return this.hasPayoutAhead ? this.recipientOf(this.currentCycle_) : null;
  }

  private get hasPayoutAhead(): boolean {
    return this.status_ === 'active' && !this.isPersonalSavings;
  }

  join(userId: string, now: Date): Result<{ started: boolean }, JoinError> {
    if (this.isMember(userId)) return err('already_a_member');
    if (this.isFull) return err('tontine_is_full');
    if (this.status_ !== 'forming') return err('tontine_not_forming');
    this.members_.push({ userId, joinedAt: now });
    this.payoutOrder_.push(userId);
    if (this.isFull) this.begin(now);
    return ok({ started: this.isFull });
  }

  /** The admin starts the rotation before the group is full. */
  start(byUserId: string, now: Date): Result<void, StartError> {
    if (!this.isAdmin(byUserId)) return err('only_admin_can_start');
    if (this.status_ !== 'forming') return err('tontine_not_forming');
    if (this.members_.length < MIN_MEMBERS_TO_START) return err('not_enough_members');
    this.begin(now);
    return ok(undefined);
  }

  cancel(byUserId: string): Result<void, CancelError> {
    if (!this.isAdmin(byUserId)) return err('only_admin_can_cancel');
    if (this.status_ !== 'forming') return err('tontine_not_forming');
    this.status_ = 'cancelled';
    return ok(undefined);
  }

  private begin(now: Date): void {
    this.status_ = 'active';
    this.startDate_ = kigaliDateOf(now);
    this.currentCycle_ = 1;
  }

  /**
   * Replaces the join order by a fair random order (payout-draw.ts). Once per tontine, by the
   * admin, before the first payout; swap proposals still open are voided since the turns moved.
   */
  drawPayoutOrder(byUserId: string, seed: string, now: Date): Result<PayoutDraw, DrawError> {
    const rotating = this.checkRotating();
    if (!rotating.ok) return rotating;
    if (!this.isAdmin(byUserId)) return err('only_admin_can_draw');
    if (this.draw_) return err('payout_order_already_drawn');
    if (this.payouts_.length > 0) return err('payout_order_locked');
    const joinOrder = this.members_.map((m) => m.userId);
    const draw: PayoutDraw = { seed, joinOrder, order: shuffleWithSeed(joinOrder, seed), drawnAt: now };
    this.draw_ = draw;
    this.payoutOrder_ = [...draw.order];
    for (const swap of this.swaps_) if (swap.status === 'proposed') swap.status = 'void';
    return ok(draw);
  }

  proposeTurnSwap(id: string, proposerId: string, counterpartyId: string, now: Date): Result<TurnSwap, ProposeSwapError> {
    const rotating = this.checkRotating();
    if (!rotating.ok) return rotating;
    if (!this.isMember(proposerId) || !this.isMember(counterpartyId)) return err('not_a_member');
    if (proposerId === counterpartyId) return err('cannot_swap_with_self');
    if (this.isTurnPaid(proposerId) || this.isTurnPaid(counterpartyId)) return err('turn_already_paid');
    const pair = new Set([proposerId, counterpartyId]);
    const open = this.swaps_.some((s) => s.status === 'proposed' && pair.has(s.proposerId) && pair.has(s.counterpartyId));
    if (open) return err('swap_already_proposed');
    const swap: TurnSwap = { id, proposerId, counterpartyId, proposedAt: now, status: 'proposed' };
    this.swaps_.push(swap);
    return ok(swap);
  }

  /** The other member agrees: the two turns trade places. Other open proposals touching them are voided. */
  acceptTurnSwap(swapId: string, byUserId: string): Result<TurnSwap, AcceptSwapError> {
    const rotating = this.checkRotating();
    if (!rotating.ok) return rotating;
    const swap = this.swaps_.find((s) => s.id === swapId && s.status === 'proposed');
    if (!swap) return err('swap_proposal_not_found');
    if (swap.counterpartyId !== byUserId) return err('only_counterparty_can_accept');
    // Payouts may have happened since the proposal.
    if (this.isTurnPaid(swap.proposerId) || this.isTurnPaid(swap.counterpartyId)) return err('turn_already_paid');
    const a = this.payoutOrder_.indexOf(swap.proposerId);
    const b = this.payoutOrder_.indexOf(swap.counterpartyId);
    [this.payoutOrder_[a], this.payoutOrder_[b]] = [swap.counterpartyId, swap.proposerId];
    swap.status = 'accepted';
    for (const other of this.swaps_) {
      const touches = [other.proposerId, other.counterpartyId].some((m) => m === swap.proposerId || m === swap.counterpartyId);
      if (other.status === 'proposed' && touches) other.status = 'void';
    }
    return ok(swap);
  }

  /**
   * Whether `order` may replace the payout order by a group decision: a rotating, active group; a
   * permutation of its members; every turn already paid at its place; different from today's.
   */
  checkDecidedOrder(order: readonly string[]): Result<void, DecidedOrderError> {
    const rotating = this.checkRotating();
    if (!rotating.ok) return rotating;
    const members = new Set(this.members_.map((m) => m.userId));
    const permutation = order.length === members.size && new Set(order).size === order.length && order.every((id) => members.has(id));
    if (!permutation) return err('proposal_change_invalid');
    if (this.payouts_.some((p) => order[p.cycle - 1] !== p.recipientId)) return err('proposal_change_invalid');
    if (order.every((id, i) => this.payoutOrder_[i] === id)) return err('proposal_change_invalid');
    return ok(undefined);
  }

  /** The group decided a new payout order: it replaces the current one; open swap proposals of members whose turn moved are voided. */
  applyDecidedOrder(order: readonly string[]): Result<void, DecidedOrderError> {
    const checked = this.checkDecidedOrder(order);
    if (!checked.ok) return checked;
    const moved = new Set(order.filter((id, i) => this.payoutOrder_[i] !== id));
    this.payoutOrder_ = [...order];
    for (const swap of this.swaps_) if (swap.status === 'proposed' && (moved.has(swap.proposerId) || moved.has(swap.counterpartyId))) swap.status = 'void';
    return ok(undefined);
  }

  /** A turn is paid once its cycle's pot went out; from then on it never moves. */
  isTurnPaid(userId: string): boolean {
    return this.payouts_.some((p) => p.recipientId === userId);
  }

  private checkRotating(): Result<void, RotationError> {
    if (this.isPersonalSavings) return err('personal_savings_has_no_rotation');
    if (this.status_ !== 'active') return err('tontine_not_active');
    return ok(undefined);
  }

  /** Records the current cycle's payout; the last one completes the rotation. */
  recordPayout(payout: Payout): void {
    invariant(this.hasPayoutAhead, `tontine ${this.id} has no payout ahead`);
    invariant(payout.cycle === this.currentCycle_, `payout of cycle ${payout.cycle} while cycle ${this.currentCycle_} is next`);
    invariant(payout.recipientId === this.recipientOf(payout.cycle), `cycle ${payout.cycle} belongs to another member`);
    invariant(!this.isTurnPaid(payout.recipientId), `${payout.recipientId} was already paid in this rotation`);
    this.payouts_.push(payout);
    if (this.currentCycle_ === this.cycleCount) this.status_ = 'completed';
    else this.currentCycle_ += 1;
  }

  /** The fraction of a franc the last payout left in the pool. */
  get carriedFraction(): Money {
    return this.payouts_.at(-1)?.carried ?? Money.ZERO;
  }

  /** Personal savings: the current period's contribution is paid, the next one falls due. */
  advanceSavingsCycle(): void {
    invariant(this.isPersonalSavings && this.status_ === 'active', `tontine ${this.id} is not active personal savings`);
    this.currentCycle_ += 1;
  }

  recordWithdrawal(withdrawal: Withdrawal): void {
    invariant(this.isPersonalSavings, `tontine ${this.id} is a rotating group: money leaves it by payouts only`);
    this.withdrawals_.push(withdrawal);
  }

  withdrawal(reference: string): Withdrawal | undefined {
    return this.withdrawals_.find((w) => w.reference === reference);
  }
}
