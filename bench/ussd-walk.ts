/**
 * The sessions of bench/ussd-steps.ts, in a worker thread of its own: every phone walks the steps
 * in each round, pausing like a person before each step, so the app's event loop on the main
 * thread does the app's work only. One keep-alive connection per session (bench/keep-alive-http.ts),
 * all opened before the first measured step, as Africa's Talking's gateway keeps its connections
 * to us: the load generator costs little and the figures are the app's. Warm-up rounds first
 * (not measured) let the server compile its hot code and open its pool's connections, as steady
 * traffic keeps them. Answers each step's latencies in ms; a wrong answer stops it.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { HttpConnection } from './keep-alive-http.ts';

export interface WalkStep {
  name: string;
  /** What the member types at this step; null: the dial. */
  input: string | null;
  /** The screen it must answer (a RegExp's source). */
  expect: string;
}

export interface WalkJob {
  url: string;
  phones: string[];
  steps: WalkStep[];
  rounds: number;
  /** A pause before each step: uniform in [0, 2 × thinkMs] ms. */
  thinkMs: number;
  maxMs: number;
  /** Rounds walked before the measured ones, neither timed nor counted (the server's JIT and pool warm up). */
  warmupRounds: number;
}

export interface WalkResult {
  rounds: number;
  seconds: number;
  /** CPU time of this worker's thread over the measured part (the load generator's cost), in ms. */
  cpuMs: number;
  /** Per step name, every latency measured, in ms. */
  latencies: Record<string, number[]>;
  error?: string;
}

const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

async function walk({ url, phones, steps, rounds: maxRounds, thinkMs, maxMs, warmupRounds }: WalkJob): Promise<WalkResult> {
  const latencies: Record<string, number[]> = Object.fromEntries(steps.map((s) => [s.name, []]));
  const expects = steps.map((s) => new RegExp(s.expect));
  const base = new URL(url);
  const connections = await Promise.all(phones.map(() => HttpConnection.open(base)));
  /** Every session walks every step once, with new session ids; `record` takes each step's latency. */
  const round = (name: string, record: (step: string, ms: number) => void) =>
    Promise.all(
      phones.map(async (phone, i) => {
        const sessionId = `BENCH_${name}_${i}`;
        const inputs: string[] = [];
        for (const [n, step] of steps.entries()) {
          if (thinkMs > 0) await new Promise((resolve) => setTimeout(resolve, Math.random() * 2 * thinkMs));
          if (step.input !== null) inputs.push(step.input);
          const body = new URLSearchParams({ sessionId, serviceCode: '*384*123#', phoneNumber: phone, networkCode: '63510', text: inputs.join('*') }).toString();
          const t0 = performance.now();
          const { status, text } = await connections[i]!.send({ method: 'POST', path: base.pathname, headers: FORM, body });
          record(step.name, performance.now() - t0);
          if (status !== 200 || !expects[n]!.test(text)) throw new Error(`${step.name}: unexpected answer ${status} ${JSON.stringify(text)}`);
        }
      }),
    );
  for (let w = 1; w <= warmupRounds; w++) await round(`W${w}`, () => {});
  // The bench starts counting the app's and PostgreSQL's CPU time now.
  parentPort?.postMessage('started');
  const cpu = process.threadCpuUsage();
  const started = performance.now();
  let rounds = 0;
  while (rounds < maxRounds && performance.now() - started < maxMs) {
    rounds++;
    await round(String(rounds), (step, ms) => latencies[step]!.push(ms));
  }
  const seconds = (performance.now() - started) / 1000;
  const used = process.threadCpuUsage(cpu);
  for (const connection of connections) connection.close();
  return { rounds, seconds, cpuMs: (used.user + used.system) / 1000, latencies };
}

if (parentPort) {
  const port = parentPort;
  walk(workerData as WalkJob).then(
    (result) => port.postMessage(result),
    (error: unknown) => port.postMessage({ rounds: 0, seconds: 0, cpuMs: 0, latencies: {}, error: String(error) } satisfies WalkResult),
  );
}
