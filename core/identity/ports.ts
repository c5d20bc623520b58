/**
 * The ports of national ID verification. Adapters: adapters/identity (the registry: an embedded
 * sandbox, Prembly IdentityPass), adapters/crypto (the vault), adapters/postgres (the records).
 */
import type { LocalDate } from '../shared/calendar.ts';
import type { Result } from '../shared/result.ts';

/**
 * A person's record as the national register answers it for a NIN (PROVIDERS.md §4, §9). What a
 * registry leaves out is null: an aggregator may give one `name` instead of fore and surnames,
 * no date of birth, no photo.
 */
export interface NationalIdRecord {
  /** Given names ("Jean Bosco"); null when the registry gives only a full name. */
  readonly foreName: string | null;
  /** Family names ("HABIMANA"); null when the registry gives only a full name. */
  readonly surnames: string | null;
  /** Every name of the person, as the registry writes them: what the member's names are compared with. */
  readonly fullName: string;
  readonly dateOfBirth: LocalDate | null;
  readonly sex: 'male' | 'female' | null;
  readonly nationality: string | null;
  /** The ID photo (JPEG or PNG bytes), when the registry has one. */
  readonly photo: Uint8Array | null;
}

export type NationalIdLookupError =
  /** The registry answered: no person holds this number. */
  | 'national_id_not_found'
  /** The registry could not be asked or did not answer in time: nothing is known. */
  | 'national_id_registry_unavailable';

/**
 * The national register: "NIN in → record out". Guarantees of every adapter: it never throws for
 * the registry or the network (a fault, a refusal of our credentials, a timeout are
 * `national_id_registry_unavailable`), and it answers within its timeout.
 */
export interface NationalIdRegistry {
  /** Recorded with each verification: `sandbox`, `prembly`. */
  readonly name: string;
  lookup(nin: string): Promise<Result<NationalIdRecord, NationalIdLookupError>>;
}

/** An ID number encrypted for one row: the ciphertext names the key version it was sealed under. */
export interface SealedNationalId {
  readonly ciphertext: string;
  readonly keyVersion: number;
}

/**
 * Where ID numbers are encrypted and hashed (adapters/crypto: AES-256-GCM under versioned keys,
 * HMAC-SHA256 under a separate key).
 *
 * Guarantees
 * - `seal` encrypts under the active key version, bound to the row id: a ciphertext copied onto
 *   another row, altered, or sealed under a key version that is not configured fails to `open`
 *   (it throws: that is tampering or a missing key, never a member's mistake).
 * - `lookupHash` is the same for the same number under the same hash key, and tells nothing of
 *   the number without that key: the one-ID-per-account look-up works without decrypting.
 */
export interface NationalIdVault {
  readonly activeKeyVersion: number;
  seal(nin: string, rowId: string): SealedNationalId;
  open(ciphertext: string, rowId: string): string;
  lookupHash(nin: string): string;
}

export type NationalIdStatus = 'verified' | 'replaced';

/** One number a member verified (table `national_ids`); the history keeps replaced numbers. */
export interface StoredNationalId {
  readonly id: string;
  readonly memberId: string;
  readonly status: NationalIdStatus;
  readonly sealed: SealedNationalId;
  readonly lookupHash: string;
  readonly firstName: string;
  readonly lastName: string;
  readonly dateOfBirth: LocalDate | null;
  readonly sex: 'male' | 'female' | null;
  /** E.164, as the member gave it with the verification. */
  readonly phoneNumber: string;
  /** The registry that answered (NationalIdRegistry.name). */
  readonly registry: string;
  /** The registry's photo, kept as the member's private object (`/objects/private/<id>`). */
  readonly registryPhotoPath: string | null;
  /** The member's own photo of their card (PUT /api/nida/id-photo, or idPhotoURL with the form). */
  readonly idPhotoPath: string | null;
  readonly verifiedAt: Date;
  readonly replacedAt: Date | null;
}

/** A row's ciphertext, for re-encryption under another key. */
export interface SealedRow {
  readonly id: string;
  readonly sealed: SealedNationalId;
}

/**
 * The verified numbers (adapters/postgres: table `national_ids`), in the caller's unit of work.
 *
 * Guarantees
 * - At most one `verified` row per member and per lookup hash: `add` of a second one throws a
 *   conflict that the unit of work retries (the retry then finds the first one).
 * - Nothing is ever deleted: a number the member no longer uses is `replaced`, with its instant.
 */
export interface NationalIdRepository {
  /** The member's verified number, if any. */
  currentOf(memberId: string): Promise<StoredNationalId | undefined>;
  /** The verified row holding this lookup hash, whoever's it is. */
  verifiedByHash(lookupHash: string): Promise<StoredNationalId | undefined>;
  add(row: StoredNationalId): Promise<void>;
  markReplaced(id: string, at: Date): Promise<void>;
  setIdPhoto(id: string, path: string): Promise<void>;
  /** The account's flag that lending reads (`users.nida_verified`). */
  markMemberVerified(memberId: string, at: Date): Promise<void>;
  /** Rows sealed under another key version than `keyVersion`, at most `limit`, locked for the caller's transaction. */
  sealedNotUnder(keyVersion: number, limit: number): Promise<SealedRow[]>;
  countNotUnder(keyVersion: number): Promise<number>;
  /** Writes the new ciphertext when the row is still under `from` (false: someone else re-sealed it). */
  reseal(id: string, from: number, sealed: SealedNationalId): Promise<boolean>;
}
