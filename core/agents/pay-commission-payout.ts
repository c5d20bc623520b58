/**
 * Pay a commission payout to the agent's wallet; its commissions become `paid` with it.
 *
 * Guarantees
 * - Same life as a settlement batch (core/settlements/pay-settlement-batch.ts): processing →
 *   completed | failed, failed → processing on retry with a new transfer reference; its money
 *   moves through core/transfers (purpose `agent_commission`), booked before it is sent.
 * - On completion the agent's commission payable is debited and every commission of the payout is
 *   marked paid, in one unit of work with the payout's status.
 */
import { accounts } from '../ledger/accounts.ts';
import { attemptToPay, transferPayout, transitionPayout, type PayoutTransferDeps } from '../settlements/payout-status.ts';
import { err, invariant, ok, type Result } from '../shared/result.ts';
import type { CommissionPayout } from './commission.ts';
import type { AgentRepository, CommissionPayoutRepository, CommissionRepository } from './ports.ts';

export interface PayCommissionPayoutDeps extends PayoutTransferDeps {
  agents: AgentRepository;
  commissions: CommissionRepository;
  payouts: CommissionPayoutRepository;
}

export async function payCommissionPayout(
  deps: PayCommissionPayoutDeps,
  input: { payoutId: string; retry?: boolean },
): Promise<Result<CommissionPayout, 'payout_not_found' | 'payout_transition_not_allowed'>> {
  const payout = await deps.payouts.findById(input.payoutId);
  if (!payout) return err('payout_not_found');
  const attempt = attemptToPay(payout, input.retry ?? false);
  if (!attempt.ok) return attempt;
  const agent = await deps.agents.findById(payout.agentId);
  invariant(agent, `payout ${payout.id} names an unknown agent`);
  const accepted = await transferPayout(deps, {
    purpose: 'agent_commission',
    subjectId: payout.id,
    debitedAccount: accounts.agentCommission(payout.agentId),
    transferReference: payout.reference,
    attempt: attempt.value,
    memberId: agent.userId,
    wallet: agent.payoutWallet,
    amount: payout.payoutAmount,
    description: `Ikimina commission ${payout.reference}`,
  });
  return deps.unitOfWork.run(async () => {
    const status = transitionPayout('processing', accepted ? 'complete' : 'fail');
    invariant(status.ok, 'a processing payout can complete or fail');
    const recorded: CommissionPayout = { ...payout, status: status.value, attempts: attempt.value };
    await deps.payouts.save(recorded);
    if (accepted) {
      for (const commission of await deps.commissions.findByIds(payout.commissionIds)) {
        await deps.commissions.save({ ...commission, status: 'paid', payoutId: payout.id });
      }
    }
    return ok(recorded);
  });
}
