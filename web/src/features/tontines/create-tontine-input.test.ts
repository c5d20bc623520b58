import { describe, expect, it } from 'vitest';
import { chatTimestampStyle, messageToSend } from './chat-time.ts';
import { parseMaxMembers, validateCreateTontine, type CreateTontineForm } from './create-tontine-input.ts';

const form: CreateTontineForm = { name: ' Abahizi ', description: ' Monthly group ', contributionAmount: '5000', frequency: 'monthly', maxMembers: '10' };

describe('create tontine validation', () => {
  it('accepts a complete form, trimming text and writing the amount as a decimal string', () => {
    expect(validateCreateTontine(form)).toEqual({
      ok: true,
      input: { name: 'Abahizi', description: 'Monthly group', contributionAmount: '5000.00', frequency: 'monthly', maxMembers: 10 },
    });
  });

  it('asks for unanimity only when it is ticked: a majority of all members is the server’s default', () => {
    const checked = validateCreateTontine({ ...form, unanimity: true });
    expect(checked.ok && checked.input.decisionRule).toBe('unanimity');
    const unticked = validateCreateTontine({ ...form, unanimity: false });
    expect(unticked.ok && 'decisionRule' in unticked.input).toBe(false);
  });

  it('reports the first broken rule in the order of the specification', () => {
    expect(validateCreateTontine({ ...form, name: '   ', description: '' })).toEqual({ ok: false, problem: 'nameRequired' });
    expect(validateCreateTontine({ ...form, description: '  ', contributionAmount: '0' })).toEqual({ ok: false, problem: 'descriptionRequired' });
    for (const amount of ['0', '-5', 'abc', '', '1.234']) {
      expect(validateCreateTontine({ ...form, contributionAmount: amount })).toEqual({ ok: false, problem: 'amountInvalid' });
    }
  });

  it('an optional late fine: whole numbers within the bounds, 3 days of grace unless told, for a group only', () => {
    const fined = (fine: Partial<CreateTontineForm>) => validateCreateTontine({ ...form, ...fine });
    expect(fined({ fineKind: 'none', fineValue: 'abc' })).toMatchObject({ ok: true, input: { maxMembers: 10 } });
    expect(fined({ fineKind: 'none' })).not.toHaveProperty('input.lateFine');
    expect(fined({ fineKind: 'fixed', fineValue: ' 500 ', graceDays: '' })).toMatchObject({ ok: true, input: { lateFine: { kind: 'fixed', value: 500, graceDays: 3 } } });
    expect(fined({ fineKind: 'percent', fineValue: '5', graceDays: '0' })).toMatchObject({ ok: true, input: { lateFine: { kind: 'percent', value: 5, graceDays: 0 } } });
    for (const fine of [
      { fineKind: 'fixed', fineValue: '0' },
      { fineKind: 'fixed', fineValue: '1000001' },
      { fineKind: 'fixed', fineValue: '12.5' },
      { fineKind: 'percent', fineValue: '51' },
      { fineKind: 'percent', fineValue: '5', graceDays: '31' },
      { fineKind: 'fixed', fineValue: '500', graceDays: '-1' },
      { fineKind: 'fixed', fineValue: '500', maxMembers: '1' },
    ] as const) {
      expect(fined(fine)).toEqual({ ok: false, problem: 'fineInvalid' });
    }
  });

  it('max members parses an integer and falls back to 1 (personal savings)', () => {
    expect(parseMaxMembers('12')).toBe(12);
    expect(parseMaxMembers('7.9')).toBe(7);
    expect(parseMaxMembers('')).toBe(1);
    expect(parseMaxMembers('abc')).toBe(1);
    expect(parseMaxMembers('0')).toBe(1);
    expect(parseMaxMembers('-3')).toBe(1);
  });
});

describe('chat', () => {
  const now = new Date('2025-06-15T12:00:00Z');
  it('shows the time under 24 hours and a short date from 24 hours on', () => {
    expect(chatTimestampStyle(new Date('2025-06-14T12:00:01Z'), now)).toBe('time');
    expect(chatTimestampStyle(new Date('2025-06-14T12:00:00Z'), now)).toBe('date');
    expect(chatTimestampStyle(new Date('2025-06-15T12:01:00Z'), now)).toBe('time');
  });

  it('never sends an empty or whitespace-only message', () => {
    expect(messageToSend('  \n\t ')).toBeNull();
    expect(messageToSend('  Muraho  ')).toBe('Muraho');
  });
});
