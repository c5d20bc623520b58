/**
 * Paying on the embedded sandbox checkout (adapters/card-checkout/flutterwave-sandbox.ts) as a
 * payer's browser does, for the tests and benches that need a card payment made: the 3-D Secure
 * test card (one step, then Pay), with no webhook unless asked, so the caller decides what
 * confirms it (the return page's read, a webhook it posts, the polling job).
 */
import request from 'supertest';

export const THREE_DS_CARD = '4187427415564246';

/** Pays the checkout behind `checkoutUrl` on `handler`; answers where the browser is sent back. */
export async function payWithTestCard(handler: Parameters<typeof request>[0], checkoutUrl: string, webhook: 'never' | 'once' = 'never'): Promise<URL> {
  const path = new URL(checkoutUrl).pathname;
  const post = (form: Record<string, string>) => request(handler).post(path).type('form').set('Origin', 'http://ikimina.test').send(form);
  await post({ card_number: THREE_DS_CARD, webhook });
  const back = await post({ action: 'pay' });
  if (back.status !== 302) throw new Error(`the sandbox checkout answered ${back.status}, not its redirect`);
  return new URL(back.headers.location as string);
}
