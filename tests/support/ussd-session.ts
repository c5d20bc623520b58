/**
 * USSD over HTTP as Africa's Talking posts it (form fields; `text` is every input of the session
 * so far, joined by `*`), for the integration tests that dial the menu.
 */
import request from 'supertest';
import type { SandboxApp } from './sandbox-app.ts';

export function ussdStep(handler: SandboxApp['handler'], sessionId: string, phoneNumber: string, inputs: readonly string[]) {
  return request(handler).post('/ussd/africastalking').type('form').send({ sessionId, phoneNumber, text: inputs.join('*'), serviceCode: '*384*123#', networkCode: '63510' });
}

/** Registers the phone from the menu (Amina Uwase, this PIN) in a session of its own. */
export async function registerOnUssd(handler: SandboxApp['handler'], sessionId: string, phoneNumber: string, pin: string): Promise<void> {
  const inputs: string[] = [];
  await ussdStep(handler, sessionId, phoneNumber, inputs);
  for (const step of ['1', 'Amina', 'Uwase', pin, pin]) await ussdStep(handler, sessionId, phoneNumber, (inputs.push(step), inputs));
}

let dialled = 0;
/**
 * One USSD session from `phoneNumber`: `open()` dials, `type(...)` sends each input in turn (the
 * whole text so far every time) and answers the last screen. Each answer must be a 200.
 */
export function dialUssd(handler: SandboxApp['handler'], phoneNumber: string) {
  const inputs: string[] = [];
  const sessionId = `ATUid_dial_${++dialled}_${Date.now()}`;
  const send = async () => {
    const res = await ussdStep(handler, sessionId, phoneNumber, inputs);
    if (res.status !== 200) throw new Error(`USSD answered ${res.status}: ${res.text}`);
    return res.text;
  };
  return {
    open: send,
    async type(...typed: string[]) {
      let last = '';
      for (const input of typed) {
        inputs.push(input);
        last = await send();
      }
      return last;
    },
  };
}
