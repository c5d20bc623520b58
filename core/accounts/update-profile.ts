/**
 * UpdateProfile: a member edits their own personal information (spec part 2, Profile page): first
 * name, last name, phone number and address, and their profession (shown on the dashboard's
 * profile header, spec part 1 §2.4, and counted by the profile completion: without an edit it
 * could never be filled). The edit is the account's, so it follows the member
 * to every device and to USSD (whose menus greet the member by the account's first name).
 *
 * Guarantees
 * - Only the fields given change; a field given with the value it already has is no change. E-mail
 *   and date of birth are not fields of this use case: they cannot change here (the e-mail is how
 *   the member signs in, the date of birth comes with the national ID).
 * - Names are stored trimmed and are never blank (`name_required`). A blank address or profession
 *   clears it.
 * - A new phone number must be a Rwandan mobile number (core/identity/phone-number.ts), stored in
 *   E.164 (`phone_number_invalid` otherwise). The number already on the account is accepted as it
 *   is, even from before that rule, so that saving other fields never fails on it.
 * - A phone number is the USSD key of at most one account: a number another account signs in with
 *   from a basic phone answers `phone_taken` and changes nothing. A new number ends the member's
 *   USSD access, in the same unit of work: the old number no longer finds the account, and the new
 *   one does only once the member proves it is theirs (a code sent to it, set-up-ussd-access.ts),
 *   for a typed number proves nothing and must not keep its SIM's holder out of USSD.
 * - A change is recorded in the audit trail (`profile_updated`, actor `member:<id>`) with the
 *   NAMES of the fields that changed, never their values: the audit trail is append-only, and
 *   personal data has no place in a record that can never be erased.
 * - A changed phone number is told to the member by e-mail (profile-emails.ts), in the same unit
 *   of work: payouts go to that number, so a change the member did not make must not go unnoticed.
 * - A refused update writes nothing: every rule is checked before the first write.
 */
import type { AuditTrail } from '../audit/ports.ts';
import { normalisePhoneNumber } from '../identity/phone-number.ts';
import type { Outbox } from '../notifications/outbox.ts';
import type { Clock } from '../shared/clock.ts';
import { err, ok, type Result } from '../shared/result.ts';
import type { UnitOfWork } from '../shared/unit-of-work.ts';
import type { AccountRepository } from './ports.ts';
import { phoneChangedEmail } from './profile-emails.ts';
import type { User } from './user.ts';
import type { UssdPhoneKeys } from './ussd-pins.ts';

/** The fields a member may edit, in the order the profile page shows them. */
export const EDITABLE_PROFILE_FIELDS = ['firstName', 'lastName', 'phoneNumber', 'address', 'profession'] as const;
export type EditableProfileField = (typeof EDITABLE_PROFILE_FIELDS)[number];

export interface UpdateProfileDeps {
  accounts: AccountRepository;
  phones: UssdPhoneKeys;
  audit: AuditTrail;
  outbox: Outbox;
  uow: UnitOfWork;
  clock: Clock;
  publicBaseUrl: string;
}

export interface UpdateProfileInput {
  userId: string;
  firstName?: string;
  lastName?: string;
  phoneNumber?: string;
  /** null or blank clears the address. */
  address?: string | null;
  /** null or blank clears the profession. */
  profession?: string | null;
}

export type UpdateProfileError = 'account_not_found' | 'name_required' | 'phone_number_invalid' | 'phone_taken';

export interface ProfileUpdate {
  user: User;
  /** The fields whose stored value changed; empty when the update changed nothing. */
  changed: EditableProfileField[];
}

type Edits = Partial<{ firstName: string; lastName: string; phoneNumber: string; address: string | null; profession: string | null }>;

export class UpdateProfile {
  constructor(private readonly deps: UpdateProfileDeps) {}

  execute(input: UpdateProfileInput): Promise<Result<ProfileUpdate, UpdateProfileError>> {
    const { accounts, phones, audit, outbox, uow, clock, publicBaseUrl } = this.deps;
    return uow.run(async () => {
      const user = await accounts.findById(input.userId);
      if (!user) return err('account_not_found');
      const edits = await this.editsOf(user, input);
      if (!edits.ok) return edits;
      const changed = EDITABLE_PROFILE_FIELDS.filter((field) => field in edits.value);
      if (changed.length === 0) return ok({ user, changed });

      const now = clock.now();
      const { phoneNumber } = edits.value;
      const ussd = phoneNumber === undefined ? 'no_pin' : await phones.endFor(user.id);
      Object.assign(user, edits.value);
      user.updatedAt = now;
      await accounts.save(user);
      await audit.record({
        action: 'profile_updated',
        actor: `member:${user.id}`,
        subject: `user:${user.id}`,
        details: { fields: changed.join(','), ussdAccessEnded: ussd === 'ended' },
      });
      if (phoneNumber !== undefined && user.email !== null) {
        await outbox.enqueue(phoneChangedEmail({ email: user.email, firstName: user.firstName, language: user.language }, phoneNumber, publicBaseUrl, ussd === 'ended'));
      }
      return ok({ user, changed });
    });
  }

  /** The fields that change, each already in its stored form; checked before anything is written. */
  private async editsOf(user: User, input: UpdateProfileInput): Promise<Result<Edits, Exclude<UpdateProfileError, 'account_not_found'>>> {
    const edits: Edits = {};
    for (const field of ['firstName', 'lastName'] as const) {
      const raw = input[field];
      if (raw === undefined) continue;
      const name = raw.trim();
      if (name === '') return err('name_required');
      if (name !== user[field]) edits[field] = name;
    }
    for (const field of ['address', 'profession'] as const) {
      const raw = input[field];
      if (raw === undefined) continue;
      const text = raw?.trim() || null;
      if (text !== user[field]) edits[field] = text;
    }
    if (input.phoneNumber !== undefined && input.phoneNumber.trim() !== user.phoneNumber) {
      const phone = normalisePhoneNumber(input.phoneNumber);
      if (!phone.ok) return phone;
      if (phone.value !== user.phoneNumber) {
        const holder = await this.deps.phones.findByPhone(phone.value);
        if (holder && holder.userId !== user.id) return err('phone_taken');
        edits.phoneNumber = phone.value;
      }
    }
    return ok(edits);
  }
}
