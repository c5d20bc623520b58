/**
 * SandboxMobileMoney: the embedded default of the MobileMoney port, for running the app with no
 * provider configured. It plays both providers, inside the process, as the payer's number chooses
 * (078/079 MTN, 072/073 Airtel, core/payments/provider-routing.ts): it accepts at once and later
 * calls the app back in that provider's format, so the app's callback routes serve the sandbox
 * and the providers alike: MTN's resource by PUT to the payment's own URL (read with
 * `parseMtnCallback`), Airtel's `{transaction{id, status_code, …}}` by POST to the one Airtel URL
 * (`airtelCallbackUrl`, read with `parseAirtelCallback`).
 *
 * - An Airtel number (Rwandan 072/073) follows the Airtel sandbox rule (airtel-sandbox.ts: the
 *   last three digits 450–454 fail, are declined, expire, stay ongoing, stay pending), and its
 *   status answers state no amount, as Airtel's enquiry. Every other number plays MTN.
 *
 * Guarantees
 * - Accepts every well-formed request at once, for any provider, and answers our reference as
 *   the provider reference. A repeated reference answers the same and changes nothing: no second
 *   payment, no second callback (collections and transfers are separate, as at MTN).
 * - The outcome follows MTN's sandbox test numbers (see mtn-sandbox.ts): after `settleMs`
 *   (1.5 s by default) a payment is SUCCESSFUL, or FAILED with MTN's reason; the "ongoing"
 *   number succeeds after `ongoingMs`; the "pending" number never settles; the "timeout" number
 *   fails with EXPIRED without a callback.
 * - A callback is sent once, when the payment is final, by `callbackMethod` (PUT like MTN, or
 *   POST) to that payment's own URL (`callbackUrlFor`, carrying its token), as MTN's resource
 *   without `referenceId`; like MTN it is not retried when the app cannot be reached, and the
 *   status queries tell the truth either way.
 * - `settle` makes a payment final now, as the provider decides (tests and demos); a payment that
 *   is already final keeps its outcome, as at MTN. `approvePending` (the demo world's
 *   SandboxApprovals) makes every pending payment successful now, without a callback: the caller
 *   asks the status, as the polling job would.
 * - A fraction of a franc or a number that is not E.164 throws: that is a bug of the caller.
 */
import { randomInt } from 'node:crypto';
import { normalisePhoneNumber, operatorOf } from '../../core/identity/phone-number.ts';
import type { Money } from '../../core/money/money.ts';
import type {
  MobileMoney,
  MobileMoneyError,
  MobileMoneyProvider,
  MobileMoneyRequest,
  MobileMoneyStatusError,
  MobileMoneyStatusReport,
} from '../../core/payments/ports.ts';
import { err, ok, type Result } from '../../core/shared/result.ts';
import type { ApprovedPayment, SandboxApprovals } from '../../core/demo/ports.ts';
import type { CallbackKind } from './callback-tokens.ts';
import { mtnMsisdn } from './mtn-momo-mobile-money.ts';
import { mtnSandboxPlan, type MtnResource } from './mtn-sandbox.ts';
import { airtelSandboxPlan } from './airtel-sandbox.ts';

export interface SandboxMobileMoneyOptions {
  /** One payment's callback URL (with its token); without it, payments settle silently (poll them). */
  callbackUrlFor?: (kind: CallbackKind, reference: string) => string;
  /** The one URL Airtel posts every callback to (with its path secret); without it, Airtel-played payments settle silently. */
  airtelCallbackUrl?: string;
  /** PUT by default, as MTN documents it. */
  callbackMethod?: 'PUT' | 'POST';
  /** 1500 ms by default. */
  settleMs?: number;
  /** The "ongoing" number's delay; 30 s by default, as MTN. */
  ongoingMs?: number;
  /** RWF by default. */
  currency?: string;
}

type Kind = CallbackKind;

interface SandboxPayment {
  kind: Kind;
  /** Which provider the sandbox plays for this payment. */
  plays: 'mtn' | 'airtel';
  reference: string;
  amount: Money;
  resource: MtnResource;
}

export class SandboxMobileMoney implements MobileMoney, SandboxApprovals {
  private readonly payments = new Map<string, SandboxPayment>();
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly delays: { settleMs: number; ongoingMs: number };
  private readonly currency: string;

  constructor(private readonly options: SandboxMobileMoneyOptions = {}) {
    this.delays = { settleMs: options.settleMs ?? 1500, ongoingMs: options.ongoingMs ?? 30_000 };
    this.currency = options.currency ?? 'RWF';
  }

  async requestToPay(request: MobileMoneyRequest): Promise<Result<{ providerReference: string }, MobileMoneyError>> {
    return this.accept('collection', request);
  }

  async transfer(request: MobileMoneyRequest): Promise<Result<{ providerReference: string }, MobileMoneyError>> {
    return this.accept('transfer', request);
  }

  async collectionStatus(_provider: MobileMoneyProvider, reference: string): Promise<Result<MobileMoneyStatusReport, MobileMoneyStatusError>> {
    return this.status('collection', reference);
  }

  async transferStatus(_provider: MobileMoneyProvider, reference: string): Promise<Result<MobileMoneyStatusReport, MobileMoneyStatusError>> {
    return this.status('transfer', reference);
  }

