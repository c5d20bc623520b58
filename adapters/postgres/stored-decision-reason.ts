/**
 * A loan's decision reason in its columns: `decision_reason_code` with `decision_reason_params`
 * (jsonb: amounts as decimal strings, scores as numbers), or, for a reason written as a sentence
 * before reasons had codes, that sentence in `decision_reason` with no code (Migration20261128431000
 * turned the sentences it knew into codes).
 *
 * Guarantees: what is stored reads back equal; a row with a code this version does not know, or
 * figures that do not parse, fails loudly rather than showing a wrong reason.
 */
import { decisionReasonFigures, isDecisionReasonCode, type DecisionReason } from '../../core/loans/decision-reason.ts';
import { Money } from '../../core/money/money.ts';
import { invariant } from '../../core/shared/result.ts';

export interface StoredDecisionReason {
  decision_reason: string | null;
  decision_reason_code: string | null;
  decision_reason_params: Record<string, unknown> | null;
}

export function storeDecisionReason(reason: DecisionReason | undefined): StoredDecisionReason {
  if (!reason) return { decision_reason: null, decision_reason_code: null, decision_reason_params: null };
  if (reason.code === 'written') return { decision_reason: reason.text, decision_reason_code: null, decision_reason_params: null };
  const { amounts, numbers } = decisionReasonFigures(reason);
  const params = { ...Object.fromEntries(Object.entries(amounts).map(([name, money]) => [name, money.toDecimal()])), ...numbers };
  return { decision_reason: null, decision_reason_code: reason.code, decision_reason_params: params };
}

function amountOf(params: Record<string, unknown>, name: string): Money {
  const parsed = Money.parseDecimal(String(params[name]));
  invariant(parsed.ok, `decision reason: ${name} ${String(params[name])} is not an amount`);
  return parsed.value;
}

function numberOf(params: Record<string, unknown>, name: string): number {
  const value = params[name];
  invariant(typeof value === 'number' && Number.isInteger(value), `decision reason: ${name} is not a whole number`);
  return value;
}

export function readDecisionReason(row: StoredDecisionReason): DecisionReason | undefined {
  const code = row.decision_reason_code;
  if (code === null) return row.decision_reason === null ? undefined : { code: 'written', text: row.decision_reason };
  invariant(isDecisionReasonCode(code), `unknown decision reason code ${code}`);
  const params = row.decision_reason_params ?? {};
  switch (code) {
    case 'instant_approval':
      return { code, amount: amountOf(params, 'amount'), available: amountOf(params, 'available'), score: numberOf(params, 'score'), minimumScore: numberOf(params, 'minimumScore') };
    case 'score_below_minimum':
      return { code, score: numberOf(params, 'score'), minimumScore: numberOf(params, 'minimumScore') };
    default:
      return { code };
  }
}
