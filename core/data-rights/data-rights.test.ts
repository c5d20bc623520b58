import { describe, expect, it } from 'vitest';
import { InMemoryAccounts, InMemoryThrottleStore, PlainHasher, directUnitOfWork } from '../accounts/accounts.fixtures.ts';
import { SignInThrottle } from '../accounts/sign-in-throttle.ts';
import { User } from '../accounts/user.ts';
import { RecordingAuditTrail } from '../audit/audit.fixtures.ts';
import { ManualClock, SequentialIds } from '../shared/shared.fixtures.ts';
import { InMemoryBiometricConsents } from '../kyc/kyc.fixtures.ts';
import { WithdrawBiometricConsent } from '../kyc/withdraw-biometric-consent.ts';
import { AssessCredit } from '../credit/assess-credit.ts';
import { FakeCreditHistories, InMemoryCreditAssessments, InMemoryScoringConsents, aNewMember } from '../credit/credit.fixtures.ts';
import { DeleteAccount } from './delete-account.ts';
import { FixedMemberRecords, InMemoryDataExports, InMemoryExportFiles, RecordingNotifier, ScriptedErasure, TextDocument } from './data-rights.fixtures.ts';
import { ListConsents } from './list-consents.ts';
import { PrepareDataExports } from './prepare-data-exports.ts';
import { PurgeExpiredExports } from './purge-expired-exports.ts';
import { RecordAdminReads } from './record-admin-reads.ts';
import { RequestDataExport } from './request-data-export.ts';
import { ShowDataExport } from './show-data-export.ts';
import { WithdrawConsent } from './withdraw-consent.ts';

const DAY = 24 * 60 * 60 * 1000;

function exportWorld() {
  const clock = new ManualClock('2026-11-28T10:00:00Z');
  const exports = new InMemoryDataExports();
  const files = new InMemoryExportFiles();
  const records = new FixedMemberRecords();
  const notifier = new RecordingNotifier();
  const audit = new RecordingAuditTrail();
  const deps = { exports, files, records, notifier, audit, clock, uow: directUnitOfWork, ids: new SequentialIds('export'), document: new TextDocument() };
  records.members.set('amina', { memberId: 'amina', language: 'rw', sections: { profile: { first_name: 'Amina' }, auditEntries: [{ action: 'member_data_read', actor: 'admin:ops' }] } });
  return {
    ...deps,
    request: new RequestDataExport(deps),
    prepare: new PrepareDataExports(deps),
    show: new ShowDataExport(deps),
    purge: new PurgeExpiredExports(deps),
  };
}

describe('data export', () => {
  it('is asked once while pending, prepared by the job into JSON and PDF, announced, and readable by its member only', async () => {
    const w = exportWorld();
    const first = await w.request.execute({ memberId: 'amina' });
    expect(await w.request.execute({ memberId: 'amina' })).toEqual(first);
    expect(w.audit.entries).toHaveLength(1);
    expect(await w.show.file({ memberId: 'amina', exportId: first.id, format: 'json' })).toEqual({ ok: false, error: 'export_not_ready' });

    expect(await w.prepare.execute()).toEqual({ prepared: 1, dropped: 0 });
    expect(await w.prepare.execute()).toEqual({ prepared: 0, dropped: 0 });
    expect(w.notifier.sent).toEqual([{ userId: 'amina', type: 'other', template: 'data_export_ready', params: { days: '7' } }]);

    const shown = await w.show.execute({ memberId: 'amina', exportId: first.id });
    expect(shown.ok && shown.value).toMatchObject({ status: 'ready', readyAt: w.clock.now(), expiresAt: new Date(w.clock.now().getTime() + 7 * DAY) });
    const json = await w.show.file({ memberId: 'amina', exportId: first.id, format: 'json' });
    const data = JSON.parse(new TextDecoder().decode(json.ok ? json.value : new Uint8Array())) as Record<string, unknown>;
    expect(data).toMatchObject({ exportId: first.id, memberId: 'amina', profile: { first_name: 'Amina' }, auditEntries: [{ action: 'member_data_read' }] });

    expect(await w.show.execute({ memberId: 'mallory', exportId: first.id })).toEqual({ ok: false, error: 'export_not_found' });
    expect(await w.show.file({ memberId: 'mallory', exportId: first.id, format: 'pdf' })).toEqual({ ok: false, error: 'export_not_found' });
  });

  it('expires after 7 days: answered expired at once, files purged by the job', async () => {
    const w = exportWorld();
    const { id } = await w.request.execute({ memberId: 'amina' });
    await w.prepare.execute();
    w.clock.advance(7 * DAY - 1);
    expect((await w.show.execute({ memberId: 'amina', exportId: id })).ok).toBe(true);
    expect(await w.purge.execute()).toEqual({ purged: 0 });
    w.clock.advance(1);
    expect(await w.show.execute({ memberId: 'amina', exportId: id })).toEqual({ ok: false, error: 'export_expired' });
    expect(await w.purge.execute()).toEqual({ purged: 1 });
    expect(w.files.files.size).toBe(0);
    expect(await w.show.file({ memberId: 'amina', exportId: id, format: 'pdf' })).toEqual({ ok: false, error: 'export_expired' });
  });

  it('drops the export of a member erased before it was prepared', async () => {
    const w = exportWorld();
    const { id } = await w.request.execute({ memberId: 'gone' });
    expect(await w.prepare.execute()).toEqual({ prepared: 0, dropped: 1 });
    expect(w.files.files.size).toBe(0);
    expect(w.exports.items.get(id)?.status).toBe('expired');
  });
});

