/**
 * PayoutIfCycleComplete: once every contribution of the current cycle is paid, the pot goes to
 * the cycle's recipient by mobile money. Run after each confirmed contribution and by the
 * scheduler; until the cycle is complete it answers `waiting` and changes nothing.
 *
 * Guarantees
 * - One payout per cycle, to the member at that cycle's position: the payout is keyed
 *   `payout:<tontineId>:<cycle>` and recorded once in the tontine, so a second check pays nobody.
 * - Stored before sent: the payout, its ledger entry and its transfer attempt commit together,
 *   and only then is the provider asked (core/transfers: a failed transfer is reversed and
 *   retried, never lost, never paid twice). The answer is `paid_out` once the payout is recorded,
 *   whatever the provider says next.
 * - The recipient's overdue contributions (arrears) are deducted from the pot and credited to the
 *   pool as paid contributions (payout-rule.ts). No money moves for them, so the ledger shows
 *   them as the part of the pot the payout entry leaves in `pool:<tontineId>`.
 * - Ledger: pool → mobile-money clearing for the whole francs paid (RequestTransfer books it); the fraction stays in the
 *   pool, and when the rotation completes the last fraction is swept to `rounding`, so a closed
 *   pool holds exactly zero.
 * - Personal savings have no payout: a paid period only schedules the next contribution.
 */
import type { Contribution } from '../contributions/contribution.ts';
import type { ContributionRepository } from '../contributions/ports.ts';
import { accounts } from '../ledger/accounts.ts';
import { credit, debit } from '../ledger/journal-entry.ts';
import type { JournalWriter } from '../ledger/ports.ts';
import type { Clock, IdGenerator } from '../shared/clock.ts';
import { err, invariant, ok, type Result } from '../shared/result.ts';
import type { UnitOfWork } from '../shared/unit-of-work.ts';
import { savingsContribution } from './contribution-schedule.ts';
import { payoutAmounts } from './payout-rule.ts';
import type { MemberWallets, Notifier, TontineRepository } from './ports.ts';
import type { RequestTransfer } from '../transfers/request-transfer.ts';
import type { SendTransfer } from '../transfers/send-transfer.ts';
import type { Payout, Tontine } from './tontine.ts';

export type PayoutOutcome =
  | { kind: 'waiting'; cycle: number; unpaid: number }
  | { kind: 'paid_out'; payout: Payout }
  | { kind: 'savings_period_advanced'; cycle: number };

export type PayoutError = 'tontine_not_found' | 'tontine_not_active' | 'recipient_has_no_wallet';

export class PayoutIfCycleComplete {
  constructor(
    private readonly deps: {
      tontines: TontineRepository;
      contributions: ContributionRepository;
      journal: JournalWriter;
      uow: UnitOfWork;
      requestTransfer: Pick<RequestTransfer, 'execute'>;
      sendTransfer: Pick<SendTransfer, 'execute'>;
      wallets: MemberWallets;
      notifier: Notifier;
      clock: Clock;
      ids: IdGenerator;
    },
  ) {}

  async execute(input: { tontineId: string }): Promise<Result<PayoutOutcome, PayoutError>> {
    const { tontines, contributions, uow } = this.deps;
    let toSend: string | undefined;
    const outcome = await uow.run(async (): Promise<Result<PayoutOutcome, PayoutError>> => {
      const tontine = await tontines.findById(input.tontineId);
      if (!tontine) return err('tontine_not_found');
      if (tontine.status !== 'active') return err('tontine_not_active');
      const all = await contributions.listByTontine(tontine.id);
      const cycle = tontine.currentCycle;
      const unpaid = all.filter((c) => c.cycle === cycle && !c.isCompleted).length;
      if (unpaid > 0) return ok({ kind: 'waiting', cycle, unpaid });
      if (tontine.isPersonalSavings) return ok(await this.advanceSavings(tontine));
      const paid = await this.payOut(tontine, all);
      toSend = paid.ok && paid.value.kind === 'paid_out' && paid.value.payout.paid.isPositive() ? paid.value.payout.reference : undefined;
      return paid;
    });
    // Committed: a callback for the transfer now finds it. The provider's answer is the transfer's.
    if (toSend) await this.deps.sendTransfer.execute({ reference: toSend });
    return outcome;
  }

  private async advanceSavings(tontine: Tontine): Promise<PayoutOutcome> {
    tontine.advanceSavingsCycle();
    await this.deps.tontines.save(tontine);
    await this.deps.contributions.save([savingsContribution(tontine, this.deps.ids)]);
    return { kind: 'savings_period_advanced', cycle: tontine.currentCycle };
  }

  private async payOut(tontine: Tontine, all: readonly Contribution[]): Promise<Result<PayoutOutcome, PayoutError>> {
    const { tontines, contributions, requestTransfer, wallets, notifier, clock } = this.deps;
    const now = clock.now();
    const cycle = tontine.currentCycle;
    const recipientId = tontine.recipientOf(cycle);
    const wallet = await wallets.walletOf(recipientId);
    if (!wallet) return err('recipient_has_no_wallet');

    const arrears = all.filter((c) => c.memberId === recipientId && c.cycle > cycle && c.isOverdueAt(now));
    const amounts = payoutAmounts({ pot: tontine.pot, arrears: arrears.map((c) => c.amount), carriedIn: tontine.carriedFraction });
    const reference = `payout:${tontine.id}:${cycle}`;
    const pool = accounts.pool(tontine.id);

    if (amounts.paid.isPositive()) {
      const opened = await requestTransfer.execute({
        purpose: 'payout',
        subjectId: tontine.id,
        debitedAccount: pool,
        transferReference: reference,
        memberId: recipientId,
        wallet,
        amount: amounts.paid,
        description: `Ikimina payout: ${tontine.name}, cycle ${cycle}`,
      });
      // The pool holds every contribution of the cycles not yet paid out, so it covers the pot:
      // a refusal here means the books and the contributions disagree, which is a bug.
      invariant(opened.ok, `payout ${reference}: the pool does not cover the pot`);
    }
    for (const owed of arrears) owed.settleFromPot(reference, now);
    await contributions.save(arrears);

    const payout: Payout = { cycle, recipientId, pot: tontine.pot, ...amounts, reference, paidAt: now };
    tontine.recordPayout(payout);
    if (tontine.status === 'completed' && amounts.carried.isPositive()) {
      // Nobody can be paid a fraction of a franc: the closed pool's last centimes go to rounding.
      await this.post(`pool_closed:${tontine.id}`, 'pool_rounding_swept', [debit(pool, amounts.carried), credit(accounts.rounding, amounts.carried)]);
    }
    await tontines.save(tontine);
    await notifier.notify({
      userId: recipientId,
      type: 'payout_received',
      template: 'payout_received',
      params: { tontineName: tontine.name, amount: amounts.paid.format(), cycle: String(cycle) },
    });
    return ok({ kind: 'paid_out', payout });
  }

  private async post(key: string, kind: string, postings: Parameters<JournalWriter['post']>[0]['postings']): Promise<void> {
    const posted = await this.deps.journal.post({ id: this.deps.ids.newId(), key, kind, occurredAt: this.deps.clock.now(), postings });
    invariant(posted.ok, `ledger refused ${key}: ${posted.ok ? '' : posted.error}`);
  }
}
