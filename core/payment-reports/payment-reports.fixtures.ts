/**
 * Fakes of the payments ports for core tests: the payments as the Postgres adapter reads them (a
 * view over the contributions' attempts and the outgoing transfers, never a copy of its own), and
 * two ways of batching reports (each alone, or those of the same tick together, as GroupCommit),
 * disputes; and the one settlement path of provider reports (SettlePaymentReport) wired over the
 * tontines' test world (`settlerOver`), for the tests of what sits on it (settling, polling, the
 * demo seeds). Loan and merchant reports are not that world's: their seams throw unless a test
 * sets them.
 */
import type { InMemoryContributionRepository } from '../contributions/contributions.fixtures.ts';
import { RecordingEventLog } from '../identity/identity.fixtures.ts';
import type { Batching } from '../shared/batching.ts';
import { invariant } from '../shared/result.ts';
import type { World } from '../tontines/tontines.fixtures.ts';
import type { InMemoryOutgoingTransfers } from '../transfers/transfers.fixtures.ts';
import type { OutgoingTransfer } from '../transfers/transfer.ts';
import { memberKey, type MemberIdempotencyKey, type PaymentDispute, type PaymentDisputes, type PaymentRecord, type PaymentRepository, type PaymentStatus } from '../payments/ports.ts';
import { SettlePaymentReport, type SettlePaymentReportDeps } from './settle-payment-report.ts';

const TRANSFER_STATUS: Readonly<Record<OutgoingTransfer['status'], PaymentStatus>> = {
  requested: 'pending',
  sent: 'pending',
  completed: 'successful',
  failed: 'failed',
  given_up: 'failed',
  disputed: 'failed',
};

/**
 * The payments of the contributions and of the savings transfers (payouts, withdrawals) held by
 * the given fakes. `listPendingOlderThan` answers, as the Postgres adapter does, only contribution
 * payments (transfers are polled through their own port), least recently polled first, and marks
 * them polled.
 */
export class PaymentsView implements PaymentRepository {
  private readonly polledAt = new Map<string, number>();

  constructor(
    private readonly contributions: InMemoryContributionRepository,
    private readonly transfers?: InMemoryOutgoingTransfers,
  ) {}

  all(): PaymentRecord[] {
    const collections = this.contributions.all().flatMap((c) =>
      c.attempts.map(
        (a): PaymentRecord => ({
          id: `pay-${a.providerReference}`,
          kind: 'contribution',
          provider: a.provider,
          reference: a.providerReference,
          memberId: c.memberId,
          idempotencyKey: a.idempotencyKey,
          contributionId: c.id,
          tontineId: c.tontineId,
          amount: a.amount,
          phoneNumber: a.msisdn,
          status: a.status === 'requested' ? 'pending' : a.status === 'succeeded' ? 'successful' : 'failed',
          reason: a.failureReason ?? null,
          providerTransactionId: a.providerTransactionId ?? null,
          createdAt: a.requestedAt,
          completedAt: null,
          attempt: 1,
        }),
      ),
    );
    const transfers = (this.transfers?.all() ?? [])
      .filter((t) => t.purpose === 'payout' || t.purpose === 'withdrawal')
      .map(
        (t): PaymentRecord => ({
          id: `pay-${t.id}`,
          kind: t.purpose === 'payout' ? 'payout' : 'withdrawal',
          provider: t.provider,
          reference: t.reference,
          memberId: t.memberId,
          idempotencyKey: null,
          contributionId: null,
          tontineId: t.subjectId,
          amount: t.amount,
          phoneNumber: t.msisdn,
          status: TRANSFER_STATUS[t.status],
          reason: t.reason ?? null,
          providerTransactionId: t.providerTransactionId ?? null,
          createdAt: t.createdAt,
          completedAt: t.completedAt ?? null,
          attempt: t.attempt,
        }),
      );
    return [...collections, ...transfers];
  }

  async findById(id: string): Promise<PaymentRecord | undefined> {
    return this.all().find((p) => p.id === id);
  }
  async findByReference(reference: string): Promise<PaymentRecord | undefined> {
    return this.all().find((p) => p.reference === reference);
  }
  /** The first made, should a reference repeat. */
  async findByReferences(references: readonly string[]): Promise<Map<string, PaymentRecord>> {
    const found = new Map<string, PaymentRecord>();
    for (const p of this.all()) if (references.includes(p.reference) && !found.has(p.reference)) found.set(p.reference, p);
    return found;
  }
  async findByMemberKey(memberId: string, idempotencyKey: string): Promise<PaymentRecord | undefined> {
    return this.all().find((p) => p.memberId === memberId && p.idempotencyKey === idempotencyKey);
  }
  async findByMemberKeys(keys: readonly MemberIdempotencyKey[]): Promise<Map<string, PaymentRecord>> {
    const wanted = new Set(keys.map((k) => memberKey(k.memberId, k.idempotencyKey)));
    return new Map(this.all().flatMap((p) => (p.idempotencyKey !== null && wanted.has(memberKey(p.memberId, p.idempotencyKey)) ? [[memberKey(p.memberId, p.idempotencyKey), p] as const] : [])));
  }
  async listPendingOlderThan(instant: Date, limit: number, now: Date): Promise<PaymentRecord[]> {
    const due = this.all()
      .filter((p) => p.kind === 'contribution' && p.status === 'pending' && p.createdAt.getTime() < instant.getTime())
      .sort((a, b) => (this.polledAt.get(a.id) ?? -Infinity) - (this.polledAt.get(b.id) ?? -Infinity))
      .slice(0, limit);
    for (const p of due) this.polledAt.set(p.id, now.getTime());
    return due;
  }
  isMemberKeyTaken(): boolean {
    return false;
  }
}

/** Each item alone, at once: for rules that do not depend on how items are grouped. */
export const oneAtATime: Batching = (work) => ({ submit: async (item) => (await work([item]))[0]! });

/**
 * The items submitted in the same tick, handed to `work` together (as GroupCommit groups the
 * reports of the same moment); `batches` records the size of each batch. A batch that throws
 * fails each of its items.
 */
export function togetherInATick(): { batching: Batching; batches: number[] } {
  const batches: number[] = [];
  const batching: Batching = <I, O>(work: (items: I[]) => Promise<(O | PromiseLike<O>)[]>) => {
    let waiting: { item: I; resolve: (o: O | PromiseLike<O>) => void; reject: (e: unknown) => void }[] = [];
    const flush = async () => {
      const batch = waiting;
      waiting = [];
      batches.push(batch.length);
      try {
        const answers = await work(batch.map((w) => w.item));
        batch.forEach((w, i) => w.resolve(answers[i]!));
      } catch (error) {
        for (const w of batch) w.reject(error);
      }
    };
    return {
      submit: (item: I) =>
        new Promise<O>((resolve, reject) => {
          if (waiting.length === 0) setTimeout(() => void flush(), 0);
          waiting.push({ item, resolve, reject });
        }),
    };
  };
  return { batching, batches };
}

/** Disputes kept in a list; the same reference, problem and reported status again answers `exists`. */
export class InMemoryPaymentDisputes implements PaymentDisputes {
  readonly raised: PaymentDispute[] = [];
  async raise(dispute: PaymentDispute): Promise<'raised' | 'exists'> {
    const again = this.raised.some((d) => d.reference === dispute.reference && d.problem === dispute.problem && d.reportedStatus === dispute.reportedStatus);
    if (!again) this.raised.push(dispute);
    return again ? 'exists' : 'raised';
  }
}

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
    workingCapitalRepayments: { execute: unused },
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
