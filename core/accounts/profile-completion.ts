/**
 * Profile completion: how much of a member's profile is filled in, for the avatar ring.
 *
 * Guarantees
 * - Ten items count equally (10 % each): first name, last name, e-mail, phone number, profile
 *   photo, address, date of birth, profession, national ID verified, face (KYC) verified.
 *   A text item counts when it holds more than blanks.
 * - color: red below 40 %, yellow below 80 %, green from 80 %.
 */
import type { User } from './user.ts';

export type CompletionColor = 'red' | 'yellow' | 'green';

const ITEMS: ReadonlyArray<(user: User) => boolean> = [
  (u) => filled(u.firstName),
  (u) => filled(u.lastName),
  (u) => filled(u.email),
  (u) => filled(u.phoneNumber),
  (u) => filled(u.profilePhotoUrl),
  (u) => filled(u.address),
  (u) => filled(u.dateOfBirth),
  (u) => filled(u.profession),
  (u) => u.nidaVerified,
  (u) => u.kycVerified,
];

function filled(value: string | null): boolean {
  return value !== null && value.trim() !== '';
}

export function profileCompletion(user: User): { percentage: number; color: CompletionColor } {
  const done = ITEMS.filter((item) => item(user)).length;
  const percentage = Math.round((done * 100) / ITEMS.length);
  const color: CompletionColor = percentage < 40 ? 'red' : percentage < 80 ? 'yellow' : 'green';
  return { percentage, color };
}