  async approvePending(): Promise<ApprovedPayment[]> {
    const pending = [...this.payments.values()].filter((payment) => payment.resource.status === 'PENDING');
    for (const payment of pending) this.finish(payment, 'SUCCESSFUL', undefined, false);
    return pending.map(({ kind, reference }) => ({ direction: kind, reference }));
  }

  /** Forgets the payments not settled yet (their callbacks are never sent): for shutdown and tests. */
  close(): void {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }

  private accept(kind: Kind, request: MobileMoneyRequest): Result<{ providerReference: string }, MobileMoneyError> {
    const key = `${kind}:${request.reference}`;
    if (this.payments.has(key)) return ok({ providerReference: request.reference });
    const party = { partyIdType: 'MSISDN', partyId: mtnMsisdn(request.msisdn) };
    const rwandan = normalisePhoneNumber(request.msisdn);
    const plays = rwandan.ok && operatorOf(rwandan.value) === 'airtel' ? 'airtel' : 'mtn';
    const payment: SandboxPayment = {
      kind,
      plays,
      reference: request.reference,
      amount: request.amount,
      resource: {
        externalId: request.reference,
        amount: String(request.amount.toWholeFrancs()),
        currency: this.currency,
        ...(kind === 'collection' ? { payer: party } : { payee: party }),
        payerMessage: request.description,
        payeeNote: request.description,
        status: 'PENDING',
      },
    };
    this.payments.set(key, payment);
    const plan = plays === 'airtel' ? airtelPlan(party.partyId, this.delays) : mtnSandboxPlan(party.partyId, this.delays);
    if (plan) {
      const timer = setTimeout(() => {
        this.timers.delete(timer);
        this.finish(payment, plan.status, plan.reason, plan.sendCallback);
      }, plan.afterMs);
      // A pending sandbox payment must not keep a CLI or test process alive.
      timer.unref();
      this.timers.add(timer);
    }
    return ok({ providerReference: request.reference });
  }

  /**
   * The provider's decision, now: a pending payment becomes final (with a callback unless
   * `callback` is false). Answers false for an unknown reference or a payment already final.
   */
  settle(kind: Kind, reference: string, status: 'SUCCESSFUL' | 'FAILED', options: { reason?: string; callback?: boolean } = {}): boolean {
    const payment = this.payments.get(`${kind}:${reference}`);
    if (!payment || payment.resource.status !== 'PENDING') return false;
    this.finish(payment, status, options.reason, options.callback ?? true);
    return true;
  }

  private finish(payment: SandboxPayment, status: 'SUCCESSFUL' | 'FAILED', reason: string | undefined, sendCallback: boolean): void {
    if (payment.resource.status !== 'PENDING') return;
    payment.resource = {
      ...payment.resource,
      status,
      ...(status === 'SUCCESSFUL' ? { financialTransactionId: String(randomInt(100_000_000, 999_999_999)) } : {}),
      ...(reason === undefined ? {} : { reason }),
    };
    if (sendCallback) void this.callBack(payment);
  }

  private status(kind: Kind, reference: string): Result<MobileMoneyStatusReport, MobileMoneyStatusError> {
    const payment = this.payments.get(`${kind}:${reference}`);
    if (!payment) return err('mobile_money_reference_unknown');
    const { resource } = payment;
    return ok({
      reference,
      status: resource.status === 'SUCCESSFUL' ? 'successful' : resource.status === 'FAILED' ? 'failed' : 'pending',
      // Airtel's enquiry states no amount.
      amount: payment.plays === 'airtel' ? undefined : payment.amount,
      currency: resource.currency,
      providerTransactionId: resource.financialTransactionId,
      reason: resource.reason,
    });
  }

  private async callBack({ kind, plays, reference, resource }: SandboxPayment): Promise<void> {
    const url = plays === 'airtel' ? this.options.airtelCallbackUrl : this.options.callbackUrlFor?.(kind, reference);
    if (url === undefined) return;
    const body =
      plays === 'airtel'
        ? {
            transaction: {
              id: reference,
              message: resource.reason ?? 'Transaction Successful',
              status_code: resource.status === 'SUCCESSFUL' ? 'TS' : 'TF',
              airtel_money_id: resource.financialTransactionId,
            },
          }
        : resource;
    try {
      const response = await fetch(url, {
        method: plays === 'airtel' ? 'POST' : (this.options.callbackMethod ?? 'PUT'),
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(10_000),
      });
      await response.arrayBuffer();
    } catch {
      // MTN sends a callback once and never again; the app polls the status, as it must with MTN.
    }
  }
}

/** The Airtel sandbox rule (airtel-sandbox.ts) in the sandbox's own terms: TS successful, TF failed, TE failed as EXPIRED. */
function airtelPlan(msisdn: string, delays: { settleMs: number; ongoingMs: number }): ReturnType<typeof mtnSandboxPlan> {
  const plan = airtelSandboxPlan(msisdn, delays);
  if (plan === undefined) return undefined;
  return {
    afterMs: plan.afterMs,
    status: plan.status === 'TS' ? 'SUCCESSFUL' : 'FAILED',
    reason: plan.status === 'TS' ? undefined : plan.status === 'TE' ? 'EXPIRED' : plan.message,
    sendCallback: plan.sendCallback,
  };
}
