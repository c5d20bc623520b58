/**
 * A loan's decision reason in the screen's language: its code worded from this client's catalogue
 * (`loans.decisionReasons`, amounts in the language's format), else the server's words
 * (`decisionReason`, already in the account's language, or a reason written before codes).
 */
import type { TFunction } from '../../lib/i18n.ts';
import { isDecisionReasonKey, type Loan } from './api/loan-schemas.ts';

type ReasonOf = Pick<Loan, 'decisionReason' | 'decisionReasonCode' | 'decisionReasonParams'>;

export function decisionReasonText(t: TFunction, money: (amount: string) => string, loan: ReasonOf): string | null {
  const code = loan.decisionReasonCode;
  if (!isDecisionReasonKey(code)) return loan.decisionReason;
  const params = loan.decisionReasonParams ?? {};
  const amount = (name: string) => (params[name] === undefined ? '' : money(params[name]));
  return t(`loans.decisionReasons.${code}`, { amount: amount('amount'), available: amount('available'), score: params.score ?? '', minimumScore: params.minimumScore ?? '' });
}
