/**
 * The one settlement path of provider reports (SettlePaymentReport) wired over the tontines' test
 * world, for the core tests of what sits on it (settling, polling, reconciling, the demo seeds).
 * Loan and merchant reports are not this world's: their seams throw unless a test sets them.
 */
import { RecordingEventLog } from '../identity/identity.fixtures.ts';
import { invariant } from '../shared/result.ts';
import type { World } from '../tontines/tontines.fixtures.ts';
import { oneAtATime, PaymentsView } from './payments.fixtures.ts';
import { SettlePaymentReport, type SettlePaymentReportDeps } from './settle-payment-report.ts';

export function settlerOver(world: World, overrides: Partial<SettlePaymentReportDeps> = {}) {
  const log = new RecordingEventLog();
  const payments = new PaymentsView(world.contributions, world.transfers);
  const unused = async (): Promise<never> => {
    throw new Error('not expected here');
  };
  const settle = new SettlePaymentReport({
    payments,
    contributions: world.contributions,
    tontines: { namesOf: async (ids) => new Map(ids.map((id) => [id, 'Abadatezuka'])) },
    confirm: world.confirmContributionPayment,
    payout: world.payoutIfCycleComplete,
    settleTransfer: world.settleTransfer,
    confirmLoanPayment: { execute: unused },
    loanCollections: { findByReference: unused },
    merchantPayments: { execute: unused },
    notifier: world.notifier,
    batching: oneAtATime,
    uow: world.uow,
    log,
    ...overrides,
  });
  return { settle, log, payments };
}

/** Each member of the group asks to pay their contribution of `cycle` by MTN: the attempts' references, in the members' order. */
export async function requestCycle(world: World, cycle = 1, tontineId = 't-1'): Promise<string[]> {
  const due = (await world.contributions.listByTontine(tontineId)).filter((c) => c.cycle === cycle);
  const references: string[] = [];
  for (const c of due) {
    const paid = await world.payContribution.execute({ contributionId: c.id, userId: c.memberId, idempotencyKey: `k-${c.id}`, provider: 'mtn', msisdn: '+250788000000' });
    invariant(paid.ok, 'payment request');
    references.push(paid.value.attempt.providerReference);
  }
  return references;
}
