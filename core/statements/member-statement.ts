/**
 * ShowMemberStatement: a member's own statement for a period (issue 28 "Statements and reports"):
 * what they paid into and received from each of their groups, their personal savings, and their
 * loans with the schedule and the payments.
 *
 * Guarantees
 * - The member's own data only: their groups (`listByMember`), their personal savings, their loans.
 *   In a group they share, only the movements that are theirs (a contribution they paid, a payout
 *   they received, and the reversals of those), never another member's.
 * - Every amount is a ledger posting: a group's paid in/received are sums of the pool's postings
 *   attributed to the member; personal savings open at the ledger's balance before the period and
 *   close at opening + the period's postings (the ledger's balance at the end); a loan's principal
 *   owed opens and closes at the ledger's balance of `loan:<id>`, and a payment's interest is
 *   what its entry moved beyond the principal.
 * - The period is statement-period.ts's (`period_invalid`).
 */
import type { User } from '../accounts/user.ts';
import { accounts } from '../ledger/accounts.ts';
import type { Instalment } from '../loans/amortisation.ts';
import type { LoanStatus } from '../loans/loan.ts';
import type { LoanRepository } from '../loans/ports.ts';
import { Money } from '../money/money.ts';
import type { Clock } from '../shared/clock.ts';
import { err, ok, type Result } from '../shared/result.ts';
import type { TontineRepository } from '../tontines/ports.ts';
import { movementKind, type MovementKind } from '../tontines/show-group-books.ts';
import type { LedgerLine, StatementLedger } from './ports.ts';
import { statementPeriod, type PeriodError, type StatementPeriod } from './statement-period.ts';

export interface StatementMovement {
  at: Date;
  kind: MovementKind;
  /** Positive into the group or the savings, negative out of them. */
  amount: Money;
  reference: string | null;
  method: string | null;
}

export interface GroupStatement {
  id: string;
  name: string;
  movements: StatementMovement[];
  /** What the member put in, less what of it was given back (contributions net of their reversals). */
  paidIn: Money;
  /** What the group paid the member, less what came back (payouts net of returned payouts). */
  received: Money;
}

export interface SavingsStatement {
  id: string;
  name: string;
  opening: Money;
  movements: (StatementMovement & { balanceAfter: Money })[];
  deposited: Money;
  withdrawn: Money;
  closing: Money;
}

export interface LoanPaymentLine {
  at: Date;
  paid: Money;
  principal: Money;
  interest: Money;
  reference: string | null;
}

export interface LoanStatement {
  id: string;
  amount: Money;
  purpose: string;
  status: LoanStatus;
  annualRateBps: number;
  termMonths: number;
  disbursedAt: Date | null;
  schedule: readonly Instalment[];
  /** Principal owed before the period (the ledger's balance of the loan). */
  owedAtStart: Money;
  /** Principal lent in the period. */
  disbursed: Money;
  payments: LoanPaymentLine[];
  /** Principal owed at the period's end: owedAtStart + disbursed − the payments' principal. */
  owedAtEnd: Money;
}

export interface MemberStatement {
  member: { id: string; firstName: string; lastName: string; language: User['language'] };
  period: StatementPeriod;
  groups: GroupStatement[];
  savings: SavingsStatement[];
  loans: LoanStatement[];
}

export interface ShowMemberStatementDeps {
  accounts: { findById(id: string): Promise<User | null> };
  tontines: Pick<TontineRepository, 'listByMember'>;
  loans: Pick<LoanRepository, 'findByMember'>;
  statementLedger: StatementLedger;
  clock: Clock;
}

export type MemberStatementError = PeriodError | 'account_not_found';

const sum = (lines: readonly { amount: Money }[]) => Money.sum(lines.map((l) => l.amount));
const movement = (l: LedgerLine): StatementMovement => ({ at: l.at, kind: movementKind(l), amount: l.amount, reference: l.reference, method: l.method });
const IN_KINDS: ReadonlySet<MovementKind> = new Set(['contribution', 'contribution_reversed']);

export class ShowMemberStatement {
  constructor(private readonly deps: ShowMemberStatementDeps) {}

