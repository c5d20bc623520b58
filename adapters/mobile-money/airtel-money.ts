/**
 * AirtelMoneyMobileMoney: the MobileMoney port over the Airtel Money Africa Open API
 * (PROVIDERS.md §2b), with `fetch`: collection (USSD push, `POST /merchant/v2/payments/`),
 * disbursement (`POST /standard/v1/disbursements/`), their enquiries (`GET
 * /standard/v1/payments/{id}`, `GET /standard/v1/disbursements/{id}`), and `parseAirtelCallback`
 * for the callback Airtel posts to the URL set in its portal.
 *
 * Guarantees
 * - Idempotent by our reference: it is Airtel's `transaction.id`, and Airtel deduplicates on it.
 *   Airtel documents no answer for a repeated id, so a creation Airtel does not accept is followed
 *   by an enquiry of that id: when Airtel knows it, an earlier attempt reached it and the request
 *   is accepted (as MTN's 409). The provider reference answered is our reference.
 * - One OAuth2 client-credentials token (`POST /auth/oauth2/token`) is requested and shared until
 *   shortly before it expires (`expires_in`, a string of seconds, often 180: refreshed a tenth of
 *   its life early), also by concurrent calls; a 401 drops it and the call is made once more.
 * - Never throws for the provider or the network: a refusal (4xx, or an answer `success: false`
 *   whose code is not a fault at Airtel) is `mobile_money_refused`; 5xx, 429, a refused token,
 *   Airtel's "something went wrong" codes, a network error or a timeout are
 *   `mobile_money_unavailable`, so the caller retries later with the same reference.
 * - Enquiry statuses: TS successful; TF failed (Airtel's message as the reason); TE failed
 *   (`EXPIRED`); TA (ambiguous) and TIP (in progress) pending, asked again later. A 404 is
 *   `mobile_money_reference_unknown`. Airtel's enquiry states no amount: the report carries none
 *   (`amount` undefined; the payer approved the amount we asked in Airtel's own PIN prompt), and
 *   the currency is the one every request is made in (`X-Currency`).
 * - A disbursement carries the wallet PIN encrypted with Airtel's RSA public key (PKCS#1 v1.5,
 *   base64), as documented; without a configured PIN and key a transfer is refused.
 * - Numbers go out without the country code (the last 9 digits), amounts as whole francs. A
 *   fraction of a franc or a number that is not E.164 throws: that is a bug of the caller.
 */
import { constants, createPublicKey, publicEncrypt, type KeyObject } from 'node:crypto';
import { z } from 'zod';
import type {
  MobileMoney,
  MobileMoneyError,
  MobileMoneyProvider,
  MobileMoneyRequest,
  MobileMoneyStatus,
  MobileMoneyStatusError,
  MobileMoneyStatusReport,
} from '../../core/payments/ports.ts';
import { err, invariant, ok, type Result } from '../../core/shared/result.ts';
import { ProviderHttp, readJson, readStatusAnswer, type AccessToken, type ProviderHttpOptions } from './provider-http.ts';

export const AIRTEL_UAT_BASE_URL = 'https://openapiuat.airtel.africa';
export const AIRTEL_PRODUCTION_BASE_URL = 'https://openapi.airtel.africa';

export interface AirtelMoneyOptions extends ProviderHttpOptions {
  /** `https://openapiuat.airtel.africa`, `https://openapi.airtel.africa`, or a local fake. */
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  /** `RW` by default (`X-Country`). */
  country?: string;
  /** `RWF` by default (`X-Currency`). */
  currency?: string;
  /** The disbursement wallet's PIN and Airtel's RSA public key (PEM, or the portal's bare base64); both or neither. */
  disbursement?: { pin: string; publicKey: string };
}

type Product = 'collection' | 'disbursement';

const PATHS: Record<Product, { create: string; enquiry: string }> = {
  collection: { create: '/merchant/v2/payments/', enquiry: '/standard/v1/payments/' },
  disbursement: { create: '/standard/v1/disbursements/', enquiry: '/standard/v1/disbursements/' },
};

/** Airtel's `result_code`s for a fault on its side (ESB000001 "Something went wrong", …): worth a retry. */
const FAULT_CODES = new Set(['ESB000001', 'ESB000004', 'ESB000014']);

