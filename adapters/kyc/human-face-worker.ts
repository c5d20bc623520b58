/**
 * The face model's thread (started by human-face-matcher.ts): @vladmandic/human on the
 * tfjs WebAssembly backend, loaded once when the thread starts, then one request at a time.
 *
 * - Human is required by path (dist/human.node-wasm.js): its exports map has no "./" entry.
 * - Under wasm, Node's `fetch` cannot read `file://`: a tfjs load router reads the models'
 *   JSON and weights from disk for `file://` URLs (tf.io.getModelArtifactsForJSON keeps the
 *   signature, without which faceres answers no descriptor).
 * - Photos are decoded here with sharp (EXIF orientation applied, alpha flattened, scaled down to
 *   `maxSide`) into raw RGB: no canvas, no tfjs-node.
 * - Caching across calls is off (cacheSensitivity 0, skipAllowed false, skipFrames 0): every photo
 *   is analysed afresh, never answered from the previous one.
 * - Histogram equalisation evens out lighting (a dim selfie against a bright ID photo): on the
 *   calibration set it raised the lowest darker genuine pair from 0.83 to 0.90, the highest
 *   impostor moving from 0.65 to 0.67 (docs/kyc.md).
 */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parentPort, workerData } from 'node:worker_threads';
import sharp from 'sharp';
import type { Config, Human as HumanClass, Result as HumanResult } from '@vladmandic/human';
import { humanSimilarity, judgeFaces } from './human-face-rules.ts';
import type { Description, FaceWorkerData, FaceWorkerMessage, FaceWorkerRequest } from './face-worker-protocol.ts';

/** The models a comparison needs: find the face, align it, describe it. */
const MODELS = ['blazeface', 'facemesh', 'faceres'];

interface Tf {
  tensor3d(values: Uint8Array, shape: [number, number, number], dtype: 'int32'): { dispose(): void };
  getBackend(): string;
  io: {
    registerLoadRouter(router: (url: string | string[]) => unknown): void;
    getModelArtifactsForJSON(json: unknown, loadWeights: (manifest: WeightGroup[]) => Promise<[unknown[], ArrayBuffer]>): Promise<unknown>;
  };
}
interface WeightGroup {
  paths: string[];
  weights: unknown[];
}

const data = workerData as FaceWorkerData;
const port = parentPort!;
const send = (message: FaceWorkerMessage) => port.postMessage(message);

function config(): Partial<Config> {
  const off = { enabled: false };
  return {
    backend: 'wasm',
    wasmPath: data.wasmDir,
    wasmPlatformFetch: false,
    modelBasePath: `file://${data.modelDir.replace(/\/?$/, '/')}`,
    debug: process.env.FACE_DEBUG === '1',
    async: true,
    warmup: 'none',
    cacheModels: false,
    cacheSensitivity: 0,
    skipAllowed: false,
    filter: { enabled: true, equalization: true, autoBrightness: true, return: false, flip: false },
    gesture: off,
    body: off,
    hand: off,
    object: off,
    segmentation: off,
    face: {
      enabled: true,
      detector: { enabled: true, rotation: true, maxDetected: 5, skipFrames: 0, skipTime: 0, minConfidence: 0.2, return: false },
      mesh: { enabled: true },
      iris: off,
      attention: off,
      emotion: off,
      antispoof: off,
      liveness: off,
      description: { enabled: true, skipFrames: 0, skipTime: 0 },
    },
  } as Partial<Config>;
}

/** Serves `file://` model URLs from disk: the JSON, then every weights file it names, in order. */
function loadModelsFromDisk(tf: Tf): void {
  tf.io.registerLoadRouter((url) => {
    if (typeof url !== 'string' || !url.startsWith('file://')) return null;
    const file = fileURLToPath(url);
    return {
      load: () =>
        tf.io.getModelArtifactsForJSON(JSON.parse(readFileSync(file, 'utf8')), async (manifest) => {
          const specs = manifest.flatMap((group) => group.weights);
          const buffers = manifest.flatMap((group) => group.paths.map((p) => readFileSync(join(dirname(file), p))));
          const all = Buffer.concat(buffers);
          return [specs, all.buffer.slice(all.byteOffset, all.byteOffset + all.byteLength) as ArrayBuffer];
        }),
    };
  });
}

