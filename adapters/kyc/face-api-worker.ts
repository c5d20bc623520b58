/**
 * The face model's thread (started by face-api-matcher.ts): @vladmandic/face-api on the tfjs
 * WebAssembly backend, loaded once when the thread starts, then one request at a time.
 *
 * - face-api is required by path (dist/face-api.node-wasm.js): the package's `main` is its
 *   tfjs-node build, whose native binary cannot be installed here. The wasm build brings tfjs
 *   (`faceapi.tf`, with the wasm backend's `setWasmPaths`), pointed at the wasm package's own
 *   `dist/`, without the platform's fetch (Node's `fetch` cannot read a file path).
 * - Models: SSD MobileNet v1 finds faces, the 68-point landmark net aligns each face's box, and
 *   dlib's ResNet (face_recognition_model) describes the face by 128 numbers. All three are read
 *   from disk with face-api's `loadFromDisk`.
 * - Photos are decoded here with sharp (EXIF orientation applied, alpha flattened, scaled down to
 *   `maxSide`, contrast stretched with `normalise`: a dim selfie is otherwise not found) into raw
 *   RGB: no canvas, no tfjs-node.
 * - A face that fills the whole photo (a cropped portrait) is not found by the detector, which
 *   needs some margin around a face: when no face is found, the photo is looked at again centred
 *   on a grey canvas twice its size (measured on the calibration set: 0 of 12 tight crops found as
 *   they are, 12 of 12 on the canvas; docs/kyc.md).
 */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import sharp, { type Sharp } from 'sharp';
import { descriptorSimilarity, judgeFaces, MIN_FACE_SCORE } from './face-rules.ts';
import type { Description, FaceWorkerData, FaceWorkerMessage, FaceWorkerRequest } from './face-worker-protocol.ts';

/** The models a comparison needs (their weights manifests in the model folder): find the face, align it, describe it. */
const MODELS = ['ssd_mobilenetv1_model', 'face_landmark_68_model', 'face_recognition_model'];
/** At most this many faces are looked at in one photo (enough to tell one face from several). */
const MAX_FACES = 5;
/** A face-filling photo is looked at again centred on a canvas this many times its size. */
const MARGIN_FACTOR = 2;

interface Tensor {
  dispose(): void;
}
interface Tf {
  tensor3d(values: Uint8Array, shape: [number, number, number], dtype: 'int32'): Tensor;
  setBackend(name: string): Promise<boolean>;
  ready(): Promise<void>;
  getBackend(): string;
  setWasmPaths(prefix: string, usePlatformFetch?: boolean): void;
}
interface FoundFace {
  detection: { score: number; box: { x: number; y: number; width: number; height: number } };
  descriptor: Float32Array;
}
interface FaceApi {
  version: string;
  tf: Tf;
  nets: Record<'ssdMobilenetv1' | 'faceLandmark68Net' | 'faceRecognitionNet', { loadFromDisk(dir: string): Promise<void> }>;
  SsdMobilenetv1Options: new (options: { minConfidence: number; maxResults: number }) => unknown;
  detectAllFaces(input: Tensor, options: unknown): { withFaceLandmarks(): { withFaceDescriptors(): Promise<FoundFace[]> } };
}

const data = workerData as FaceWorkerData;
const port = parentPort!;
const send = (message: FaceWorkerMessage) => port.postMessage(message);

interface Decoded {
  pixels: Uint8Array;
  width: number;
  height: number;
}

async function raw(image: Sharp): Promise<Decoded | undefined> {
  const { data: pixels, info } = await image.flatten({ background: '#ffffff' }).toColourspace('srgb').removeAlpha().raw().toBuffer({ resolveWithObject: true });
  if (info.channels !== 3) return undefined;
  return { pixels: new Uint8Array(pixels.buffer, pixels.byteOffset, pixels.byteLength), width: info.width, height: info.height };
}

async function decode(bytes: Uint8Array): Promise<Decoded | undefined> {
  try {
    return await raw(
      sharp(bytes, { failOn: 'error', limitInputPixels: 50_000_000 })
        .rotate()
        .resize({ width: data.maxSide, height: data.maxSide, fit: 'inside', withoutEnlargement: true })
        .normalise(),
    );
  } catch {
    return undefined;
  }
}

