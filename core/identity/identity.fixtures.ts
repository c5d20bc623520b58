/**
 * In-memory fakes of the identity ports, for tests: the records (with their unique rules), a
 * reversible vault that checks the row and key version like the real one, a registry answering
 * from a table, and member images kept in a map (a stand-in for the uploads module's adapter).
 */
import { CountingLimiter, InMemoryAccounts } from '../accounts/accounts.fixtures.ts';
import { RecordingAuditTrail } from '../audit/audit.fixtures.ts';
import { localDate } from '../shared/calendar.ts';
import type { EventLog } from '../shared/event-log.ts';
import { err, ok, type Result } from '../shared/result.ts';
import { DirectUnitOfWork, FixedClock, SequentialIds } from '../shared/shared.fixtures.ts';
import { PHOTO_MAX_BYTES, type ImageType, type MemberImages, type ObjectVisibility, type StoredObject } from '../uploads/ports.ts';
import type {
  NationalIdLookupError,
  NationalIdRecord,
  NationalIdRegistry,
  NationalIdRepository,
  NationalIdVault,
  SealedNationalId,
  SealedRow,
  StoredNationalId,
} from './ports.ts';
import type { ShowNationalIdStatusDeps } from './show-national-id-status.ts';
import type { VerifyNationalIdDeps } from './verify-national-id.ts';

export class InMemoryNationalIds implements NationalIdRepository {
  readonly rows = new Map<string, StoredNationalId>();
  readonly verifiedMembers = new Set<string>();

  async currentOf(memberId: string) {
    return [...this.rows.values()].find((r) => r.memberId === memberId && r.status === 'verified');
  }
  async verifiedByHash(lookupHash: string) {
    return [...this.rows.values()].find((r) => r.lookupHash === lookupHash && r.status === 'verified');
  }
  async add(row: StoredNationalId) {
    if ((await this.currentOf(row.memberId)) || (await this.verifiedByHash(row.lookupHash))) throw new Error('unique violation: national_ids verified');
    this.rows.set(row.id, row);
  }
  async markReplaced(id: string, at: Date) {
    const row = this.rows.get(id)!;
    this.rows.set(id, { ...row, status: 'replaced', replacedAt: at });
  }
  async setIdPhoto(id: string, path: string) {
    this.rows.set(id, { ...this.rows.get(id)!, idPhotoPath: path });
  }
  async markMemberVerified(memberId: string) {
    this.verifiedMembers.add(memberId);
  }
  async sealedNotUnder(keyVersion: number, limit: number): Promise<SealedRow[]> {
    return [...this.rows.values()].filter((r) => r.sealed.keyVersion !== keyVersion).slice(0, limit).map((r) => ({ id: r.id, sealed: r.sealed }));
  }
  async countNotUnder(keyVersion: number) {
    return [...this.rows.values()].filter((r) => r.sealed.keyVersion !== keyVersion).length;
  }
  async reseal(id: string, from: number, sealed: SealedNationalId) {
    const row = this.rows.get(id)!;
    if (row.sealed.keyVersion !== from) return false;
    this.rows.set(id, { ...row, sealed });
    return true;
  }
}

/** Not encryption: a readable stand-in that keeps the real vault's checks (row binding, known key versions). */
export class ReversibleVault implements NationalIdVault {
  constructor(
    public activeKeyVersion = 1,
    public readonly keyVersions = new Set([1]),
  ) {}
  seal(nin: string, rowId: string): SealedNationalId {
    return { ciphertext: `v${this.activeKeyVersion}|${rowId}|${[...nin].reverse().join('')}`, keyVersion: this.activeKeyVersion };
  }
  open(ciphertext: string, rowId: string): string {
    const [version, row, reversed] = ciphertext.split('|');
    if (!this.keyVersions.has(Number(version?.slice(1)))) throw new Error(`key version ${version} is not configured`);
    if (row !== rowId) throw new Error('sealed for another row');
    return [...(reversed ?? '')].reverse().join('');
  }
  lookupHash(nin: string): string {
    return `hash:${nin}`;
  }
}

export const PERSON = {
  nin: '1199080000001001',
  record: {
    foreName: 'Jean Bosco',
    surnames: 'HABIMANA',
    fullName: 'Jean Bosco HABIMANA',
    dateOfBirth: localDate(1990, 5, 17),
    sex: 'male',
    nationality: 'Rwandan',
    photo: new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]),
  } satisfies NationalIdRecord,
};

