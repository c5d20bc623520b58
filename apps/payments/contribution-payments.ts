/**
 * ContributionPayments: the web's "Pay" requests (`POST /api/contributions/:id/pay`), handled
 * together when they arrive together. A GroupCommit batch reads the payments already started
 * under the requests' idempotency keys (one query), starts the new ones with PayContribution's
 * `startAll` (one transaction: one lock statement, one write), and reads the payments to show (one
 * query); then, once that committed, each request asks the provider for its own attempt
 * (`askProvider`), as PayContribution.execute does for one request alone.
 *
 * Guarantees
 * - The payment rules are PayContribution's (one attempt per key, the attempt stored before the
 *   provider is asked, the whole-franc check); batching only shares the reads and the unit of work.
 * - A key the member used for another contribution is refused (`idempotency_key_reused`) and
 *   starts nothing, also when both requests come at once (the database's unique key catches the
 *   second; its batch reads the keys again); the same key for the same contribution answers its
 *   payment (`repeated`) and asks the provider again only while that attempt still awaits it.
 * - The number asked is the request's, else the one of the earlier payment under the key, else
 *   the profile's: none is `phone_number_required`, one the provider cannot take
 *   `phone_number_invalid`.
 * - Each caller gets its own request's answer, after its attempt was committed; a provider's
 *   refusal is the payment's `failed` state (read again), an unreachable provider an error.
 */
import type { PayContribution, PayContributionError, StartedPayment } from '../../core/contributions/pay-contribution.ts';
import type { MobileMoneyProvider } from '../../core/payments/ports.ts';
import { err, ok, type Result } from '../../core/shared/result.ts';
import { violatesUnique } from '../../adapters/postgres/mikro-orm-unit-of-work.ts';
import { memberKey, type PaymentRecord, type PostgresPaymentRepository } from '../../adapters/postgres/postgres-payment-repository.ts';
import { GroupCommit } from '../../adapters/postgres/group-commit.ts';

/** As for confirmations: small batches, two at a time, the pool's other connections left free. */
const BATCHING = { maxBatch: 64, maxConcurrent: 2 } as const;
/** One member's idempotency keys are unique among their payments (payments-schema.ts). */
const MEMBER_KEY_CONSTRAINT = 'payments_member_idempotency_key_unique';
const MAX_KEY_RACES = 3;

export interface MemberPayRequest {
  contributionId: string;
  userId: string;
  idempotencyKey: string;
  /** The number given with the request, if any. */
  phoneNumber: string | undefined;
  /** The number on the member's profile, if any. */
  profilePhoneNumber: string | null;
}

export type MemberPayError = PayContributionError | 'idempotency_key_reused' | 'phone_number_required' | 'phone_number_invalid' | 'payment_not_found';

export interface MemberPayment {
  payment: PaymentRecord;
  /** The key had started this payment before. */
  repeated: boolean;
}

interface Started {
  started: StartedPayment;
  payment: PaymentRecord | undefined;
}

export class ContributionPayments {
  private readonly starts: GroupCommit<MemberPayRequest, Result<Started, MemberPayError>>;

  constructor(
    private readonly deps: {
      payContribution: PayContribution;
      payments: PostgresPaymentRepository;
      provider: MobileMoneyProvider;
      payableNumber: (phone: string) => string | undefined;
    },
  ) {
    this.starts = new GroupCommit((requests) => this.startAll(requests), BATCHING);
  }

  async pay(request: MemberPayRequest): Promise<Result<MemberPayment, MemberPayError>> {
    const started = await this.starts.submit(request);
    if (!started.ok) return started;
    const asked = await this.deps.payContribution.askProvider(started.value.started);
    // A refusal is the payment's answer (stored as failed), not a failure of the request.
    if (!asked.ok && asked.error !== 'mobile_money_refused') return asked;
    const payment = asked.ok ? started.value.payment : await this.deps.payments.findByMemberKey(request.userId, request.idempotencyKey);
    // `exists`: the key's attempt was there already, committed or earlier in the same batch.
    return payment ? ok({ payment, repeated: started.value.started.outcome === 'exists' }) : err('payment_not_found');
  }

  private async startAll(requests: readonly MemberPayRequest[]): Promise<(Result<Started, MemberPayError> | Promise<Result<Started, MemberPayError>>)[]> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.startAllOnce(requests);
      } catch (error) {
        // A key was taken, for another contribution, by a request committed after this batch read
        // the keys (in another batch, or earlier in this one): read them again, and it is a 409.
        if (attempt >= MAX_KEY_RACES || !violatesUnique(error, MEMBER_KEY_CONSTRAINT)) throw error;
      }
    }
  }

  /**
   * The batch: keys read, payments started (committed); the payments to show are read after the
   * batch frees its slot, so the next batch need not wait for that read.
   */
  private async startAllOnce(requests: readonly MemberPayRequest[]): Promise<(Result<Started, MemberPayError> | Promise<Result<Started, MemberPayError>>)[]> {
    const { payContribution, payments, provider, payableNumber } = this.deps;
    const keys = requests.map((r) => ({ memberId: r.userId, idempotencyKey: r.idempotencyKey }));
    const earlier = await payments.findByMemberKeys(keys);
    const checked = requests.map((r) => {
      const before = earlier.get(memberKey(r.userId, r.idempotencyKey));
      if (before && before.contributionId !== r.contributionId) return err('idempotency_key_reused' as const);
      const phone = r.phoneNumber ?? before?.phoneNumber ?? r.profilePhoneNumber;
      if (!phone) return err('phone_number_required' as const);
      const msisdn = payableNumber(phone);
      if (!msisdn) return err('phone_number_invalid' as const);
      return ok({ contributionId: r.contributionId, userId: r.userId, idempotencyKey: r.idempotencyKey, provider, msisdn });
    });
    const toStart = checked.flatMap((c) => (c.ok ? [c.value] : []));
    const started = toStart.length === 0 ? [] : await payContribution.startAll(toStart);
    // Read for the started payments only: each of them waits for this read, so its failure reaches a caller.
    const shown = toStart.filter((_, i) => started[i]!.ok);
    const stored = shown.length === 0 ? undefined : payments.findByMemberKeys(shown.map((input) => ({ memberId: input.userId, idempotencyKey: input.idempotencyKey })));
    let next = 0;
    return checked.map((c) => {
      if (!c.ok) return c;
      const result = started[next++]!;
      if (!result.ok) return result;
      return stored!.then((found) => ok({ started: result.value, payment: found.get(memberKey(c.value.userId, c.value.idempotencyKey)) }));
    });
  }
}
