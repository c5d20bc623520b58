/**
 * AfricasTalkingSmsSender: the SmsSender port over Africa's Talking's documented HTTP protocol
 * (PROVIDERS.md §1b), with `fetch` and a configurable base URL instead of the SDK, whose sandbox
 * switch rewrites URLs for the whole process and cannot point at a local fake.
 *
 * Guarantees
 * - `send` resolves only when AT answered 201 and gave our recipient a success status (100
 *   Processed, 101 Sent, 102 Queued), with that recipient's messageId.
 * - Anything else rejects with an `AfricasTalkingSmsError` carrying the HTTP status or the
 *   recipient's status: a non-201 answer, a recipient refused (403 InvalidPhoneNumber, 405
 *   InsufficientBalance …), an unreadable answer, a network error or a timeout. `retryable` is
 *   false only for refusals of the number itself, which no retry can cure.
 * - `parseDeliveryReport` reads AT's delivery-report callback: `Rejected`, `Success` and `Failed`
 *   are final, only `Success` is delivered.
 */
import { z } from 'zod';
import { normaliseInternationalNumber } from '../../core/identity/phone-number.ts';
import type { SmsDeliveryReportParser, SmsMessage, SmsSender } from '../../core/notifications/sms-sender.ts';
import { err, ok } from '../../core/shared/result.ts';

export const AFRICASTALKING_BASE_URL = 'https://api.africastalking.com';
export const AFRICASTALKING_SANDBOX_BASE_URL = 'https://api.sandbox.africastalking.com';

export interface AfricasTalkingSmsOptions {
  /** `sandbox` for AT's sandbox (with the sandbox base URL). */
  username: string;
  apiKey: string;
  /** The live API by default; the sandbox or a local fake otherwise. */
  baseUrl?: string;
  /** A registered sender id or short code; AT's default when absent. */
  from?: string;
  /** Let AT queue bulk messages instead of sending at once. */
  enqueue?: boolean;
  /** 15 s by default. */
  timeoutMs?: number;
}

export interface AfricasTalkingSmsFailure {
  httpStatus: number | undefined;
  /** The recipient's status code and name, when AT answered per recipient (403, InvalidPhoneNumber). */
  statusCode: number | undefined;
  status: string | undefined;
}

export class AfricasTalkingSmsError extends Error {
  readonly retryable: boolean;

  constructor(
    message: string,
    readonly failure: AfricasTalkingSmsFailure,
  ) {
    super(message);
    this.name = 'AfricasTalkingSmsError';
    this.retryable = failure.statusCode === undefined || !NUMBER_REFUSALS.has(failure.statusCode);
  }
}

const SUCCESS_CODES = new Set([100, 101, 102]);
/** InvalidPhoneNumber, UnsupportedNumberType, UserInBlacklist, DoNotDisturbRejection. */
const NUMBER_REFUSALS = new Set([403, 404, 406, 409]);

/**
 * No-break spaces (French writes 12 500 RWF with a narrow one) are outside the GSM 7-bit alphabet:
 * one of them makes the carrier send the whole SMS in UCS-2, 70 characters a part instead of 160.
 * On a phone's screen a plain space reads the same.
 */
function withPlainSpaces(text: string): string {
  return text.replace(/[\u00A0\u202F\u2007]/g, ' ');
}

export class AfricasTalkingSmsSender implements SmsSender {
  private readonly endpoint: string;

  constructor(private readonly options: AfricasTalkingSmsOptions) {
    this.endpoint = `${(options.baseUrl ?? AFRICASTALKING_BASE_URL).replace(/\/+$/, '')}/version1/messaging`;
  }

