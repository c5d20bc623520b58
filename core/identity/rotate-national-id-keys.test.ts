import { describe, expect, it } from 'vitest';
import { identityWorld, ReversibleVault } from './identity.fixtures.ts';
import { RotateNationalIdKeys, type RotationProgress } from './rotate-national-id-keys.ts';
import type { StoredNationalId } from './ports.ts';

/** `count` members verified under key 1, then key 2 configured as the active one. */
function rowsUnderKey1(count: number) {
  const w = identityWorld();
  const old = new ReversibleVault(1, new Set([1]));
  for (let i = 1; i <= count; i++) {
    const id = `row-${i}`;
    const nin = `11990800000${String(i).padStart(3, '0')}01`;
    const row: StoredNationalId = {
      id, memberId: `m${i}`, status: 'verified', sealed: old.seal(nin, id), lookupHash: old.lookupHash(nin), firstName: 'A', lastName: 'B',
      dateOfBirth: null, sex: null, phoneNumber: '+250788123456', registry: 'table', registryPhotoPath: null, idPhotoPath: null, verifiedAt: new Date(0), replacedAt: null,
    };
    w.nationalIds.rows.set(id, row);
  }
  const vault = new ReversibleVault(2, new Set([1, 2]));
  return { w, vault, rotate: new RotateNationalIdKeys({ ...w, vault }) };
}

describe('rotating the national ID key', () => {
  it('re-seals every row under the active key, in batches, each readable and bound to its row', async () => {
    const { w, vault, rotate } = rowsUnderKey1(5);
    const numbers = [...w.nationalIds.rows.values()].map((r) => vault.open(r.sealed.ciphertext, r.id));
    const progress: RotationProgress[] = [];
    const runsBefore = w.uow.runs;
    expect(await rotate.execute({ rotatedBy: 'admin:grace', batchSize: 2, onProgress: (p) => progress.push(p) })).toEqual({ keyVersion: 2, rotated: 5 });
    const rows = [...w.nationalIds.rows.values()];
    expect(rows.every((r) => r.sealed.keyVersion === 2)).toBe(true);
    expect(rows.map((r) => vault.open(r.sealed.ciphertext, r.id))).toEqual(numbers);
    expect(progress).toEqual([
      { rotated: 2, total: 5 },
      { rotated: 4, total: 5 },
      { rotated: 5, total: 5 },
    ]);
    // A count, three batches and the audit row: each its own unit of work.
    expect(w.uow.runs - runsBefore).toBe(5);
    expect(w.audit.entries).toEqual([{ action: 'key_rotated', actor: 'admin:grace', subject: 'key:national_id', details: { key: 'national_id', keyVersion: 2, rows: 5 } }]);
  });

  it('resumes after an interruption with the rows still under the old key; a second run changes nothing', async () => {
    const { w, vault, rotate } = rowsUnderKey1(5);
    const seal = vault.seal.bind(vault);
    let sealed = 0;
    vault.seal = (nin, rowId) => {
      if (++sealed === 3) throw new Error('interrupted');
      return seal(nin, rowId);
    };
    await expect(rotate.execute({ rotatedBy: 'admin:grace', batchSize: 2 })).rejects.toThrow('interrupted');
    // The first batch was committed; the second never was (the in-memory unit of work cannot roll back, the count says what a database keeps).
    expect([...w.nationalIds.rows.values()].filter((r) => r.sealed.keyVersion === 2).length).toBeGreaterThanOrEqual(2);
    expect(w.audit.entries).toEqual([]);
    vault.seal = seal;
    const resumed = await rotate.execute({ rotatedBy: 'admin:grace', batchSize: 2 });
    expect(resumed.rotated).toBeLessThanOrEqual(3);
    expect([...w.nationalIds.rows.values()].every((r) => r.sealed.keyVersion === 2)).toBe(true);
    expect(await rotate.execute({ rotatedBy: 'admin:grace' })).toEqual({ keyVersion: 2, rotated: 0 });
    expect(w.audit.entries).toHaveLength(1);
  });

  it('stops on a row it cannot open (its key no longer configured) and leaves it as it was', async () => {
    const { w, rotate } = rowsUnderKey1(1);
    const withoutKey1 = new RotateNationalIdKeys({ ...w, vault: new ReversibleVault(2, new Set([2])) });
    await expect(withoutKey1.execute({ rotatedBy: 'admin:grace' })).rejects.toThrow('key version v1 is not configured');
    expect(w.nationalIds.rows.get('row-1')!.sealed.keyVersion).toBe(1);
    expect((await rotate.execute({ rotatedBy: 'admin:grace' })).rotated).toBe(1);
  });

  it('skips a row someone else re-sealed meanwhile', async () => {
    const { w, vault, rotate } = rowsUnderKey1(2);
    const reseal = w.nationalIds.reseal.bind(w.nationalIds);
    w.nationalIds.reseal = async (id, from, sealed) => {
      if (id === 'row-1') await reseal(id, from, vault.seal(vault.open(w.nationalIds.rows.get(id)!.sealed.ciphertext, id), id));
      return reseal(id, from, sealed);
    };
    expect((await rotate.execute({ rotatedBy: 'admin:grace' })).rotated).toBe(1);
  });
});