describe('account deletion', () => {
  async function deletionWorld() {
    const clock = new ManualClock();
    const accounts = new InMemoryAccounts();
    await accounts.add(new User({ id: 'amina', email: 'amina@example.rw', passwordHash: 'hashed:right', firstName: 'Amina', lastName: 'U', phoneNumber: '+250788000001', language: 'en', emailVerified: true, createdAt: clock.now() }));
    const erasure = new ScriptedErasure();
    const deleted: string[] = [];
    const audit = new RecordingAuditTrail();
    const throttle = new SignInThrottle({ store: new InMemoryThrottleStore(), uow: directUnitOfWork, clock });
    const use = new DeleteAccount({ accounts, passwords: new PlainHasher(), throttle, erasure, objects: { delete: async (key) => void deleted.push(key) }, audit, uow: directUnitOfWork, clock });
    return { use, erasure, deleted, audit };
  }

  it('needs the current password', async () => {
    const w = await deletionWorld();
    expect(await w.use.execute({ userId: 'amina', password: 'wrong', clientIp: '1.2.3.4' })).toEqual({ ok: false, error: 'current_password_incorrect' });
    expect(w.erasure.erased).toEqual([]);
  });

  it('is refused with every reason while money is owed or held or a rotation runs, changing nothing', async () => {
    const w = await deletionWorld();
    w.erasure.blocked = ['loan_outstanding', 'active_rotation'];
    expect(await w.use.execute({ userId: 'amina', password: 'right', clientIp: '1.2.3.4' })).toEqual({ ok: false, error: 'account_deletion_blocked', blockers: ['loan_outstanding', 'active_rotation'] });
    expect(w.erasure.erased).toEqual([]);
    expect(w.audit.entries).toEqual([]);
  });

  it('erases, audits under the pseudonym and deletes the stored photos after the commit', async () => {
    const w = await deletionWorld();
    expect(await w.use.execute({ userId: 'amina', password: 'right', clientIp: '1.2.3.4' })).toEqual({ ok: true, value: undefined });
    expect(w.erasure.erased).toEqual(['amina']);
    expect(w.deleted).toEqual(['objects/private/amina-photo']);
    expect(w.audit.entries).toEqual([{ action: 'account_erased', actor: 'member:amina', subject: 'member:amina', details: { objects: 1 } }]);
  });
});

