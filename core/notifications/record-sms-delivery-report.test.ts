import { describe, expect, it } from 'vitest';
import { FixedClock } from '../shared/shared.fixtures.ts';
import { InMemorySmsDeliveries } from './outbox.fixtures.ts';
import { RecordSmsDeliveryReport } from './record-sms-delivery-report.ts';
import type { SmsDeliveryReport } from './sms-sender.ts';

describe('RecordSmsDeliveryReport', () => {
  const report = (overrides: Partial<SmsDeliveryReport> = {}): SmsDeliveryReport => ({ providerMessageId: 'prov-1', phoneNumber: '+250788000001', status: 'Buffered', final: false, delivered: false, networkCode: '63510', failureReason: undefined, ...overrides });

  it('stores reports until a final one, which no later report overwrites', async () => {
    const deliveries = new InMemorySmsDeliveries();
    await deliveries.recordSent('msg-1', 'prov-1', new Date('2026-11-23T08:00:00Z'));
    const clock = new FixedClock(new Date('2026-11-23T08:01:00Z'));
    const record = new RecordSmsDeliveryReport({ deliveries, clock });
    expect(await record.execute(report())).toEqual({ outcome: 'stored', outboxMessageId: 'msg-1' });
    expect(await record.execute(report({ status: 'Success', final: true, delivered: true }))).toEqual({ outcome: 'stored', outboxMessageId: 'msg-1' });
    expect(await record.execute(report({ status: 'Failed', final: true, failureReason: 'forged' }))).toEqual({ outcome: 'unchanged', outboxMessageId: 'msg-1' });
    expect(deliveries.sent.get('prov-1')).toMatchObject({ report: { status: 'Success', delivered: true }, reportedAt: clock.now() });
  });

  it('stores nothing for an id no SMS of ours carries', async () => {
    const deliveries = new InMemorySmsDeliveries();
    expect(await new RecordSmsDeliveryReport({ deliveries, clock: new FixedClock(new Date()) }).execute(report({ providerMessageId: 'unknown' }))).toEqual({ outcome: 'unknown_message' });
    expect(deliveries.sent.size).toBe(0);
  });
});
