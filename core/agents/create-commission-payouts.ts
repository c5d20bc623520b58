/**
 * Create the monthly commission payouts (the job on the 1st, or an admin for any month).
 *
 * Guarantees
 * - One payout per active agent and month; running it twice creates nothing new.
 * - Commissions of suspended or revoked agents stay pending (held) until an admin decides.
 * - With `agentId`, only that agent's payout is created (the demo seed pays the demo agent alone);
 *   the others' commissions are left as they are, for their own payout.
 */
import { Money } from '../money/money.ts';
import type { Period } from '../shared/calendar.ts';
import type { Clock, IdGenerator } from '../shared/clock.ts';
import type { UnitOfWork } from '../shared/unit-of-work.ts';
import { earnsCommission } from './agent.ts';
import { buildCommissionPayouts, lastEndedCommissionPeriod, type CommissionPayout } from './commission.ts';
import type { AgentRepository, CommissionPayoutRepository, CommissionRepository } from './ports.ts';

export interface CreateCommissionPayoutsDeps {
  agents: AgentRepository;
  commissions: CommissionRepository;
  payouts: CommissionPayoutRepository;
  uow: UnitOfWork;
  clock: Clock;
  ids: IdGenerator;
}

export class CreateCommissionPayouts {
  constructor(private readonly deps: CreateCommissionPayoutsDeps) {}

  async execute(input: { period?: Period; agentId?: string } = {}): Promise<CommissionPayout[]> {
    const { deps } = this;
    return deps.uow.run(async () => {
      const now = deps.clock.now();
      const period = input.period ?? lastEndedCommissionPeriod(now);
      const pending = (await deps.commissions.findPendingBefore(period.end)).filter((c) => input.agentId === undefined || c.agentId === input.agentId);
      const eligible = [];
      const carried = new Map<string, Money>();
      for (const agentId of new Set(pending.map((c) => c.agentId))) {
        if (!earnsCommission(await deps.agents.findById(agentId))) continue;
        eligible.push(...pending.filter((c) => c.agentId === agentId));
        carried.set(agentId, (await deps.payouts.latestFor(agentId))?.carriedOut ?? Money.ZERO);
      }
      const existing = await deps.payouts.findByPeriod(period.start);
      const payouts = buildCommissionPayouts({
        period,
        pending: eligible,
        alreadyPaidAgentIds: new Set(existing.map((p) => p.agentId)),
        carriedIn: (agentId) => carried.get(agentId)!,
        now,
        newId: () => deps.ids.newId(),
      });
      for (const payout of payouts) await deps.payouts.save(payout);
      return payouts;
    });
  }
}