  async send(message: SmsMessage): Promise<{ providerMessageId: string }> {
    const form = new URLSearchParams({ username: this.options.username, to: message.to, message: withPlainSpaces(message.message) });
    if (this.options.from !== undefined) form.set('from', this.options.from);
    form.set('bulkSMSMode', '1');
    if (this.options.enqueue !== undefined) form.set('enqueue', this.options.enqueue ? '1' : '0');

    let response: Response;
    try {
      response = await fetch(this.endpoint, {
        method: 'POST',
        headers: { apikey: this.options.apiKey, Accept: 'application/json', 'Content-Type': 'application/x-www-form-urlencoded' },
        body: form,
        signal: AbortSignal.timeout(this.options.timeoutMs ?? 15_000),
      });
    } catch (cause) {
      throw new AfricasTalkingSmsError(`Africa's Talking unreachable: ${(cause as Error).message}`, { httpStatus: undefined, statusCode: undefined, status: undefined });
    }
    const text = await response.text().catch(() => '');
    if (response.status !== 201) {
      throw new AfricasTalkingSmsError(`Africa's Talking answered ${response.status}: ${text.slice(0, 200)}`, { httpStatus: response.status, statusCode: undefined, status: undefined });
    }
    const data = readMessageData(text);
    const recipient = data?.recipients.find((r) => r.number === message.to) ?? data?.recipients[0];
    if (recipient === undefined) {
      throw new AfricasTalkingSmsError(`Africa's Talking sent nothing: ${data?.message ?? text.slice(0, 200)}`, { httpStatus: 201, statusCode: undefined, status: undefined });
    }
    if (!SUCCESS_CODES.has(recipient.statusCode) || recipient.messageId === undefined) {
      throw new AfricasTalkingSmsError(`Africa's Talking refused ${message.to}: ${recipient.statusCode} ${recipient.status}`, {
        httpStatus: 201,
        statusCode: recipient.statusCode,
        status: recipient.status,
      });
    }
    return { providerMessageId: recipient.messageId };
  }
}

type Recipient = z.output<typeof AtRecipient>;

/** A text AT may leave out, send empty or send as something else: absent. */
const OptionalText = z.string().min(1).optional().catch(undefined);

/** One recipient of AT's answer to a send; every field read leniently, the send judges it. */
const AtRecipient = z.object({
  number: OptionalText,
  statusCode: z.unknown().transform((code) => Number(code)),
  status: OptionalText.transform((status) => status ?? ''),
  // AT writes "None" as the id of a message it did not send.
  messageId: OptionalText.transform((id) => (id === 'None' ? undefined : id)),
});

/** `{"SMSMessageData":{"Message":"Sent to 1/1 …","Recipients":[{statusCode, number, status, cost, messageId}]}}`; a recipient that is not an object is left out. */
const AtSendAnswer = z.object({
  SMSMessageData: z.object({
    Message: z.string().optional().catch(undefined),
    Recipients: z
      .array(z.unknown())
      .catch([])
      .transform((recipients) => recipients.flatMap((recipient) => AtRecipient.safeParse(recipient).data ?? [])),
  }),
});

function readMessageData(text: string): { message: string | undefined; recipients: Recipient[] } | undefined {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return undefined;
  }
  const answer = AtSendAnswer.safeParse(body);
  return answer.success ? { message: answer.data.SMSMessageData.Message, recipients: answer.data.SMSMessageData.Recipients } : undefined;
}

const FINAL_STATUSES = new Set(['Rejected', 'Success', 'Failed']);

/** AT's delivery-report callback (PROVIDERS.md §1b): id, status and phoneNumber required, other fields ignored. */
const AtDeliveryReport = z.object({
  id: z.string().min(1),
  status: z.string().min(1),
  phoneNumber: z.string().min(1),
  networkCode: OptionalText,
  failureReason: OptionalText,
});

/** Reads AT's delivery-report callback (form fields id, status, phoneNumber, networkCode, failureReason). */
export const parseDeliveryReport: SmsDeliveryReportParser = (fields) => {
  const report = AtDeliveryReport.safeParse(fields);
  if (!report.success) return err('sms_delivery_report_invalid');
  const { id, status, phoneNumber, networkCode, failureReason } = report.data;
  // AT writes E.164; read by the one normaliser all the same, so a report names numbers as we store them.
  const phone = normaliseInternationalNumber(phoneNumber);
  if (!phone.ok) return err('sms_delivery_report_invalid');
  return ok({
    providerMessageId: id,
    phoneNumber: phone.value,
    status,
    final: FINAL_STATUSES.has(status),
    delivered: status === 'Success',
    networkCode,
    failureReason,
  });
};
