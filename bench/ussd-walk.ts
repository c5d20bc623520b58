/**
 * The sessions of bench/ussd-steps.ts, in a worker thread of its own: every phone walks the steps
 * in each round, pausing like a person before each step, so the app's event loop on the main
 * thread does the app's work only. One keep-alive connection per session (bench/keep-alive-http.ts),
 * all opened before the first measured step, as Africa's Talking's gateway keeps its connections
 * to us: the load generator costs little and the figures are the app's. Answers each step's
 * latencies in ms; a wrong answer stops it.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { keepAliveAgent, openConnections, send } from './keep-alive-http.ts';

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

async function walk({ url, phones, steps, rounds: maxRounds, thinkMs, maxMs }: WalkJob): Promise<WalkResult> {
  const latencies: Record<string, number[]> = Object.fromEntries(steps.map((s) => [s.name, []]));
  const expects = steps.map((s) => new RegExp(s.expect));
  const base = new URL(url);
  const agent = keepAliveAgent(phones.length);
  await openConnections(agent, base, phones.length);
  // The bench starts counting the app's and PostgreSQL's CPU time now.
  parentPort?.postMessage('started');
  const cpu = process.threadCpuUsage();
  const started = performance.now();
  let rounds = 0;
  while (rounds < maxRounds && performance.now() - started < maxMs) {
    rounds++;
    await Promise.all(
      phones.map(async (phone, i) => {
        const sessionId = `BENCH_${rounds}_${i}`;
        const inputs: string[] = [];
        for (const [n, step] of steps.entries()) {
          if (thinkMs > 0) await new Promise((resolve) => setTimeout(resolve, Math.random() * 2 * thinkMs));
          if (step.input !== null) inputs.push(step.input);
          const body = new URLSearchParams({ sessionId, serviceCode: '*384*123#', phoneNumber: phone, networkCode: '63510', text: inputs.join('*') }).toString();
          const t0 = performance.now();
          const { status, text } = await send(agent, base, { method: 'POST', path: base.pathname, headers: FORM, body });
          latencies[step.name]!.push(performance.now() - t0);
          if (status !== 200 || !expects[n]!.test(text)) throw new Error(`${step.name}: unexpected answer ${status} ${JSON.stringify(text)}`);
        }
      }),
    );
  }
  const seconds = (performance.now() - started) / 1000;
  const used = process.threadCpuUsage(cpu);
  agent.destroy();
  return { rounds, seconds, cpuMs: (used.user + used.system) / 1000, latencies };
}

if (parentPort) {
  const port = parentPort;
  walk(workerData as WalkJob).then(
    (result) => port.postMessage(result),
    (error: unknown) => port.postMessage({ rounds: 0, seconds: 0, cpuMs: 0, latencies: {}, error: String(error) } satisfies WalkResult),
  );
}
