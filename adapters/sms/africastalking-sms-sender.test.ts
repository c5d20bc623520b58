import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startFakeAfricasTalking, type FakeAfricasTalking } from '../../tests/fakes/africastalking-server.ts';
import { startCallbackReceiver, type CallbackReceiver } from '../../tests/fakes/callback-receiver.ts';
import { AfricasTalkingSmsError, AfricasTalkingSmsSender, parseDeliveryReport, type AfricasTalkingSmsOptions } from './africastalking-sms-sender.ts';

let at: FakeAfricasTalking;
let receiver: CallbackReceiver;

beforeEach(async () => {
  receiver = await startCallbackReceiver();
  at = await startFakeAfricasTalking({ username: 'ikimina', deliveryReportUrl: `${receiver.url}/api/sms/delivery-reports`, deliveryDelayMs: 20 });
});

afterEach(async () => {
  await at.stop();
  await receiver.stop();
});

function sender(overrides: Partial<AfricasTalkingSmsOptions> = {}): AfricasTalkingSmsSender {
  return new AfricasTalkingSmsSender({ baseUrl: at.url, username: at.username, apiKey: at.apiKey, ...overrides });
}

const MESSAGE = { to: '+250788123456', message: 'Ikimina: umusanzu wawe wa 5,000 RWF wakiriwe. Murakoze!' };

async function failureOf(promise: Promise<unknown>): Promise<AfricasTalkingSmsError> {
  const error: unknown = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AfricasTalkingSmsError);
  return error as AfricasTalkingSmsError;
}

describe('AfricasTalkingSmsSender', () => {
  it('posts the documented form and resolves with the messageId of the recipient', async () => {
    const result = await sender({ from: 'IKIMINA', enqueue: true }).send(MESSAGE);
    expect(at.messages).toEqual([{ to: MESSAGE.to, message: MESSAGE.message, from: 'IKIMINA', bulkSMSMode: '1', enqueue: '1', messageId: result.providerMessageId }]);
    expect(result.providerMessageId).toMatch(/^ATXid_/);
  });

  it('sends no-break spaces as plain ones, so a French amount keeps the SMS in the 160-character alphabet', async () => {
    await sender().send({ to: MESSAGE.to, message: 'Ikimina : votre cotisation de 12\u202F500\u00A0RWF est reçue.' });
    expect(at.messages[0]?.message).toBe('Ikimina : votre cotisation de 12 500 RWF est reçue.');
  });

  it('leaves out from and enqueue when not configured', async () => {
    await sender().send(MESSAGE);
    expect(at.messages[0]).toMatchObject({ from: undefined, enqueue: undefined, bulkSMSMode: '1' });
  });

  it('rejects a recipient AT refuses (403 InvalidPhoneNumber), not retryable', async () => {
    at.rejectNumber(MESSAGE.to);
    const error = await failureOf(sender().send(MESSAGE));
    expect(error.failure).toEqual({ httpStatus: 201, statusCode: 403, status: 'InvalidPhoneNumber' });
    expect(error.retryable).toBe(false);
    expect(at.messages).toHaveLength(0);
  });

  it('rejects a recipient refused for want of balance (405), retryable', async () => {
    at.rejectNumber(MESSAGE.to, 405, 'InsufficientBalance');
    const error = await failureOf(sender().send(MESSAGE));
    expect(error.failure.status).toBe('InsufficientBalance');
    expect(error.retryable).toBe(true);
  });

  it('judges a recipient by its status code, even when it carries a messageId', async () => {
    at.failNext(201, JSON.stringify({ SMSMessageData: { Message: 'Sent to 0/1', Recipients: [{ statusCode: 406, number: MESSAGE.to, status: 'UserInBlacklist', cost: '0', messageId: 'ATXid_x' }] } }));
    const error = await failureOf(sender().send(MESSAGE));
    expect(error.failure).toEqual({ httpStatus: 201, statusCode: 406, status: 'UserInBlacklist' });
    expect(error.retryable).toBe(false);
  });

  it.each([
    [500, 'Internal Server Error'],
    [200, '{"SMSMessageData":{"Message":"Sent to 1/1","Recipients":[]}}'],
    [400, 'Request is missing required form field'],
  ])('rejects any answer but 201 (%i)', async (status, text) => {
    at.failNext(status, text);
    const error = await failureOf(sender().send(MESSAGE));
    expect(error.failure).toEqual({ httpStatus: status, statusCode: undefined, status: undefined });
    expect(error.retryable).toBe(true);
  });

  it('rejects a wrong api key or username (401)', async () => {
    expect((await failureOf(sender({ apiKey: 'atsk_wrong' }).send(MESSAGE))).failure.httpStatus).toBe(401);
    expect((await failureOf(sender({ username: 'someone-else' }).send(MESSAGE))).failure.httpStatus).toBe(401);
  });

  it('rejects a 201 that sent nothing or cannot be read', async () => {
    at.failNext(201, '{"SMSMessageData":{"Message":"InvalidSenderId","Recipients":[]}}');
    expect((await failureOf(sender().send(MESSAGE))).message).toMatch(/InvalidSenderId/);
    at.failNext(201, '<xml/>');
    expect((await failureOf(sender().send(MESSAGE))).failure.httpStatus).toBe(201);
  });

  it('rejects when AT cannot be reached', async () => {
    const gone = await startFakeAfricasTalking();
    await gone.stop();
    const error = await failureOf(sender({ baseUrl: gone.url }).send(MESSAGE));
    expect(error.failure.httpStatus).toBeUndefined();
    expect(error.retryable).toBe(true);
  });
});

