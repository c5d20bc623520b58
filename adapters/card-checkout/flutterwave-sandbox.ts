/**
 * FlutterwaveSandbox: the embedded card checkout (no Flutterwave keys configured) and the local
 * fake of the tests, one and the same: it speaks Flutterwave v3 Standard's protocol (PROVIDERS.md
 * §7) to FlutterwaveCardCheckout, given to it as its `fetch`, and serves the payer a hosted
 * checkout page of its own, marked TEST on every screen, at `/sandbox/card-checkout/<id>`.
 *
 * Guarantees
 * - API: `POST /v3/payments` (Bearer secret; `tx_ref`, `amount`, `currency`, `redirect_url`,
 *   `customer.email` required) answers `data.link`; the same `tx_ref` with the same amount and
 *   currency answers the same link, with anything else 400. `GET /v3/transactions/{id}/verify`,
 *   `GET /v3/transactions/verify_by_reference?tx_ref=` answer the charge, or 400 "No transaction
 *   was found for this id" when there is none. `POST /v3/transactions/{id}/refund` refunds a
 *   successful charge, at most what is left of it (a pending refund counts), answering
 *   `data{id,tx_id,flw_ref,amount_refunded,status,…}` with `status: "completed"`, or `"pending"`
 *   under the refund knob; `GET /v3/refunds/{id}` answers one refund, `GET /v3/refunds?tx_id=` a
 *   charge's refunds (our reading of Flutterwave's API, docs/cards.md). A wrong or missing key
 *   answers 401.
 * - A checkout page's id is 128 random bits: the link is the only key to the page (as the
 *   processor's hosted link), so nobody can find, see, pay or cancel a checkout not given to them.
 * - The checkout takes Flutterwave's documented test cards: 5531 8866 5214 2950 asks PIN 3310
 *   then OTP 12345 and succeeds; 4187 4274 1556 4246 goes through a 3-D Secure page and
 *   succeeds; 5258 5859 2266 6506 fails for insufficient funds; 5399 8346 9789 4723 and any other
 *   number is declined. "Cancel" sends the payer back with `status=cancelled` and no charge (the
 *   link stays usable: the payer may come back and pay).
 * - After a charge it redirects as Flutterwave does (`status`, `tx_ref`, `transaction_id`) and
 *   posts the `charge.completed` webhook with `verif-hash` and `flutterwave-signature`
 *   (base64 HMAC-SHA256 of the body): once, twice, late or not at all (the page's knob, else
 *   the configured default).
 * - Card numbers are never kept: a charge remembers the first 6 and last 4 digits, as
 *   Flutterwave's answer shows them. The state lives in this process (a sandbox, one replica).
 */
import { createHmac, randomBytes, randomInt } from 'node:crypto';
import { z } from 'zod';

export type WebhookMode = 'once' | 'twice' | 'late' | 'never';
export const WEBHOOK_MODES: readonly WebhookMode[] = ['once', 'twice', 'late', 'never'];

export const SANDBOX_CARDS = {
  pin: '5531886652142950',
  threeDs: '4187427415564246',
  insufficient: '5258585922666506',
  declined: '5399834697894723',
} as const;
export const SANDBOX_PIN = '3310';
export const SANDBOX_OTP = '12345';

export interface FlutterwaveSandboxOptions {
  secretKey: string;
  secretHash: string;
  /** Where the hosted pages are served: `<publicBaseUrl>/sandbox/card-checkout`. */
  checkoutBaseUrl: string;
  /** The app's webhook URL; read when a webhook is sent (the port may be known late). */
  webhookUrl: () => string;
  webhookMode?: WebhookMode;
  /** How late a `late` webhook comes; 5 s by default. */
  lateWebhookMs?: number;
  /** The processor's fee reported as `app_fee`, in basis points of the amount (1.4 % by default). */
  feeBasisPoints?: number;
}

