/**
 * VerifyNationalId: a member proves who they are with their national ID number (spec part 1
 * §2.6, §3 "Identity form"; DOMAIN.md "Identity and uploads"). A verified ID unlocks loans.
 *
 * Guarantees
 * - The rules of the number come first and cost nothing: 16 digits in their structure, a given
 *   date of birth in the number's year, 18 or older (national-id.ts), a Rwandan mobile number.
 * - One ID belongs to one account: a number verified by another account is `national_id_in_use`,
 *   before the registry is asked, and a unique index keeps it so under concurrency.
 * - The same member verifying the same number again is idempotent: the same answer, no registry
 *   call, nothing written (the names and date of birth given must still agree with the record).
 * - Otherwise the registry is asked. Its record decides: names compared forgiving case, accents,
 *   order and spacing (person-name.ts), its date of birth compared with a given one and used for
 *   the age. "Not found", "unavailable" and every mismatch record nothing.
 * - A member already verified who verifies a new number (a replaced card may carry one) keeps the
 *   old row as `replaced`; the new record must carry the same names (`national_id_holder_changed`
 *   otherwise: an account never changes person).
 * - On success, in one unit of work: the row (number sealed under the active key and bound to the
 *   row, its keyed hash for look-ups), the account's `nida_verified` flag (what lending reads) and
 *   the audit row `national_id_verified` (the number masked). The registry's photo, when it sent
 *   one, is kept first as the member's private object; failing to keep it fails nothing.
 * - Registry look-ups are limited per member (`rate_limited` past the limit): each costs money at a
 *   real provider, and each would tell whether a number exists.
 */
import type { RateLimiter } from '../accounts/ports.ts';
import type { AuditTrail } from '../audit/ports.ts';
import { compareDates, kigaliDateOf, type LocalDate } from '../shared/calendar.ts';
import type { Clock, IdGenerator } from '../shared/clock.ts';
import type { EventLog } from '../shared/event-log.ts';
import { err, ok, rateLimited, type RateLimited, type Result } from '../shared/result.ts';
import type { UnitOfWork } from '../shared/unit-of-work.ts';
import type { MemberImages } from '../uploads/ports.ts';
import { ADULT_AGE, ageOn, maskNationalId, validateNationalId, type NationalIdError } from './national-id.ts';
import { ownerView, type NationalIdView } from './national-id-view.ts';
import { namesMatch } from './person-name.ts';
import { normalisePhoneNumber } from './phone-number.ts';
import type { NationalIdLookupError, NationalIdRecord, NationalIdRegistry, NationalIdRepository, NationalIdVault, StoredNationalId } from './ports.ts';

/** How many registry look-ups one member may cause in a window. */
export interface NationalIdLookupLimit {
  perMember: number;
  windowSeconds: number;
}

export interface VerifyNationalIdDeps {
  registry: NationalIdRegistry;
  vault: NationalIdVault;
  nationalIds: NationalIdRepository;
  images: MemberImages;
  limiter: RateLimiter;
  lookupLimit: NationalIdLookupLimit;
  audit: AuditTrail;
  log: EventLog;
  uow: UnitOfWork;
  clock: Clock;
  ids: IdGenerator;
}

export interface VerifyNationalIdInput {
  memberId: string;
  idNumber: string;
  phoneNumber: string;
  firstName: string;
  lastName: string;
  dateOfBirth?: LocalDate;
  /** The member's photo of their card: an upload address or object path of theirs. */
  idPhotoURL?: string;
}

export type VerifyNationalIdError =
  | NationalIdError
  | NationalIdLookupError
  | 'phone_number_invalid'
  | 'national_id_name_mismatch'
  | 'national_id_in_use'
  | 'national_id_holder_changed'
  | 'object_not_found'
  | 'upload_too_large'
  | 'unsupported_media_type';

export class VerifyNationalId {
  constructor(private readonly deps: VerifyNationalIdDeps) {}

