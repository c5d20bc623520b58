import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { maskPhoneNumber, phoneChangedEmail } from './profile-emails.ts';

const LANGUAGES = ['en', 'fr', 'rw', 'sw'] as const;

describe('the phone-changed e-mail', () => {
  it('masks the new number to the country code, its first digit and its last three', () => {
    expect(maskPhoneNumber('+250788123456')).toBe('+250 7•• ••• 456');
    expect(maskPhoneNumber('+250123')).toBe('•••');
  });

  it('property: the e-mail, in every language, never names more of the new number than the masked digits', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^7[0-9]{8}$/), fc.constantFrom(...LANGUAGES), fc.boolean(), (local, language, ussdEnded) => {
        const phone = `+250${local}`;
        const mail = phoneChangedEmail({ email: 'ada@example.rw', firstName: 'Ada', language }, phone, 'https://ikimina.rw/', ussdEnded);
        const hidden = local.slice(1, -3);
        return !mail.body.includes(local) && !mail.body.includes(hidden) && mail.body.includes(maskPhoneNumber(phone)) && mail.body.includes('https://ikimina.rw/profile\n');
      }),
    );
  });

  it('greets the member in their language and says USSD access ended only when it did', () => {
    const to = (language: (typeof LANGUAGES)[number]) => ({ email: 'ada@example.rw', firstName: 'Ada', language });
    const greetings = LANGUAGES.map((l) => phoneChangedEmail(to(l), '+250788123456', 'https://ikimina.rw').body.split('\n')[0]);
    expect(greetings).toEqual(['Hello Ada,', 'Bonjour Ada,', 'Muraho Ada,', 'Habari Ada,']);
    const withUssd = phoneChangedEmail(to('en'), '+250788123456', 'https://ikimina.rw', true);
    const without = phoneChangedEmail(to('en'), '+250788123456', 'https://ikimina.rw');
    expect([withUssd.body.includes('USSD access'), without.body.includes('USSD access')]).toEqual([true, false]);
    expect(withUssd).toMatchObject({ channel: 'email', recipient: 'ada@example.rw', subject: 'The phone number of your Ikimina account was changed' });
    // Each language has its own subject.
    expect(new Set(LANGUAGES.map((l) => phoneChangedEmail(to(l), '+250788123456', 'x').subject)).size).toBe(4);
  });
});
