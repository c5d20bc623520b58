/**
 * A member registers as an agent (/agent/register). The form's rules are checked at the edge
 * (zod, the specification's messages); this use case keeps the rules that need the records.
 *
 * Guarantees
 * - The agent starts `pending` accreditation; an admin accredits it (core/agents/decide-agent.ts).
 * - One agent profile per member (`already_an_agent`), one agent per code (`agent_code_taken`),
 *   also when two registrations race: the store's unique keys decide.
 * - Commission is paid to the phone number given, through the configured provider.
 */
import type { MobileMoneyProvider } from '../payments/ports.ts';
import type { Clock, IdGenerator } from '../shared/clock.ts';
import { err, ok, type Result } from '../shared/result.ts';
import type { UnitOfWork } from '../shared/unit-of-work.ts';
import type { AgentProfile, RegisteredAgent } from './agent-profile.ts';
import type { AgentRegistry } from './ports.ts';

export type RegisterAgentInput = Omit<AgentProfile, 'createdAt'> & { userId: string; agentCode: string };
export type RegisterAgentError = 'already_an_agent' | 'agent_code_taken';

export interface RegisterAgentDeps {
  agents: AgentRegistry;
  payoutProvider: (msisdn: string) => MobileMoneyProvider;
  uow: UnitOfWork;
  clock: Clock;
  ids: IdGenerator;
}

export class RegisterAgent {
  constructor(private readonly deps: RegisterAgentDeps) {}

  async execute(input: RegisterAgentInput): Promise<Result<RegisteredAgent, RegisterAgentError>> {
    const { agents: registry, uow, clock, ids, payoutProvider } = this.deps;
    return uow.run(async () => {
      if (await registry.findByUser(input.userId)) return err('already_an_agent');
      if (await registry.findByCode(input.agentCode)) return err('agent_code_taken');
      const { userId, agentCode, ...profile } = input;
      const agent: RegisteredAgent = {
        ...profile,
        id: ids.newId(),
        userId,
        agentCode,
        accreditationStatus: 'pending',
        payoutWallet: { provider: payoutProvider(input.phoneNumber), msisdn: input.phoneNumber },
        createdAt: clock.now(),
      };
      const stored = await registry.register(agent);
      return stored === 'registered' ? ok(agent) : err(stored);
    });
  }
}

