/** English answers of the built-in assistant; every figure comes from a fact passed in. */
import { dateInWords } from '../shared/date-words.ts';
import type { AnswerCatalogue } from './answers.ts';
import type { LoanLimitFact, MissingForLoan } from './grounded-tools.ts';

function missing(f: LoanLimitFact, m: MissingForLoan): string {
  switch (m.kind) {
    case 'identity_verified':
      return 'Verify your national ID, on the Verification tab of your dashboard.';
    case 'savings':
      return `Save ${m.missing.format()} more: a loan starts at ${f.minLoan.format()} and you may borrow ${f.collateralPercent} % of your savings, so you need ${m.needed.format()} saved (you have ${f.savings.format()}). Personal savings, on the Tontines page, is the quickest way.`;
    case 'limit_used':
      return 'Your loans already use your whole limit: repay some of them first.';
    case 'no_overdue_loan':
      return 'Repay your overdue loan first, on the Loans page.';
    case 'no_open_application':
      return 'Your application is waiting for a decision: you can apply again once it is decided.';
  }
}

/** "1 day", "3 days", "3, 1 days": the plural after a list of counts (no "day(s)"). */
const daysWord = (counts: readonly number[]) => (counts.length === 1 && counts[0] === 1 ? 'day' : 'days');

export const EN_ANSWERS: AnswerCatalogue = {
  sources: {
    savings_dashboard: 'your savings dashboard (contributions paid, less payouts received and withdrawals)',
    contributions: 'your contributions',
    loans_summary: 'your loan summary (half of your savings, less the loans you already have)',
    credit_assessment: 'your latest credit assessment',
    loan_calculation: "the loans module's calculation at your score's rate",
    recommendations: 'the groups open to join right now',
    product_rules: "Ikimina's rules",
  },
  screens: {
    dashboard: 'your dashboard',
    verification: 'the Verification tab of your dashboard',
    loans: 'the Loans page',
    tontines: 'the Tontines page',
    profile: 'your profile',
    education: 'the Education page',
  },
  source: (label, screen) => `Source: ${label} — see ${screen}.`,
  greeting: (signedIn) =>
    signedIn
      ? 'Hello! I can tell you your savings, your next contribution, your payout, your credit score, how much you may borrow and what a loan would cost each month, and which groups fit your budget.'
      : 'Hello! I can explain how tontines, loans, reminders, verification and USSD work, and the fees for merchants and agents. Sign in to ask about your own savings and loans.',
  signInFirst: 'That is about your own account: please sign in first, then ask again (Sign in at the top of the page).',
  savings: (f) => `Your total savings are ${f.totalSavings.format()}, across ${f.activeTontines} active ${f.activeTontines === 1 ? 'group' : 'groups'}.`,
  nextContribution: (f) =>
    f.next
      ? `Your next contribution is ${f.next.amount.format()} to "${f.next.tontineName}", due on ${dateInWords(f.next.dueDate, 'en')}${f.next.overdue ? ' (it is overdue: please pay it soon)' : ''}.`
      : 'You have no contribution to pay right now.',
  payouts: (f) => (f.next ? `Your next payout is ${f.next.amount.format()} from "${f.next.tontineName}", planned for ${dateInWords(f.next.date, 'en')}.` : 'No payout is planned for you yet: a payout comes when a group you are in is active and your turn comes.'),
  creditScore: (f) => {
    const a = f.assessment;
    if (!a) return 'You have no credit score yet. Run a credit assessment from the Credit Score tab of the Loans page.';
    const factors = a.factors.map((x) => `${x.factor} (${x.impact})`).join(', ');
    const limit = a.maxLoanAmount.lessThan(f.minLoan)
      ? `Your limit then, ${a.maxLoanAmount.format()}, was below the minimum loan of ${f.minLoan.format()}.`
      : `It allowed a loan of up to ${a.maxLoanAmount.format()}.`;
    return `Your credit score is ${a.score} (${a.rating}), assessed on ${dateInWords(a.assessedAt, 'en')}. ${limit} Factors: ${factors}.`;
  },
  loanLimit: (f) =>
    f.eligible
      ? `You may borrow from ${f.minLoan.format()} up to ${f.available.format()} now: ${f.collateralPercent} % of your savings of ${f.savings.format()}, less what your loans already use. The application asks for your consent to a credit check and your acceptance of the key facts.`
      : `You cannot borrow yet. ${f.missing.map((m) => missing(f, m)).join(' ')}`,
  loanQuote: (f) => {
    if (!f.ok) {
      if (f.problem === 'amount_missing') return 'Tell me the amount and the term, for example: "monthly payment for 100000 over 12 months".';
      if (f.problem === 'term_missing') return 'For how many months? For example: "100000 over 12 months".';
      if (f.problem === 'amount_out_of_bounds') return `A loan is between ${f.min.format()} and ${f.max.format()}.`;
      return `A loan term is between ${f.minTerm} and ${f.maxTerm} months.`;
    }
    const limit = !f.eligible ? ' Note: you cannot borrow yet; the Loans page shows what is missing.' : f.withinAvailable ? '' : ` Note: this is above what you may borrow now (${f.available.format()}).`;
    return `A loan of ${f.amount.format()} over ${f.termMonths} months at ${f.annualRatePercent} % a year (your score ${f.creditScore}) costs ${f.monthlyPayment.format()} a month: ${f.totalRepayable.format()} in all, of which ${f.totalInterest.format()} interest.${limit}`;
  },
  groups: (f) => {
    if (!f.ok) return `A budget per contribution is at most ${f.maxBudget.format()}: tell me a smaller one.`;
    if (f.groups.length === 0) return `No open group fits${f.budget ? ` a budget of ${f.budget.format()}` : ''} right now. You can create one on the Tontines page.`;
    const list = f.groups.map((g) => `"${g.name}": ${g.contributionAmount.format()} ${g.frequency}, ${g.members}/${g.maxMembers} members, ${g.matchPercent} % match`).join('; ');
    return `Groups for you${f.budget ? ` (budget ${f.budget.format()})` : ''}: ${list}.`;
  },
  merchantFees: (r) => `Merchants pay a ${r.merchantFeePercent} % fee on each payment and keep ${r.merchantKeepsPercent} %. Settlements are paid automatically every ${r.settlementPeriodDays} days, each ${r.settlementDay}, for the week before.`,
  agentCommission: (r) => `An agent earns ${r.agentCommissionPercent} % of each payment made to a merchant they onboarded (taken from the merchant fee), paid monthly on day ${r.commissionPaidOnDay} for the month before.`,
  howTontines: (r) =>
    `A tontine (ikimina) is a group that saves together: everyone pays the same contribution on the same rhythm (daily, weekly or monthly), and at each cycle one member receives the whole pot, in an order drawn when the group starts. You can join a forming group or create one on the Tontines page. Reminders come ${r.reminderDaysBefore.join(', ')} ${daysWord(r.reminderDaysBefore)} before each due date.`,
  howLoans: (r) =>
    `Your savings are your collateral: you may borrow up to ${r.loanCollateralPercent} % of them, from ${r.minLoan.format()} to ${r.maxLoan.format()}, over ${r.minTermMonths} to ${r.maxTermMonths} months. The yearly rate follows your credit score (${r.rateBandsPercent.join(' %, ')} %). You see the key facts (monthly payment, total cost) before you accept, and repay monthly by mobile money. Apply on the Loans page.`,
  howReminders: (r) => `Ikimina reminds you of each contribution by SMS and in the app ${r.reminderDaysBefore.filter((d) => d > 0).join(' and ')} ${daysWord(r.reminderDaysBefore.filter((d) => d > 0))} before it is due and on the due date itself; loan instalments are reminded too. Your phone number and language are in your profile.`,
  howVerification: 'Verification has two steps, both started from the Verification tab of your dashboard: your national ID is checked with NIDA, then, with your consent, a selfie is compared with your ID photo. Verified members can borrow and build trust in groups; you can withdraw your biometric consent at any time.',
  howUssd: "No smartphone or internet needed: dial Ikimina's USSD code from any phone, register with your name and a secret PIN, then see your savings, pay a contribution, see your next payouts, your notifications and your loans, in your language.",
  othersData: "I can only show your own records: another member's savings, loans or details are private, and I never share them.",
  offTopic: 'I cannot answer that. I can help with your savings, contributions, payouts, credit score and loans, groups to join, and how Ikimina works: see the learning modules on the Education page.',
};
