import { describe, expect, it } from 'vitest';
import { Argon2PasswordHasher, PASSWORD_COST, PIN_COST } from './argon2-password-hasher.ts';

describe('Argon2PasswordHasher', () => {
  const passwords = new Argon2PasswordHasher();
  const pins = new Argon2PasswordHasher(PIN_COST);

  it('hashes at its own cost, with the parameters inside the hash and a fresh salt each time', async () => {
    const pin = await pins.hash('24680');
    expect(pin).toMatch(/^\$argon2id\$v=19\$m=1024,t=1,p=1\$/);
    expect(await passwords.hash('24680')).toMatch(new RegExp(`^\\$argon2id\\$v=19\\$m=${PASSWORD_COST.memoryCost},t=${PASSWORD_COST.timeCost},p=1\\$`));
    expect(await pins.hash('24680')).not.toBe(pin);
    expect(pins.needsRehash(pin)).toBe(false);
    expect(await pins.verify(pin, '24680')).toBe(true);
    expect(await pins.verify(pin, '24681')).toBe(false);
  });

  it('verifies a hash made at another cost and says it needs a rehash', async () => {
    const old = await passwords.hash('24680');
    expect(await pins.verify(old, '24680')).toBe(true);
    expect(pins.needsRehash(old)).toBe(true);
    expect(passwords.needsRehash(old)).toBe(false);
  });

  it('verifies a PIN hashed at the former PIN cost (4 MiB, 1 pass) and says it needs a rehash', async () => {
    const former = await new Argon2PasswordHasher({ memoryCost: 4_096, timeCost: 1, parallelism: 1 }).hash('24680');
    expect(await pins.verify(former, '24680')).toBe(true);
    expect(await pins.verify(former, '24681')).toBe(false);
    expect(pins.needsRehash(former)).toBe(true);
  });

  it('verifies nothing against a malformed hash, which needs a rehash', async () => {
    expect(await pins.verify('hashed:24680', '24680')).toBe(false);
    expect(pins.needsRehash('hashed:24680')).toBe(true);
  });
});
