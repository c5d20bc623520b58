import { describe, expect, it } from 'vitest';
import { attemptFor } from './request-attempt.ts';

let n = 0;
const newKey = () => `key-${++n}`;
const request = { contributionId: 'c1', phoneNumber: '+250788000001' };

describe('request attempt keys', () => {
  it('a retry of the same unanswered request reuses its key', () => {
    const first = attemptFor(null, request, newKey);
    expect(attemptFor(first, { ...request }, newKey).key).toBe(first.key);
  });

  it('another phone number, contribution or scope gets a fresh key', () => {
    const first = attemptFor(null, request, newKey);
    expect(attemptFor(first, { ...request, phoneNumber: '+250788000002' }, newKey).key).not.toBe(first.key);
    expect(attemptFor(first, { ...request, contributionId: 'c2' }, newKey).key).not.toBe(first.key);
    expect(attemptFor(first, { ...request, scope: 'balance' } as typeof request, newKey).key).not.toBe(first.key);
  });

  it('a new attempt after the server answered gets a fresh key', () => {
    const first = { ...attemptFor(null, request, newKey), answered: true };
    expect(attemptFor(first, request, newKey).key).not.toBe(first.key);
  });
});
