import { describe, expect, it } from 'vitest';
import { MERCHANT_CATEGORIES } from '../../lib/registration-rules.ts';
import { checkTin, complianceBody, EMPTY_MERCHANT_FORM, merchantRegistrationBody, spaced, validateMerchantForm, type MerchantForm } from './merchant-form.ts';

const valid: MerchantForm = {
  merchantCode: 'KIMIRONKO-01',
  businessName: 'Kimironko Market Stall',
  merchantCategory: 'grocery',
  tin: '',
  tradeLicenseNumber: '',
  rdbRegistrationNumber: '',
  businessAddress: 'Kimironko Market, stall 12',
  district: 'Gasabo',
  phoneNumber: '+250788123456',
  email: 'stall@example.rw',
  agentCode: '',
};

describe('merchant registration form', () => {
  it('offers the eight categories of the spec', () => {
    expect(MERCHANT_CATEGORIES).toEqual(['retail', 'restaurant', 'service', 'grocery', 'pharmacy', 'electronics', 'fashion', 'other']);
  });

  it('accepts a complete registration without the optional fields', () => {
    expect(validateMerchantForm(valid)).toEqual({});
  });

  it('names every rule an empty form breaks', () => {
    expect(validateMerchantForm(EMPTY_MERCHANT_FORM)).toEqual({
      merchantCode: 'codeMin',
      businessName: 'businessName',
      merchantCategory: 'merchantCategory',
      businessAddress: 'businessAddress',
      district: 'district',
      phoneNumber: 'phoneNumber',
      email: 'email',
    });
  });

  it('checks the merchant code like the agent code', () => {
    expect(validateMerchantForm({ ...valid, merchantCode: 'A'.repeat(21) }).merchantCode).toBe('codeMax');
    expect(validateMerchantForm({ ...valid, merchantCode: 'SHOP#1' }).merchantCode).toBe('codeCharacters');
  });

  it('takes a Rwandan mobile number in any usual form and sends it in E.164', () => {
    for (const typed of ['0788 123 456', '+250-788-123-456', '250788123456']) {
      expect(validateMerchantForm({ ...valid, phoneNumber: typed })).toEqual({});
      expect(merchantRegistrationBody({ ...valid, phoneNumber: typed }, null).phoneNumber).toBe('+250788123456');
    }
    expect(validateMerchantForm({ ...valid, phoneNumber: '+250 252 123 456' })).toEqual({ phoneNumber: 'phoneNumber' });
  });

  it('refuses a category outside the eight', () => {
    expect(validateMerchantForm({ ...valid, merchantCategory: 'bank' }).merchantCategory).toBe('merchantCategory');
  });

  it('takes a TIN of 9 to 20 characters when one is given', () => {
    expect(validateMerchantForm({ ...valid, tin: '12345678' }).tin).toBe('tinMin');
    expect(validateMerchantForm({ ...valid, tin: '123456789' }).tin).toBeUndefined();
    expect(validateMerchantForm({ ...valid, tin: '1'.repeat(20) }).tin).toBeUndefined();
    expect(validateMerchantForm({ ...valid, tin: '1'.repeat(21) }).tin).toBe('tinMax');
  });

  it('checks an agent code only when one is given', () => {
    expect(validateMerchantForm({ ...valid, agentCode: 'KGL-AGENT-01' })).toEqual({});
    expect(validateMerchantForm({ ...valid, agentCode: 'K!' }).agentCode).toBe('agentCode');
  });

  it('sends empty compliance fields as null, the referring agent by id, and no agent code', () => {
    const body = merchantRegistrationBody({ ...valid, agentCode: 'KGL-AGENT-01', tin: ' 123456789 ' }, 'agent-42');
    expect(body).toEqual({
      merchantCode: 'KIMIRONKO-01',
      businessName: 'Kimironko Market Stall',
      merchantCategory: 'grocery',
      tin: '123456789',
      tradeLicenseNumber: null,
      rdbRegistrationNumber: null,
      businessAddress: 'Kimironko Market, stall 12',
      district: 'Gasabo',
      phoneNumber: '+250788123456',
      email: 'stall@example.rw',
      onboardedByAgentId: 'agent-42',
    });
    expect(body).not.toHaveProperty('agentCode');
    expect(merchantRegistrationBody(valid, null).onboardedByAgentId).toBeNull();
  });

  it('shows underscores as spaces', () => {
    expect(spaced('grocery_store')).toBe('grocery store');
    expect(spaced(null)).toBe('');
  });
});

describe('the compliance details corrected on the dashboard', () => {
  it('checks a TIN as registration does: empty is fine, else 9 to 20 characters', () => {
    expect(checkTin('')).toBeNull();
    expect(checkTin('  ')).toBeNull();
    expect(checkTin('12345678')).toBe('tinMin');
    expect(checkTin(' 100234567 ')).toBeNull();
    expect(checkTin('1'.repeat(21))).toBe('tinMax');
  });

  it('sends them trimmed, null when empty', () => {
    expect(complianceBody({ tin: ' 100234567 ', tradeLicenseNumber: '', rdbRegistrationNumber: ' RDB-9 ' })).toEqual({ tin: '100234567', tradeLicenseNumber: null, rdbRegistrationNumber: 'RDB-9' });
  });
});
