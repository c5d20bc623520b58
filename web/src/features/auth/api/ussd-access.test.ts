import { describe, expect, it } from 'vitest';
import { spacedPhone } from './ussd-access.ts';

describe('a phone number as the USSD access card shows it', () => {
  it('groups a Rwandan number in threes with no-break spaces, so it never breaks across lines', () => {
    expect(spacedPhone('+250788123456')).toBe('+250\u00a0788\u00a0123\u00a0456');
  });

  it('shows any other number as stored', () => {
    expect(spacedPhone('+254711123456')).toBe('+254711123456');
  });
});
