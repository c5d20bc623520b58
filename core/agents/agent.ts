/**
 * Agent: accreditation status.
 *
 * Guarantees
 * - An agent registers `pending`; an admin accredits (→ `active`), suspends (active → `suspended`),
 *   reinstates (suspended → `active`) or revokes (any but revoked → `revoked`, final). Any other
 *   move is `agent_transition_not_allowed`.
 * - Only an `active` agent earns commission, is paid commission, or appears in the code look-up.
 */
import type { MobileMoneyProvider } from '../payments/ports.ts';
import { err, ok, type Result } from '../shared/result.ts';

export type AccreditationStatus = 'pending' | 'active' | 'suspended' | 'revoked';
export type AgentEvent = 'accredit' | 'suspend' | 'reinstate' | 'revoke';

export interface Agent {
  readonly id: string;
  readonly userId: string;
  readonly agentCode: string;
  readonly accreditationStatus: AccreditationStatus;
  /** Where commission payouts are paid. */
  readonly payoutWallet: { readonly provider: MobileMoneyProvider; readonly msisdn: string };
}

const TRANSITIONS: Readonly<Record<AgentEvent, { from: readonly AccreditationStatus[]; to: AccreditationStatus }>> = {
  accredit: { from: ['pending'], to: 'active' },
  suspend: { from: ['active'], to: 'suspended' },
  reinstate: { from: ['suspended'], to: 'active' },
  revoke: { from: ['pending', 'active', 'suspended'], to: 'revoked' },
};

export function transitionAgent(agent: Agent, event: AgentEvent): Result<Agent, 'agent_transition_not_allowed'> {
  const rule = TRANSITIONS[event];
  return rule.from.includes(agent.accreditationStatus) ? ok({ ...agent, accreditationStatus: rule.to }) : err('agent_transition_not_allowed');
}

export const earnsCommission = (agent: Agent | undefined): agent is Agent => agent?.accreditationStatus === 'active';
