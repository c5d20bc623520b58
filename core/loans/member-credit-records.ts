/**
 * MemberCreditRecords: what lending and scoring read about a member, gathered from the real
 * tables — the account (identity, tenure, phone), the savings journey (contributions, payouts,
 * withdrawals) and the member's loans and repayments, all through ports. It is the `Borrowers`, `MemberSavings` and `CreditHistories` that lending and scoring read.
 *
 * Guarantees
 * - The savings balance is the core's rule (contribution-summary `savingsBalance`): completed
 *   contributions − payouts received (paid plus the arrears settled from the pot) − withdrawals.
 * - Punctuality counts every contribution and every loan instalment: an instalment is paid at the
 *   instant of the repayment that completed it, in the order repayments fill the schedule.
 * - The borrower's score is the scorecard over the same history at this instant, as the key facts
 *   and the application compute it (not recorded: recording needs the member's consent). A score
 *   recorded earlier is history: read as the member's latest assessment (ShowCreditScore), never
 *   as what they borrow at (a stale score made the key facts and the decision disagree).
 * - Groups count the member's tontines of two or more members that were not cancelled.
 */
import type { AccountRepository } from '../accounts/ports.ts';
import type { ContributionRepository } from '../contributions/ports.ts';
import { savingsBalance } from '../contributions/contribution-summary.ts';
import type { CreditHistories } from '../credit/ports.ts';
import { assessCreditHistory, type CreditHistory, type PaymentRecord } from '../credit/scorecard.ts';
import { Money } from '../money/money.ts';
import { formatDate } from '../shared/calendar.ts';
import type { Clock } from '../shared/clock.ts';
import type { MemberWallets, TontineRepository } from '../tontines/ports.ts';
import type { Loan } from './loan.ts';
import type { BorrowerProfile, Borrowers, LoanRepayment, LoanRepository, MemberSavings } from './ports.ts';

/** When each instalment was fully paid, from the repayments in the order they came. */
export function instalmentPayments(loan: Loan, repayments: readonly LoanRepayment[]): PaymentRecord[] {
  const ordered = [...repayments].sort((a, b) => a.receivedAt.getTime() - b.receivedAt.getTime());
  let paid = Money.ZERO;
  let next = 0;
  let owedThrough = Money.ZERO;
  const paidAt: (Date | undefined)[] = loan.schedule.map(() => undefined);
  for (const repayment of ordered) {
    paid = paid.plus(repayment.amount);
    while (next < loan.schedule.length && !paid.lessThan(owedThrough.plus(loan.schedule[next]!.amount))) {
      owedThrough = owedThrough.plus(loan.schedule[next]!.amount);
      paidAt[next] = repayment.receivedAt;
      next += 1;
    }
  }
  return loan.schedule.map((instalment, i) => ({ kind: 'loan_instalment' as const, dueDate: instalment.dueDate, ...(paidAt[i] ? { paidAt: paidAt[i] } : {}) }));
}

export interface MemberCreditRecordsDeps {
  accounts: Pick<AccountRepository, 'findById'>;
  tontines: Pick<TontineRepository, 'listByMember'>;
  contributions: Pick<ContributionRepository, 'listByMember'>;
  loans: LoanRepository;
  wallets: MemberWallets;
  clock: Clock;
}

export class MemberCreditRecords implements Borrowers, MemberSavings, CreditHistories {
  constructor(private readonly deps: MemberCreditRecordsDeps) {}

  async savingsBalanceOf(memberId: string): Promise<Money> {
    const [contributions, tontines] = await Promise.all([this.deps.contributions.listByMember(memberId), this.deps.tontines.listByMember(memberId)]);
    const received: Money[] = [];
    for (const tontine of tontines) {
      for (const payout of tontine.payouts) if (payout.recipientId === memberId) received.push(payout.paid.plus(payout.arrears));
      if (tontine.creatorId === memberId) for (const withdrawal of tontine.withdrawals) received.push(withdrawal.amount);
    }
    return savingsBalance(contributions, received);
  }

  async historyOf(memberId: string): Promise<CreditHistory | undefined> {
    const user = await this.deps.accounts.findById(memberId);
    if (!user) return undefined;
    const [contributions, tontines, loans] = await Promise.all([
      this.deps.contributions.listByMember(memberId),
      this.deps.tontines.listByMember(memberId),
      this.deps.loans.findByMember(memberId),
    ]);
    const payments: PaymentRecord[] = contributions.map((c) => ({ kind: 'contribution' as const, dueDate: formatDate(c.dueDate), ...(c.paidAt ? { paidAt: c.paidAt } : {}) }));
    for (const loan of loans) {
      if (loan.schedule.length > 0) payments.push(...instalmentPayments(loan, await this.deps.loans.listRepayments(loan.id)));
    }
    return {
      memberSince: user.createdAt,
      identityVerified: user.nidaVerified,
      savingsBalance: await this.savingsBalanceOf(memberId),
      payments,
      groupsJoined: tontines.filter((t) => t.maxMembers >= 2 && t.status !== 'cancelled').length,
    };
  }

  async profileOf(memberId: string): Promise<BorrowerProfile | undefined> {
    const history = await this.historyOf(memberId);
    if (!history) return undefined;
    const wallet = await this.deps.wallets.walletOf(memberId);
    const assessment = assessCreditHistory(history, this.deps.clock.now());
    return {
      identityVerified: history.identityVerified,
      savingsBalance: history.savingsBalance,
      creditScore: assessment.score,
      creditModelVersion: assessment.modelVersion,
      ...(wallet ? { wallet } : {}),
    };
  }
}
