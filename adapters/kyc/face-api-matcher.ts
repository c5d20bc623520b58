/**
 * FaceMatcher over @vladmandic/face-api (dlib's ResNet face descriptor, SSD MobileNet v1 to find
 * faces and the 68-point landmark net to align them) on the tfjs WebAssembly backend: offline, on
 * the CPU, models shipped in the package (PROVIDERS.md §10). The model runs in a worker thread of
 * its own (face-api-worker.ts).
 *
 * Guarantees
 * - The model is loaded once, by the first request (or `warmUp`), in its thread; requests queue
 *   there and run one at a time; the main event loop never runs the model nor decodes a photo.
 * - `compare` answers the photo's problem (`selfie_no_face_found`, …), a similarity, or
 *   `face_matcher_unavailable` when the model cannot load, its thread died, a request waited past
 *   `timeoutMs`, or more than `maxQueued` requests are waiting; it never throws for a photo.
 * - A thread that died or timed out is replaced by the next request; the others waiting are
 *   answered `face_matcher_unavailable`.
 * - The thread does not keep the process alive (unref), so a process ends when its work does.
 *
 * The cut-off: FACE_API_CUTOFF_SIMILARITY is the similarity that reads as exactly 80 % (core/kyc
 * face-match.ts), chosen on the calibration set built from the model packages' own photos
 * (face-api-matcher.test.ts, docs/kyc.md): midway between the highest impostor and the lowest
 * genuine similarity measured there.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { FaceMatcher, FaceMatchError, FaceModel, FacePhoto } from '../../core/kyc/ports.ts';
import type { Description, FaceWorkerData, FaceWorkerMessage, FaceWorkerRequest } from './face-worker-protocol.ts';

/** Calibrated on the packages' photos: impostors at most IMPOSTOR_MAX, genuine pairs at least GENUINE_MIN (docs/kyc.md). */
export const FACE_API_CUTOFF_SIMILARITY = 0.59;

/** A model that failed to load is tried again by a request after this long, not before. */
const RETRY_LOAD_AFTER_MS = 30_000;

export interface FaceApiMatcherOptions {
  /** A folder with ssd_mobilenetv1_model, face_landmark_68_model, face_recognition_model and tiny_face_detector_model (weights manifest, .bin); default: the package's own `model/`. */
  modelDir?: string;
  /** Longest side photos are scaled down to before detection (default 1280 px). */
  maxSide?: number;
  /** How long a request may wait and run (default 60 s; the model loads within the first one). */
  timeoutMs?: number;
  /** How long the thread may take to load and warm up the models (default 120 s: seconds on an idle server, a minute on a saturated one). */
  loadTimeoutMs?: number;
  /** Requests waiting beyond this are answered unavailable at once (default 32). */
  maxQueued?: number;
}

export interface ModelLoad {
  loadMs: number;
  warmUpMs: number;
  libraryVersion: string;
  backend: string;
}

interface Pending {
  settle(message: FaceWorkerMessage | null): void;
  timer: NodeJS.Timeout;
}

const require = createRequire(import.meta.url);

function packageRoot(specifier: string): string {
  return dirname(dirname(require.resolve(specifier)));
}

function versionOf(root: string): string {
  return (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string }).version;
}

export class FaceApiMatcher implements FaceMatcher {
  readonly model: FaceModel;
  private readonly workerData: FaceWorkerData;
  private readonly timeoutMs: number;
  private readonly loadTimeoutMs: number;
  private readonly maxQueued: number;
  private worker: Worker | null = null;
  private ready: Promise<ModelLoad | null> | null = null;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  /** Why the model could not be loaded, the last time it was tried. */
  lastFailure: string | null = null;
  /** After a failed load, requests are answered unavailable at once until this instant (ms). */
  private retryAt = 0;

  constructor(options: FaceApiMatcherOptions = {}) {
    const faceApi = packageRoot('@vladmandic/face-api/dist/face-api.node-wasm.js');
    const wasm = packageRoot('@tensorflow/tfjs-backend-wasm');
    const warmUpImage = join(faceApi, 'demo', 'sample1.jpg');
    this.workerData = {
      faceApiScript: join(faceApi, 'dist', 'face-api.node-wasm.js'),
      wasmDir: `${join(wasm, 'dist')}/`,
      modelDir: options.modelDir ?? join(faceApi, 'model'),
      warmUpImage: existsSync(warmUpImage) ? warmUpImage : null,
      maxSide: options.maxSide ?? 1280,
    };
    this.timeoutMs = options.timeoutMs ?? 60_000;
    this.loadTimeoutMs = options.loadTimeoutMs ?? 120_000;
    this.maxQueued = options.maxQueued ?? 32;
    this.model = {
      name: 'face-api-dlib',
      version: `@vladmandic/face-api ${versionOf(faceApi)} (face_recognition_model, ssd_mobilenetv1, face_landmark_68, tiny_face_detector; @tensorflow/tfjs-backend-wasm ${versionOf(wasm)})`,
      cutoffSimilarity: FACE_API_CUTOFF_SIMILARITY,
    };
  }

