import { describe, expect, it } from 'vitest';
import { customerLabel, defaultExportPeriod, exportFileName, hourRange, isExportPeriodValid, kigaliDate, qrFileName, readPayForm, trendSign } from './merchant-figures.ts';

describe('merchant figures', () => {
  it('names the customer by name, else phone number, else nothing (N/A)', () => {
    expect(customerLabel({ customerName: 'Aline', customerPhoneNumber: '+250788123456' })).toBe('Aline');
    expect(customerLabel({ customerName: '  ', customerPhoneNumber: '+250788123456' })).toBe('+250788123456');
    expect(customerLabel({ customerName: null, customerPhoneNumber: null })).toBeNull();
  });

  it('names the QR file after the merchant code', () => {
    expect(qrFileName('KIMIRONKO-01')).toBe('KIMIRONKO-01.png');
  });

  it('defaults the export to the last 30 days, ending today in Kigali', () => {
    // 23:30 UTC on 31 March is already 1 April in Kigali (UTC+2).
    const now = new Date('2026-03-31T23:30:00Z');
    expect(kigaliDate(now)).toBe('2026-04-01');
    expect(defaultExportPeriod(now)).toEqual({ from: '2026-03-03', to: '2026-04-01' });
  });

  it('accepts an export period of real dates, start on or before end', () => {
    expect(isExportPeriodValid({ from: '2026-11-01', to: '2026-11-01' })).toBe(true);
    expect(isExportPeriodValid({ from: '2026-11-02', to: '2026-11-01' })).toBe(false);
    expect(isExportPeriodValid({ from: '2026-02-30', to: '2026-03-01' })).toBe(false);
    expect(isExportPeriodValid({ from: '', to: '2026-03-01' })).toBe(false);
    expect(exportFileName('SHOP', 'settlements', { from: '2026-11-01', to: '2026-11-30' })).toBe('SHOP-settlements-2026-11-01-to-2026-11-30.csv');
  });

  it('reads a pay amount as whole francs from 100 to 5,000,000 and the number in E.164', () => {
    expect(readPayForm(' 5000 ', '0788 123 456')).toEqual({ ok: true, value: { amount: 5000, phoneNumber: '+250788123456' } });
    expect(readPayForm('100', '+250721234567')).toEqual({ ok: true, value: { amount: 100, phoneNumber: '+250721234567' } });
    expect(readPayForm('5000000', '+250788123456')).toMatchObject({ ok: true });
    expect(readPayForm('99', '+250788123456')).toEqual({ ok: false, errors: { amount: 'amountMin' } });
    expect(readPayForm('5000001', '+250788123456')).toEqual({ ok: false, errors: { amount: 'amountMax' } });
    expect(readPayForm('12.5', '+250788123456')).toEqual({ ok: false, errors: { amount: 'amountWhole' } });
    expect(readPayForm('1,000', '+250788123456')).toEqual({ ok: false, errors: { amount: 'amountWhole' } });
    expect(readPayForm('', '')).toEqual({ ok: false, errors: { amount: 'amountWhole', phone: 'phoneInvalid' } });
    expect(readPayForm('1000', '+250612345678')).toEqual({ ok: false, errors: { phone: 'phoneInvalid' } });
  });

  it('writes peak hours on the 24-hour clock and signs a trend', () => {
    expect(hourRange(14, 16)).toEqual({ from: '14:00', to: '16:00' });
    expect(hourRange(23, 1)).toEqual({ from: '23:00', to: '01:00' });
    expect(trendSign(12.5)).toBe('+');
    expect(trendSign(-3)).toBe('−');
    expect(trendSign(0)).toBe('');
  });
});
