/**
 * Paying agents' commissions (the job on the 1st, `commissions payout --month`), as merchants are
 * settled (core/settlements/settle-merchants.ts).
 *
 * Guarantees
 * - Payouts are created per agent and Kigali month (core/agents/create-commission-payouts.ts:
 *   running again creates nothing), and each new one is paid at once through the transfers
 *   module (core/agents/pay-commission-payout.ts); one payout's failure does not stop the others.
 * - A failed payout is paid again only on an explicit retry, as a new attempt.
 */
import type { Period } from '../shared/calendar.ts';
import type { CommissionPayout } from './commission.ts';
import { CreateCommissionPayouts, type CreateCommissionPayoutsDeps } from './create-commission-payouts.ts';
import { PayCommissionPayout, type PayCommissionPayoutDeps } from './pay-commission-payout.ts';

export interface PayCommissionsDeps extends CreateCommissionPayoutsDeps, PayCommissionPayoutDeps {}

export class PayCommissions {
  private readonly create: CreateCommissionPayouts;
  private readonly pay: PayCommissionPayout;

  constructor(deps: PayCommissionsDeps) {
    this.create = new CreateCommissionPayouts(deps);
    this.pay = new PayCommissionPayout(deps);
  }

  /** Pays the month `period` (the month that ended by default), every agent's or `agentId`'s alone. */
  async execute(input: { period?: Period; agentId?: string } = {}): Promise<{ created: CommissionPayout[]; paid: CommissionPayout[] }> {
    const created = await this.create.execute({ ...(input.period ? { period: input.period } : {}), ...(input.agentId !== undefined ? { agentId: input.agentId } : {}) });
    const paid: CommissionPayout[] = [];
    for (const payout of created) {
      const result = await this.pay.execute({ payoutId: payout.id });
      paid.push(result.ok ? result.value : payout);
    }
    return { created, paid };
  }

  retry(input: { payoutId: string }) {
    return this.pay.execute({ payoutId: input.payoutId, retry: true });
  }
}
