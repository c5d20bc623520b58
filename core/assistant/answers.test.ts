import { describe, expect, it } from 'vitest';
import { Money } from '../money/money.ts';
import { ANSWERS, withSource } from './answers.ts';
import { productRules, type CreditScoreFact, type GroupsFact, type LoanLimitFact, type LoanQuoteFact, type NextContributionFact, type PayoutsFact, type SavingsFact } from './grounded-tools.ts';
import { isGrounded, leaves } from './grounding.ts';
import { LANGUAGES } from './intents.ts';
import { plain } from './tool-calls.ts';

const francs = Money.ofFrancs;
const rules = productRules();
const savings: SavingsFact = { source: 'savings_dashboard', totalSavings: francs(48_250), activeTontines: 2 };
const contributions: NextContributionFact[] = [
  { source: 'contributions', next: { amount: francs(5_000), dueDate: '2026-03-10', tontineName: 'Abadatezuka', overdue: false } },
  { source: 'contributions', next: { amount: francs(5_000), dueDate: '2026-02-10', tontineName: 'Abadatezuka', overdue: true } },
  { source: 'contributions', next: null },
];
const payouts: PayoutsFact[] = [{ source: 'savings_dashboard', next: { amount: francs(60_000), date: '2026-04-15', tontineName: 'Twiteze' } }, { source: 'savings_dashboard', next: null }];
const minLoan = francs(10_000);
const scores: CreditScoreFact[] = [
  { source: 'credit_assessment', assessment: { score: 712, rating: 'Good', maxLoanAmount: francs(24_125), factors: [{ factor: 'Payment history', description: '', impact: 'positive' }], assessedAt: '2026-02-20' }, minLoan },
  { source: 'credit_assessment', assessment: { score: 603, rating: 'Poor', maxLoanAmount: francs(8_251), factors: [], assessedAt: '2026-02-25' }, minLoan },
  { source: 'credit_assessment', assessment: null, minLoan },
];
const limit = { source: 'loans_summary', collateralPercent: 50, minLoan } as const;
const limits: LoanLimitFact[] = [
  { ...limit, savings: francs(48_250), limit: francs(24_125), available: francs(14_125), eligible: true, missing: [] },
  { ...limit, savings: Money.ZERO, limit: Money.ZERO, available: Money.ZERO, eligible: false, missing: [{ kind: 'identity_verified' }, { kind: 'savings', needed: francs(20_000), missing: francs(20_000) }] },
  { ...limit, savings: francs(16_502), limit: francs(8_251), available: francs(8_251), eligible: false, missing: [{ kind: 'savings', needed: francs(20_000), missing: francs(3_498) }] },
  { ...limit, savings: francs(40_000_000), limit: francs(10_000_000), available: Money.ZERO, eligible: false, missing: [{ kind: 'limit_used' }, { kind: 'no_overdue_loan' }, { kind: 'no_open_application' }] },
];
const bounds = { source: 'loan_calculation', ok: false, min: francs(10_000), max: francs(10_000_000), minTerm: 1, maxTerm: 60 } as const;
const quotes: LoanQuoteFact[] = [
  { source: 'loan_calculation', ok: true, amount: francs(100_000), termMonths: 12, annualRatePercent: 10, creditScore: 712, monthlyPayment: francs(8_792), totalInterest: francs(5_499), totalRepayable: francs(105_499), withinAvailable: false, available: francs(24_125), eligible: true },
  { source: 'loan_calculation', ok: true, amount: francs(100_000), termMonths: 12, annualRatePercent: 13.5, creditScore: 603, monthlyPayment: francs(8_957), totalInterest: francs(7_484), totalRepayable: francs(107_484), withinAvailable: false, available: francs(8_251), eligible: false },
  { source: 'loan_calculation', ok: true, amount: francs(20_000), termMonths: 6, annualRatePercent: 13.5, creditScore: 610, monthlyPayment: francs(3_483), totalInterest: francs(898), totalRepayable: francs(20_898), withinAvailable: true, available: francs(24_125), eligible: true },
  { ...bounds, problem: 'amount_missing' },
  { ...bounds, problem: 'term_missing' },
  { ...bounds, problem: 'amount_out_of_bounds' },
  { ...bounds, problem: 'term_out_of_bounds' },
];
const groups: GroupsFact[] = [
  { source: 'recommendations', ok: true, budget: francs(3_000), groups: [{ name: 'Abadatezuka', contributionAmount: francs(3_000), frequency: 'weekly', members: 2, maxMembers: 6, matchPercent: 83 }] },
  { source: 'recommendations', ok: true, budget: null, groups: [{ name: 'Abadatezuka', contributionAmount: francs(3_000), frequency: 'weekly', members: 2, maxMembers: 6, matchPercent: 83 }] },
  { source: 'recommendations', ok: true, budget: francs(3_000), groups: [] },
  { source: 'recommendations', ok: true, budget: null, groups: [] },
  { source: 'recommendations', ok: false, problem: 'budget_out_of_bounds', maxBudget: francs(1_000_000_000) },
];

