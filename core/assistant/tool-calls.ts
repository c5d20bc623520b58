/**
 * The grounded tools as a language model sees them (OpenAI-style function specs) and their
 * execution for one caller.
 *
 * Guarantees
 * - A signed-out visitor's model gets only the product rules; a member's model gets the member's
 *   tools, each run with the signed-in member's id: no argument can name another member.
 * - Arguments are read defensively (a JSON string or an object, wrong types ignored); an unknown
 *   tool answers `{error: "unknown_tool"}`.
 * - Results carry amounts as people read them ("12,500 RWF"), as the built-in answers do.
 */
import { Money } from '../money/money.ts';
import { productRules, type AssistantTools } from './grounded-tools.ts';
import type { ToolSpec } from './ports.ts';

const NO_ARGS = { type: 'object', properties: {}, additionalProperties: false } as const;

export const RULES_TOOL: ToolSpec = { name: 'get_product_rules', description: 'Ikimina rules: merchant fee and settlement day, agent commission, reminder days, loan bounds and rate bands.', parameters: NO_ARGS };

export const MEMBER_TOOLS: readonly ToolSpec[] = [
  { name: 'get_savings', description: "The signed-in member's total savings and number of active groups.", parameters: NO_ARGS },
  {
    name: 'get_next_contribution',
    description: "The member's next unpaid contribution: amount, due date, group.",
    parameters: { type: 'object', properties: { group_name: { type: 'string', description: "One of the member's own groups (optional)" } }, additionalProperties: false },
  },
  { name: 'get_payouts', description: "The member's next payout: amount, date, group.", parameters: NO_ARGS },
  { name: 'get_credit_score', description: "The member's latest credit score, rating and factors.", parameters: NO_ARGS },
  { name: 'get_loan_limit', description: 'How much the member may borrow now and why.', parameters: NO_ARGS },
  {
    name: 'quote_loan',
    description: 'Monthly payment, interest and total of a loan for the member, at the rate of their score.',
    parameters: { type: 'object', properties: { amount: { type: 'number', description: 'RWF' }, term_months: { type: 'integer' } }, required: ['amount', 'term_months'], additionalProperties: false },
  },
  {
    name: 'recommend_groups',
    description: 'Open groups that fit the member, optionally for a budget per contribution in RWF.',
    parameters: { type: 'object', properties: { budget: { type: 'number', description: 'RWF per contribution' } }, additionalProperties: false },
  },
  RULES_TOOL,
];

/** Money as a person reads it, everywhere in a result. */
export function plain(value: unknown): unknown {
  if (value instanceof Money) return value.format();
  if (Array.isArray(value)) return value.map(plain);
  if (value !== null && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, plain(v)]));
  return value;
}

function argsOf(raw: unknown): Record<string, unknown> {
  if (typeof raw === 'string') {
    try {
      const parsed: unknown = JSON.parse(raw);
      return parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : {};
    } catch {
      return {};
    }
  }
  return raw !== null && typeof raw === 'object' && !Array.isArray(raw) ? (raw as Record<string, unknown>) : {};
}

const numberOr = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? Math.round(v) : typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : null);

export function toolsFor(memberId: string | null): readonly ToolSpec[] {
  return memberId === null ? [RULES_TOOL] : MEMBER_TOOLS;
}

/** Runs one tool call for `memberId` (null: a visitor, rules only). */
export async function runTool(tools: AssistantTools, memberId: string | null, name: string, rawArgs: unknown): Promise<unknown> {
  const args = argsOf(rawArgs);
  if (name === 'get_product_rules') return plain(productRules());
  if (memberId === null) return { error: 'sign_in_required' };
  switch (name) {
    case 'get_savings':
      return plain(await tools.savings(memberId));
    case 'get_next_contribution': {
      const wanted = typeof args.group_name === 'string' ? args.group_name : null;
      const own = wanted === null ? null : ((await tools.groupNames(memberId)).find((n) => n.toLowerCase() === wanted.toLowerCase()) ?? null);
      return plain(await tools.nextContribution(memberId, own));
    }
    case 'get_payouts':
      return plain(await tools.payouts(memberId));
    case 'get_credit_score':
      return plain(await tools.creditScore(memberId));
    case 'get_loan_limit':
      return plain(await tools.loanLimit(memberId));
    case 'quote_loan':
      return plain(await tools.loanQuote(memberId, numberOr(args.amount), numberOr(args.term_months)));
    case 'recommend_groups':
      return plain(await tools.groups(memberId, numberOr(args.budget)));
    default:
      return { error: 'unknown_tool' };
  }
}
