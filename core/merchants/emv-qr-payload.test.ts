import { describe, expect, it } from 'vitest';
import { crc16, merchantQrPayload, parseEmvPayload } from './emv-qr-payload.ts';

const settings = { templateTag: '29', guid: 'rw.example.pay', merchantCodeSubId: '01', networkFields: { '02': 'NET' } };

describe('EMVCo merchant-presented payload', () => {
  it('computes CRC-16/CCITT-FALSE: check value 29B1 and the official sample', () => {
    expect(crc16('123456789')).toBe('29B1');
    const sample =
      '00020101021229300012D156000000000510A93FO3230Q31280012D15600000001030812345678520441115802CN5914BEST TRANSPORT6007BEIJING64200002ZH0104最佳运输0202北京540523.7253031565502016233030412340603***0708A60086670902ME91320016A0112233449988770708123456786304';
    expect(crc16(sample)).toBe('A13A');
  });

  it('writes RWF 646, RW, name, city, code, GUID and network fields, and reads them back', () => {
    const payload = merchantQrPayload(settings, { merchantCode: 'SHOP-1', name: 'Kimironko Market Stall and Sons Ltd', city: 'Gasabo', mcc: '5411' });
    const read = parseEmvPayload(payload);
    expect(read.ok).toBe(true);
    if (!read.ok) return;
    const f = read.value;
    expect([f.get('00'), f.get('01'), f.get('53'), f.get('58'), f.get('52')]).toEqual(['01', '11', '646', 'RW', '5411']);
    expect(f.get('59')).toBe('Kimironko Market Stall an');
    expect(f.get('60')).toBe('Gasabo');
    expect([f.get('29.00'), f.get('29.01'), f.get('29.02'), f.get('62.05')]).toEqual(['rw.example.pay', 'SHOP-1', 'NET', 'SHOP-1']);
    expect(payload.slice(-8, -4)).toBe('6304');
  });

  it('refuses a payload whose CRC or lengths do not match', () => {
    const payload = merchantQrPayload(settings, { merchantCode: 'SHOP-1', name: 'Shop', city: 'Huye', mcc: '5999' });
    expect(parseEmvPayload(payload.replace('SHOP-1', 'SHOP-2'))).toEqual({ ok: false, error: 'emv_crc_mismatch' });
    expect(parseEmvPayload('0002016304')).toEqual({ ok: false, error: 'emv_payload_malformed' });
    expect(parseEmvPayload('00990')).toEqual({ ok: false, error: 'emv_payload_malformed' });
    expect(parseEmvPayload('00020163041234')).toEqual({ ok: false, error: 'emv_crc_mismatch' });
  });

  it('keeps a name without displayable characters readable', () => {
    const payload = merchantQrPayload(settings, { merchantCode: 'X1Y', name: '最佳', city: 'Huye', mcc: '5999' });
    const read = parseEmvPayload(payload);
    expect(read.ok && read.value.get('59')).toBe('MERCHANT');
  });

  it('refuses a template outside 26–51', () => {
    expect(() => merchantQrPayload({ ...settings, templateTag: '52' }, { merchantCode: 'A1B', name: 'n', city: 'c', mcc: '5999' })).toThrow();
  });
});
