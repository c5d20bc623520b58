/**
 * The sandbox national register's test people (docs/identity.md lists them): the records the
 * embedded SandboxNationalIdRegistry answers, and those the fake of Prembly's protocol answers in
 * tests (tests/fakes/prembly-server.ts), so one table serves the app and the tests.
 *
 * Every number has the structure of a real NIN (`S YYYY G NNNNNNN I CC`, PROVIDERS.md §4); the
 * people are invented. Two numbers stand for a register in trouble: `…0503` is down (unavailable
 * at once) and `…0504` is slow (answers after the adapter's timeout, so unavailable too). Any
 * other well-formed number is not found.
 */
import { readFileSync } from 'node:fs';

export interface SandboxPerson {
  readonly nin: string;
  readonly foreName: string;
  readonly surnames: string;
  /** YYYY-MM-DD */
  readonly dateOfBirth: string;
  readonly sex: 'male' | 'female';
  readonly nationality: string;
  /** A file of adapters/identity/sandbox-photos/, when the register has the person's photo. */
  readonly photo: string | null;
  /** Why this person is in the sandbox. */
  readonly shows: string;
}

export const SANDBOX_PEOPLE: readonly SandboxPerson[] = [
  { nin: '1199080000001001', foreName: 'Jean Bosco', surnames: 'HABIMANA', dateOfBirth: '1990-05-17', sex: 'male', nationality: 'Rwandan', photo: 'jean-bosco-habimana.jpg', shows: 'a citizen with an ID photo' },
  { nin: '1199080000001112', foreName: 'Jean Bosco', surnames: 'HABIMANA', dateOfBirth: '1990-05-17', sex: 'male', nationality: 'Rwandan', photo: 'jean-bosco-habimana.jpg', shows: 'the same person\'s replacement card, with a new number' },
  { nin: '1198570000002002', foreName: 'Marie Claire', surnames: 'UWIMANA', dateOfBirth: '1985-01-01', sex: 'female', nationality: 'Rwandan', photo: null, shows: 'a card printed with 1 January (many are); no photo' },
  { nin: '1200180000003003', foreName: 'Eric', surnames: 'NSENGIMANA', dateOfBirth: '2001-11-30', sex: 'male', nationality: 'Rwandan', photo: null, shows: 'a young adult' },
  { nin: '1197670000004004', foreName: 'Thérèse', surnames: 'MUKAMANA', dateOfBirth: '1976-07-04', sex: 'female', nationality: 'Rwandan', photo: null, shows: 'an accented name (Therese matches)' },
  { nin: '2199580000005005', foreName: 'Jean-Paul', surnames: 'NIYONZIMA', dateOfBirth: '1995-03-12', sex: 'male', nationality: 'Burundian', photo: null, shows: 'status digit 2, a hyphenated name' },
  { nin: '1199270000007007', foreName: 'Demo', surnames: 'MEMBER', dateOfBirth: '1992-06-15', sex: 'female', nationality: 'Rwandan', photo: null, shows: 'the demo member (core/demo): the demo world verifies this ID' },
  { nin: '3198870000006006', foreName: 'Grace Wanjiru', surnames: 'KAMAU', dateOfBirth: '1988-09-21', sex: 'female', nationality: 'Kenyan', photo: null, shows: 'status digit 3, three names' },
];

/** The demo member's number (core/demo/seed-demo-world.ts verifies it): Demo MEMBER, born 1992-06-15. */
export const SANDBOX_DEMO_MEMBER_NIN = '1199270000007007';

/** The register is down: unavailable at once. */
export const SANDBOX_DOWN_NIN = '1199080000000503';
/** The register is slow: it answers after the adapter's timeout, which counts as unavailable. */
export const SANDBOX_SLOW_NIN = '1199080000000504';
/** Well-formed and in nobody's name, like every number not listed above. */
export const SANDBOX_UNKNOWN_NIN = '1199080000000404';

const PHOTO_DIR = new URL('./sandbox-photos/', import.meta.url);
const photos = new Map<string, Uint8Array>();

/** The bytes of a sandbox photo, read once. */
export function sandboxPhoto(file: string): Uint8Array {
  let bytes = photos.get(file);
  if (!bytes) {
    bytes = new Uint8Array(readFileSync(new URL(file, PHOTO_DIR)));
    photos.set(file, bytes);
  }
  return bytes;
}

export function sandboxPerson(nin: string): SandboxPerson | undefined {
  return SANDBOX_PEOPLE.find((p) => p.nin === nin);
}
