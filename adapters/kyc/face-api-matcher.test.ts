/**
 * The real face model (FaceApiMatcher) on photos built from the model packages' own photos
 * (tests/support/face-samples.ts): the calibration of the 80 % threshold, the photo errors, and
 * the thread.
 *
 * Calibration: twelve people, each photo and four transforms of it (flipped, resized, darker,
 * compressed). Genuine pairs: each person's photo against each of its transforms (48). Impostor
 * pairs: every two photos of different people, any variant (1,650). Asserted: every genuine pair
 * at or above 80 %, no impostor pair at or above 80 % (the percent of core/kyc/face-match.ts over
 * the matcher's calibrated cut-off). Printed: the false-accept and false-reject counts, the
 * extremes, and the same person in different photos (cross-photo pairs: judged the same person by
 * eye, so reported and counted, with a floor asserted so that a weaker model fails the build).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isVerified, matchPercent } from '../../core/kyc/face-match.ts';
import { calibrationPeople, crossPhotoPairs, memberSizedPair, noFacePhotos, PEOPLE, severalFacesPhoto, smallFacePhoto, TRANSFORMS } from '../../tests/support/face-samples.ts';
import { FaceApiMatcher, FACE_API_CUTOFF_SIMILARITY } from './face-api-matcher.ts';
import { descriptorSimilarity, judgeFaces, MIN_FACE_PX } from './face-rules.ts';

const matcher = new FaceApiMatcher();

beforeAll(async () => {
  const load = await matcher.warmUp();
  if (!load) throw new Error(`the face model did not load: ${matcher.lastFailure}`);
  // The matcher allows 120 s to load and warm up (a minute on a saturated machine).
}, 180_000);
afterAll(() => matcher.close());

async function descriptorOf(photo: Buffer, label: string): Promise<number[]> {
  const described = await matcher.describe(photo);
  if (!described?.description.ok) throw new Error(`${label}: ${JSON.stringify(described?.description ?? 'model unavailable')}`);
  return described.description.face.descriptor;
}

const fixed = (n: number, digits = 3) => n.toFixed(digits);
/** Measured: see docs/kyc.md. */
const CROSS_PHOTO_VERIFIED_AT_LEAST = 4;

describe('calibration on the package’s own photos', () => {
  it('accepts every genuine pair (≥ 80 %) and no impostor pair; prints the false-accept and false-reject counts', async () => {
    const people = await calibrationPeople();
    const photos: { person: string; variant: string; descriptor: number[] }[] = [];
    for (const person of people) {
      photos.push({ person: person.name, variant: 'original', descriptor: await descriptorOf(person.original, `${person.name} original`) });
      for (const [variant, photo] of Object.entries(person.transformed)) photos.push({ person: person.name, variant, descriptor: await descriptorOf(photo, `${person.name} ${variant}`) });
    }

    const genuine: { pair: string; similarity: number; percent: number }[] = [];
    const impostor: { pair: string; similarity: number; percent: number }[] = [];
    for (let i = 0; i < photos.length; i++) {
      for (let j = i + 1; j < photos.length; j++) {
        const a = photos[i]!;
        const b = photos[j]!;
        const similarity = descriptorSimilarity(a.descriptor, b.descriptor);
        const entry = { pair: `${a.person}/${a.variant} × ${b.person}/${b.variant}`, similarity, percent: matchPercent(similarity, matcher.model.cutoffSimilarity) };
        if (a.person !== b.person) impostor.push(entry);
        else if (a.variant === 'original' || b.variant === 'original') genuine.push(entry);
      }
    }
    const falseRejects = genuine.filter((g) => !isVerified(g.percent));
    const falseAccepts = impostor.filter((g) => isVerified(g.percent));
    const lowestGenuine = genuine.reduce((m, g) => (g.similarity < m.similarity ? g : m));
    const highestImpostor = impostor.reduce((m, g) => (g.similarity > m.similarity ? g : m));
    const mean = impostor.reduce((sum, g) => sum + g.similarity, 0) / impostor.length;

    const cross: { pair: string; similarity: number; percent: number }[] = [];
    for (const { name, a, b } of await crossPhotoPairs()) {
      const similarity = descriptorSimilarity(await descriptorOf(a, `${name} a`), await descriptorOf(b, `${name} b`));
      cross.push({ pair: name, similarity, percent: matchPercent(similarity, matcher.model.cutoffSimilarity) });
    }
    const crossVerified = cross.filter((c) => isVerified(c.percent));

    console.log(
      [
        `face model ${matcher.model.name}: ${matcher.model.version}; cut-off similarity ${matcher.model.cutoffSimilarity} = 80 %`,
        `people ${people.length}, photos ${photos.length} (original + ${Object.keys(TRANSFORMS).join(', ')})`,
        `genuine pairs ${genuine.length}: false rejects ${falseRejects.length} (FRR ${fixed((100 * falseRejects.length) / genuine.length, 1)} %); ` +
          `lowest similarity ${fixed(lowestGenuine.similarity)} = ${lowestGenuine.percent} % (${lowestGenuine.pair})`,
        `impostor pairs ${impostor.length}: false accepts ${falseAccepts.length} (FAR ${fixed((100 * falseAccepts.length) / impostor.length, 2)} %); ` +
          `highest similarity ${fixed(highestImpostor.similarity)} = ${highestImpostor.percent} % (${highestImpostor.pair}); mean ${fixed(mean)}`,
        `midway between them: ${fixed((lowestGenuine.similarity + highestImpostor.similarity) / 2)}`,
        `cross-photo genuine pairs (the same person in two different photos) ${cross.length}: verified ${crossVerified.length}, rejected ${cross.length - crossVerified.length}; ` +
          cross.map((c) => `${c.pair} ${fixed(c.similarity)} = ${c.percent} %`).join(', '),
      ].join('\n'),
    );
    expect(falseRejects).toEqual([]);
    expect(falseAccepts).toEqual([]);
    expect(FACE_API_CUTOFF_SIMILARITY).toBeGreaterThan(highestImpostor.similarity);
    expect(FACE_API_CUTOFF_SIMILARITY).toBeLessThanOrEqual(lowestGenuine.similarity);
    // No cross-photo pair is as far as an impostor, and most verify (the former model verified 1 of the author's 5).
    expect(Math.min(...cross.map((c) => c.similarity))).toBeGreaterThan(highestImpostor.similarity);
    expect(crossVerified.length).toBeGreaterThanOrEqual(CROSS_PHOTO_VERIFIED_AT_LEAST);
  }, 600_000);
});

