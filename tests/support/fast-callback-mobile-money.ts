/**
 * The sandbox provider with the worst timing MTN allows: a transfer is decided at once, and its
 * callback (at its own URL, with its token) is delivered to the app (and answered) before
 * `transfer` even returns to it. Collections and status queries go to the sandbox unchanged, so
 * the app's status query finds what the callback says.
 */
import request from 'supertest';
import type { MobileMoney, MobileMoneyRequest } from '../../core/payments/ports.ts';
import type { Container } from 'inversify';
import { SandboxMobileMoney } from '../../adapters/mobile-money/sandbox-mobile-money.ts';
import { TOKENS } from '../../apps/container.ts';

export class FastCallbackMobileMoney implements MobileMoney {
  readonly inner = new SandboxMobileMoney({ settleMs: 20 });
  /** What the next transfers' callbacks say; 'none' sends no callback (the polling job must find it). */
  callback: 'SUCCESSFUL' | 'FAILED' | 'none' = 'SUCCESSFUL';
  readonly callbackAnswers: { reference: string; status: number; body: unknown }[] = [];
  /** Every transfer reference asked, in order, repeats included. */
  readonly sent: string[] = [];
  /** The app (its request handler, and its container for the callback tokens), set once it exists. */
  private app: { handler: (...args: never[]) => unknown; container: Container } | undefined;

  attach(app: { handler: (...args: never[]) => unknown; container: Container }): void {
    this.app = app;
  }

  requestToPay(r: MobileMoneyRequest) {
    return this.inner.requestToPay(r);
  }
  collectionStatus(...args: Parameters<MobileMoney['collectionStatus']>) {
    return this.inner.collectionStatus(...args);
  }
  transferStatus(...args: Parameters<MobileMoney['transferStatus']>) {
    return this.inner.transferStatus(...args);
  }
  async transfer(r: MobileMoneyRequest) {
    this.sent.push(r.reference);
    // The provider knows the transfer (and has decided it) before its answer reaches the app.
    const accepted = await this.inner.transfer(r);
    if (this.callback !== 'none' && this.app) {
      const failed = this.callback === 'FAILED';
      this.inner.settle('transfer', r.reference, this.callback, { reason: failed ? 'PAYEE_NOT_FOUND' : undefined, callback: false });
      const body = {
        externalId: r.reference,
        amount: String(r.amount.toWholeFrancs()),
        currency: 'RWF',
        status: this.callback,
        ...(failed ? { reason: 'PAYEE_NOT_FOUND' } : { financialTransactionId: '42' }),
      };
      const path = new URL(this.app.container.get(TOKENS.CallbackTokens).urlFor('transfer', r.reference)).pathname;
      const answer = await request(this.app.handler as never).put(path).send(body);
      this.callbackAnswers.push({ reference: r.reference, status: answer.status, body: answer.body });
    }
    return accepted;
  }
}