export class AirtelMoneyMobileMoney implements MobileMoney {
  private readonly country: string;
  private readonly currency: string;
  private readonly http: ProviderHttp;
  private readonly token: AccessToken;
  private readonly publicKey: KeyObject | undefined;

  constructor(private readonly options: AirtelMoneyOptions) {
    this.country = options.country ?? 'RW';
    this.currency = options.currency ?? 'RWF';
    this.http = new ProviderHttp(options);
    // OAuth2 client credentials, sent as JSON (PROVIDERS.md §2b).
    const requestToken = () =>
      this.http.fetch('/auth/oauth2/token', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: '*/*' },
        body: JSON.stringify({ client_id: options.clientId, client_secret: options.clientSecret, grant_type: 'client_credentials' }),
      });
    this.token = this.http.accessToken(requestToken, AirtelToken);
    this.publicKey = options.disbursement === undefined ? undefined : airtelPublicKey(options.disbursement.publicKey);
  }

  async requestToPay(request: MobileMoneyRequest): Promise<Result<{ providerReference: string }, MobileMoneyError>> {
    invariant(request.provider === 'airtel', `AirtelMoneyMobileMoney was given a ${request.provider} payment`);
    return this.create('collection', request, {
      reference: request.description,
      subscriber: { country: this.country, currency: this.currency, msisdn: airtelMsisdn(request.msisdn) },
      transaction: { amount: request.amount.toWholeFrancs(), country: this.country, currency: this.currency, id: request.reference },
    });
  }

  async transfer(request: MobileMoneyRequest): Promise<Result<{ providerReference: string }, MobileMoneyError>> {
    invariant(request.provider === 'airtel', `AirtelMoneyMobileMoney was given a ${request.provider} payment`);
    const amount = request.amount.toWholeFrancs();
    const msisdn = airtelMsisdn(request.msisdn);
    if (this.options.disbursement === undefined || this.publicKey === undefined) return err('mobile_money_refused');
    return this.create('disbursement', request, {
      payee: { msisdn },
      reference: request.description,
      pin: encryptAirtelPin(this.options.disbursement.pin, this.publicKey),
      transaction: { amount, id: request.reference },
    });
  }

  async collectionStatus(provider: MobileMoneyProvider, reference: string): Promise<Result<MobileMoneyStatusReport, MobileMoneyStatusError>> {
    return this.status('collection', provider, reference);
  }

  async transferStatus(provider: MobileMoneyProvider, reference: string): Promise<Result<MobileMoneyStatusReport, MobileMoneyStatusError>> {
    return this.status('disbursement', provider, reference);
  }

  private async create(product: Product, request: MobileMoneyRequest, body: object): Promise<Result<{ providerReference: string }, MobileMoneyError>> {
    const response = await this.call('POST', PATHS[product].create, JSON.stringify(body));
    if (response === undefined) return err('mobile_money_unavailable');
    const answer = await readJson(response, AirtelAnswer);
    if (response.status === 200 && answer?.status.success === true) return ok({ providerReference: request.reference });
    const failure = failureOf(response.status, answer?.status.result_code);
    if (failure === 'mobile_money_unavailable' && response.status >= 500) return err(failure);
    // Not accepted: when Airtel knows this id, an earlier attempt reached it (a repeat).
    const known = await this.status(product, 'airtel', request.reference);
    if (known.ok) return ok({ providerReference: request.reference });
    return err(failure);
  }

  private async status(product: Product, provider: MobileMoneyProvider, reference: string): Promise<Result<MobileMoneyStatusReport, MobileMoneyStatusError>> {
    invariant(provider === 'airtel', `AirtelMoneyMobileMoney was asked about a ${provider} payment`);
    const enquiry = await readStatusAnswer(await this.call('GET', `${PATHS[product].enquiry}${encodeURIComponent(reference)}`), AirtelEnquiry);
    if (!enquiry.ok) return enquiry;
    if (!enquiry.value.status.success) return err('mobile_money_unavailable');
    const { transaction } = enquiry.value.data;
    const status = AIRTEL_STATUSES[transaction.status];
    return ok({
      reference,
      status,
      amount: undefined,
      currency: this.currency,
      providerTransactionId: transaction.airtel_money_id,
      reason: status !== 'failed' ? undefined : transaction.status === 'TE' ? 'EXPIRED' : (transaction.message ?? 'TF'),
    });
  }

  /** One authenticated API call; `undefined` when Airtel could not be reached or gave no token. */
  private call(method: string, path: string, body?: string): Promise<Response | undefined> {
    return this.http.fetchWithToken(this.token, path, (token) => ({
      method,
      headers: {
        'Content-Type': 'application/json',
        Accept: '*/*',
        'X-Country': this.country,
        'X-Currency': this.currency,
        Authorization: `Bearer ${token}`,
      },
      ...(body === undefined ? {} : { body }),
    }));
  }
}

