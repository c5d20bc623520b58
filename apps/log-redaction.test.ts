import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogger } from './infrastructure.ts';
import { redactSecrets } from './log-redaction.ts';

const AIRTEL_SECRET = 'aIrTeL-cAlLbAcK-sEcReT-0123456789abcdef';
const MTN_TOKEN = 'cQ3x_9vN2mZ8k1Lr5tYb7wEa0dFh4jGs6uIo2pXc';

describe('redactSecrets', () => {
  it('names the credential segment of each callback route instead of writing it', () => {
    expect(redactSecrets(`/api/payments/callbacks/airtel/${AIRTEL_SECRET}`)).toBe('/api/payments/callbacks/airtel/{secret}');
    expect(redactSecrets(`/api/payments/callbacks/mtn/${MTN_TOKEN}`)).toBe('/api/payments/callbacks/mtn/{token}');
    expect(redactSecrets('/api/sms/delivery-reports/s3cr3t-of-the-gateway')).toBe('/api/sms/delivery-reports/{secret}');
    expect(redactSecrets('/ussd/africastalking/s3cr3t-of-the-gateway')).toBe('/ussd/africastalking/{secret}');
    expect(redactSecrets('/ussd/africastalking/s3cr3t-of-the-gateway/events')).toBe('/ussd/africastalking/{secret}/events');
    expect(redactSecrets(`https://ikimina.rw/api/payments/callbacks/mtn/${MTN_TOKEN}?x=1`)).toBe('https://ikimina.rw/api/payments/callbacks/mtn/{token}?x=1');
  });

  it('leaves the routes without a secret as they are', () => {
    for (const path of ['/ussd/africastalking', '/ussd/africastalking/events', '/api/payments/callbacks/mtn', '/api/sms/delivery-reports', '/api/objects/uploads/0b6c9c1e-6f1f-4f53-9c1a-1d2e3f4a5b6c', '/api/tontines/0b6c9c1e-6f1f-4f53-9c1a-1d2e3f4a5b6c/members']) {
      expect(redactSecrets(path)).toBe(path);
    }
  });

  it('drops the value of every credential parameter in a query or fragment, and of a bearer token', () => {
    expect(redactSecrets('/auth/magic-link#token=abc.def-ghi')).toBe('/auth/magic-link#token=[redacted]');
    expect(redactSecrets('/auth/reset-password?token=abc&lang=rw')).toBe('/auth/reset-password?token=[redacted]&lang=rw');
    expect(redactSecrets('/api/objects/uploads/x?expires=1760000000&signature=AbC_dEf-123')).toBe('/api/objects/uploads/x?expires=1760000000&signature=[redacted]');
    expect(redactSecrets('/api/auth/google/callback?state=s1&code=4/0Ab-xyz&scope=email')).toBe('/api/auth/google/callback?state=[redacted]&code=[redacted]&scope=email');
    expect(redactSecrets('Authorization: Bearer eyJhbGciOi.J9.x-y_z')).toBe('Authorization: Bearer [redacted]');
  });

  it('changes nothing on a second pass', () => {
    const once = redactSecrets(`/api/payments/callbacks/airtel/${AIRTEL_SECRET}?token=t&signature=s Bearer b`);
    expect(redactSecrets(once)).toBe(once);
  });
});

describe('the application logger', () => {
  it('writes no secret of a URL, in any field or message, and every line stays JSON', () => {
    const lines: string[] = [];
    const logger = createLogger({ logLevel: 'info', nodeEnv: 'test' }, new Writable({ write: (chunk, _encoding, done) => done(void lines.push(String(chunk))) }));
    logger.info({ path: `/api/payments/callbacks/airtel/${AIRTEL_SECRET}` }, 'request');
    logger.child({ requestId: 'r1' }).warn({ url: `https://ikimina.rw/api/payments/callbacks/mtn/${MTN_TOKEN}` }, 'callback');
    logger.error({ err: new Error(`fetch failed for /auth/reset-password?token=${MTN_TOKEN}`) }, 'unhandled error');
    expect(lines).toHaveLength(3);
    const all = lines.join('');
    expect(all).not.toContain(AIRTEL_SECRET);
    expect(all).not.toContain(MTN_TOKEN);
    expect(lines.map((line) => (JSON.parse(line) as { path?: string; url?: string }).path ?? (JSON.parse(line) as { url?: string }).url ?? null)).toEqual([
      '/api/payments/callbacks/airtel/{secret}',
      'https://ikimina.rw/api/payments/callbacks/mtn/{token}',
      null,
    ]);
  });
});