describe('compare: each photo’s problem, named', () => {
  it('a photo without a face: no_face_found', async () => {
    const { original } = (await calibrationPeople())[0]!;
    const { blank, ceiling_lamps } = await noFacePhotos();
    expect(await matcher.compare(original, blank)).toEqual({ ok: false, error: 'selfie_no_face_found' });
    expect(await matcher.compare(ceiling_lamps, original)).toEqual({ ok: false, error: 'id_photo_no_face_found' });
  }, 20_000);

  it('several faces (a group photo): several_faces_found', async () => {
    const { original } = (await calibrationPeople())[1]!;
    expect(await matcher.compare(await severalFacesPhoto(), original)).toEqual({ ok: false, error: 'id_photo_several_faces_found' });
    expect(await matcher.compare(original, await severalFacesPhoto())).toEqual({ ok: false, error: 'selfie_several_faces_found' });
  }, 20_000);

  it(`a face shrunk to 40 px in a 320 px photo: face_too_small (under ${MIN_FACE_PX} px)`, async () => {
    const { original } = (await calibrationPeople())[1]!;
    const small = await smallFacePhoto(40, 320);
    const described = await matcher.describe(small);
    expect(described?.description).toEqual({ ok: false, problem: 'face_too_small', faces: 1 });
    expect(await matcher.compare(original, small)).toEqual({ ok: false, error: 'selfie_face_too_small' });
  }, 20_000);

  it('bytes no decoder reads: unreadable_image', async () => {
    const { original } = (await calibrationPeople())[0]!;
    expect(await matcher.compare(Buffer.from('MZ this is no photo'), original)).toEqual({ ok: false, error: 'id_photo_unreadable_image' });
    expect(await matcher.compare(original, original.subarray(0, 200))).toEqual({ ok: false, error: 'selfie_unreadable_image' });
  }, 20_000);

  it('a genuine pair through compare gives the similarity of the two descriptors', async () => {
    const [person] = await calibrationPeople();
    const compared = await matcher.compare(person!.original, person!.transformed.flipped);
    const expected = descriptorSimilarity(await descriptorOf(person!.original, 'a'), await descriptorOf(person!.transformed.flipped, 'b'));
    expect(compared).toEqual({ ok: true, value: { similarity: expected } });
  }, 20_000);
});

