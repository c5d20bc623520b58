/**
 * `npm run bench:face`: the face model of facial KYC (adapters/kyc/face-api-matcher.ts) on this
 * machine: how long it takes to load, how long one verification takes, and the memory it needs.
 *
 * One verification is `FaceMatcher.compare(idPhoto, selfie)` as VerifyFace calls it: both photos
 * decoded, the face found, aligned and described in the model's thread, the similarity computed.
 * The photos are the size members send, built from the package's own sample photos
 * (tests/support/face-samples.ts `memberSizedPair`): a 1000 × 630 photo of an ID card with its
 * portrait at 250 px, and a 640 × 640 selfie.
 *
 * "CPU per verification" is the process's CPU time (all its threads) over the measured runs divided
 * by their number: on a loaded machine the wall clock counts the time spent waiting for a core,
 * the CPU time much less so, so it is the figure to compare between two versions measured there.
 *
 *   --runs <n>    verifications measured one after another (default 20), after one not counted
 *   --burst <n>   then that many sent at once, to see the queue (default 4)
 */
import { cpus } from 'node:os';
import { parseArgs } from 'node:util';
import { FaceApiMatcher } from '../adapters/kyc/face-api-matcher.ts';
import { matchPercent } from '../core/kyc/face-match.ts';
import { memberSizedPair } from '../tests/support/face-samples.ts';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '20' }, burst: { type: 'string', default: '4' } } });
const RUNS = Math.max(1, Number(values.runs));
const BURST = Math.max(1, Number(values.burst));

const mb = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;
const rss = () => process.memoryUsage().rss;
function quantile(sorted: number[], q: number): number {
  const at = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
  return sorted[at]!;
}

const matcher = new FaceApiMatcher();
const { idPhoto, selfie } = await memberSizedPair();
const before = rss();

const loadStarted = performance.now();
const load = await matcher.warmUp();
const loadWall = performance.now() - loadStarted;
if (!load) {
  console.error(`The face model did not load: ${matcher.lastFailure}`);
  process.exit(1);
}
const afterLoad = rss();

const first = performance.now();
const firstResult = await matcher.compare(idPhoto, selfie);
const firstMs = performance.now() - first;
if (!firstResult.ok) {
  console.error(`The first verification failed: ${firstResult.error}`);
  process.exit(1);
}

const times: number[] = [];
// CPU time of the whole process (the model's thread, sharp's threads, the main thread): what a
// verification costs whatever else runs on the machine, where the wall clock counts the waiting too.
const cpuBefore = process.cpuUsage();
for (let i = 0; i < RUNS; i++) {
  const started = performance.now();
  const result = await matcher.compare(idPhoto, selfie);
  times.push(performance.now() - started);
  if (!result.ok) throw new Error(result.error);
}
const cpu = process.cpuUsage(cpuBefore);
const cpuMsPerRun = (cpu.user + cpu.system) / 1000 / RUNS;
times.sort((a, b) => a - b);

const photoTimes: { id: number; selfie: number } = { id: 0, selfie: 0 };
for (const [key, photo] of [['id', idPhoto], ['selfie', selfie]] as const) photoTimes[key] = (await matcher.describe(photo))!.ms;

const burstStarted = performance.now();
await Promise.all(Array.from({ length: BURST }, () => matcher.compare(idPhoto, selfie)));
const burstMs = performance.now() - burstStarted;
const peak = process.resourceUsage().maxRSS * 1024;
await matcher.close();

const round = (ms: number) => `${Math.round(ms)} ms`;
const lines: [string, string][] = [
  ['machine', `${cpus().length} × ${cpus()[0]?.model ?? 'CPU'}, Node ${process.versions.node}`],
  ['model', `${matcher.model.name}: ${matcher.model.version}, backend ${load.backend}`],
  ['model load', `${round(loadWall)} until ready (thread start + ${load.loadMs} ms loading the models + ${load.warmUpMs} ms warming up on one photo)`],
  ['first verification', round(firstMs)],
  [`verification (${RUNS} runs)`, `median ${round(quantile(times, 0.5))}, p95 ${round(quantile(times, 0.95))}, min ${round(times[0]!)}, max ${round(times.at(-1)!)}`],
  ['CPU per verification', `${round(cpuMsPerRun)} (the process's CPU time over those runs, divided by ${RUNS}: close to the wall time on an idle machine)`],
  ['of which, per photo', `ID card 1000 × 630: ${photoTimes.id} ms, selfie 640 × 640: ${photoTimes.selfie} ms (in the model's thread)`],
  [`${BURST} at once (queued)`, `${round(burstMs)} for all, ${round(burstMs / BURST)} each`],
  ['match', `${matchPercent(firstResult.value.similarity, matcher.model.cutoffSimilarity)} % (similarity ${firstResult.value.similarity.toFixed(3)}) for the same face`],
  ['memory (process RSS)', `${mb(before)} before, ${mb(afterLoad)} with the model loaded, peak ${mb(peak)}`],
];
const width = Math.max(...lines.map(([k]) => k.length));
for (const [k, v] of lines) console.log(`${k.padEnd(width)}  ${v}`);
