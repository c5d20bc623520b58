/**
 * MtnMomoMobileMoney: the MobileMoney port over the MTN MoMo Open API (PROVIDERS.md §2a), with
 * `fetch`: collection ("request to pay") and disbursement ("transfer"), their status queries, and
 * `parseMtnCallback` for the callback MTN sends when a payment is final.
 *
 * Guarantees
 * - Idempotent by our reference: it is the `X-Reference-Id` (references that are not UUIDs are
 *   mapped to one deterministic name-based UUID, since MTN only accepts UUIDs) and the
 *   `externalId`; a retry with the same reference creates nothing new at MTN, and MTN's 409 for a
 *   reused reference is read as accepted. The provider reference answered is our reference.
 * - One access token per product (collection, disbursement) is requested and shared until
 *   shortly before it expires (a minute, or a tenth of its life when that is shorter), also by
 *   concurrent calls; a 401 drops it and the call is made once more with a new one.
 * - Never throws for the provider or the network: MTN's refusals (4xx, or 5xx carrying a refusal
 *   code such as PAYER_NOT_FOUND or NOT_ENOUGH_FUNDS) are `mobile_money_refused`; 5xx without one,
 *   503, 429, a refused token, a network error or a timeout are `mobile_money_unavailable`, so
 *   the caller retries later with the same reference. A fraction of a franc or a number that is
 *   not E.164 throws: that is a bug of the caller.
 * - Amounts go out as strings of whole francs in the configured currency (RWF by default; MTN's
 *   sandbox accepts only EUR), numbers as E.164 digits without the `+`.
 */
import { createHash } from 'node:crypto';
import { z } from 'zod';
import { Money } from '../../core/money/money.ts';
import type {
  MobileMoney,
  MobileMoneyCallbackParser,
  MobileMoneyError,
  MobileMoneyProvider,
  MobileMoneyRequest,
  MobileMoneyStatus,
  MobileMoneyStatusError,
  MobileMoneyStatusReport,
} from '../../core/payments/ports.ts';
import type { CallbackKind } from './callback-tokens.ts';
import { err, invariant, ok, type Result } from '../../core/shared/result.ts';
import { ProviderHttp, readJson, readStatusAnswer, type AccessToken, type ProviderHttpOptions } from './provider-http.ts';

export const MTN_SANDBOX_BASE_URL = 'https://sandbox.momodeveloper.mtn.com';

/** One product's credentials: its subscription key and the API user and key created for it. */
export interface MtnMomoProductCredentials {
  subscriptionKey: string;
  apiUser: string;
  apiKey: string;
}

export interface MtnMomoOptions extends ProviderHttpOptions {
  /** `https://sandbox.momodeveloper.mtn.com`, the production proxy, or a local fake. */
  baseUrl: string;
  /** `sandbox`, or `mtnrwanda` in production. */
  targetEnvironment: string;
  /** RWF by default; MTN's sandbox accepts only EUR. */
  currency?: string;
  collection: MtnMomoProductCredentials;
  disbursement: MtnMomoProductCredentials;
  /**
   * Where MTN sends one payment's callback (per request, with its token: MobileMoneyCallbackTokens);
   * the host must be the API user's providerCallbackHost. Without it MTN sends none: poll.
   */
  callbackUrlFor?: (kind: CallbackKind, reference: string) => string;
}

type Product = 'collection' | 'disbursement';

const PATHS: Record<Product, { token: string; create: string }> = {
  // MTN needs the trailing slash on the token paths.
  collection: { token: '/collection/token/', create: '/collection/v1_0/requesttopay' },
  disbursement: { token: '/disbursement/token/', create: '/disbursement/v1_0/transfer' },
};

/**
 * Codes MTN answers (with a 500) when it declines this payment: retrying the same request
 * cannot succeed. Any other 5xx code (INTERNAL_PROCESSING_ERROR, SERVICE_UNAVAILABLE, …) is a
 * fault at MTN, worth a retry.
 */
