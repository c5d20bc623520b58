import { describe, expect, it } from 'vitest';
import { EMPTY_NIDA_FORM, maskIdNumber, nidaFormErrors, verifyNidaBody } from './nida-form.ts';

const filled = { idNumber: '1 1990 8 0012345 6 78', phoneNumber: '0788 123 456', firstName: ' Amina ', lastName: 'Uwase', dateOfBirth: '' };

describe('national ID form', () => {
  it('requires the ID number, phone, first and last name (spec part 1 §5); date of birth and photo are optional', () => {
    expect(nidaFormErrors(EMPTY_NIDA_FORM)).toEqual({ idNumber: 'required', phoneNumber: 'required', firstName: 'required', lastName: 'required' });
    expect(nidaFormErrors(filled)).toEqual({});
  });

  it('wants 16 digits and a Rwandan mobile number', () => {
    expect(nidaFormErrors({ ...filled, idNumber: '119908001234567' })).toEqual({ idNumber: 'invalid' });
    expect(nidaFormErrors({ ...filled, idNumber: '11990800123456789' })).toEqual({ idNumber: 'invalid' });
    expect(nidaFormErrors({ ...filled, idNumber: '11990800123456ab' })).toEqual({ idNumber: 'invalid' });
    expect(nidaFormErrors({ ...filled, phoneNumber: '+254712345678' })).toEqual({ phoneNumber: 'invalid' });
  });

  it('sends the digits, the phone in E.164 and the optional fields only when given', () => {
    expect(verifyNidaBody(filled, null)).toEqual({ idNumber: '1199080012345678', phoneNumber: '+250788123456', firstName: 'Amina', lastName: 'Uwase' });
    expect(verifyNidaBody({ ...filled, dateOfBirth: '1990-04-01' }, '/objects/private/abc')).toEqual({
      idNumber: '1199080012345678',
      phoneNumber: '+250788123456',
      firstName: 'Amina',
      lastName: 'Uwase',
      dateOfBirth: '1990-04-01',
      idPhotoURL: '/objects/private/abc',
    });
  });

  it('shows only the last four digits of a verified number', () => {
    expect(maskIdNumber('1199080012345678')).toBe('•••• •••• •••• 5678');
    expect(maskIdNumber('1 1990 8 0012345 6 78')).toBe('•••• •••• •••• 5678');
    expect(maskIdNumber('************5678')).toBe('************5678');
    expect(maskIdNumber(null)).toBe('—');
  });
});