  /** Loads the model now (else the first request does); answers how long it took, or null when it cannot load. */
  warmUp(): Promise<ModelLoad | null> {
    if (!this.ready) {
      if (Date.now() < this.retryAt) return Promise.resolve(null);
      this.start();
    }
    return this.ready!;
  }

  async compare(idPhoto: Uint8Array, selfie: Uint8Array): Promise<{ ok: true; value: { similarity: number } } | { ok: false; error: FaceMatchError }> {
    const reply = await this.request((id) => ({ id, kind: 'compare', idPhoto, selfie }));
    if (!reply || reply.kind !== 'compared') return { ok: false, error: 'face_matcher_unavailable' };
    for (const [photo, description] of [['id_photo', reply.idPhoto], ['selfie', reply.selfie]] as [FacePhoto, Description][]) {
      if (!description.ok) return { ok: false, error: `${photo}_${description.problem}` };
    }
    if (reply.similarity === null) return { ok: false, error: 'face_matcher_unavailable' };
    return { ok: true, value: { similarity: reply.similarity } };
  }

  /**
   * The face of one photo with its descriptor (or its problem), for the calibration test and the
   * benchmark; null when the model is unavailable. `ms` is the time the model's thread spent.
   */
  async describe(image: Uint8Array): Promise<{ description: Description; ms: number } | null> {
    const reply = await this.request((id) => ({ id, kind: 'describe', image }));
    return reply?.kind === 'described' ? { description: reply.description, ms: reply.ms } : null;
  }

  /** Ends the model's thread (tests, shutdown); a later request starts a new one. */
  async close(): Promise<void> {
    const worker = this.worker;
    this.reset();
    if (worker) await worker.terminate();
  }

  private async request(make: (id: number) => FaceWorkerRequest): Promise<FaceWorkerMessage | null> {
    if (this.pending.size >= this.maxQueued) return null;
    const loaded = await this.warmUp();
    const worker = this.worker;
    if (!loaded || !worker) return null;
    const id = this.nextId++;
    return new Promise<FaceWorkerMessage | null>((resolve) => {
      const timer = setTimeout(() => {
        // A request stuck this long means a stuck model: replace the thread.
        void this.close();
      }, this.timeoutMs);
      this.pending.set(id, {
        settle: (message) => {
          clearTimeout(timer);
          this.pending.delete(id);
          resolve(message);
        },
        timer,
      });
      worker.postMessage(make(id));
    });
  }

  private start(): void {
    const worker = new Worker(new URL('./face-api-worker.ts', import.meta.url), { workerData: this.workerData });
    this.worker = worker;
    this.ready = new Promise<ModelLoad | null>((resolve) => {
      const loadTimer = setTimeout(() => {
        this.lastFailure = `the face model did not load within ${this.loadTimeoutMs} ms`;
        resolve(null);
        void this.close();
      }, this.loadTimeoutMs);
      worker.on('message', (message: FaceWorkerMessage) => {
        if (message.kind === 'ready') {
          clearTimeout(loadTimer);
          this.lastFailure = null;
          resolve({ loadMs: message.loadMs, warmUpMs: message.warmUpMs, libraryVersion: message.libraryVersion, backend: message.backend });
        } else if (message.kind === 'failed') {
          clearTimeout(loadTimer);
          this.lastFailure = message.error;
          this.retryAt = Date.now() + RETRY_LOAD_AFTER_MS;
          resolve(null);
          void this.close();
        } else {
          this.pending.get(message.id)?.settle(message.kind === 'error' ? null : message);
        }
      });
      const died = (reason: string) => {
        clearTimeout(loadTimer);
        // Whoever still waits for this thread to load learns it never will (closed while loading, or dead).
        resolve(null);
        if (this.worker !== worker) return;
        this.lastFailure = reason;
        this.reset();
      };
      worker.on('error', (error) => died(error.message));
      worker.on('exit', (code) => died(`the face model's thread exited (${code})`));
    });
    // After the listeners: adding a 'message' listener refs the thread's port again.
    worker.unref();
  }

  /** Forgets the thread: every request waiting is answered unavailable, the next one starts a new thread. */
  private reset(): void {
    this.worker = null;
    this.ready = null;
    for (const pending of [...this.pending.values()]) pending.settle(null);
  }
}