const REFUSAL_CODES = new Set([
  'PAYEE_NOT_FOUND',
  'PAYER_NOT_FOUND',
  'NOT_ALLOWED',
  'NOT_ALLOWED_TARGET_ENVIRONMENT',
  'INVALID_CALLBACK_URL_HOST',
  'INVALID_CURRENCY',
  'NOT_ENOUGH_FUNDS',
  'PAYER_LIMIT_REACHED',
  'PAYEE_NOT_ALLOWED_TO_RECEIVE',
  'PAYMENT_NOT_APPROVED',
  'APPROVAL_REJECTED',
  'EXPIRED',
  'TRANSACTION_CANCELED',
]);

export class MtnMomoMobileMoney implements MobileMoney {
  private readonly currency: string;
  private readonly http: ProviderHttp;
  /** One access token per product, each asked for with that product's credentials. */
  private readonly tokens: Record<Product, AccessToken>;

  constructor(private readonly options: MtnMomoOptions) {
    this.currency = options.currency ?? 'RWF';
    this.http = new ProviderHttp(options);
    this.tokens = { collection: this.accessToken('collection'), disbursement: this.accessToken('disbursement') };
  }

  requestToPay(request: MobileMoneyRequest): Promise<Result<{ providerReference: string }, MobileMoneyError>> {
    return this.create('collection', request);
  }

  transfer(request: MobileMoneyRequest): Promise<Result<{ providerReference: string }, MobileMoneyError>> {
    return this.create('disbursement', request);
  }

  collectionStatus(provider: MobileMoneyProvider, reference: string): Promise<Result<MobileMoneyStatusReport, MobileMoneyStatusError>> {
    return this.status('collection', provider, reference);
  }

  transferStatus(provider: MobileMoneyProvider, reference: string): Promise<Result<MobileMoneyStatusReport, MobileMoneyStatusError>> {
    return this.status('disbursement', provider, reference);
  }

  private async create(product: Product, request: MobileMoneyRequest): Promise<Result<{ providerReference: string }, MobileMoneyError>> {
    invariant(request.provider === 'mtn', `MtnMomoMobileMoney was given a ${request.provider} payment`);
    const party = { partyIdType: 'MSISDN', partyId: mtnMsisdn(request.msisdn) };
    const body = {
      amount: String(request.amount.toWholeFrancs()),
      currency: this.currency,
      externalId: request.reference,
      ...(product === 'collection' ? { payer: party } : { payee: party }),
      payerMessage: request.description,
      payeeNote: request.description,
    };
    const headers: Record<string, string> = { 'X-Reference-Id': mtnReferenceId(request.reference), 'Content-Type': 'application/json' };
    const callbackUrl = this.options.callbackUrlFor?.(product === 'collection' ? 'collection' : 'transfer', request.reference);
    if (callbackUrl !== undefined) headers['X-Callback-Url'] = callbackUrl;
    const response = await this.call(product, 'POST', PATHS[product].create, headers, JSON.stringify(body));
    if (response === undefined) return err('mobile_money_unavailable');
    // 409: this reference was already created by an earlier attempt; its outcome comes as usual.
    if (response.status === 202 || response.status === 409) return ok({ providerReference: request.reference });
    return err(await failureOf(response));
  }

  private async status(product: Product, provider: MobileMoneyProvider, reference: string): Promise<Result<MobileMoneyStatusReport, MobileMoneyStatusError>> {
    invariant(provider === 'mtn', `MtnMomoMobileMoney was asked about a ${provider} payment`);
    const path = `${PATHS[product].create}/${encodeURIComponent(mtnReferenceId(reference))}`;
    const resource = await readStatusAnswer(await this.call(product, 'GET', path, {}), MtnPaymentResource);
    if (!resource.ok) return resource;
    return ok({ ...reportOf(resource.value), reference });
  }

  /** One authenticated API call; `undefined` when MTN could not be reached or gave no token. */
  private call(product: Product, method: string, path: string, headers: Record<string, string>, body?: string): Promise<Response | undefined> {
    return this.http.fetchWithToken(this.tokens[product], path, (token) => ({
      method,
      headers: {
        ...headers,
        Authorization: `Bearer ${token}`,
        'X-Target-Environment': this.options.targetEnvironment,
        'Ocp-Apim-Subscription-Key': this.options[product].subscriptionKey,
      },
      ...(body === undefined ? {} : { body }),
    }));
  }

