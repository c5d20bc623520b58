/**
 * DecidedFines: what a group's decision about its late fine does, done by the fines' own use cases
 * (core/tontines/change-fine-rule.ts and waive-fine.ts) in the caller's unit of work — the one
 * place the decisions module meets the fines (FineDecisionEffects).
 *
 * Guarantees
 * - The checks before anyone votes are the use cases' own rules: a rule within the fine's bounds
 *   and never on personal savings; a waiver only of this group's fine still owed (not paid, not
 *   waived). A decided change refused by the use case (say, the fine was paid meanwhile) is
 *   `proposal_change_invalid`: the proposal is void, nothing changes.
 * - Each change names its proposal, which the fines module keeps and announces to every member.
 */
import type { ContributionRepository } from '../contributions/ports.ts';
import { err, ok, type Result } from '../shared/result.ts';
import type { ChangeFineRule } from '../tontines/change-fine-rule.ts';
import { checkLateFine, type LateFineInput } from '../tontines/late-fine.ts';
import type { TontineRepository } from '../tontines/ports.ts';
import type { WaiveFine } from '../tontines/waive-fine.ts';
import type { FineDecisionEffects, FineEffectError } from './ports.ts';
import type { LateFineRule } from './proposal.ts';

export interface DecidedFinesDeps {
  tontines: Pick<TontineRepository, 'findById'>;
  contributions: Pick<ContributionRepository, 'findById'>;
  changeFineRule: Pick<ChangeFineRule, 'execute'>;
  waiveFine: Pick<WaiveFine, 'execute'>;
}

/** A decision's rule (its value a decimal text, as the form sent it) as the fines' input: whole numbers only, which checkLateFine holds to. */
function fineInput(rule: LateFineRule): LateFineInput {
  return { kind: rule.kind, value: Number(rule.value), graceDays: rule.graceDays };
}

export class DecidedFines implements FineDecisionEffects {
  constructor(private readonly deps: DecidedFinesDeps) {}

  async checkFineRule(tontineId: string, rule: LateFineRule | null): Promise<Result<void, FineEffectError>> {
    const tontine = await this.deps.tontines.findById(tontineId);
    if (!tontine || (rule !== null && (tontine.isPersonalSavings || !checkLateFine(fineInput(rule)).ok))) return err('proposal_change_invalid');
    return ok(undefined);
  }

  async checkWaiver(tontineId: string, fineId: string): Promise<Result<void, FineEffectError>> {
    const fine = await this.deps.contributions.findById(fineId);
    if (!fine || !fine.isFine || fine.tontineId !== tontineId || fine.status === 'waived' || fine.isCompleted) return err('proposal_change_invalid');
    return ok(undefined);
  }

  async changeFineRule(tontineId: string, rule: LateFineRule | null, proposalId: string): Promise<Result<void, FineEffectError>> {
    const changed = await this.deps.changeFineRule.execute({ tontineId, rule: rule && fineInput(rule), by: { kind: 'decision', proposalId } });
    return changed.ok ? ok(undefined) : err('proposal_change_invalid');
  }

  async waiveFine(tontineId: string, fineId: string, proposalId: string): Promise<Result<void, FineEffectError>> {
    const waived = await this.deps.waiveFine.execute({ tontineId, fineId, by: { kind: 'decision', proposalId } });
    return waived.ok ? ok(undefined) : err('proposal_change_invalid');
  }
}
