/**
 * Photos for the face model's calibration test, its benchmark and the KYC API tests, built at run
 * time from the photos that ship in @vladmandic/human (assets/: the former model's package, kept as
 * a development dependency for its photos) and @vladmandic/face-api (demo/): nothing binary is
 * committed.
 *
 * - People: twelve faces of different people, cropped from two of the package's screenshots
 *   (the face-detection demo's five faces of one group photo, and seven tiles of the face-match
 *   demo's grid), chosen by eye so that no two are the same person: the grid holds several photos
 *   of some people (the package's author fills its first row; the tile right-5-0 is right-4-3 in
 *   another photo and is left out). Each is padded to a 320 px square, as a cropped photo would be.
 * - Transforms of each face (the genuine pairs, each against the original): flipped (a webcam's
 *   mirror), resized (to 60 %), darker (brightness × 0.6: a dim room), compressed (JPEG quality 30).
 * - Cross-photo pairs: the same person in different photos (the author: the face-detection demo,
 *   the FaceID demo's webcam frame, four tiles of the face-match grid). Reported, not asserted: no
 *   calibration was promised on them, and they are what a real ID photo against a selfie is like.
 * - Edge cases: no face (a blank photo, the ceiling lamps of the group photo), several faces (a
 *   group photo of face-api's demo), a face too small (a face shrunk to 40 px in a 320 px photo).
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import sharp from 'sharp';

const require = createRequire(import.meta.url);
const ASSETS = join(dirname(dirname(require.resolve('@vladmandic/human'))), 'assets');
/** The sample photos of the face model's package (@vladmandic/face-api: demo/sample1–6.jpg, group photos). */
const FACE_API_DEMO = join(dirname(dirname(require.resolve('@vladmandic/face-api/dist/face-api.node-wasm.js'))), 'demo');

interface Crop {
  file: string;
  left: number;
  top: number;
  width: number;
  height: number;
}

/** A tile of the face-match demo's grid of extracted faces (screenshot-facematch.jpg), without its captions. */
const gridTile = (half: 'L' | 'R', row: number, column: number): Crop => ({
  file: 'screenshot-facematch.jpg',
  left: Math.round(2 + 106.67 * (column + (half === 'R' ? 9 : 0))),
  top: 282 + 113 * row + 10,
  width: 106,
  height: 86,
});
/** A face of the face-detection demo's bottom row (screenshot-facedetect.jpg), one group photo. */
const detectTile = (left: number, right: number): Crop => ({ file: 'screenshot-facedetect.jpg', left, top: 345, width: right - left, height: 151 });

export const PEOPLE: Readonly<Record<string, Crop>> = {
  author: detectTile(7, 158),
  group_b: detectTile(164, 316),
  group_c: detectTile(322, 473),
  group_d: detectTile(479, 629),
  group_e_grey: detectTile(630, 791),
  grid_l1_5: gridTile('L', 1, 5),
  grid_l5_5: gridTile('L', 5, 5),
  grid_l3_3: gridTile('L', 3, 3),
  grid_r2_3: gridTile('R', 2, 3),
  grid_l4_8: gridTile('L', 4, 8),
  grid_r4_3: gridTile('R', 4, 3),
  grid_l5_6: gridTile('L', 5, 6),
};

/** Other photos of the author, for the cross-photo figures. */
const AUTHOR_ELSEWHERE: Readonly<Record<string, Crop>> = {
  faceid_webcam: { file: 'screenshot-faceid.jpg', left: 15, top: 150, width: 160, height: 170 },
  grid_l0_0: gridTile('L', 0, 0),
  grid_l0_1: gridTile('L', 0, 1),
  grid_l0_3: gridTile('L', 0, 3),
  grid_l0_5: gridTile('L', 0, 5),
};

export const SIDE = 320;

export type Transform = 'flipped' | 'resized' | 'darker' | 'compressed';