async function decode(bytes: Uint8Array): Promise<{ pixels: Uint8Array; width: number; height: number } | undefined> {
  try {
    const { data: pixels, info } = await sharp(bytes, { failOn: 'error', limitInputPixels: 50_000_000 })
      .rotate()
      .resize({ width: data.maxSide, height: data.maxSide, fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .toColourspace('srgb')
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    if (info.channels !== 3) return undefined;
    return { pixels: new Uint8Array(pixels.buffer, pixels.byteOffset, pixels.byteLength), width: info.width, height: info.height };
  } catch {
    return undefined;
  }
}

async function start(): Promise<{ describe(bytes: Uint8Array): Promise<Description> }> {
  const started = performance.now();
  const absent = MODELS.filter((name) => !existsSync(join(data.modelDir, `${name}.json`)));
  if (absent.length > 0) throw new Error(`face models not loaded: ${absent.join(', ')} not found in ${data.modelDir}`);
  const require = createRequire(import.meta.url);
  const { Human } = require(data.humanScript) as { Human: typeof HumanClass };
  const human = new Human(config());
  const tf = human.tf as Tf;
  loadModelsFromDisk(tf);
  try {
    await human.init();
    await human.load();
  } catch (error) {
    throw new Error(`face models not loaded from ${data.modelDir}: ${error instanceof Error ? error.message : String(error)}`);
  }
  // Human logs a model it could not load and goes on without it: without these, no face is ever found.
  const missing = MODELS.filter((name) => !human.models.loaded().includes(name));
  if (missing.length > 0) throw new Error(`face models not loaded from ${data.modelDir}: ${missing.join(', ')}`);
  const loaded = performance.now();

  async function describe(bytes: Uint8Array): Promise<Description> {
    const image = await decode(bytes);
    if (!image) return { ok: false, problem: 'unreadable_image', faces: 0 };
    const tensor = tf.tensor3d(image.pixels, [image.height, image.width, 3], 'int32');
    let result: HumanResult;
    try {
      result = await human.detect(tensor as never);
    } finally {
      tensor.dispose();
    }
    if (result.error) throw new Error(`face model: ${result.error}`);
    const faces = result.face.map((f) => ({ box: f.box, score: f.score, embedding: f.embedding }));
    const judged = judgeFaces(faces);
    if (!judged.ok) return judged;
    const face = faces[judged.index]!;
    return {
      ok: true,
      face: { box: face.box.map((v) => Math.round(v)) as [number, number, number, number], score: face.score, descriptor: Array.from(face.embedding ?? []) },
      faces: judged.faces,
      width: image.width,
      height: image.height,
    };
  }

  if (data.warmUpImage) await describe(readFileSync(data.warmUpImage)).catch(() => undefined);
  send({ kind: 'ready', loadMs: Math.round(loaded - started), warmUpMs: Math.round(performance.now() - loaded), humanVersion: human.version, backend: tf.getBackend() });
  return { describe };
}

async function handle(model: { describe(bytes: Uint8Array): Promise<Description> }, request: FaceWorkerRequest): Promise<void> {
  const started = performance.now();
  try {
    if (request.kind === 'describe') {
      const description = await model.describe(request.image);
      send({ kind: 'described', id: request.id, description, ms: Math.round(performance.now() - started) });
      return;
    }
    const idPhoto = await model.describe(request.idPhoto);
    const selfie = await model.describe(request.selfie);
    const similarity = idPhoto.ok && selfie.ok ? humanSimilarity(idPhoto.face.descriptor, selfie.face.descriptor) : null;
    // Descriptors stay in this thread: the main thread learns the similarity only.
    const strip = (d: Description): Description => (d.ok ? { ...d, face: { ...d.face, descriptor: [] } } : d);
    send({ kind: 'compared', id: request.id, idPhoto: strip(idPhoto), selfie: strip(selfie), similarity, ms: Math.round(performance.now() - started) });
  } catch (error) {
    send({ kind: 'error', id: request.id, error: error instanceof Error ? error.message : String(error) });
  }
}

// One request at a time, in arrival order: Human keeps state between calls.
let queue: Promise<unknown> = start().then(
  (model) => {
    port.on('message', (request: FaceWorkerRequest) => {
      queue = queue.then(() => handle(model, request));
    });
  },
  (error: unknown) => send({ kind: 'failed', error: error instanceof Error ? error.message : String(error) }),
);
