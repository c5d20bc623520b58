/**
 * Proposal: what a group decides together (DOMAIN.md "Group decisions"): a kind, a text, its
 * author, the change it would make, an expiry and the group's passing rule; each member's vote.
 *
 * Guarantees
 * - Each member has at most one vote, yes or no, and may change it while the proposal is open.
 * - The threshold counts ALL members of the group, voters or not: a majority is more than half of
 *   them, unanimity every one of them. Silence is never a yes.
 * - The proposal closes as soon as its outcome is certain (the yes votes reach the threshold, or
 *   the members who have not said no can no longer reach it), or at its expiry with the votes
 *   then cast: short of the threshold, it is rejected.
 * - Closed is final: no vote, no second close, no second effect. A proposal that passed but whose
 *   change the group's state no longer allows (a turn paid meanwhile, a fine already settled) is
 *   `void`, with the reason, and changes nothing.
 */
import { err, invariant, ok, type Result } from '../shared/result.ts';
import type { DecisionRule } from '../tontines/tontine-terms.ts';

export const PROPOSAL_KINDS = ['change_fine', 'waive_fine', 'change_payout_order'] as const;
export type ProposalKind = (typeof PROPOSAL_KINDS)[number];

/** A late-fine rule as a decision carries it (the fines module checks and applies it). */
export interface LateFineRule {
  readonly kind: 'fixed' | 'percent';
  /** A fixed amount in RWF ("500.00") or a percent of the contribution ("5"), as a decimal text. */
  readonly value: string;
  readonly graceDays: number;
}

/** What a passed proposal changes, by kind. */
export type ProposalChange =
  | { readonly kind: 'change_fine'; readonly lateFine: LateFineRule | null }
  | { readonly kind: 'waive_fine'; readonly fineId: string }
  | { readonly kind: 'change_payout_order'; readonly order: readonly string[] };

export type Vote = 'yes' | 'no';

export interface Ballot {
  readonly memberId: string;
  readonly vote: Vote;
  readonly at: Date;
}

export type ProposalStatus = 'open' | 'passed' | 'rejected' | 'void';

/** How long a proposal stays open when nothing closes it earlier. */
export const DEFAULT_PROPOSAL_HOURS = 72;
/** The longest text of a proposal, in characters. */
export const PROPOSAL_TEXT_MAX = 500;

export type VoteError = 'proposal_closed' | 'not_a_member';

export interface NewProposal {
  id: string;
  tontineId: string;
  authorId: string;
  text: string;
  change: ProposalChange;
  rule: DecisionRule;
  now: Date;
  hours?: number;
}

export interface Tally {
  yes: number;
  no: number;
  /** Members who have not voted. */
  pending: number;
  /** Yes votes needed to pass. */
  needed: number;
}

/** The yes votes a proposal needs among `members`. */
export function votesNeeded(rule: DecisionRule, members: number): number {
  return rule === 'unanimity' ? members : Math.floor(members / 2) + 1;
}

export class Proposal {
  readonly id: string;
  readonly tontineId: string;
  readonly authorId: string;
  readonly text: string;
  readonly change: ProposalChange;
  readonly rule: DecisionRule;
  readonly createdAt: Date;
  readonly closesAt: Date;
  private status_: ProposalStatus = 'open';
  private closedAt_: Date | null = null;
  /** Why a passed proposal changed nothing (a stable code); null otherwise. */
  private voidReason_: string | null = null;
  private ballots_: Ballot[] = [];

  private constructor(input: NewProposal) {
    this.id = input.id;
    this.tontineId = input.tontineId;
    this.authorId = input.authorId;
    this.text = input.text;
    this.change = input.change;
    this.rule = input.rule;
    this.createdAt = input.now;
    this.closesAt = new Date(input.now.getTime() + (input.hours ?? DEFAULT_PROPOSAL_HOURS) * 3_600_000);
  }

  static open(input: NewProposal): Proposal {
    return new Proposal(input);
  }

  get kind(): ProposalKind {
    return this.change.kind;
  }
  get status(): ProposalStatus {
    return this.status_;
  }
  get closedAt(): Date | null {
    return this.closedAt_;
  }
  get voidReason(): string | null {
    return this.voidReason_;
  }
  get ballots(): readonly Ballot[] {
    return this.ballots_;
  }
  get isOpen(): boolean {
    return this.status_ === 'open';
  }
  isExpired(now: Date): boolean {
    return now.getTime() >= this.closesAt.getTime();
  }

  voteOf(memberId: string): Vote | null {
    return this.ballots_.find((b) => b.memberId === memberId)?.vote ?? null;
  }

  /** The count among these members (the group's members now: a ballot of anyone else is not counted). */
  tally(members: readonly string[]): Tally {
    const inGroup = new Set(members);
    const counted = this.ballots_.filter((b) => inGroup.has(b.memberId));
    const yes = counted.filter((b) => b.vote === 'yes').length;
    const no = counted.length - yes;
    return { yes, no, pending: inGroup.size - counted.length, needed: votesNeeded(this.rule, inGroup.size) };
  }

  /** A member casts or changes their vote, while the proposal is open and not past its expiry. */
  cast(memberId: string, vote: Vote, members: readonly string[], now: Date): Result<void, VoteError> {
    if (!this.isOpen || this.isExpired(now)) return err('proposal_closed');
    if (!members.includes(memberId)) return err('not_a_member');
    this.ballots_ = [...this.ballots_.filter((b) => b.memberId !== memberId), { memberId, vote, at: now }];
    return ok(undefined);
  }

  /**
   * The outcome, once it is certain or the proposal expired; null while it is open and undecided.
   * It does not close the proposal: `close` does, once the effect is known.
   */
  outcome(members: readonly string[], now: Date): 'passed' | 'rejected' | null {
    if (!this.isOpen) return null;
    const { yes, pending, needed } = this.tally(members);
    if (yes >= needed) return 'passed';
    if (yes + pending < needed || this.isExpired(now)) return 'rejected';
    return null;
  }

  /** Closes the proposal, once: passed (its change applied), rejected, or void (passed, but the change could not be applied: `reason`). */
  close(status: Exclude<ProposalStatus, 'open'>, now: Date, reason: string | null = null): void {
    invariant(this.isOpen, `proposal ${this.id} is already closed`);
    invariant((status === 'void') === (reason !== null), 'a void proposal, and only it, has a reason');
    this.status_ = status;
    this.closedAt_ = now;
    this.voidReason_ = reason;
  }
}
