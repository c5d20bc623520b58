/**
 * The open-loop load generator of bench/dashboard.ts and bench/soak.ts, in a worker thread of its
 * own: sends the given requests (GET, or POST with a JSON body) at a fixed rate (request i at
 * start + i / rate), whether or not the earlier ones have been answered, over keep-alive HTTP
 * (node:http), as many members' browsers and phones would.
 * A request's latency runs from the moment it was due to be sent (not from when it was sent), so
 * a server that falls behind is charged for the queue it causes (no coordinated omission).
 * Answers each label's latencies and the errors (a status other than the expected one, or a
 * network error), with up to five examples.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { keepAliveAgent, send } from './keep-alive-http.ts';

export interface RateRequest {
  label: string;
  /** GET by default; a POST sends `body` as JSON. */
  method?: 'GET' | 'POST';
  path: string;
  body?: unknown;
  headers: Record<string, string>;
  /** The statuses that count as an answer (the dashboard's credit score is a 404 before the first assessment). */
  expect: number[];
}

export interface RateJob {
  base: string;
  ratePerSecond: number;
  seconds: number;
  requests: RateRequest[];
}

export interface RateResult {
  latencies: Record<string, number[]>;
  /** When each latency's request was due, in seconds from the start (same order as `latencies`). */
  dueAt: Record<string, number[]>;
  errors: number;
  examples: string[];
  sent: number;
  seconds: number;
}

async function drive({ base, ratePerSecond, seconds, requests }: RateJob): Promise<RateResult> {
  const agent = keepAliveAgent(256);
  const url = new URL(base);
  const total = Math.round(ratePerSecond * seconds);
  const latencies: Record<string, number[]> = {};
  const dueAt: Record<string, number[]> = {};
  const examples: string[] = [];
  let errors = 0;
  const pending: Promise<void>[] = [];
  const started = performance.now();
  for (let i = 0; i < total; i++) {
    const due = started + (i * 1000) / ratePerSecond;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
    const r = requests[i % requests.length]!;
    pending.push(
      send(agent, url, r.method === 'POST' ? { method: 'POST', path: r.path, headers: { 'content-type': 'application/json', ...r.headers }, body: JSON.stringify(r.body ?? {}) } : { method: 'GET', path: r.path, headers: r.headers }).then(
        ({ status, text }) => {
          if (!r.expect.includes(status)) {
            errors++;
            if (examples.length < 5) examples.push(`${r.path}: ${status} ${text.slice(0, 200)}`);
            return;
          }
          (latencies[r.label] ??= []).push(performance.now() - due);
          (dueAt[r.label] ??= []).push((due - started) / 1000);
        },
        (error: unknown) => {
          errors++;
          if (examples.length < 5) examples.push(`${r.path}: ${String(error)}`);
        },
      ),
    );
  }
  await Promise.all(pending);
  agent.destroy();
  return { latencies, dueAt, errors, examples, sent: total, seconds: (performance.now() - started) / 1000 };
}

parentPort!.postMessage(await drive(workerData as RateJob));