type Step = 'card' | 'pin' | 'otp' | 'three_ds' | 'done';

interface Session {
  id: string;
  txRef: string;
  amount: number;
  currency: string;
  redirectUrl: string;
  customer: { email: string; name?: string | undefined; phonenumber?: string | undefined };
  title: string;
  step: Step;
  webhookMode: WebhookMode;
  card?: { first6: string; last4: string; type: string };
  error?: string;
}

export interface SandboxCharge {
  id: number;
  tx_ref: string;
  flw_ref: string;
  amount: number;
  charged_amount: number;
  app_fee: number;
  currency: string;
  status: 'successful' | 'failed';
  processor_response: string;
  payment_type: 'card';
  created_at: string;
  card: { first_6digits: string; last_4digits: string; type: string; expiry: string };
  customer: { email: string; name: string | null; phone_number: string | null };
  refunded: number;
}

export interface SandboxRefund {
  id: number;
  tx_id: number;
  flw_ref: string;
  amount_refunded: number;
  status: 'completed' | 'pending' | 'failed';
  destination: 'payment_source';
  created_at: string;
}

/**
 * Test knob on the refunds asked from now on: `completed` at once (the default), `pending` until
 * `finishRefund`, `refused` (a 400), or `answer_lost` (made, but answered as a gateway timeout).
 */
export type RefundMode = 'completed' | 'pending' | 'refused' | 'answer_lost';

/** What a checkout page answers: a page to show, or where to send the browser. */
export type PageAnswer = { html: string; status: number } | { redirect: string };

const CreateBody = z.object({
  tx_ref: z.string().min(1).max(255),
  amount: z.number().positive(),
  currency: z.string().regex(/^[A-Z]{3}$/),
  redirect_url: z.url(),
  customer: z.object({ email: z.email(), name: z.string().optional(), phonenumber: z.string().optional(), phone_number: z.string().optional() }),
  payment_options: z.string().optional(),
  session_duration: z.number().optional(),
  customizations: z.object({ title: z.string().optional() }).optional(),
});

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const noTransaction = () => json(400, { status: 'error', message: 'No transaction was found for this id', data: null });

export class FlutterwaveSandbox {
  private readonly sessions = new Map<string, Session>();
  private readonly sessionByRef = new Map<string, string>();
  private readonly charges = new Map<number, SandboxCharge>();
  private readonly chargeByRef = new Map<string, number>();
  private readonly refunds = new Map<number, SandboxRefund>();
  /** Test knob: how the next refunds are answered. */
  refundMode: RefundMode = 'completed';
  private readonly timers = new Set<NodeJS.Timeout>();
  /** Test knob: what verify answers instead of the charge's own fields (another amount or currency). */
  private readonly altered = new Map<string, Partial<Pick<SandboxCharge, 'amount' | 'currency' | 'tx_ref'>>>();
  /** Webhooks sent, for the tests: the status the app answered each. */
  readonly webhooksSent: { txRef: string; status: number | 'unreachable' }[] = [];
  /** Where webhooks go instead of `webhookUrl()` (a test server whose address is known late). */
  private webhookTarget: string | undefined;

  constructor(private readonly options: FlutterwaveSandboxOptions) {}