describe('the model’s thread', () => {
  it('keeps the main event loop free while it compares photos the size members send, queued one after another', async () => {
    const { idPhoto, selfie } = await memberSizedPair();
    // Measured in CPU time, not in time on the clock: on a loaded machine this thread waits for a
    // core and a 5 ms tick came 173 ms late (measured) with nothing blocking it, but the CPU the thread
    // itself spends between two ticks is what a model run here would show (hundreds of ms).
    const cpuMs = (usage: NodeJS.CpuUsage) => (usage.user + usage.system) / 1000;
    const mainStart = process.threadCpuUsage();
    const allStart = process.cpuUsage();
    let lastTick = process.threadCpuUsage();
    let busiestTick = 0;
    const ticker = setInterval(() => {
      busiestTick = Math.max(busiestTick, cpuMs(process.threadCpuUsage(lastTick)));
      lastTick = process.threadCpuUsage();
    }, 5);
    const results = await Promise.all([matcher.compare(idPhoto, selfie), matcher.compare(selfie, idPhoto), matcher.compare(idPhoto, selfie)]);
    clearInterval(ticker);
    const mainThread = cpuMs(process.threadCpuUsage(mainStart));
    const allThreads = cpuMs(process.cpuUsage(allStart));
    for (const result of results) expect(result).toMatchObject({ ok: true });
    const [first, , third] = results as { ok: true; value: { similarity: number } }[];
    expect(third!.value.similarity).toBe(first!.value.similarity);
    expect(isVerified(matchPercent(first!.value.similarity, matcher.model.cutoffSimilarity))).toBe(true);
    const figures = `main thread ${mainThread.toFixed(0)} ms of CPU of the process's ${allThreads.toFixed(0)} ms; busiest tick ${busiestTick.toFixed(1)} ms`;
    // The main thread only posts the bytes and reads the answers: no tick of 5 ms had it busy long,
    // and the model's work was spent by another thread.
    expect(busiestTick, figures).toBeLessThan(50);
    expect(mainThread, figures).toBeLessThan(allThreads / 5);
  }, 120_000);

  it('answers face_matcher_unavailable when its models cannot be loaded, and says why', async () => {
    const broken = new FaceApiMatcher({ modelDir: '/nonexistent/models' });
    try {
      const { original } = (await calibrationPeople())[0]!;
      expect(await broken.compare(original, original)).toEqual({ ok: false, error: 'face_matcher_unavailable' });
      expect(broken.lastFailure).toMatch(/not loaded/);
      // Tried again only after a pause: the next request is answered at once.
      const started = performance.now();
      expect(await broken.compare(original, original)).toEqual({ ok: false, error: 'face_matcher_unavailable' });
      expect(performance.now() - started).toBeLessThan(50);
    } finally {
      await broken.close();
    }
  }, 30_000);
});

describe('judgeFaces: which face is compared', () => {
  const face = (side: number, score = 1) => ({ box: [0, 0, side, side] as [number, number, number, number], score, embedding: [1] });
  const at = (x: number, y: number, side: number) => ({ box: [x, y, side, side] as [number, number, number, number], score: 1, embedding: [1] });
  it('ignores unsure detections and small faces far behind the main one', () => {
    expect(judgeFaces([at(0, 0, 300), at(400, 0, 120), at(800, 0, 400)].map((f, i) => (i === 2 ? { ...f, score: 0.3 } : f)))).toEqual({ ok: true, index: 0, faces: 2 });
  });
  it('one face answered twice (overlapping boxes) is one face', () => {
    expect(judgeFaces([at(16, 12, 133), at(71, 36, 120)])).toEqual({ ok: true, index: 0, faces: 1 });
  });
  it('a second face half as large or more is several faces; the largest under the minimum is too small', () => {
    expect(judgeFaces([at(0, 0, 300), at(400, 0, 150)])).toMatchObject({ ok: false, problem: 'several_faces_found' });
    expect(judgeFaces([face(MIN_FACE_PX - 1)])).toMatchObject({ ok: false, problem: 'face_too_small' });
    expect(judgeFaces([])).toMatchObject({ ok: false, problem: 'no_face_found' });
  });
  it('has twelve different people to calibrate on', () => {
    expect(Object.keys(PEOPLE)).toHaveLength(12);
  });
});

describe('closing', () => {
  it('a matcher closed while its model loads answers the requests waiting: unavailable, never hanging', async () => {
    const closing = new FaceApiMatcher();
    const { original } = (await calibrationPeople())[0]!;
    const waiting = closing.compare(original, original);
    await closing.close();
    expect(await waiting).toEqual({ ok: false, error: 'face_matcher_unavailable' });
  }, 30_000);
});
