/**
 * The Prembly adapter against a local fake of Prembly's protocol (tests/fakes/prembly-server.ts),
 * and the embedded sandbox register beside it: the same test people, the same answers.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localDate } from '../../core/shared/calendar.ts';
import { PREMBLY_TEST_NUMBER, startFakePrembly, type FakePrembly } from '../../tests/fakes/prembly-server.ts';
import { dateOf, photoOf, PremblyNationalIdRegistry } from './prembly-national-id-registry.ts';
import { SandboxNationalIdRegistry } from './sandbox-national-id-registry.ts';
import { SANDBOX_DOWN_NIN, SANDBOX_PEOPLE, SANDBOX_SLOW_NIN, SANDBOX_UNKNOWN_NIN, sandboxPhoto } from './sandbox-national-ids.ts';

let prembly: FakePrembly;
let registry: PremblyNationalIdRegistry;

beforeAll(async () => {
  prembly = await startFakePrembly();
  registry = new PremblyNationalIdRegistry({ baseUrl: `${prembly.url}/`, appId: prembly.appId, apiKey: prembly.apiKey, timeoutMs: 300 });
});
afterAll(async () => {
  await prembly?.stop();
});

const JEAN = SANDBOX_PEOPLE[0]!;
const JPEG = [0xff, 0xd8, 0xff];

describe('Prembly IdentityPass (Rwanda NID)', () => {
  it('posts the number with the app id and the API key, and reads the record with its photo', async () => {
    const result = await registry.lookup(JEAN.nin);
    expect(result).toEqual({
      ok: true,
      value: {
        foreName: 'Jean Bosco',
        surnames: 'HABIMANA',
        fullName: 'Jean Bosco HABIMANA',
        dateOfBirth: localDate(1990, 5, 17),
        sex: 'male',
        nationality: 'Rwandan',
        photo: expect.any(Uint8Array),
      },
    });
    expect(result.ok && [...result.value.photo!.slice(0, 3)]).toEqual(JPEG);
    expect(result.ok && Buffer.from(result.value.photo!).equals(Buffer.from(sandboxPhoto(JEAN.photo!)))).toBe(true);
    const sent = prembly.requests.at(-1)!;
    expect(sent).toMatchObject({ method: 'POST', path: '/identitypass/verification/rw/nid', body: JSON.stringify({ number: JEAN.nin }) });
    expect(sent.headers).toMatchObject({ 'app-id': prembly.appId, 'x-api-key': prembly.apiKey, 'content-type': 'application/json' });
  });

  it('reads Prembly\'s documented answer, one name and no date or photo', async () => {
    expect(await registry.lookup(PREMBLY_TEST_NUMBER)).toEqual({
      ok: true,
      value: { foreName: null, surnames: null, fullName: 'John Doe', dateOfBirth: null, sex: null, nationality: null, photo: null },
    });
  });

  it('answers "not found" for response code 01', async () => {
    expect(await registry.lookup(SANDBOX_UNKNOWN_NIN)).toEqual({ ok: false, error: 'national_id_not_found' });
    prembly.answerNext({ status: false, response_code: 1, detail: 'Record not found' });
    expect(await registry.lookup(JEAN.nin)).toEqual({ ok: false, error: 'national_id_not_found' });
  });

  it('answers unavailable for a 5xx, refused credentials, another code, a bad body, a nameless record or a slow answer', async () => {
    for (const status of [500, 502, 503, 429]) {
      prembly.failNext(status);
      expect(await registry.lookup(JEAN.nin), String(status)).toEqual({ ok: false, error: 'national_id_registry_unavailable' });
    }
    const wrongKey = new PremblyNationalIdRegistry({ baseUrl: prembly.url, appId: prembly.appId, apiKey: 'wrong', timeoutMs: 300 });
    expect(await wrongKey.lookup(JEAN.nin)).toEqual({ ok: false, error: 'national_id_registry_unavailable' });
    for (const body of [
      { status: false, response_code: '02', detail: 'Insufficient wallet balance' },
      { status: true, response_code: '00', data: { tin: '1' } },
      { status: true, response_code: '00' },
      'not an object',
      { status: 'yes' },
    ]) {
      prembly.answerNext(body);
      expect(await registry.lookup(JEAN.nin), JSON.stringify(body)).toEqual({ ok: false, error: 'national_id_registry_unavailable' });
    }
    prembly.stallNext(1_000);
    const started = performance.now();
    expect(await registry.lookup(JEAN.nin)).toEqual({ ok: false, error: 'national_id_registry_unavailable' });
    expect(performance.now() - started).toBeLessThan(900);
    const nowhere = new PremblyNationalIdRegistry({ baseUrl: 'http://127.0.0.1:9', appId: 'a', apiKey: 'b', timeoutMs: 300 });
    expect(await nowhere.lookup(JEAN.nin)).toEqual({ ok: false, error: 'national_id_registry_unavailable' });
  });

  it('forgives the forms a field may take, leaving out what does not read', async () => {
    prembly.answerNext({
      status: true,
      response_code: '00',
      data: { first_name: 'Marie Claire', last_name: 'UWIMANA', date_of_birth: '01/01/1985', gender: 'Female', photo: `data:image/jpeg;base64,${Buffer.from(JPEG).toString('base64')}` },
    });
    expect(await registry.lookup('1198570000002002')).toEqual({
      ok: true,
      value: { foreName: 'Marie Claire', surnames: 'UWIMANA', fullName: 'Marie Claire UWIMANA', dateOfBirth: localDate(1985, 1, 1), sex: 'female', nationality: null, photo: new Uint8Array(JPEG) },
    });
    expect(dateOf('1990-05-17T00:00:00Z')).toEqual(localDate(1990, 5, 17));
    expect(dateOf('31/02/1990')).toBeNull();
    expect(dateOf('May 17, 1990')).toBeNull();
    expect(photoOf('not base64 !')).toBeNull();
    expect(photoOf('')).toBeNull();
    expect(photoOf(42)).toBeNull();
  });
});

describe('the sandbox register', () => {
  const sandbox = new SandboxNationalIdRegistry({ timeoutMs: 100 });

  it('answers the same records as the fake Prembly for every test person', async () => {
    for (const person of SANDBOX_PEOPLE) {
      const [here, there] = [await sandbox.lookup(person.nin), await registry.lookup(person.nin)];
      expect(here, person.nin).toEqual(there);
      expect(here.ok, person.nin).toBe(true);
    }
  });

  it('answers not found for any other number, unavailable at once when down and after its timeout when slow', async () => {
    expect(await sandbox.lookup(SANDBOX_UNKNOWN_NIN)).toEqual({ ok: false, error: 'national_id_not_found' });
    expect(await sandbox.lookup(SANDBOX_DOWN_NIN)).toEqual({ ok: false, error: 'national_id_registry_unavailable' });
    const started = performance.now();
    expect(await sandbox.lookup(SANDBOX_SLOW_NIN)).toEqual({ ok: false, error: 'national_id_registry_unavailable' });
    expect(performance.now() - started).toBeGreaterThanOrEqual(95);
  });

  it('gives each caller its own copy of the photo', async () => {
    const first = await sandbox.lookup(JEAN.nin);
    if (first.ok) first.value.photo!.fill(0);
    const second = await sandbox.lookup(JEAN.nin);
    expect(second.ok && [...second.value.photo!.slice(0, 3)]).toEqual(JPEG);
    expect(sandboxPhoto(JEAN.photo!).length).toBeLessThan(100_000);
  });
});