  async execute(input: { userId: string; from?: string | undefined; to?: string | undefined }): Promise<Result<MemberStatement, MemberStatementError>> {
    const period = statementPeriod(input, this.deps.clock.now());
    if (!period.ok) return period;
    return this.forPeriod(input.userId, period.value);
  }

  /** For a period already checked (statementPeriod or monthPeriod). */
  async forPeriod(userId: string, period: StatementPeriod): Promise<Result<MemberStatement, MemberStatementError>> {
    const user = await this.deps.accounts.findById(userId);
    if (!user) return err('account_not_found');
    const [tontines, loans] = await Promise.all([this.deps.tontines.listByMember(userId), this.deps.loans.findByMember(userId)]);
    const personal = tontines.filter((t) => t.isPersonalSavings && t.creatorId === userId);
    const groups = tontines.filter((t) => !t.isPersonalSavings);
    // A loan never lent has no postings; one whose disbursement failed and was booked back still shows them.
    const lent = loans.filter((l) => l.status !== 'pending' && l.status !== 'rejected');
    const accountIds = [...tontines.map((t) => accounts.pool(t.id)), ...lent.map((l) => accounts.loan(l.id))];
    const openingIds = [...personal.map((t) => accounts.pool(t.id)), ...lent.map((l) => accounts.loan(l.id))];
    const [lines, opening] = await Promise.all([
      accountIds.length ? this.deps.statementLedger.lines(accountIds, { from: period.start, to: period.end }) : Promise.resolve([]),
      openingIds.length ? this.deps.statementLedger.balancesBefore(openingIds, period.start) : Promise.resolve(new Map<string, Money>()),
    ]);
    const linesOf = (account: string) => lines.filter((l) => l.account === account);
    const statementLoans = lent.filter((l) => l.disbursedAt !== undefined || linesOf(accounts.loan(l.id)).length > 0 || opening.has(accounts.loan(l.id)));
    return ok({
      member: { id: user.id, firstName: user.firstName, lastName: user.lastName, language: user.language },
      period,
      groups: groups.map((t) => {
        const own = linesOf(accounts.pool(t.id)).filter((l) => l.memberId === userId);
        const moved = own.map(movement);
        return {
          id: t.id,
          name: t.name,
          movements: moved,
          paidIn: sum(moved.filter((m) => IN_KINDS.has(m.kind))),
          received: Money.ZERO.minus(sum(moved.filter((m) => !IN_KINDS.has(m.kind)))),
        };
      }),
      savings: personal.map((t) => {
        const account = accounts.pool(t.id);
        const start = opening.get(account) ?? Money.ZERO;
        let balance = start;
        const movements = linesOf(account).map((l) => {
          balance = balance.plus(l.amount);
          return { ...movement(l), balanceAfter: balance };
        });
        return {
          id: t.id,
          name: t.name,
          opening: start,
          movements,
          deposited: sum(movements.filter((m) => m.amount.isPositive())),
          withdrawn: Money.ZERO.minus(sum(movements.filter((m) => m.amount.isNegative()))),
          closing: balance,
        };
      }),
      loans: statementLoans.map((loan) => {
        const account = accounts.loan(loan.id);
        const own = linesOf(account);
        const owedAtStart = opening.get(account) ?? Money.ZERO;
        const disbursed = sum(own.filter((l) => l.amount.isPositive()));
        const payments = own
          .filter((l) => l.amount.isNegative())
          .map((l) => {
            const principal = l.amount.negate();
            return { at: l.at, paid: l.entryTotal, principal, interest: l.entryTotal.minus(principal), reference: l.reference };
          });
        return {
          id: loan.id,
          amount: loan.amount,
          purpose: loan.purpose,
          status: loan.status,
          annualRateBps: loan.annualRateBps,
          termMonths: loan.termMonths,
          disbursedAt: loan.disbursedAt ?? null,
          schedule: loan.schedule,
          owedAtStart,
          disbursed,
          payments,
          owedAtEnd: owedAtStart.plus(sum(own)),
        };
      }),
    });
  }
}
