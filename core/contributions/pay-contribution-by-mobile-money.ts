/**
 * PayContributionByMobileMoney: a member pays one contribution from their mobile-money wallet,
 * under the key of their request: the web's "Pay" (its Idempotency-Key) and the USSD menu's
 * (the session's step), the one use case of both channels. Requests that arrive together
 * are handled together: one batch (the Batching port) reads the payments already started under
 * the requests' keys (one read), starts the new ones with PayContribution's `startAll` (one unit
 * of work) and reads the payments to show (one read); then, once that committed, each request
 * asks the provider for its own attempt (`askProvider`), as PayContribution.execute does for one.
 *
 * Guarantees
 * - The payment rules are PayContribution's (one attempt per key, the attempt stored before the
 *   provider is asked, the whole-franc check); batching only shares the reads and the unit of work.
 * - A key the member used for another contribution is refused (`idempotency_key_reused`) and
 *   starts nothing, also when both requests come at once (the store refuses the second,
 *   `isMemberKeyTaken`; its batch reads the keys again); the same key for the same contribution
 *   answers its payment (`repeated`) and asks the provider again only while that attempt still
 *   awaits it.
 * - The number asked is the request's, else the one of the earlier payment under the key, else
 *   the profile's: none is `phone_number_required`, one the provider cannot take
 *   `phone_number_invalid`.
 * - Each caller gets its own request's answer, after its attempt was committed; a provider's
 *   refusal is the payment's `failed` state (read again), an unreachable provider an error.
 */
import type { PayerOf, PaymentRecord, PaymentRepository } from '../payments/ports.ts';
import { memberKey } from '../payments/ports.ts';
import type { BatchQueue, Batching } from '../shared/batching.ts';
import { err, ok, type Result } from '../shared/result.ts';
import type { PayContribution, PayContributionError, StartedPayment } from './pay-contribution.ts';

/** Two requests racing with one key are told apart by reading the keys again, at most this often. */
const MAX_KEY_RACES = 3;

export interface PayContributionByMobileMoneyDeps {
  payContribution: Pick<PayContribution, 'startAll' | 'askProvider'>;
  payments: Pick<PaymentRepository, 'findByMemberKey' | 'findByMemberKeys' | 'isMemberKeyTaken'>;
  /** The number the provider collects from for the payer's phone, and that provider (078/079 MTN, 072/073 Airtel; `sandbox` in sandbox mode). */
  payerOf: PayerOf;
  batching: Batching;
}

export interface PayContributionByMobileMoneyInput {
  contributionId: string;
  userId: string;
  idempotencyKey: string;
  /** The number given with the request, if any. */
  phoneNumber: string | undefined;
  /** The number on the member's profile, if any. */
  profilePhoneNumber: string | null;
}

export type PayContributionByMobileMoneyError =
  | PayContributionError
  | 'idempotency_key_reused'
  | 'phone_number_required'
  | 'phone_number_invalid'
  | 'payment_not_found';

export interface ContributionPaymentStarted {
  payment: PaymentRecord;
  /** The key had started this payment before. */
  repeated: boolean;
  /** The provider refused to collect when asked by this request (the payment is then `failed`). */
  refused: boolean;
}

interface Started {
  started: StartedPayment;
  payment: PaymentRecord | undefined;
}

type StartAnswer = Result<Started, PayContributionByMobileMoneyError>;

export class PayContributionByMobileMoney {
  private readonly starts: BatchQueue<PayContributionByMobileMoneyInput, StartAnswer>;

  constructor(private readonly deps: PayContributionByMobileMoneyDeps) {
    this.starts = deps.batching((requests: PayContributionByMobileMoneyInput[]) => this.startAll(requests));
  }

  async execute(input: PayContributionByMobileMoneyInput): Promise<Result<ContributionPaymentStarted, PayContributionByMobileMoneyError>> {
    const started = await this.starts.submit(input);
    if (!started.ok) return started;
    const asked = await this.deps.payContribution.askProvider(started.value.started);
    // A refusal is the payment's answer (stored as failed), not a failure of the request.
    if (!asked.ok && asked.error !== 'mobile_money_refused') return asked;
    const payment = asked.ok ? started.value.payment : await this.deps.payments.findByMemberKey(input.userId, input.idempotencyKey);
    // `exists`: the key's attempt was there already, committed or earlier in the same batch.
    return payment ? ok({ payment, repeated: started.value.started.outcome === 'exists', refused: !asked.ok }) : err('payment_not_found');
  }

  private async startAll(requests: readonly PayContributionByMobileMoneyInput[]): Promise<(StartAnswer | Promise<StartAnswer>)[]> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.startAllOnce(requests);
      } catch (error) {
        // A key was taken, for another contribution, by a request committed after this batch read
        // the keys (in another batch, or earlier in this one): read them again, and it is a 409.
        if (attempt >= MAX_KEY_RACES || !this.deps.payments.isMemberKeyTaken(error)) throw error;
      }
    }
  }

  /**
   * The batch: keys read, payments started (committed); the payments to show are read after the
   * batch frees its slot, so the next batch need not wait for that read.
   */
  private async startAllOnce(requests: readonly PayContributionByMobileMoneyInput[]): Promise<(StartAnswer | Promise<StartAnswer>)[]> {
    const { payContribution, payments, payerOf } = this.deps;
    const earlier = await payments.findByMemberKeys(requests.map((r) => ({ memberId: r.userId, idempotencyKey: r.idempotencyKey })));
    const checked = requests.map((r) => {
      const before = earlier.get(memberKey(r.userId, r.idempotencyKey));
      if (before && before.contributionId !== r.contributionId) return err('idempotency_key_reused' as const);
      const phone = r.phoneNumber ?? before?.phoneNumber ?? r.profilePhoneNumber;
      if (!phone) return err('phone_number_required' as const);
      const payer = payerOf(phone);
      if (!payer) return err('phone_number_invalid' as const);
      return ok({ contributionId: r.contributionId, userId: r.userId, idempotencyKey: r.idempotencyKey, provider: payer.provider, msisdn: payer.msisdn });
    });
    const toStart = checked.flatMap((c) => (c.ok ? [c.value] : []));
    const started = toStart.length === 0 ? [] : await payContribution.startAll(toStart);
    // Read for the started payments only: each of them waits for this read, so its failure reaches a caller.
    const shown = toStart.filter((_, i) => started[i]!.ok);
    const stored = shown.length === 0 ? undefined : payments.findByMemberKeys(shown.map((input) => ({ memberId: input.userId, idempotencyKey: input.idempotencyKey })));
    let next = 0;
    return checked.map((c): StartAnswer | Promise<StartAnswer> => {
      if (!c.ok) return c;
      const result = started[next++]!;
      if (!result.ok) return result;
      return stored!.then((found) => ok({ started: result.value, payment: found.get(memberKey(c.value.userId, c.value.idempotencyKey)) }));
    });
  }
}