  /** The product's token: asked for with its API user and key (Basic) and its subscription key. */
  private accessToken(product: Product): AccessToken {
    const request = () => {
      const { apiUser, apiKey, subscriptionKey } = this.options[product];
      return this.http.fetch(PATHS[product].token, {
        method: 'POST',
        headers: {
          Authorization: `Basic ${Buffer.from(`${apiUser}:${apiKey}`).toString('base64')}`,
          'Ocp-Apim-Subscription-Key': subscriptionKey,
        },
      });
    };
    return this.http.accessToken(request, MtnToken);
  }
}

/**
 * Reads MTN's callback (sent by PUT, or POST as production has been seen to do). MTN sends the
 * payment resource without `referenceId`, so the reference is the `externalId`, which this
 * adapter sets to our reference; a `referenceId` is used only when `externalId` is missing.
 */
export const parseMtnCallback: MobileMoneyCallbackParser = (body) => {
  const resource = MtnPaymentResource.safeParse(body);
  const reference = resource.data?.externalId ?? resource.data?.referenceId;
  if (!resource.success || reference === undefined) return err('mobile_money_callback_invalid');
  return ok({ ...reportOf(resource.data), reference });
};

/** A text MTN may leave out, send empty or send as something else: absent in each case, never a refusal of the whole body. */
const OptionalText = z.string().min(1).optional().catch(undefined);

/** MTN's token answer; `expires_in` is in seconds, sometimes as a string. */
const MtnToken = z.object({ access_token: z.string(), expires_in: z.coerce.number().positive() });

/** MTN's payment resource (PROVIDERS.md §1a): the callback body, and the answer to a status query. */
const MtnPaymentResource = z.object({
  status: z.enum(['PENDING', 'SUCCESSFUL', 'FAILED']).transform((status): MobileMoneyStatus => STATUSES[status]),
  // A decimal string ("1500"), a number in some sandboxes.
  amount: z.union([z.string(), z.number()]).transform((amount, context) => {
    const parsed = Money.parseDecimal(String(amount));
    if (parsed.ok) return parsed.value;
    context.issues.push({ code: 'custom', message: 'amount is not a decimal amount', input: amount });
    return z.NEVER;
  }),
  currency: z.string(),
  financialTransactionId: OptionalText,
  // A code string; older API versions sent `{code, message}`.
  reason: z.union([z.object({ code: OptionalText }).transform((reason) => reason.code), OptionalText]),
  externalId: OptionalText,
  referenceId: OptionalText,
});

/** MTN's error answer (`{code, message}`). */
const MtnError = z.object({ code: z.string() });

const STATUSES = { PENDING: 'pending', SUCCESSFUL: 'successful', FAILED: 'failed' } as const satisfies Record<string, MobileMoneyStatus>;

function reportOf(resource: z.infer<typeof MtnPaymentResource>): Omit<MobileMoneyStatusReport, 'reference'> {
  const { status, amount, currency, financialTransactionId, reason } = resource;
  return { status, amount, currency, providerTransactionId: financialTransactionId, reason };
}

async function failureOf(response: Response): Promise<MobileMoneyError> {
  if (response.status === 429 || response.status === 401) return 'mobile_money_unavailable';
  if (response.status < 500) return 'mobile_money_refused';
  const body = await readJson(response, MtnError);
  return body !== undefined && REFUSAL_CODES.has(body.code) ? 'mobile_money_refused' : 'mobile_money_unavailable';
}

/** MTN's MSISDN party id: the E.164 number's digits, without the `+`. */
export function mtnMsisdn(msisdn: string): string {
  invariant(/^\+\d{8,15}$/.test(msisdn), `Not an E.164 number: ${msisdn}`);
  return msisdn.slice(1);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;
/** Namespace of the name-based UUIDs (RFC 9562 v5) made from references that are not UUIDs. */
const REFERENCE_NAMESPACE = Buffer.from('6f1c2a4e8b3d4f5a9c7e1d2b3a4c5d6e', 'hex');

/** MTN's X-Reference-Id for our reference: the reference itself when it is a UUID. */
export function mtnReferenceId(reference: string): string {
  if (UUID.test(reference)) return reference;
  const hash = createHash('sha1').update(REFERENCE_NAMESPACE).update(reference, 'utf8').digest();
  hash[6] = (hash[6]! & 0x0f) | 0x50;
  hash[8] = (hash[8]! & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
