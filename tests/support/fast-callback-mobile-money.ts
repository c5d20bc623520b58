/**
 * The sandbox provider with the worst timing MTN allows: the callback of a transfer is delivered
 * to the app (and answered) before `transfer` even returns to it. Collections and status queries
 * go to the sandbox unchanged.
 */
import request from 'supertest';
import type { MobileMoney, MobileMoneyRequest } from '../../core/payments/ports.ts';
import { SandboxMobileMoney } from '../../adapters/mobile-money/sandbox-mobile-money.ts';

export class FastCallbackMobileMoney implements MobileMoney {
  readonly inner = new SandboxMobileMoney({ settleMs: 20 });
  /** What the next transfers' callbacks say; 'none' sends no callback (the polling job must find it). */
  callback: 'SUCCESSFUL' | 'FAILED' | 'none' = 'SUCCESSFUL';
  readonly callbackAnswers: { reference: string; status: number; body: unknown }[] = [];
  /** Every transfer reference asked, in order, repeats included. */
  readonly sent: string[] = [];
  /** The app's request handler (`app.callback()`), set once the app exists. */
  handler: ((...args: never[]) => unknown) | undefined;

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
    if (this.callback !== 'none') {
      const failed = this.callback === 'FAILED';
      const body = {
        externalId: r.reference,
        amount: String(r.amount.toWholeFrancs()),
        currency: 'RWF',
        status: this.callback,
        ...(failed ? { reason: 'PAYEE_NOT_FOUND' } : { financialTransactionId: '42' }),
      };
      const answer = await request(this.handler as never).put('/api/payments/callbacks/mtn').send(body);
      this.callbackAnswers.push({ reference: r.reference, status: answer.status, body: answer.body });
    }
    return this.inner.transfer(r);
  }
}
