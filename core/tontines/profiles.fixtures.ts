/** Member profiles for core tests: those a test sets; anyone else has none (a former member). */
import type { MemberProfile, MemberProfiles } from './ports.ts';

export class TableProfiles implements MemberProfiles {
  readonly table = new Map<string, MemberProfile>();
  /** `alice` → Alice Uwase, without a photo, unless given. */
  with(id: string, overrides: Partial<MemberProfile> = {}): this {
    this.table.set(id, { id, firstName: id.charAt(0).toUpperCase() + id.slice(1), lastName: 'Uwase', profilePhotoUrl: null, ...overrides });
    return this;
  }
  async profiles(userIds: readonly string[]): Promise<Map<string, MemberProfile>> {
    return new Map(userIds.flatMap((id) => (this.table.has(id) ? [[id, this.table.get(id)!] as const] : [])));
  }
}