export const TRANSFORMS: Readonly<Record<Transform, (photo: Buffer) => Promise<Buffer>>> = {
  flipped: (photo) => sharp(photo).flop().jpeg({ quality: 95 }).toBuffer(),
  resized: (photo) => sharp(photo).resize(Math.round(SIDE * 0.6)).jpeg({ quality: 95 }).toBuffer(),
  darker: (photo) => sharp(photo).modulate({ brightness: 0.6 }).jpeg({ quality: 95 }).toBuffer(),
  compressed: (photo) => sharp(photo).jpeg({ quality: 30 }).toBuffer(),
};

async function photoOf(crop: Crop, side = SIDE): Promise<Buffer> {
  return sharp(join(ASSETS, crop.file))
    .extract({ left: crop.left, top: crop.top, width: crop.width, height: crop.height })
    .resize(side, side, { fit: 'contain', background: '#808080' })
    .jpeg({ quality: 95 })
    .toBuffer();
}

export interface PersonPhotos {
  name: string;
  original: Buffer;
  transformed: Record<Transform, Buffer>;
}

export async function calibrationPeople(): Promise<PersonPhotos[]> {
  return Promise.all(
    Object.entries(PEOPLE).map(async ([name, crop]) => {
      const original = await photoOf(crop);
      const entries = await Promise.all(Object.entries(TRANSFORMS).map(async ([t, apply]) => [t, await apply(original)] as const));
      return { name, original, transformed: Object.fromEntries(entries) as Record<Transform, Buffer> };
    }),
  );
}

/**
 * Genuine pairs of two different photos of one person (what an ID photo against a selfie is
 * like): the author's face-detection photo against each other photo of him.
 */
export async function crossPhotoPairs(): Promise<{ name: string; a: Buffer; b: Buffer }[]> {
  const author = await photoOf(PEOPLE.author!);
  return Promise.all(Object.entries(AUTHOR_ELSEWHERE).map(async ([name, crop]) => ({ name: `author × ${name}`, a: author, b: await photoOf(crop) })));
}

export async function noFacePhotos(): Promise<{ blank: Buffer; ceiling_lamps: Buffer }> {
  return {
    blank: await sharp({ create: { width: 640, height: 480, channels: 3, background: '#7a8a9a' } }).jpeg().toBuffer(),
    ceiling_lamps: await sharp(join(ASSETS, 'samples.jpg')).extract({ left: 300, top: 170, width: 500, height: 200 }).jpeg().toBuffer(),
  };
}

/** A group photo of three women side by side, faces of about the same size (face-api's demo/sample1.jpg). */
export function severalFacesPhoto(): Promise<Buffer> {
  return sharp(join(FACE_API_DEMO, 'sample1.jpg')).jpeg({ quality: 90 }).toBuffer();
}

/** A face shrunk to `side` px in a light grey photo of `canvas` px. */
export async function smallFacePhoto(side = 40, canvas = SIDE): Promise<Buffer> {
  const face = await sharp(await photoOf(PEOPLE.group_b!)).resize(side, side).toBuffer();
  const offset = Math.round((canvas - side) / 2);
  return sharp({ create: { width: canvas, height: canvas, channels: 3, background: '#d0d0d0' } })
    .composite([{ input: face, left: offset, top: offset }])
    .jpeg({ quality: 90 })
    .toBuffer();
}

/**
 * Photos the size members send, for the benchmark: a 640 × 640 selfie and an ID card photographed
 * at 1000 × 630 with its portrait at about 250 px, of the same person.
 */
export async function memberSizedPair(person: keyof typeof PEOPLE = 'group_d'): Promise<{ idPhoto: Buffer; selfie: Buffer }> {
  const crop = PEOPLE[person]!;
  const selfie = await photoOf(crop, 640);
  const portrait = await sharp(await photoOf(crop, 250)).modulate({ brightness: 0.9 }).toBuffer();
  const idPhoto = await sharp({ create: { width: 1000, height: 630, channels: 3, background: '#e8eef2' } })
    .composite([{ input: portrait, left: 60, top: 190 }])
    .jpeg({ quality: 80 })
    .toBuffer();
  return { idPhoto, selfie };
}
