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
 * - A face that fills the whole photo (a cropped portrait, a close selfie) is rarely found by SSD,
 *   which needs some margin around a face: such a photo is looked at centred on a grey canvas
 *   twice its size (measured on the calibration set: 0 of 12 tight crops found as they are, 12 of
 *   12 on the canvas; docs/kyc.md). SSD is the one expensive step (about 85 % of a photo's time),
 *   so which view it looks at first is chosen by a cheap first look: face-api's TinyFaceDetector
 *   at 224 px (a few percent of SSD's time). When it sees a face at least FILLS_PHOTO of the
 *   photo's shorter side, SSD looks at the canvas first, else at the photo as it is; either way,
 *   when SSD finds nothing it looks at the other view. The tiny detector only orders the two
 *   looks: which faces are found, counted and described is SSD's answer, as before.
 */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import sharp from 'sharp';
import { descriptorSimilarity, judgeFaces, MIN_FACE_SCORE } from './face-rules.ts';
import type { Description, FaceWorkerData, FaceWorkerMessage, FaceWorkerRequest } from './face-worker-protocol.ts';

/** The models a comparison needs (their weights manifests in the model folder): find the face, align it, describe it. */
const MODELS = ['ssd_mobilenetv1_model', 'face_landmark_68_model', 'face_recognition_model', 'tiny_face_detector_model'];
/** At most this many faces are looked at in one photo (enough to tell one face from several). */
const MAX_FACES = 5;
/** A face-filling photo is looked at centred on a canvas this many times its size. */
const MARGIN_FACTOR = 2;
/** The margin canvas's grey (0..255). */
const MARGIN_GREY = 128;
/**
 * The first look sees a face at least this share of the photo's shorter side: the face fills the
 * photo, SSD looks at the margin canvas first. Measured (docs/kyc.md): the tiny detector reads
 * the calibration set's face-filling crops at 0.63–0.89, the bench's selfie at 0.74, the ID
 * card's portrait at 0.37, a group photo's faces under 0.3.
 */
const FILLS_PHOTO = 0.6;
/** The first look's input size (px, a multiple of 32) and the score it needs: a hint, so permissive. */
const FIRST_LOOK = { inputSize: 224, scoreThreshold: 0.3 };

interface Tensor {
  dispose(): void;
}
interface Tf {
  tensor3d(values: Uint8Array, shape: [number, number, number], dtype: 'int32'): Tensor;
  pad(x: Tensor, paddings: [number, number][], constantValue: number): Tensor;
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
  nets: Record<'ssdMobilenetv1' | 'faceLandmark68Net' | 'faceRecognitionNet' | 'tinyFaceDetector', { loadFromDisk(dir: string): Promise<void> }>;
  SsdMobilenetv1Options: new (options: { minConfidence: number; maxResults: number }) => unknown;
  TinyFaceDetectorOptions: new (options: { inputSize: number; scoreThreshold: number }) => unknown;
  tinyFaceDetector(input: Tensor, options: unknown): Promise<{ box: { width: number; height: number } }[]>;
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

async function decode(bytes: Uint8Array): Promise<Decoded | undefined> {
  try {
    const { data: pixels, info } = await sharp(bytes, { failOn: 'error', limitInputPixels: 50_000_000 })
      .rotate()
      .resize({ width: data.maxSide, height: data.maxSide, fit: 'inside', withoutEnlargement: true })
      .normalise()
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
    await faceapi.nets.tinyFaceDetector.loadFromDisk(data.modelDir);
  } catch (error) {
    throw new Error(`face models not loaded from ${data.modelDir}: ${error instanceof Error ? error.message : String(error)}`);
  }
  const loaded = performance.now();
  const options = new faceapi.SsdMobilenetv1Options({ minConfidence: MIN_FACE_SCORE, maxResults: MAX_FACES });

  const firstLook = new faceapi.TinyFaceDetectorOptions(FIRST_LOOK);

  /** Whether the first look sees a face that fills the photo (then SSD needs the margin canvas). */
  async function fillsThePhoto(photo: Tensor, image: Decoded): Promise<boolean> {
    const seen = await faceapi.tinyFaceDetector(photo, firstLook);
    return seen.some((face) => Math.max(face.box.width, face.box.height) >= FILLS_PHOTO * Math.min(image.width, image.height));
  }

  /** SSD's faces in one view of the photo: as it is (shift 0), or centred on the margin canvas. */
  async function facesIn(photo: Tensor, shift: { left: number; top: number }): Promise<FoundFace[]> {
    if (shift.left === 0 && shift.top === 0) return faceapi.detectAllFaces(photo, options).withFaceLandmarks().withFaceDescriptors();
    const canvas = tf.pad(photo, [[shift.top, shift.top], [shift.left, shift.left], [0, 0]], MARGIN_GREY);
    try {
      return await faceapi.detectAllFaces(canvas, options).withFaceLandmarks().withFaceDescriptors();
    } finally {
      canvas.dispose();
    }
  }

  async function describe(bytes: Uint8Array): Promise<Description> {
    const image = await decode(bytes);
    if (!image) return { ok: false, problem: 'unreadable_image', faces: 0 };
    const photo = tf.tensor3d(image.pixels, [image.height, image.width, 3], 'int32');
    const asItIs = { left: 0, top: 0 };
    const onCanvas = { left: Math.round((image.width * (MARGIN_FACTOR - 1)) / 2), top: Math.round((image.height * (MARGIN_FACTOR - 1)) / 2) };
    let found: FoundFace[] = [];
    let shift = asItIs;
    try {
      for (const view of (await fillsThePhoto(photo, image)) ? [onCanvas, asItIs] : [asItIs, onCanvas]) {
        found = await facesIn(photo, view);
        shift = view;
        if (found.length > 0) break;
      }
    } finally {
      photo.dispose();
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