/** Every answer of a catalogue, each with the facts it was given. */
function everyAnswer(language: (typeof LANGUAGES)[number]): [string, unknown][] {
  const say = ANSWERS[language];
  return [
    [say.greeting(true), null],
    [say.greeting(false), null],
    [say.signInFirst, null],
    [say.savings(savings), savings],
    ...contributions.map((f): [string, unknown] => [say.nextContribution(f), f]),
    ...payouts.map((f): [string, unknown] => [say.payouts(f), f]),
    ...scores.map((f): [string, unknown] => [say.creditScore(f), f]),
    ...limits.map((f): [string, unknown] => [say.loanLimit(f), f]),
    ...quotes.map((f): [string, unknown] => [say.loanQuote(f), f]),
    ...groups.map((f): [string, unknown] => [say.groups(f), f]),
    [say.merchantFees(rules), rules],
    [say.agentCommission(rules), rules],
    [say.howTontines(rules), rules],
    [say.howLoans(rules), rules],
    [say.howReminders(rules), rules],
    [say.howVerification, null],
    [say.howUssd, null],
    [say.othersData, null],
    [say.offTopic, null],
  ];
}

describe('the answer catalogues', () => {
  it.each(LANGUAGES)('state in %s no number outside the facts they are given', (language) => {
    for (const [text, facts] of everyAnswer(language)) {
      expect(text.trim().length, text).toBeGreaterThan(10);
      // Examples of how to ask ("100000 over 12 months") are the only numbers of their own.
      const examples = ['100000', '12'];
      expect(isGrounded(text, [...leaves(plain(facts)), ...examples]), `${language}: ${text}`).toBe(true);
    }
  });

  it("writes money in each language's one number format (core/money/number-format.ts, the web's too)", () => {
    const expected = { en: '48,250 RWF', fr: '48\u202f250 RWF', rw: '48.250 RWF', sw: '48,250 RWF' } as const;
    for (const language of LANGUAGES) expect(ANSWERS[language].savings(savings)).toContain(expected[language]);
  });

  it('ends an answer with its source and the screen that shows it, named in the answer’s language', () => {
    expect(withSource('en', 'x', 'savings_dashboard')).toMatch(/\nSource: your savings dashboard .* — see your dashboard\.$/);
    expect(withSource('fr', 'x', 'loan_calculation')).toContain('voir la page Prêts');
    expect(withSource('rw', 'x', 'recommendations')).toContain("reba paji y'Ibimina");
    expect(withSource('sw', 'x', 'product_rules')).toContain('tazama ukurasa wa Elimu');
  });

  it.each(LANGUAGES)('prints no address in %s: screens are named in words (the UI renders the links)', (language) => {
    for (const [text] of everyAnswer(language)) expect(text, text).not.toMatch(/(^|[\s(])\/[a-z]/);
    for (const source of ['savings_dashboard', 'contributions', 'loans_summary', 'credit_assessment', 'loan_calculation', 'recommendations', 'product_rules'] as const) {
      expect(withSource(language, 'x', source)).not.toMatch(/\/[a-z]/);
    }
  });

  it.each(LANGUAGES)('never offers in %s a limit below the minimum loan as something to borrow; it names what is missing', (language) => {
    const say = ANSWERS[language];
    const newcomer = say.loanLimit(limits[2]!);
    expect(newcomer).not.toContain(francs(8_251).format(language));
    expect(newcomer).toContain(francs(3_498).format(language));
    expect(newcomer).toContain(francs(20_000).format(language));
    expect(say.creditScore(scores[1]!)).toContain(francs(10_000).format(language));
    expect(say.loanLimit(limits[1]!)).not.toBe(say.loanLimit(limits[2]!));
  });
});

describe('dates in the answers', () => {
  it.each([
    ['en', 'March 10, 2026'],
    ['fr', '10 mars 2026'],
    ['rw', '10 Werurwe 2026'],
    ['sw', '10 Machi 2026'],
  ] as const)('are written in words of %s, as the screens write them', (language, words) => {
    const text = ANSWERS[language].nextContribution(contributions[0]!);
    expect(text).toContain(words);
    expect(text).not.toContain('2026-03-10');
  });
});
