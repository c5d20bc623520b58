/**
 * Answers of the built-in assistant, in the member's language, from grounded facts only.
 *
 * Guarantees
 * - An answer states no figure that is not in the facts it was given (the catalogues take the
 *   facts and nothing else; answers.test.ts checks every number against them).
 * - An answer with a figure ends with its source and the screen to see it on, named in words of the
 *   member's language (never an address: the UI renders the answer's links).
 */
import type { Language } from './intents.ts';
import type {
  CreditScoreFact,
  GroupsFact,
  LoanLimitFact,
  LoanQuoteFact,
  NextContributionFact,
  PayoutsFact,
  RulesFact,
  SavingsFact,
  Screen,
  Source,
} from './grounded-tools.ts';
import { SCREEN_OF } from './grounded-tools.ts';
import { EN_ANSWERS } from './answers-en.ts';
import { FR_ANSWERS } from './answers-fr.ts';
import { RW_ANSWERS } from './answers-rw.ts';
import { SW_ANSWERS } from './answers-sw.ts';

export interface AnswerCatalogue {
  sources: Readonly<Record<Source, string>>;
  /** Each screen as a sentence names it ("the Loans page"). */
  screens: Readonly<Record<Screen, string>>;
  source(label: string, screen: string): string;
  greeting(signedIn: boolean): string;
  signInFirst: string;
  savings(f: SavingsFact): string;
  nextContribution(f: NextContributionFact): string;
  payouts(f: PayoutsFact): string;
  creditScore(f: CreditScoreFact): string;
  loanLimit(f: LoanLimitFact): string;
  loanQuote(f: LoanQuoteFact): string;
  groups(f: GroupsFact): string;
  merchantFees(r: RulesFact): string;
  agentCommission(r: RulesFact): string;
  howTontines(r: RulesFact): string;
  howLoans(r: RulesFact): string;
  howReminders(r: RulesFact): string;
  howVerification: string;
  howUssd: string;
  othersData: string;
  offTopic: string;
}

export const ANSWERS: Readonly<Record<Language, AnswerCatalogue>> = { en: EN_ANSWERS, fr: FR_ANSWERS, rw: RW_ANSWERS, sw: SW_ANSWERS };

/** A text followed by the line naming where its figures come from. */
export function withSource(language: Language, text: string, source: Source): string {
  const catalogue = ANSWERS[language];
  return `${text}\n${catalogue.source(catalogue.sources[source], catalogue.screens[SCREEN_OF[source]])}`;
}