export class TableRegistry implements NationalIdRegistry {
  readonly name = 'table';
  calls = 0;
  unavailable = false;
  constructor(readonly records = new Map<string, NationalIdRecord>([[PERSON.nin, PERSON.record]])) {}
  async lookup(nin: string): Promise<Result<NationalIdRecord, NationalIdLookupError>> {
    this.calls += 1;
    if (this.unavailable) return err('national_id_registry_unavailable');
    const record = this.records.get(nin);
    return record ? ok(record) : err('national_id_not_found');
  }
}

interface KeptImage extends StoredObject {
  bytes: Uint8Array;
}

/** Images by content, as the uploads module keeps them: JPEG and PNG recognised by their first bytes. */
export class InMemoryMemberImages implements MemberImages {
  readonly objects = new Map<string, KeptImage>();
  private next = 0;

  /** An image uploaded by `ownerId`; answers its path. */
  upload(ownerId: string, bytes: Uint8Array, visibility: ObjectVisibility = 'private'): string {
    const type = imageTypeOf(bytes);
    const path = `/objects/${visibility}/upload-${++this.next}`;
    this.objects.set(path, { path, visibility, ownerId, contentType: type ?? 'image/jpeg', size: bytes.length, createdAt: new Date(0), bytes });
    return path;
  }

  async ownedImage(ownerId: string, address: string): Promise<Result<StoredObject, 'object_not_found' | 'upload_too_large' | 'unsupported_media_type'>> {
    const path = /\/objects\/(private|public)\/[A-Za-z0-9_-]+/.exec(address)?.[0];
    const found = path ? this.objects.get(path) : undefined;
    if (!found || found.ownerId !== ownerId) return err('object_not_found');
    if (found.size > PHOTO_MAX_BYTES) return err('upload_too_large');
    if (!imageTypeOf(found.bytes)) return err('unsupported_media_type');
    const { bytes: _bytes, ...stored } = found;
    return ok(stored);
  }

  async read(path: string): Promise<Uint8Array> {
    const found = this.objects.get(path);
    if (!found) throw new Error(`no object ${path}`);
    return found.bytes;
  }

  async storeForMember(ownerId: string, bytes: Uint8Array, visibility: ObjectVisibility): Promise<Result<StoredObject, 'upload_too_large' | 'unsupported_media_type'>> {
    if (bytes.length > PHOTO_MAX_BYTES) return err('upload_too_large');
    if (!imageTypeOf(bytes)) return err('unsupported_media_type');
    const path = this.upload(ownerId, bytes, visibility);
    const { bytes: _bytes, ...stored } = this.objects.get(path)!;
    return ok(stored);
  }
}

function imageTypeOf(bytes: Uint8Array): ImageType | undefined {
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (bytes[0] === 0x89 && bytes[1] === 0x50 && bytes[2] === 0x4e && bytes[3] === 0x47) return 'image/png';
  return undefined;
}

export class RecordingEventLog implements EventLog {
  readonly lines: Array<{ level: 'warn' | 'error'; fields: Record<string, unknown>; message: string }> = [];
  warn(fields: Record<string, unknown>, message: string): void {
    this.lines.push({ level: 'warn', fields, message });
  }
  error(fields: Record<string, unknown>, message: string): void {
    this.lines.push({ level: 'error', fields, message });
  }
}

/** Every port of the identity use cases, faked, on 23 November 2026 in Kigali. */
export function identityWorld() {
  const deps = {
    registry: new TableRegistry(),
    vault: new ReversibleVault(),
    nationalIds: new InMemoryNationalIds(),
    images: new InMemoryMemberImages(),
    limiter: new CountingLimiter(),
    lookupLimit: { perMember: 10, windowSeconds: 86_400 },
    audit: new RecordingAuditTrail(),
    log: new RecordingEventLog(),
    uow: new DirectUnitOfWork(),
    clock: new FixedClock(new Date('2026-11-23T08:00:00Z')),
    ids: new SequentialIds('nid'),
    accounts: new InMemoryAccounts(),
  } satisfies VerifyNationalIdDeps & ShowNationalIdStatusDeps;
  return deps;
}
