/**
 * The admin's decisions on agents and merchants (CLI `agents accredit|suspend|reinstate|revoke`,
 * `merchants verify|reject|suspend|reinstate`), each recorded in the audit trail.
 *
 * Guarantees
 * - The move follows core/agents/agent.ts or core/merchants/merchant.ts (decideAgent,
 *   decideMerchant); a refused move changes nothing and records nothing.
 * - The decision and its audit row (`agent_<event>` / `merchant_<event>`, actor, reason) commit
 *   together. A KYB rejection needs a reason, which is kept with the merchant.
 * - A merchant's owner is told of each decision on the business (core/merchants/merchant-notices.ts:
 *   in-app, SMS and e-mail in their language), in the decision's transaction: told if and only if
 *   it committed.
 */
import type { Agent, AgentEvent } from '../agents/agent.ts';
import { decideAgent } from '../agents/decide-agent.ts';
import type { AgentRepository } from '../agents/ports.ts';
import type { AuditTrail } from '../audit/ports.ts';
import { err, ok, type Result } from '../shared/result.ts';
import type { UnitOfWork } from '../shared/unit-of-work.ts';
import { decideMerchant } from './decide-merchant.ts';
import type { Merchant, MerchantEvent } from './merchant.ts';
import { merchantDecisionNotice } from './merchant-notices.ts';
import type { MerchantRegistry, MerchantRepository } from './ports.ts';
import type { Notifier } from '../tontines/ports.ts';

export class ReviewAgent {
  constructor(private readonly deps: { agents: AgentRepository; audit: AuditTrail; unitOfWork: UnitOfWork }) {}

  async execute(input: { agentId: string; event: AgentEvent; actor: string; reason?: string }): Promise<Result<Agent, 'agent_not_found' | 'agent_transition_not_allowed'>> {
    const { agents, audit, unitOfWork } = this.deps;
    return unitOfWork.run(async () => {
      const decided = await decideAgent({ agents, unitOfWork }, input);
      if (!decided.ok) return decided;
      await audit.record({ action: `agent_${input.event}`, actor: input.actor, subject: `agent:${input.agentId}`, details: { status: decided.value.accreditationStatus, reason: input.reason ?? null } });
      return decided;
    });
  }
}

export class ReviewMerchant {
  constructor(private readonly deps: { merchants: MerchantRepository & Pick<MerchantRegistry, 'saveKybDecision'>; audit: AuditTrail; notifier: Notifier; unitOfWork: UnitOfWork }) {}

  async execute(input: { merchantId: string; event: MerchantEvent; actor: string; reason?: string }): Promise<
    Result<Merchant, 'merchant_not_found' | 'merchant_transition_not_allowed' | 'rejection_reason_required'>
  > {
    const { merchants, audit, notifier, unitOfWork } = this.deps;
    if (input.event === 'reject_kyb' && (input.reason ?? '').trim().length < 5) return err('rejection_reason_required');
    return unitOfWork.run(async () => {
      const decided = await decideMerchant({ merchants, unitOfWork }, input);
      if (!decided.ok) return decided;
      if (input.event === 'reject_kyb' || input.event === 'verify_kyb') await merchants.saveKybDecision(input.merchantId, input.reason?.trim() || null);
      await audit.record({
        action: `merchant_${input.event}`,
        actor: input.actor,
        subject: `merchant:${input.merchantId}`,
        details: { status: decided.value.merchantStatus, kybStatus: decided.value.kybStatus, reason: input.reason ?? null },
      });
      await notifier.notify(merchantDecisionNotice(decided.value, input.event, input.reason));
      return ok(decided.value);
    });
  }
}