  /** The Flutterwave v3 API, as a `fetch` (FlutterwaveCardCheckout's, or a test server's handler). */
  fetch = async (input: string, init: RequestInit = {}): Promise<Response> => {
    const url = new URL(input);
    const headers = new Headers(init.headers);
    if (headers.get('authorization') !== `Bearer ${this.options.secretKey}`) return json(401, { status: 'error', message: 'Invalid authorization key', data: null });
    const path = url.pathname.replace(/^.*\/v3/, '');
    const method = (init.method ?? 'GET').toUpperCase();
    if (method === 'POST' && path === '/payments') return this.createPayment(typeof init.body === 'string' ? init.body : '');
    if (method === 'GET' && path === '/transactions/verify_by_reference') {
      const id = this.chargeByRef.get(url.searchParams.get('tx_ref') ?? '');
      return id === undefined ? noTransaction() : this.verifyAnswer(id);
    }
    const verify = /^\/transactions\/([^/]+)\/verify$/.exec(path);
    if (method === 'GET' && verify) return this.verifyAnswer(Number(verify[1]));
    const refund = /^\/transactions\/([^/]+)\/refund$/.exec(path);
    if (method === 'POST' && refund) return this.refund(Number(refund[1]), typeof init.body === 'string' ? init.body : '{}');
    const oneRefund = /^\/refunds\/([^/]+)$/.exec(path);
    if (method === 'GET' && oneRefund) {
      const found = this.refunds.get(Number(oneRefund[1]));
      return found ? json(200, { status: 'success', message: 'Refund fetched', data: found }) : json(404, { status: 'error', message: 'Refund not found', data: null });
    }
    if (method === 'GET' && path === '/refunds') {
      const txId = Number(url.searchParams.get('tx_id'));
      return json(200, { status: 'success', message: 'Refunds fetched', data: [...this.refunds.values()].filter((r) => r.tx_id === txId) });
    }
    return json(404, { status: 'error', message: 'Not found', data: null });
  };

  private createPayment(raw: string): Response {
    let parsed: z.ZodSafeParseResult<z.infer<typeof CreateBody>>;
    try {
      parsed = CreateBody.safeParse(JSON.parse(raw));
    } catch {
      return json(400, { status: 'error', message: 'Invalid JSON', data: null });
    }
    if (!parsed.success) return json(400, { status: 'error', message: parsed.error.issues[0]?.message ?? 'Invalid request', data: null });
    const body = parsed.data;
    const earlier = this.sessions.get(this.sessionByRef.get(body.tx_ref) ?? '');
    if (earlier) {
      if (earlier.amount !== body.amount || earlier.currency !== body.currency) return json(400, { status: 'error', message: 'Duplicate transaction reference', data: null });
      return json(200, { status: 'success', message: 'Hosted Link', data: { link: this.linkOf(earlier.id) } });
    }
    const id = randomBytes(16).toString('base64url');
    const phone = body.customer.phonenumber ?? body.customer.phone_number;
    this.sessions.set(id, {
      id,
      txRef: body.tx_ref,
      amount: body.amount,
      currency: body.currency,
      redirectUrl: body.redirect_url,
      customer: { email: body.customer.email, name: body.customer.name, phonenumber: phone },
      title: body.customizations?.title ?? 'Checkout',
      step: 'card',
      webhookMode: this.options.webhookMode ?? 'once',
    });
    this.sessionByRef.set(body.tx_ref, id);
    return json(200, { status: 'success', message: 'Hosted Link', data: { link: this.linkOf(id) } });
  }

  private verifyAnswer(id: number): Response {
    const charge = this.charges.get(id);
    if (!charge) return noTransaction();
    const { refunded: _refunded, ...data } = charge;
    return json(200, { status: 'success', message: 'Transaction fetched successfully', data: { ...data, ...this.altered.get(charge.tx_ref) } });
  }

  private refund(id: number, raw: string): Response {
    const charge = this.charges.get(id);
    if (!charge || charge.status !== 'successful') return noTransaction();
    if (this.refundMode === 'refused') return json(400, { status: 'error', message: 'Refund could not be processed', data: null });
    let asked: number | undefined;
    try {
      const parsed = z.object({ amount: z.number().positive().optional() }).safeParse(JSON.parse(raw || '{}'));
      asked = parsed.success ? parsed.data.amount : undefined;
    } catch {
      return json(400, { status: 'error', message: 'Invalid JSON', data: null });
    }
    const amount = asked ?? charge.amount - charge.refunded;
    if (amount <= 0 || amount > charge.amount - charge.refunded) return json(400, { status: 'error', message: 'Refund amount exceeds the transaction amount', data: null });
    charge.refunded += amount;
    const made: SandboxRefund = {
      id: randomInt(1e6, 9e6),
      tx_id: id,
      flw_ref: charge.flw_ref,
      amount_refunded: amount,
      status: this.refundMode === 'pending' ? 'pending' : 'completed',
      destination: 'payment_source',
      created_at: new Date().toISOString(),
    };
    this.refunds.set(made.id, made);
    if (this.refundMode === 'answer_lost') return json(504, { status: 'error', message: 'Gateway timeout', data: null });
    return json(200, { status: 'success', message: 'Transaction refund initiated', data: made });
  }

