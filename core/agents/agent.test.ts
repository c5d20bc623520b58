import { describe, expect, it } from 'vitest';
import { anAgent } from '../merchants/merchants.fixtures.ts';
import { earnsCommission, transitionAgent, type AccreditationStatus, type AgentEvent } from './agent.ts';

describe('agent accreditation', () => {
  const table: Record<AccreditationStatus, Partial<Record<AgentEvent, AccreditationStatus>>> = {
    pending: { accredit: 'active', revoke: 'revoked' },
    active: { suspend: 'suspended', revoke: 'revoked' },
    suspended: { reinstate: 'active', revoke: 'revoked' },
    revoked: {},
  };

  it('allows exactly: accredit, suspend, reinstate, revoke (final)', () => {
    for (const [from, moves] of Object.entries(table) as [AccreditationStatus, Partial<Record<AgentEvent, AccreditationStatus>>][]) {
      for (const event of ['accredit', 'suspend', 'reinstate', 'revoke'] as AgentEvent[]) {
        const result = transitionAgent(anAgent({ accreditationStatus: from }), event);
        const to = moves[event];
        expect(result.ok ? result.value.accreditationStatus : result.error).toBe(to ?? 'agent_transition_not_allowed');
      }
    }
  });

  it('only an active agent earns commission', () => {
    expect(earnsCommission(anAgent())).toBe(true);
    expect(earnsCommission(anAgent({ accreditationStatus: 'suspended' }))).toBe(false);
    expect(earnsCommission(undefined)).toBe(false);
  });
});
