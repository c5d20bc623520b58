import { describe, expect, it } from 'vitest';
import { anAgent, merchantsWorld } from '../merchants/merchants.fixtures.ts';
import { decideAgent } from './decide-agent.ts';

describe('decide agent (admin)', () => {
  it('accredits a pending agent once; unknown agents are not found', async () => {
    const w = merchantsWorld();
    await w.agents.save(anAgent({ accreditationStatus: 'pending' }));
    expect(await decideAgent(w, { agentId: 'a1', event: 'accredit' })).toMatchObject({ ok: true, value: { accreditationStatus: 'active' } });
    expect(await decideAgent(w, { agentId: 'a1', event: 'accredit' })).toEqual({ ok: false, error: 'agent_transition_not_allowed' });
    expect((await w.agents.findById('a1'))?.accreditationStatus).toBe('active');
    expect(await decideAgent(w, { agentId: 'nope', event: 'revoke' })).toEqual({ ok: false, error: 'agent_not_found' });
  });
});