  /** Test knob: a pending refund ends, completed or failed (a failed one gives its amount back to the charge). */
  finishRefund(refundId: number, status: 'completed' | 'failed'): void {
    const refund = this.refunds.get(refundId);
    if (!refund || refund.status !== 'pending') return;
    refund.status = status;
    if (status === 'failed') this.charges.get(refund.tx_id)!.refunded -= refund.amount_refunded;
  }

  /** The refunds made of the charge under a reference (for the tests). */
  refundsOf(txRef: string): SandboxRefund[] {
    const charge = this.chargeOf(txRef);
    return charge ? [...this.refunds.values()].filter((r) => r.tx_id === charge.id) : [];
  }

  /** Test knob: verify answers these fields instead of the charge's own for this reference. */
  alter(txRef: string, fields: Partial<Pick<SandboxCharge, 'amount' | 'currency' | 'tx_ref'>>): void {
    this.altered.set(txRef, fields);
  }

  /** The charge made under a reference, if any (for the tests). */
  chargeOf(txRef: string): SandboxCharge | undefined {
    const id = this.chargeByRef.get(txRef);
    return id === undefined ? undefined : this.charges.get(id);
  }

  /** The webhook body and headers Flutterwave would send for a charge (also for the tests' forgeries). */
  webhookFor(charge: SandboxCharge): { body: string; headers: Record<string, string> } {
    const { refunded: _refunded, ...data } = charge;
    const body = JSON.stringify({ event: 'charge.completed', data });
    return { body, headers: { 'content-type': 'application/json', 'verif-hash': this.options.secretHash, 'flutterwave-signature': createHmac('sha256', this.options.secretHash).update(body).digest('base64') } };
  }

  private linkOf(id: string): string {
    return `${this.options.checkoutBaseUrl}/${id}`;
  }

  // ---- The hosted checkout pages ----

  /** GET of a checkout page. */
  page(id: string): PageAnswer {
    const session = this.sessions.get(id);
    if (!session) return { html: layout('Checkout not found', '<p>This checkout link is not valid or has expired.</p>'), status: 404 };
    if (session.step === 'done') {
      const charge = this.chargeOf(session.txRef);
      return { redirect: this.returnUrl(session, charge) };
    }
    return { html: this.render(session), status: 200 };
  }

