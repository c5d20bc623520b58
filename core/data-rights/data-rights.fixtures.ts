/** In-memory adapters of the data-rights ports, for core tests. */
import type { MemberNotification, Notifier } from '../tontines/ports.ts';
import type { AccountErasure, DataExport, DataExports, ErasureBlocker, ExportDocument, ExportFiles, ExportFormat, MemberData, MemberRecords } from './ports.ts';

export class InMemoryDataExports implements DataExports {
  readonly items = new Map<string, DataExport>();
  async add(item: DataExport) {
    this.items.set(item.id, item);
  }
  async find(id: string, memberId: string) {
    const item = this.items.get(id);
    return item?.memberId === memberId ? item : undefined;
  }
  async pendingOf(memberId: string) {
    return [...this.items.values()].find((i) => i.memberId === memberId && i.status === 'pending');
  }
  async claimPending(limit: number) {
    return [...this.items.values()].filter((i) => i.status === 'pending').slice(0, limit);
  }
  async claimExpired(now: Date, limit: number) {
    return [...this.items.values()].filter((i) => i.status === 'ready' && i.expiresAt !== null && i.expiresAt <= now).slice(0, limit);
  }
  async save(item: DataExport) {
    this.items.set(item.id, item);
  }
}

export class InMemoryExportFiles implements ExportFiles {
  readonly files = new Map<string, Uint8Array>();
  async put(exportId: string, format: ExportFormat, bytes: Uint8Array) {
    this.files.set(`${exportId}.${format}`, bytes);
  }
  async get(exportId: string, format: ExportFormat) {
    return this.files.get(`${exportId}.${format}`) ?? null;
  }
  async delete(exportId: string) {
    this.files.delete(`${exportId}.json`);
    this.files.delete(`${exportId}.pdf`);
  }
}

export class FixedMemberRecords implements MemberRecords {
  readonly members = new Map<string, MemberData>();
  async gather(memberId: string) {
    return this.members.get(memberId);
  }
  /** Addresses → member id, as the fixture's holders. */
  readonly addresses = new Map<string, string>();
  async holdersOf(addresses: readonly string[]) {
    return [...new Set(addresses.flatMap((a) => this.addresses.get(a) ?? []))];
  }
}

export class TextDocument implements ExportDocument {
  async pdf(data: MemberData) {
    return new TextEncoder().encode(`PDF of ${data.memberId}`);
  }
}

export class RecordingNotifier implements Notifier {
  readonly sent: MemberNotification[] = [];
  async notify(notification: MemberNotification) {
    this.sent.push(notification);
  }
  async notifyAll(notifications: readonly MemberNotification[]) {
    this.sent.push(...notifications);
  }
}

export class ScriptedErasure implements AccountErasure {
  blocked: ErasureBlocker[] = [];
  readonly erased: string[] = [];
  async blockers() {
    return this.blocked;
  }
  async erase(memberId: string) {
    this.erased.push(memberId);
    return { objectKeys: [`objects/private/${memberId}-photo`] };
  }
}
