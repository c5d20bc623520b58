import { describe, expect, it } from 'vitest';
import { createI18n } from '../../../lib/i18n.ts';
import { loginInputSchema } from './login.ts';
import { registerInputSchema, toRegisterPayload } from './register.ts';

const { t } = createI18n('en');

function messages(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  return Object.fromEntries((result.error?.issues ?? []).map((issue) => [String(issue.path[0]), issue.message]));
}

describe('login validation (spec part 1 §5)', () => {
  it('rejects an invalid email and an empty password with the exact messages', () => {
    const result = loginInputSchema(t).safeParse({ email: 'not-an-email', password: '' });
    expect(messages(result)).toEqual({
      email: 'Please enter a valid email address',
      password: 'Password is required',
    });
  });

  it('accepts a valid email, trimming spaces', () => {
    const result = loginInputSchema(t).safeParse({ email: ' aline@example.rw ', password: 'x' });
    expect(result.success && result.data).toEqual({ email: 'aline@example.rw', password: 'x' });
  });
});

describe('register validation (spec part 1 §5)', () => {
  const valid = {
    email: 'aline@example.rw',
    password: 'secret123',
    confirmPassword: 'secret123',
    firstName: 'Aline',
    lastName: 'Uwase',
    phone: '',
    language: 'rw',
  };

  it('gives every field its exact message', () => {
    const result = registerInputSchema(t).safeParse({
      email: 'x',
      password: 'short',
      confirmPassword: 'other',
      firstName: '  ',
      lastName: '',
      language: 'en',
    });
    expect(messages(result)).toEqual({
      email: 'Please enter a valid email address',
      password: 'Password must be at least 8 characters',
      confirmPassword: "Passwords don't match",
      firstName: 'First name is required',
      lastName: 'Last name is required',
    });
  });

  it("reports Passwords don't match on confirmPassword, also beside other errors", () => {
    const alone = registerInputSchema(t).safeParse({ ...valid, confirmPassword: 'secret124' });
    expect(messages(alone)).toEqual({ confirmPassword: "Passwords don't match" });
    const withOthers = registerInputSchema(t).safeParse({ ...valid, firstName: '', confirmPassword: 'secret124' });
    expect(messages(withOthers)).toEqual({ firstName: 'First name is required', confirmPassword: "Passwords don't match" });
  });

  it('takes a phone number as the server reads it: any usual Rwandan form, another country with its code, or none', () => {
    for (const phone of ['+250 788 555 222', '0788-555-222', '+254 711 123 456', '']) expect(registerInputSchema(t).safeParse({ ...valid, phone }).success, phone).toBe(true);
    const refused = registerInputSchema(t).safeParse({ ...valid, phone: '12345' });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([['phone', t('auth.validation.phoneInvalid')]]);
  });

  it('accepts exactly 8 characters and defaults the language to en', () => {
    const { language: _language, ...withoutLanguage } = valid;
    const result = registerInputSchema(t).safeParse({ ...withoutLanguage, password: '12345678', confirmPassword: '12345678' });
    expect(result.success && result.data.language).toBe('en');
  });

  it('rejects a language outside en, fr, rw, sw', () => {
    expect(registerInputSchema(t).safeParse({ ...valid, language: 'de' }).success).toBe(false);
  });

  it('never sends confirmPassword, and sends phone only when given', () => {
    const parsed = registerInputSchema(t).parse(valid);
    expect(toRegisterPayload(parsed)).toEqual({
      email: 'aline@example.rw',
      password: 'secret123',
      firstName: 'Aline',
      lastName: 'Uwase',
      language: 'rw',
    });
    expect(toRegisterPayload({ ...parsed, phone: '+250788123456' }).phone).toBe('+250788123456');
  });
});