  /** POST of a checkout page's form (`application/x-www-form-urlencoded`, already parsed). */
  submit(id: string, form: URLSearchParams): PageAnswer {
    const session = this.sessions.get(id);
    if (!session) return { html: layout('Checkout not found', '<p>This checkout link is not valid or has expired.</p>'), status: 404 };
    if (session.step === 'done') return this.page(id);
    delete session.error;
    const mode = form.get('webhook');
    if (mode && (WEBHOOK_MODES as readonly string[]).includes(mode)) session.webhookMode = mode as WebhookMode;
    if (form.get('action') === 'cancel') {
      // Nothing charged; the link stays open for its session, as the payer may come back to it.
      session.step = 'card';
      return { redirect: this.returnUrl(session, undefined) };
    }
    switch (session.step) {
      case 'card': {
        const number = (form.get('card_number') ?? '').replace(/\D/g, '');
        if (number.length < 12 || number.length > 19) {
          session.error = 'Enter the card number.';
          return { html: this.render(session), status: 200 };
        }
        session.card = { first6: number.slice(0, 6), last4: number.slice(-4), type: number.startsWith('4') ? 'VISA' : 'MASTERCARD' };
        if (number === SANDBOX_CARDS.pin) session.step = 'pin';
        else if (number === SANDBOX_CARDS.threeDs) session.step = 'three_ds';
        else return this.charge(session, 'failed', number === SANDBOX_CARDS.insufficient ? 'Insufficient Funds' : 'Declined');
        return { html: this.render(session), status: 200 };
      }
      case 'pin':
        if (form.get('pin') !== SANDBOX_PIN) session.error = 'Incorrect PIN.';
        else session.step = 'otp';
        return { html: this.render(session), status: 200 };
      case 'otp':
        if (form.get('otp') !== SANDBOX_OTP) {
          session.error = 'Incorrect OTP.';
          return { html: this.render(session), status: 200 };
        }
        return this.charge(session, 'successful', 'Approved');
      case 'three_ds':
        return this.charge(session, 'successful', 'Approved');
    }
  }

  private charge(session: Session, status: SandboxCharge['status'], response: string): PageAnswer {
    // Unique, as Flutterwave's own ids are: the app is idempotent on the transaction id, so two
    // charges sharing one (a birthday collision among a few thousand 7-digit ids, as bench:payments
    // makes) would read as one payment confirmed twice. Ten digits also keep ids apart across
    // restarts of the embedded sandbox, whose charges live in memory.
    let id: number;
    do id = randomInt(1_000_000_000, 10_000_000_000);
    while (this.charges.has(id));
    const fee = Math.round((session.amount * (this.options.feeBasisPoints ?? 140)) / 10_000);
    const charge: SandboxCharge = {
      id,
      tx_ref: session.txRef,
      flw_ref: `FLW-MOCK-${id}`,
      amount: session.amount,
      charged_amount: session.amount,
      app_fee: status === 'successful' ? fee : 0,
      currency: session.currency,
      status,
      processor_response: response,
      payment_type: 'card',
      created_at: new Date().toISOString(),
      card: { first_6digits: session.card?.first6 ?? '', last_4digits: session.card?.last4 ?? '', type: session.card?.type ?? '', expiry: '09/32' },
      customer: { email: session.customer.email, name: session.customer.name ?? null, phone_number: session.customer.phonenumber ?? null },
      refunded: 0,
    };
    this.charges.set(id, charge);
    this.chargeByRef.set(session.txRef, id);
    session.step = 'done';
    this.scheduleWebhooks(session.webhookMode, charge);
    return { redirect: this.returnUrl(session, charge) };
  }

  private returnUrl(session: Session, charge: SandboxCharge | undefined): string {
    const url = new URL(session.redirectUrl);
    url.searchParams.set('status', charge ? charge.status : 'cancelled');
    url.searchParams.set('tx_ref', session.txRef);
    if (charge) url.searchParams.set('transaction_id', String(charge.id));
    return url.toString();
  }

  private scheduleWebhooks(mode: WebhookMode, charge: SandboxCharge): void {
    const after = (ms: number) => {
      const timer = setTimeout(() => {
        this.timers.delete(timer);
        void this.sendWebhook(charge);
      }, ms);
      this.timers.add(timer);
    };
    if (mode === 'never') return;
    if (mode === 'late') return after(this.options.lateWebhookMs ?? 5000);
    after(50);
    if (mode === 'twice') after(250);
  }

  /** Posts the charge's webhook to the app, as Flutterwave does. */
  async sendWebhook(charge: SandboxCharge): Promise<number | 'unreachable'> {
    const { body, headers } = this.webhookFor(charge);
    let status: number | 'unreachable';
    try {
      status = (await fetch(this.webhookTarget ?? this.options.webhookUrl(), { method: 'POST', headers, body, signal: AbortSignal.timeout(10_000) })).status;
    } catch {
      status = 'unreachable';
    }
    this.webhooksSent.push({ txRef: charge.tx_ref, status });
    return status;
  }

