/**
 * The load generator of bench/payments.ts, in a worker thread of its own: C clients send the
 * given requests with fetch, each waiting for its answer before the next, so the app's event
 * loop on the main thread does the app's work only (pgbench's clients are not inside PostgreSQL
 * either). Answers how many requests were done and how long it took; a wrong answer stops it.
 */
import { parentPort, workerData } from 'node:worker_threads';

export interface LoadRequest {
  method: 'POST' | 'PUT';
  path: string;
  headers: Record<string, string>;
  body: unknown;
  /** The status it must answer, and optionally the `status` field of its JSON body. */
  expect: { status: number; bodyStatus?: string };
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

async function drive({ base, clients, maxMs, requests }: LoadJob): Promise<LoadResult> {
  let next = 0;
  let ops = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (next < requests.length && performance.now() - started < maxMs) {
        const r = requests[next++]!;
        const response = await fetch(`${base}${r.path}`, { method: r.method, headers: { 'content-type': 'application/json', ...r.headers }, body: JSON.stringify(r.body) });
        const body = (await response.json()) as { status?: unknown };
        if (response.status !== r.expect.status || (r.expect.bodyStatus !== undefined && body.status !== r.expect.bodyStatus)) {
          throw new Error(`${r.method} ${r.path}: ${response.status} ${JSON.stringify(body)}`);
        }
        ops++;
      }
    }),
  );
  return { ops, seconds: (performance.now() - started) / 1000 };
}

if (parentPort) {
  const port = parentPort;
  drive(workerData as LoadJob).then(
    (result) => port.postMessage(result),
    (error: unknown) => port.postMessage({ ops: 0, seconds: 0, error: String(error) } satisfies LoadResult),
  );
}
