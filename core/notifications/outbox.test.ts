import { describe, expect, it } from 'vitest';
import { SECRET_PLACE, withSecret } from './outbox.ts';

describe('withSecret', () => {
  it('opens the sealed secret into its place, taking the secret literally', () => {
    expect(withSecret(`Sign in: ${SECRET_PLACE} (valid 15 min)`, 'https://ikimina.rw/s/a$&b')).toBe('Sign in: https://ikimina.rw/s/a$&b (valid 15 min)');
    expect(withSecret('No place here', 'secret')).toBe('No place here');
  });
});
