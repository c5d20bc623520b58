/**
 * Ports of the data-rights module (Law 058/2021 relating to the protection of personal data and
 * privacy): the member's export of everything held about them, the erasure of their account, the
 * consents they gave, and the admin reads of their data.
 *
 * Guarantees (of every adapter)
 * - `DataExports` reads and changes only exports of the member named (`find` answers undefined for
 *   another member's id: the two are not told apart); `claimPending` claims each pending export for
 *   one runner (rows locked, skipped by others) inside the caller's unit of work.
 * - `MemberRecords.gather` answers plain JSON (no secret: no password, PIN or token hash, no sealed
 *   national ID number, no photo bytes), one section per kind of record.
 * - `AccountErasure.erase` runs in the caller's unit of work: every personal datum of the member is
 *   erased or replaced at once; financial records stay, named by the member's id only, which no
 *   longer leads to a person.
 */
import type { Language } from '../accounts/user.ts';

/** How long an export stays downloadable (DOMAIN.md "Data rights": kept 7 days). */
export const EXPORT_KEPT_DAYS = 7;

export type DataExportStatus = 'pending' | 'ready' | 'expired';

export interface DataExport {
  readonly id: string;
  readonly memberId: string;
  readonly status: DataExportStatus;
  readonly requestedAt: Date;
  readonly readyAt: Date | null;
  /** When the files are purged: `readyAt` + 7 days. */
  readonly expiresAt: Date | null;
}

export interface DataExports {
  add(item: DataExport): Promise<void>;
  /** The member's export; undefined for an unknown id and for another member's. */
  find(id: string, memberId: string): Promise<DataExport | undefined>;
  /** The member's export still pending, if any. */
  pendingOf(memberId: string): Promise<DataExport | undefined>;
  /** Pending exports, oldest first, locked for this unit of work (others skip them). */
  claimPending(limit: number): Promise<DataExport[]>;
  /** Ready exports whose `expiresAt` is at or before `now`, locked for this unit of work. */
  claimExpired(now: Date, limit: number): Promise<DataExport[]>;
  save(item: DataExport): Promise<void>;
}

/** The two files of an export. */
export type ExportFormat = 'json' | 'pdf';
export const EXPORT_FORMATS: readonly ExportFormat[] = ['json', 'pdf'];

/** The storage key of an export's file (in the object storage of uploads, never served as an object). */
export const exportKeyOf = (exportId: string, format: ExportFormat): string => `exports/${format}/${exportId}`;

/** Where export files live (the object storage of uploads, under `exportKeyOf`). */
export interface ExportFiles {
  put(exportId: string, format: ExportFormat, bytes: Uint8Array): Promise<void>;
  /** Null when nothing is stored (purged). */
  get(exportId: string, format: ExportFormat): Promise<Uint8Array | null>;
  /** Deletes both files; deleting what is not there is not an error. */
  delete(exportId: string): Promise<void>;
}

/** Everything held about a member, by section: `profile`, `sessions`, `groups`, … (JSON values). */
export interface MemberData {
  readonly memberId: string;
  readonly language: Language;
  readonly sections: Readonly<Record<string, unknown>>;
}

export interface MemberRecords {
  /** Undefined for an unknown or erased member. */
  gather(memberId: string): Promise<MemberData | undefined>;
  /** The ids of the members (not erased) holding these e-mail addresses or phone numbers, in one query; an address nobody holds names nobody. */
  holdersOf(addresses: readonly string[]): Promise<string[]>;
}

/** Renders the readable copy of an export. */
export interface ExportDocument {
  pdf(data: MemberData, generatedAt: Date): Promise<Uint8Array>;
}

/** Why an account cannot be erased yet (DOMAIN.md "Data rights": refused while money is owed or held, or a rotation runs). */
export type ErasureBlocker = 'loan_outstanding' | 'contribution_due' | 'merchant_balance' | 'active_rotation';
export const ERASURE_BLOCKERS: readonly ErasureBlocker[] = ['loan_outstanding', 'contribution_due', 'merchant_balance', 'active_rotation'];

export interface AccountErasure {
  /** What stops the erasure, in the order of ERASURE_BLOCKERS; empty when nothing does. Locks the member's row. */
  blockers(memberId: string): Promise<ErasureBlocker[]>;
  /**
   * Erases or pseudonymises every personal datum of the member and ends their sessions; answers
   * the storage keys of their stored objects (photos), whose rows are gone, for deletion after the commit.
   */
  erase(memberId: string, at: Date): Promise<{ objectKeys: string[] }>;
}

/** The consents a member can list and withdraw (DOMAIN.md "Data rights"). */
export type ConsentKind = 'credit_scoring' | 'biometrics' | 'marketing';
export const CONSENT_KINDS: readonly ConsentKind[] = ['credit_scoring', 'biometrics', 'marketing'];

export interface ConsentRecord {
  readonly kind: ConsentKind;
  /** `given` while in force; `withdrawn` after a withdrawal; `not_given` when never asked or given. */
  readonly status: 'given' | 'withdrawn' | 'not_given';
  readonly textVersion: string | null;
  readonly givenAt: Date | null;
  readonly withdrawnAt: Date | null;
}

/** Reads the consents where each is kept (credit: credit_scoring_consents; kyc: biometric_consents). */
export interface ConsentLedger {
  /** The member's latest record of each kind that has one. */
  recordsOf(memberId: string): Promise<ConsentRecord[]>;
}