  /** Sends the webhooks to this URL from now on (tests: the app listening on a port picked at start). */
  deliverWebhooksTo(url: string): void {
    this.webhookTarget = url;
  }

  close(): void {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }

  private render(session: Session): string {
    const amount = `${new Intl.NumberFormat('en-US').format(session.amount)} ${session.currency}`;
    const error = session.error ? `<p class="error" role="alert">${escape(session.error)}</p>` : '';
    const knob = `<label>Webhook (TEST knob)<select name="webhook">${WEBHOOK_MODES.map((m) => `<option value="${m}"${m === session.webhookMode ? ' selected' : ''}>${m}</option>`).join('')}</select></label>`;
    const cancel = `<button type="submit" name="action" value="cancel" class="secondary" formnovalidate>Cancel payment</button>`;
    const forms: Record<Exclude<Step, 'done'>, string> = {
      card: `<label>Card number<input name="card_number" inputmode="numeric" autocomplete="off" required></label>
        <div class="row"><label>Expiry<input name="expiry" placeholder="09/32" autocomplete="off"></label><label>CVV<input name="cvv" inputmode="numeric" autocomplete="off"></label></div>
        ${knob}<button type="submit" name="action" value="pay">Pay ${escape(amount)}</button>`,
      pin: `<p>Enter your card PIN.</p><label>PIN<input name="pin" type="password" inputmode="numeric" autocomplete="off" required></label><button type="submit" name="action" value="pay">Continue</button>`,
      otp: `<p>Enter the one-time password sent to your phone.</p><label>OTP<input name="otp" inputmode="numeric" autocomplete="off" required></label><button type="submit" name="action" value="pay">Confirm</button>`,
      three_ds: `<p>3-D Secure: your bank asks you to authenticate this payment.</p><button type="submit" name="action" value="pay">Authenticate</button>`,
    };
    const step = session.step === 'done' ? 'card' : session.step;
    return layout(
      `${session.title} — TEST checkout`,
      `<p class="amount">${escape(session.title)}<br><strong>${escape(amount)}</strong></p>${error}
      <form method="post" action="${escape(this.linkOf(session.id))}">${forms[step]}${cancel}</form>`,
    );
  }
}

function escape(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function layout(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>TEST · ${escape(title)}</title>
<style>body{font-family:system-ui,sans-serif;margin:0;background:#f4f4f5;color:#18181b}.test{background:#b91c1c;color:#fff;text-align:center;font-weight:700;padding:.5rem;letter-spacing:.1em}
main{max-width:26rem;margin:1rem auto;background:#fff;padding:1rem;border-radius:.5rem}label{display:block;margin:.5rem 0;font-size:.9rem}input,select{display:block;width:100%;box-sizing:border-box;padding:.6rem;font-size:1rem;margin-top:.25rem}
.row{display:flex;gap:.5rem}.row label{flex:1}button{display:block;width:100%;padding:.75rem;margin-top:.75rem;font-size:1rem;background:#f59e0b;border:0;border-radius:.375rem;font-weight:600}
button.secondary{background:#e4e4e7}.error{color:#b91c1c}.amount{text-align:center}</style></head>
<body><div class="test" data-testid="test-banner">TEST MODE · SANDBOX CHECKOUT · NO REAL MONEY</div><main><h1 style="font-size:1.1rem">${escape(title)}</h1>${body}
<p style="font-size:.8rem;color:#52525b">Test cards: 5531 8866 5214 2950 (PIN 3310, OTP 12345) · 4187 4274 1556 4246 (3-D Secure) · 5258 5859 2266 6506 (insufficient funds) · 5399 8346 9789 4723 (declined)</p></main></body></html>`;
}
