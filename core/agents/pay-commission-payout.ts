/**
 * Pay a commission payout to the agent's wallet; its commissions become `paid` with it.
 *
 * Guarantees
 * - Same life as a settlement batch (core/settlements/pay-settlement-batch.ts): processing until
 *   the provider's own final word on its transfer, then completed | failed (an acceptance alone
 *   completes nothing), failed → processing on retry with a new transfer reference; its money
 *   moves through core/transfers (purpose `agent_commission`), booked before it is sent, which
 *   debits the agent's commission payable (credited back if the transfer fails).
 * - When its transfer completes, every commission of the payout is marked paid, in the unit of
 *   work that completes the transfer and the payout (CommissionPayoutTransfers).
 */
import { accounts } from '../ledger/accounts.ts';
import { attemptToPay, isPaidBy, payPayoutAttempt, transitionPayout, type PayoutEvent, type PayoutsPaidByTransfer, type PayoutTransferDeps } from '../settlements/payout-status.ts';
import type { OutgoingTransfer } from '../transfers/transfer.ts';
import { err, invariant, ok, type Result } from '../shared/result.ts';
import type { CommissionPayout } from './commission.ts';
import type { AgentRepository, CommissionPayoutRepository, CommissionRepository } from './ports.ts';

export interface PayCommissionPayoutDeps extends PayoutTransferDeps {
  agents: AgentRepository;
  payouts: CommissionPayoutRepository;
}

export class PayCommissionPayout {
  constructor(private readonly deps: PayCommissionPayoutDeps) {}

  async execute(input: { payoutId: string; retry?: boolean }): Promise<Result<CommissionPayout, 'payout_not_found' | 'payout_transition_not_allowed'>> {
    const { deps } = this;
    const payout = await deps.payouts.findById(input.payoutId);
    if (!payout) return err('payout_not_found');
    const attempt = attemptToPay(payout, input.retry ?? false);
    if (!attempt.ok) return attempt;
    const agent = await deps.agents.findById(payout.agentId);
    invariant(agent, `payout ${payout.id} names an unknown agent`);
    const paid = await payPayoutAttempt(deps, deps.payouts, payout, attempt.value, {
      purpose: 'agent_commission',
      debitedAccount: accounts.agentCommission(payout.agentId),
      transferReference: payout.reference,
      memberId: agent.userId,
      wallet: agent.payoutWallet,
      amount: payout.payoutAmount,
      description: `Ikimina commission ${payout.reference}`,
    });
    return ok(paid);
  }
}

/** The commission payouts paid by `agent_commission` transfers, for their PayoutTransferPolicy. */
export class CommissionPayoutTransfers implements PayoutsPaidByTransfer {
  constructor(private readonly deps: { payouts: Pick<CommissionPayoutRepository, 'findById' | 'save'>; commissions: Pick<CommissionRepository, 'findByIds' | 'save'> }) {}

  async settle(transfer: OutgoingTransfer, event: PayoutEvent): Promise<boolean> {
    const { payouts, commissions } = this.deps;
    const payout = await payouts.findById(transfer.subjectId);
    if (!payout || !isPaidBy(payout, transfer)) return false;
    const status = transitionPayout(payout.status, event);
    invariant(status.ok, 'a processing payout can complete or fail');
    await payouts.save({ ...payout, status: status.value });
    if (event === 'complete') {
      for (const commission of await commissions.findByIds(payout.commissionIds)) await commissions.save({ ...commission, status: 'paid', payoutId: payout.id });
    }
    return true;
  }
}
