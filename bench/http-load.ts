/**
 * The load generator of bench/payments.ts, in a worker thread of its own: C clients send the
 * given requests over keep-alive HTTP connections (bench/keep-alive-http.ts), each waiting for
 * its answer before the next. It also plays the provider's side of a payment: every MTN callback
 * the app's provider posts to it (`ProviderCallback` messages) is sent to the app over HTTP, as
 * MTN's servers would. So the app's event loop on the main thread does the app's work only
 * (pgbench's clients are not inside PostgreSQL either). Answers how many requests were done and
 * how long it took; a wrong answer stops it. A card payment's request also plays the payer's
 * browser on the processor's hosted checkout (`checkout`): its form steps are posted to the
 * checkout the app answered (`checkoutUrl`), the last one redirecting back to the app.
 */
import type { Agent } from 'node:http';
import { parentPort, workerData } from 'node:worker_threads';
import { keepAliveAgent, send } from './keep-alive-http.ts';

export interface LoadRequest {
  method: 'POST' | 'PUT';
  path: string;
  headers: Record<string, string>;
  body: unknown;
  /** The status it must answer, and optionally the `status` field of its JSON body. */
  expect: { status: number; bodyStatus?: string };
  /** A card payment: the forms the payer posts on the checkout page it answered, as their browser (from `origin`). */
  checkout?: { origin: string; steps: Record<string, string>[] };
}

export interface LoadJob {
  base: string;
  clients: number;
  maxMs: number;
  requests: LoadRequest[];
}

export interface LoadResult {
  ops: number;
  seconds: number;
  error?: string;
}

/** An MTN callback to deliver: sent by the app's bench provider once it accepted a payment. */
export interface ProviderCallback {
  path: string;
  body: unknown;
}

interface Answer {
  status: number;
  body: { status?: unknown; checkoutUrl?: unknown };
}

async function sendJson(agent: Agent, base: URL, method: string, path: string, headers: Record<string, string>, body: unknown): Promise<Answer> {
  const answer = await send(agent, base, { method, path, headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
  return { status: answer.status, body: JSON.parse(answer.text) as Answer['body'] };
}

/** The payer on the hosted checkout: each form step posted, the last answered by the redirect back to the app. */
async function payOnCheckout(agent: Agent, base: URL, checkoutUrl: string, checkout: NonNullable<LoadRequest['checkout']>): Promise<void> {
  const path = new URL(checkoutUrl).pathname;
  let status = 0;
  for (const form of checkout.steps) {
    const headers = { 'content-type': 'application/x-www-form-urlencoded', origin: checkout.origin };
    status = (await send(agent, base, { method: 'POST', path, headers, body: new URLSearchParams(form).toString() })).status;
  }
  if (status !== 302) throw new Error(`checkout ${path}: ${status}, not the redirect back`);
}

async function drive(agent: Agent, { base, clients, maxMs, requests }: LoadJob): Promise<LoadResult> {
  const url = new URL(base);
  let next = 0;
  let ops = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (next < requests.length && performance.now() - started < maxMs) {
        const r = requests[next++]!;
        const { status, body } = await sendJson(agent, url, r.method, r.path, r.headers, r.body);
        if (status !== r.expect.status || (r.expect.bodyStatus !== undefined && body.status !== r.expect.bodyStatus)) {
          throw new Error(`${r.method} ${r.path}: ${status} ${JSON.stringify(body)}`);
        }
        if (r.checkout) await payOnCheckout(agent, url, String(body.checkoutUrl), r.checkout);
        ops++;
      }
    }),
  );
  return { ops, seconds: (performance.now() - started) / 1000 };
}

if (parentPort) {
  const port = parentPort;
  const job = workerData as LoadJob;
  const agent = keepAliveAgent(job.clients * 2);
  // The provider's callbacks go out as they come, beside the clients' requests; an undelivered
  // one leaves its payment pending, which the bench reports.
  port.on('message', (callback: ProviderCallback) => {
    sendJson(agent, new URL(job.base), 'PUT', callback.path, {}, callback.body).then(
      (answer) => {
        if (answer.status !== 200) port.postMessage({ ops: 0, seconds: 0, error: `callback: ${answer.status} ${JSON.stringify(answer.body)}` } satisfies LoadResult);
      },
      (error: unknown) => port.postMessage({ ops: 0, seconds: 0, error: `callback: ${String(error)}` } satisfies LoadResult),
    );
  });
  drive(agent, job).then(
    (result) => port.postMessage(result),
    (error: unknown) => port.postMessage({ ops: 0, seconds: 0, error: String(error) } satisfies LoadResult),
  );
}