/** The decoded photo centred on a grey canvas MARGIN_FACTOR times its size, and where the photo starts on it. */
async function withMargin(image: Decoded): Promise<{ image: Decoded; left: number; top: number } | undefined> {
  const left = Math.round((image.width * (MARGIN_FACTOR - 1)) / 2);
  const top = Math.round((image.height * (MARGIN_FACTOR - 1)) / 2);
  const photo = { raw: { width: image.width, height: image.height, channels: 3 as const } };
  const canvas = sharp({ create: { width: image.width + 2 * left, height: image.height + 2 * top, channels: 3, background: '#808080' } }).composite([{ input: Buffer.from(image.pixels), ...photo, left, top }]);
  // Composited on a PNG first: sharp applies a composite only when it writes an image.
  const padded = await raw(sharp(await canvas.png({ compressionLevel: 0 }).toBuffer()));
  return padded && { image: padded, left, top };
}

async function start(): Promise<{ describe(bytes: Uint8Array): Promise<Description> }> {
  const started = performance.now();
  const absent = MODELS.filter((name) => !existsSync(join(data.modelDir, `${name}-weights_manifest.json`)));
  if (absent.length > 0) throw new Error(`face models not loaded: ${absent.join(', ')} not found in ${data.modelDir}`);
  const require = createRequire(import.meta.url);
  const faceapi = require(data.faceApiScript) as FaceApi;
  const tf = faceapi.tf;
  try {
    tf.setWasmPaths(data.wasmDir, false);
    if (!(await tf.setBackend('wasm'))) throw new Error('the tfjs wasm backend did not start');
    await tf.ready();
    await faceapi.nets.ssdMobilenetv1.loadFromDisk(data.modelDir);
    await faceapi.nets.faceLandmark68Net.loadFromDisk(data.modelDir);
    await faceapi.nets.faceRecognitionNet.loadFromDisk(data.modelDir);
  } catch (error) {
    throw new Error(`face models not loaded from ${data.modelDir}: ${error instanceof Error ? error.message : String(error)}`);
  }
  const loaded = performance.now();
  const options = new faceapi.SsdMobilenetv1Options({ minConfidence: MIN_FACE_SCORE, maxResults: MAX_FACES });

  async function facesIn(image: Decoded): Promise<FoundFace[]> {
    const tensor = tf.tensor3d(image.pixels, [image.height, image.width, 3], 'int32');
    try {
      return await faceapi.detectAllFaces(tensor, options).withFaceLandmarks().withFaceDescriptors();
    } finally {
      tensor.dispose();
    }
  }

  async function describe(bytes: Uint8Array): Promise<Description> {
    const image = await decode(bytes);
    if (!image) return { ok: false, problem: 'unreadable_image', faces: 0 };
    let found = await facesIn(image);
    let shift = { left: 0, top: 0 };
    if (found.length === 0) {
      const padded = await withMargin(image);
      if (padded) {
        found = await facesIn(padded.image);
        shift = { left: padded.left, top: padded.top };
      }
    }
    const faces = found.map((f) => ({
      box: [f.detection.box.x - shift.left, f.detection.box.y - shift.top, f.detection.box.width, f.detection.box.height] as [number, number, number, number],
      score: f.detection.score,
      embedding: f.descriptor,
    }));
    const judged = judgeFaces(faces);
    if (!judged.ok) return judged;
    const face = faces[judged.index]!;
    return {
      ok: true,
      face: { box: face.box.map((v) => Math.round(v)) as [number, number, number, number], score: face.score, descriptor: Array.from(face.embedding) },
      faces: judged.faces,
      width: image.width,
      height: image.height,
    };
  }

  // Warmed up on the photo scaled to a selfie's size: the first detection compiles the kernels.
  if (data.warmUpImage) await describe(await sharp(data.warmUpImage).resize(640, 640, { fit: 'inside' }).jpeg().toBuffer()).catch(() => undefined);
  send({ kind: 'ready', loadMs: Math.round(loaded - started), warmUpMs: Math.round(performance.now() - loaded), libraryVersion: faceapi.version, backend: tf.getBackend() });
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
    const similarity = idPhoto.ok && selfie.ok ? descriptorSimilarity(idPhoto.face.descriptor, selfie.face.descriptor) : null;
    // Descriptors stay in this thread: the main thread learns the similarity only.
    const strip = (d: Description): Description => (d.ok ? { ...d, face: { ...d.face, descriptor: [] } } : d);
    send({ kind: 'compared', id: request.id, idPhoto: strip(idPhoto), selfie: strip(selfie), similarity, ms: Math.round(performance.now() - started) });
  } catch (error) {
    send({ kind: 'error', id: request.id, error: error instanceof Error ? error.message : String(error) });
  }
}

// One request at a time, in arrival order: the backend is one wasm instance.
let queue: Promise<unknown> = start().then(
  (model) => {
    port.on('message', (request: FaceWorkerRequest) => {
      queue = queue.then(() => handle(model, request));
    });
  },
  (error: unknown) => send({ kind: 'failed', error: error instanceof Error ? error.message : String(error) }),
);
