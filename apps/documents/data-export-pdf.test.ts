import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../core/accounts/user.ts';
import { PdfKitExportDocument } from './data-export-pdf.ts';

describe('the readable copy of a data export', () => {
  it('is a PDF in every language, whatever the sections hold (records, lists, nothing, nested values)', async () => {
    const sections = {
      profile: { first_name: 'Grâce', last_name: 'N’Guessan', phone_number: '+250788000001', address: null },
      groups: [{ id: 'g1', name: 'Abishyizehamwe', joinedAt: '2026-11-01T08:00:00Z' }],
      loans: [],
      auditEntries: [{ action: 'member_data_read', actor: 'admin:ops', details: { command: 'users list' } }],
      somethingNew: ['plain'],
    };
    for (const language of LANGUAGES) {
      const bytes = await new PdfKitExportDocument().pdf({ memberId: 'm1', language, sections }, new Date('2026-11-28T10:00:00Z'));
      expect(Buffer.from(bytes.subarray(0, 5)).toString()).toBe('%PDF-');
      expect(bytes.length).toBeGreaterThan(1000);
    }
  });
});
