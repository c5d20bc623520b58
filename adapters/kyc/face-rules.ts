/**
 * The pure rules of the face matcher, shared by its worker thread (face-api-worker.ts), the
 * matcher and the calibration test: which face of a photo is compared, and how similar two
 * descriptors are.
 */
import type { FaceProblem } from '../../core/kyc/ports.ts';

/** A face counts when the detector is this sure of it (SSD MobileNet's score, 0..1; face-api's default). */
export const MIN_FACE_SCORE = 0.5;
/**
 * A face smaller than this (side of its box, in pixels of the photo) gives a descriptor too poor
 * to compare: measured with the former model (Human's faceres), faces shrunk to a 52–58 px box
 * scored 0.71–0.85 against their own full-size photo, at 64 px and more 0.82–1.00 (docs/kyc.md);
 * kept for face-api's descriptor, whose input is a 150 px face.
 */
export const MIN_FACE_PX = 64;
/** A second face at least half the size of the largest (and at least MIN_FACE_PX) makes the photo ambiguous. */
export const SECOND_FACE_RATIO = 0.5;

/**
 * Two boxes are one face when they overlap by more than this share of the smaller one: the
 * detector sometimes answers a face twice (a second, shifted box that the face mesh then refines
 * onto the same face), which must not read as two people.
 */
export const SAME_FACE_OVERLAP = 0.4;

type Box = [number, number, number, number];

function overlapOfSmaller(a: Box, b: Box): number {
  const width = Math.min(a[0] + a[2], b[0] + b[2]) - Math.max(a[0], b[0]);
  const height = Math.min(a[1] + a[3], b[1] + b[3]) - Math.max(a[1], b[1]);
  if (width <= 0 || height <= 0) return 0;
  return (width * height) / Math.min(a[2] * a[3], b[2] * b[3]);
}

/**
 * The one face of a photo, or what is wrong with it: the faces the model is sure of, one box per
 * face; none: `no_face_found`; the largest under MIN_FACE_PX: `face_too_small`; another face at
 * least half its size (and MIN_FACE_PX): `several_faces_found`. `faces` counts the faces seen.
 */
export function judgeFaces(faces: { box: Box; score: number; embedding?: ArrayLike<number> }[]): { ok: true; index: number; faces: number } | { ok: false; problem: FaceProblem; faces: number } {
  const sure = faces
    .map((face, index) => ({ face, index, side: Math.min(face.box[2], face.box[3]) }))
    .filter((f) => f.face.score >= MIN_FACE_SCORE)
    .sort((a, b) => b.side - a.side);
  const distinct: typeof sure = [];
  for (const candidate of sure) if (!distinct.some((kept) => overlapOfSmaller(kept.face.box, candidate.face.box) > SAME_FACE_OVERLAP)) distinct.push(candidate);
  const [largest, ...others] = distinct;
  if (!largest) return { ok: false, problem: 'no_face_found', faces: 0 };
  if (largest.side < MIN_FACE_PX) return { ok: false, problem: 'face_too_small', faces: distinct.length };
  const rivals = others.filter((o) => o.side >= Math.max(MIN_FACE_PX, SECOND_FACE_RATIO * largest.side));
  if (rivals.length > 0) return { ok: false, problem: 'several_faces_found', faces: 1 + rivals.length };
  if (!largest.face.embedding || largest.face.embedding.length === 0) return { ok: false, problem: 'no_face_found', faces: distinct.length };
  return { ok: true, index: largest.index, faces: distinct.length };
}

/**
 * How similar two face descriptors are: 1 minus their Euclidean distance, at least 0. dlib's
 * descriptors (128 numbers, face-api's face_recognition_model) are built so that the distance
 * between two photos of one person is small: dlib's own threshold is 0.6 (99.38 % on LFW), users
 * tighten it to 0.5–0.3; ours is calibrated (docs/kyc.md). 1 for identical descriptors.
 */
export function descriptorSimilarity(a: ArrayLike<number>, b: ArrayLike<number>): number {
  if (a.length === 0 || a.length !== b.length) return 0;
  let sum = 0;
  for (let i = 0; i < a.length; i++) {
    const d = a[i]! - b[i]!;
    sum += d * d;
  }
  return Math.max(0, 1 - Math.sqrt(sum));
}
