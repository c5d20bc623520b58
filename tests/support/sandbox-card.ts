/**
 * Paying on the embedded sandbox checkout (adapters/card-checkout/flutterwave-sandbox.ts) as a
 * payer's browser does, for the tests and benches that need a card payment made: the 3-D Secure
 * test card (one step, then Pay), with no webhook unless asked, so the caller decides what
 * confirms it (the return page's read, a webhook it posts, the polling job).
 */
import request from 'supertest';

export const THREE_DS_CARD = '4187427415564246';

/** The app: its request handler (createTestApp) or supertest already bound to a listening server (startMoneyApp's `http`). */
type App = Parameters<typeof request>[0] | ReturnType<typeof request>;

/** Pays the checkout behind `checkoutUrl` on `app`; answers where the browser is sent back (throws unless the checkout redirects). */
export async function payWithTestCard(app: App, checkoutUrl: string, webhook: 'never' | 'once' = 'never'): Promise<URL> {
  const path = new URL(checkoutUrl).pathname;
  const client = typeof app === 'object' && 'post' in app ? app : request(app as Parameters<typeof request>[0]);
  const post = (form: Record<string, string>) => client.post(path).type('form').set('Origin', 'http://ikimina.test').send(form);
  await post({ card_number: THREE_DS_CARD, webhook });
  const back = await post({ action: 'pay' });
  if (back.status !== 302) throw new Error(`the sandbox checkout answered ${back.status}, not its redirect`);
  return new URL(back.headers.location as string);
}