describe('consents', () => {
  function consentWorld() {
    const clock = new ManualClock();
    const scoring = new InMemoryScoringConsents();
    const biometricConsents = new InMemoryBiometricConsents();
    const audit = new RecordingAuditTrail();
    const biometrics = new WithdrawBiometricConsent({ consents: biometricConsents, audit, uow: directUnitOfWork, clock });
    return { clock, scoring, biometricConsents, audit, withdraw: new WithdrawConsent({ scoring, biometrics, audit, uow: directUnitOfWork, clock }) };
  }

  it('lists every kind, never given ones as not_given', async () => {
    const list = new ListConsents({ ledger: { recordsOf: async () => [{ kind: 'biometrics', status: 'given', textVersion: '2026-11-23', givenAt: new Date(0), withdrawnAt: null }] } });
    expect((await list.execute({ memberId: 'amina' })).map((c) => [c.kind, c.status])).toEqual([
      ['credit_scoring', 'not_given'],
      ['biometrics', 'given'],
      ['marketing', 'not_given'],
    ]);
  });

  it('a withdrawn credit-scoring consent stops the next assessment until given again', async () => {
    const w = consentWorld();
    const histories = new FakeCreditHistories();
    histories.histories.set('amina', aNewMember());
    const assess = new AssessCredit({ histories, assessments: new InMemoryCreditAssessments(), consents: w.scoring, uow: directUnitOfWork, clock: w.clock, ids: new SequentialIds('ca') });
    expect((await assess.execute({ memberId: 'amina', consent: true })).ok).toBe(true);
    expect((await assess.execute({ memberId: 'amina', consent: false })).ok).toBe(true);
    expect(await w.withdraw.execute({ memberId: 'amina', kind: 'credit_scoring' })).toEqual({ withdrawn: true });
    expect(await assess.execute({ memberId: 'amina', consent: false })).toEqual({ ok: false, error: 'scoring_consent_required' });
    expect(w.audit.entries.map((e) => e.action)).toEqual(['scoring_consent_withdrawn']);
    expect(await w.withdraw.execute({ memberId: 'amina', kind: 'credit_scoring' })).toEqual({ withdrawn: false });
  });

  it('withdraws the biometric consent through the KYC use case; marketing was never given', async () => {
    const w = consentWorld();
    await w.biometricConsents.record({ id: 'c1', memberId: 'amina', textVersion: '2026-11-23', givenAt: w.clock.now() });
    expect(await w.withdraw.execute({ memberId: 'amina', kind: 'biometrics' })).toEqual({ withdrawn: true });
    expect(await w.biometricConsents.activeConsentOf('amina')).toBeUndefined();
    expect(await w.withdraw.execute({ memberId: 'amina', kind: 'marketing' })).toEqual({ withdrawn: false });
  });
});

describe('admin reads', () => {
  it('records one audit row per distinct member shown, none for an empty list', async () => {
    const audit = new RecordingAuditTrail();
    const reads = new RecordAdminReads({ audit, records: new FixedMemberRecords(), uow: directUnitOfWork });
    expect(await reads.execute({ actor: 'admin:ops', command: 'users list', memberIds: ['a', 'b', 'a'] })).toEqual({ recorded: 2 });
    expect(await reads.execute({ actor: 'admin:ops', command: 'users list', memberIds: [] })).toEqual({ recorded: 0 });
    expect(audit.entries).toEqual([
      { action: 'member_data_read', actor: 'admin:ops', subject: 'member:a', details: { command: 'users list' } },
      { action: 'member_data_read', actor: 'admin:ops', subject: 'member:b', details: { command: 'users list' } },
    ]);
  });

  it('records the holders of the addresses shown, once each; an address nobody holds records nothing', async () => {
    const audit = new RecordingAuditTrail();
    const records = new FixedMemberRecords();
    records.addresses.set('amina@example.rw', 'amina').set('+250788000001', 'amina').set('+250788000002', 'jean');
    const reads = new RecordAdminReads({ audit, records, uow: directUnitOfWork });
    expect(await reads.execute({ actor: 'admin:ops', command: 'outbox list', addresses: ['amina@example.rw', '+250788000001', '+250788000002', 'nobody@example.rw'] })).toEqual({ recorded: 2 });
    expect(await reads.execute({ actor: 'admin:ops', command: 'outbox show', addresses: ['nobody@example.rw'] })).toEqual({ recorded: 0 });
    expect(audit.entries.map((e) => e.subject)).toEqual(['member:amina', 'member:jean']);
  });
});