  async execute(input: VerifyNationalIdInput): Promise<Result<NationalIdView, VerifyNationalIdError> | RateLimited> {
    const { registry, vault, nationalIds, images, audit, uow, clock, ids } = this.deps;
    const today = kigaliDateOf(clock.now());
    const valid = validateNationalId(input.idNumber, { on: today, ...(input.dateOfBirth ? { dateOfBirth: input.dateOfBirth } : {}) });
    if (!valid.ok) return valid;
    const nin = valid.value.number;
    const phone = normalisePhoneNumber(input.phoneNumber);
    if (!phone.ok) return phone;
    const given = [input.firstName, input.lastName];

    const hash = vault.lookupHash(nin);
    const current = await nationalIds.currentOf(input.memberId);
    if (current?.lookupHash === hash) return this.again(current, input);
    const holder = await nationalIds.verifiedByHash(hash);
    if (holder && holder.memberId !== input.memberId) return err('national_id_in_use');

    let idPhotoPath: string | null = null;
    if (input.idPhotoURL !== undefined) {
      const photo = await images.ownedImage(input.memberId, input.idPhotoURL);
      if (!photo.ok) return photo;
      idPhotoPath = photo.value.path;
    }

    const limited = await this.lookupAllowed(input.memberId);
    if (limited) return limited;
    const looked = await registry.lookup(nin);
    if (!looked.ok) return looked;
    const record = looked.value;
    const mismatch = disagreement(record, given, input.dateOfBirth, today);
    if (mismatch) return err(mismatch);
    if (current && !namesMatch([current.firstName, current.lastName], [record.fullName])) return err('national_id_holder_changed');

    const registryPhotoPath = await this.keepRegistryPhoto(input.memberId, record);
    const now = clock.now();
    const id = ids.newId();
    const names = record.foreName !== null && record.surnames !== null ? { firstName: record.foreName, lastName: record.surnames } : { firstName: input.firstName.trim(), lastName: input.lastName.trim() };
    const row: StoredNationalId = {
      id,
      memberId: input.memberId,
      status: 'verified',
      sealed: vault.seal(nin, id),
      lookupHash: hash,
      ...names,
      dateOfBirth: record.dateOfBirth ?? input.dateOfBirth ?? null,
      sex: record.sex ?? valid.value.sex,
      phoneNumber: phone.value,
      registry: registry.name,
      registryPhotoPath,
      idPhotoPath,
      verifiedAt: now,
      replacedAt: null,
    };
    return uow.run(async () => {
      // Read again inside the transaction: a concurrent verification may have won meanwhile.
      const holderNow = await nationalIds.verifiedByHash(hash);
      if (holderNow) return holderNow.memberId === input.memberId ? ok(ownerView(holderNow, vault)) : err('national_id_in_use');
      const previous = await nationalIds.currentOf(input.memberId);
      if (previous) await nationalIds.markReplaced(previous.id, now);
      await nationalIds.add(row);
      await nationalIds.markMemberVerified(input.memberId, now);
      await audit.record({
        action: 'national_id_verified',
        actor: `member:${input.memberId}`,
        subject: `member:${input.memberId}`,
        details: { idNumber: maskNationalId(nin), registry: registry.name, replacedPrevious: previous !== undefined, registryPhoto: registryPhotoPath !== null },
      });
      return ok(ownerView(row, vault));
    });
  }

  /** The member's own verified number again: the same answer when the details still agree. */
  private again(current: StoredNationalId, input: VerifyNationalIdInput): Result<NationalIdView, VerifyNationalIdError> {
    if (!namesMatch([input.firstName, input.lastName], [current.firstName, current.lastName])) return err('national_id_name_mismatch');
    if (input.dateOfBirth && current.dateOfBirth && compareDates(input.dateOfBirth, current.dateOfBirth) !== 0) return err('national_id_birth_date_mismatch');
    return ok(ownerView(current, this.deps.vault));
  }

  private async lookupAllowed(memberId: string): Promise<RateLimited | null> {
    const { limiter, lookupLimit, clock } = this.deps;
    const hit = await limiter.hit(`national_id_lookup:member:${memberId}`, lookupLimit.windowSeconds, clock.now());
    return hit.count > lookupLimit.perMember ? rateLimited(hit.resetInSeconds) : null;
  }

  /** The registry's photo as the member's private object; null without one or when it cannot be kept. */
  private async keepRegistryPhoto(memberId: string, record: NationalIdRecord): Promise<string | null> {
    if (record.photo === null) return null;
    const stored = await this.deps.images.storeForMember(memberId, record.photo, 'private');
    if (stored.ok) return stored.value.path;
    this.deps.log.warn({ memberId, reason: stored.error }, 'the registry photo of a national ID was not kept');
    return null;
  }
}

/** Why the registry's record refuses what the member gave, if it does. */
function disagreement(
  record: NationalIdRecord,
  given: readonly string[],
  dateOfBirth: LocalDate | undefined,
  today: LocalDate,
): 'national_id_name_mismatch' | 'national_id_birth_date_mismatch' | 'national_id_holder_under_18' | null {
  if (!namesMatch(given, [record.fullName])) return 'national_id_name_mismatch';
  if (record.dateOfBirth === null) return null;
  if (dateOfBirth && compareDates(dateOfBirth, record.dateOfBirth) !== 0) return 'national_id_birth_date_mismatch';
  return ageOn(record.dateOfBirth, today) < ADULT_AGE ? 'national_id_holder_under_18' : null;
}