/** What Airtel's callback says; a hint only: the route asks Airtel (an enquiry) before booking anything. */
export interface AirtelCallback {
  reference: string;
  status: MobileMoneyStatus;
  providerTransactionId: string | undefined;
}

/** Reads Airtel's callback `{"transaction":{"id","message","status_code","airtel_money_id"}}` (pure). */
export function parseAirtelCallback(body: unknown): Result<AirtelCallback, 'mobile_money_callback_invalid'> {
  const parsed = AirtelCallbackBody.safeParse(body);
  if (!parsed.success) return err('mobile_money_callback_invalid');
  const { id, status_code, airtel_money_id } = parsed.data.transaction;
  return ok({ reference: id, status: AIRTEL_STATUSES[status_code], providerTransactionId: airtel_money_id });
}

/** Airtel's msisdn: without the country code (the last 9 digits of the E.164 number). */
export function airtelMsisdn(msisdn: string): string {
  invariant(/^\+\d{9,15}$/.test(msisdn), `Not an E.164 number: ${msisdn}`);
  return msisdn.slice(-9);
}

/** Airtel's public key as the portal shows it (bare base64 of the DER key) or as PEM. */
export function airtelPublicKey(text: string): KeyObject {
  const trimmed = text.trim();
  const pem = trimmed.startsWith('-----BEGIN') ? trimmed : `-----BEGIN PUBLIC KEY-----\n${trimmed.replace(/\s+/g, '').replace(/(.{64})/g, '$1\n')}\n-----END PUBLIC KEY-----\n`;
  return createPublicKey(pem);
}

/** The disbursement PIN as Airtel takes it: RSA (PKCS#1 v1.5) under Airtel's public key, base64. */
export function encryptAirtelPin(pin: string, publicKey: KeyObject): string {
  return publicEncrypt({ key: publicKey, padding: constants.RSA_PKCS1_PADDING }, Buffer.from(pin, 'utf8')).toString('base64');
}

const OptionalText = z.string().min(1).optional().catch(undefined);

const AIRTEL_STATUSES = { TS: 'successful', TF: 'failed', TE: 'failed', TA: 'pending', TIP: 'pending' } as const satisfies Record<string, MobileMoneyStatus>;
const AirtelStatusCode = z.enum(['TS', 'TF', 'TA', 'TIP', 'TE']);

/** Airtel's token answer; `expires_in` is a string of seconds ("180"). */
const AirtelToken = z.object({ access_token: z.string().min(1), expires_in: z.coerce.number().positive() });

/** The `status` block every Airtel answer carries. */
const AirtelStatusBlock = z.object({ success: z.boolean(), result_code: OptionalText, response_code: OptionalText, message: OptionalText });
const AirtelAnswer = z.object({ status: AirtelStatusBlock });

const AirtelEnquiry = z.object({
  data: z.object({
    transaction: z.object({ id: z.union([z.string(), z.number()]).optional(), status: AirtelStatusCode, message: OptionalText, airtel_money_id: OptionalText }),
  }),
  status: AirtelStatusBlock,
});

const AirtelCallbackBody = z.object({
  transaction: z.object({ id: z.string().min(1).max(200), status_code: AirtelStatusCode, message: OptionalText, airtel_money_id: OptionalText }),
});

function failureOf(httpStatus: number, resultCode: string | undefined): MobileMoneyError {
  if (httpStatus >= 500 || httpStatus === 429 || httpStatus === 401) return 'mobile_money_unavailable';
  if (resultCode !== undefined && FAULT_CODES.has(resultCode)) return 'mobile_money_unavailable';
  return 'mobile_money_refused';
}