describe('delivery reports', () => {
  it('AT posts a form report that parseDeliveryReport reads as final and delivered', async () => {
    const { providerMessageId } = await sender().send(MESSAGE);
    await receiver.waitFor(1);
    const [report] = receiver.received;
    expect(report).toMatchObject({ method: 'POST', path: '/api/sms/delivery-reports', contentType: 'application/x-www-form-urlencoded' });
    const fields = Object.fromEntries(new URLSearchParams(report!.body));
    expect(parseDeliveryReport(fields)).toEqual({
      ok: true,
      value: { providerMessageId, phoneNumber: MESSAGE.to, status: 'Success', final: true, delivered: true, networkCode: '63510', failureReason: undefined },
    });
  });

  it.each([
    ['Sent', false, false],
    ['Submitted', false, false],
    ['Buffered', false, false],
    ['Rejected', true, false],
    ['Failed', true, false],
    ['Success', true, true],
  ])('%s is final: %s, delivered: %s', (status, final, delivered) => {
    const parsed = parseDeliveryReport({ id: 'ATXid_1', status, phoneNumber: '+250788123456', networkCode: '63510' });
    expect(parsed.ok && [parsed.value.final, parsed.value.delivered]).toEqual([final, delivered]);
  });

  it('names the phone in E.164, as numbers are stored, however AT wrote it', () => {
    expect(parseDeliveryReport({ id: 'ATXid_2', status: 'Success', phoneNumber: '250788123456' })).toMatchObject({ ok: true, value: { phoneNumber: '+250788123456' } });
  });

  it('keeps the failure reason of a failed message', async () => {
    await at.postDeliveryReport(`${receiver.url}/dlr`, { id: 'ATXid_9', status: 'Failed', phoneNumber: '+250788123456', networkCode: '63510', failureReason: 'DeliveryFailure' });
    const fields = Object.fromEntries(new URLSearchParams(receiver.received.at(-1)!.body));
    expect(parseDeliveryReport(fields)).toMatchObject({ ok: true, value: { final: true, delivered: false, failureReason: 'DeliveryFailure' } });
  });

  it.each([
    ['no id', { status: 'Success', phoneNumber: '+250788123456' }],
    ['no status', { id: 'ATXid_1', phoneNumber: '+250788123456' }],
    ['no phone number', { id: 'ATXid_1', status: 'Success' }],
    ['an empty id', { id: '', status: 'Success', phoneNumber: '+250788123456' }],
    ['a phone number that is none', { id: 'ATXid_1', status: 'Success', phoneNumber: '123456' }],
  ])('refuses a report with %s', (_case, fields) => {
    expect(parseDeliveryReport(fields)).toEqual({ ok: false, error: 'sms_delivery_report_invalid' });
  });
});
