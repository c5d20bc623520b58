/**
 * ChangeFineRule: a group's late fine rule (late-fine.ts) is set, changed or removed.
 *
 * Input: `{ tontineId, rule, by }`: `rule` is `{ kind: 'fixed' | 'percent', value, graceDays? }`
 * or null (no fine from now on); `by` is
 * - `{ kind: 'decision', proposalId }`: a passed `change_fine` proposal (the decisions module has
 *   checked the vote), or
 * - `{ kind: 'creator', userId }`: the creator, only while the group is still forming (the rule a
 *   member joins under); once the rotation runs only the group decides (`only_group_can_change_fine`).
 *
 * Guarantees
 * - The rule is checked like at creation (`late_fine_invalid`; personal savings take none); it
 *   applies from today on: graces that ended before are never fined under it.
 * - Every member is told, in-app and by SMS, in the change's unit of work (fine_rule_changed or
 *   fine_rule_removed). Fines already posted stay as they are.
 */
import type { Clock } from '../shared/clock.ts';
import { err, ok, type Result } from '../shared/result.ts';
import type { UnitOfWork } from '../shared/unit-of-work.ts';
import { fineRuleNotices } from './group-announcements.ts';
import { checkLateFine, type LateFineError, type LateFineInput, type LateFineRule } from './late-fine.ts';
import type { MemberProfiles, Notifier, TontineRepository } from './ports.ts';
import type { Tontine } from './tontine.ts';

export type ChangeFineRuleBy = { kind: 'decision'; proposalId: string } | { kind: 'creator'; userId: string };

export interface ChangeFineRuleInput {
  tontineId: string;
  rule: LateFineInput | null;
  by: ChangeFineRuleBy;
}

export type ChangeFineRuleError = 'tontine_not_found' | 'only_group_can_change_fine' | LateFineError;

export class ChangeFineRule {
  constructor(
    private readonly deps: {
      tontines: TontineRepository;
      profiles: MemberProfiles;
      notifier: Notifier;
      uow: UnitOfWork;
      clock: Clock;
    },
  ) {}

  execute(input: ChangeFineRuleInput): Promise<Result<Tontine, ChangeFineRuleError>> {
    const { tontines, profiles, notifier, uow, clock } = this.deps;
    return uow.run(async () => {
      const tontine = await tontines.findById(input.tontineId);
      if (!tontine) return err('tontine_not_found');
      if (input.by.kind === 'creator') {
        if (!tontine.isMember(input.by.userId)) return err('tontine_not_found');
        if (!tontine.isAdmin(input.by.userId) || tontine.status !== 'forming') return err('only_group_can_change_fine');
      }
      let rule: LateFineRule | null = null;
      if (input.rule) {
        const checked = checkLateFine(input.rule);
        if (!checked.ok) return checked;
        rule = checked.value;
      }
      const changed = tontine.changeLateFine(rule, clock.now());
      if (!changed.ok) return changed;
      await tontines.save(tontine);
      await notifier.notifyAll(await fineRuleNotices(tontine, rule, input.by, profiles));
      return ok(tontine);
    });
  }
}
