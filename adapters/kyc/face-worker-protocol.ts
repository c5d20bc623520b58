/** The messages between FaceApiMatcher (main thread) and its worker (face-api-worker.ts). Types only. */
import type { FaceProblem } from '../../core/kyc/ports.ts';

export interface FaceWorkerData {
  /** dist/face-api.node-wasm.js of @vladmandic/face-api. */
  faceApiScript: string;
  /** dist/ of @tensorflow/tfjs-backend-wasm, with a trailing slash (setWasmPaths). */
  wasmDir: string;
  /** A folder with ssd_mobilenetv1_model, face_landmark_68_model, face_recognition_model and tiny_face_detector_model (weights manifest and .bin). */
  modelDir: string;
  /** A photo to warm the models up with once loaded (a face), or null. */
  warmUpImage: string | null;
  /** Photos are scaled down to fit this many pixels on their longer side before detection. */
  maxSide: number;
}

/** One face found in a photo: its box (pixels of the photo as decoded, EXIF orientation applied) and its descriptor. */
export interface DescribedFace {
  box: [number, number, number, number];
  score: number;
  descriptor: number[];
}

export type Description = { ok: true; face: DescribedFace; faces: number; width: number; height: number } | { ok: false; problem: FaceProblem; faces: number };

export type FaceWorkerRequest =
  | { id: number; kind: 'describe'; image: Uint8Array }
  | { id: number; kind: 'compare'; idPhoto: Uint8Array; selfie: Uint8Array };

export type FaceWorkerMessage =
  | { kind: 'ready'; loadMs: number; warmUpMs: number; libraryVersion: string; backend: string }
  | { kind: 'failed'; error: string }
  | { kind: 'described'; id: number; description: Description; ms: number }
  | { kind: 'compared'; id: number; idPhoto: Description; selfie: Description; similarity: number | null; ms: number }
  | { kind: 'error'; id: number; error: string };
