/**
 * Configuration from the environment, validated once at start. `.env.example` lists every
 * variable. An empty value counts as unset, so a copied `.env` with blanks keeps the defaults.
 */
import { isIP } from 'node:net';
import { join } from 'node:path';
import { z } from 'zod';
import type { DatabasePooler } from '../adapters/postgres/orm.ts';
import { ACCOUNT_THROTTLE, CLIENT_THROTTLE } from '../core/accounts/sign-in-throttle.ts';
import { REFUND_ANSWER_WAIT_MS } from '../core/merchants/merchant-card-refund.ts';
import { DEFAULT_PAY_REQUEST_LIMITS, type PayRequestLimits } from '../core/merchants/pay-merchant.ts';
import { DEFAULT_UPLOAD_POLICY } from '../core/uploads/upload-policy.ts';

const optionalText = z.string().trim().min(1).optional();
const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback);
/**
 * How often a job runs, as a cron step keeps it exactly (apps/scheduler/jobs.ts, everySeconds):
 * seconds dividing a minute, or whole minutes dividing an hour. 45 would run at :00 and :45.
 */
const cronStepSeconds = (fallback: number) =>
  positiveInt(fallback).refine((s) => (s < 60 ? 60 % s === 0 : s % 60 === 0 && 60 % (s / 60) === 0), {
    message: 'must divide a minute (1, 2, 3, 4, 5, 6, 10, 12, 15, 20 or 30) or be whole minutes dividing an hour (60, 120, 180, 240, 300, 360, 600, 720, 900, 1200, 1800 or 3600)',
  });
const base64Key = z
  .string()
  .trim()
  .refine((value) => /^[A-Za-z0-9+/_-]+={0,2}$/.test(value) && Buffer.from(value, 'base64').length === 32, {
    message: 'must be 32 random bytes in base64 (e.g. `openssl rand -base64 32`)',
  });
const flag = z.enum(['true', 'false', '1', '0']).default('false').transform((v) => v === 'true' || v === '1');

const EnvSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
    HOST: z.string().default('0.0.0.0'),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    /** Unset: http://localhost:<the port the server listens on> (see `loadConfig`). */
    PUBLIC_BASE_URL: z.url({ protocol: /^https?$/ }).optional(),
    DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
    DATABASE_POOL_MAX: positiveInt(10),
    /** `pgbouncer`: DATABASE_URL is a PgBouncer in transaction mode (adapters/postgres/orm.ts). */
    DATABASE_POOLER: z.enum(['none', 'pgbouncer']).default('none'),
    /** Streaming standbys of DATABASE_URL for the replica-safe reads, comma-separated (adapters/postgres/read-replicas.ts). */
    DATABASE_READ_URL: z
      .string()
      .default('')
      .transform((v) => v.split(',').map((url) => url.trim()).filter(Boolean))
      .pipe(z.array(z.url({ protocol: /^postgres(ql)?$/ }))),
    DATABASE_READ_MAX_LAG_SECONDS: positiveInt(2),
    DATABASE_READ_AFTER_WRITE_SECONDS: positiveInt(5),
    DATA_DIR: z.string().default('./data'),
    WEB_DIST_DIR: z.string().default('./dist/web'),
    TRUST_PROXY_HOPS: z.coerce.number().int().min(0).max(10).optional(),
    /** Deprecated: `true` means TRUST_PROXY_HOPS=1 (kept so that existing deployments keep working). */
    TRUST_PROXY: flag,
    SESSION_IDLE_MINUTES: positiveInt(30),
    SESSION_ABSOLUTE_HOURS: positiveInt(12),
    SIGN_IN_FREE_FAILURES_PER_ACCOUNT: positiveInt(ACCOUNT_THROTTLE.freeFailures),
    SIGN_IN_FREE_FAILURES_PER_CLIENT: positiveInt(CLIENT_THROTTLE.freeFailures),
    OUTBOX_ENCRYPTION_KEY: z
      .string()
      .trim()
      .refine((value) => /^[A-Za-z0-9+/_-]+={0,2}$/.test(value) && Buffer.from(value, 'base64').length === 32, {
        message: 'must be 32 random bytes in base64 (e.g. `openssl rand -base64 32`)',
      })
      .optional(),
    RATE_LIMIT_WINDOW_SECONDS: positiveInt(900),
    RATE_LIMIT_PER_ADDRESS: positiveInt(10),
    RATE_LIMIT_PER_IP: positiveInt(50),
    SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
    MAIL_FROM: z.string().default('Ikimina <no-reply@ikimina.local>'),
    OUTBOX_POLL_SECONDS: cronStepSeconds(5),
    GOOGLE_CLIENT_ID: optionalText,
    GOOGLE_CLIENT_SECRET: optionalText,
    GOOGLE_ISSUER_URL: z.url().default('https://accounts.google.com'),
    GOOGLE_ALLOW_INSECURE_HTTP: flag,
    AFRICASTALKING_USERNAME: optionalText,
    AFRICASTALKING_API_KEY: optionalText,
    AFRICASTALKING_BASE_URL: z.url({ protocol: /^https?$/ }).default('https://api.africastalking.com'),
    AFRICASTALKING_SENDER_ID: optionalText,
    AFRICASTALKING_CALLBACK_SECRET: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9_-]{32,256}$/, 'use 32 to 256 URL-safe characters (A-Z a-z 0-9 - _), for example the output of `openssl rand -hex 32`')
      .optional(),
    AFRICASTALKING_ALLOWED_SOURCES: z
      .string()
      .transform((list) => list.split(',').map((entry) => entry.trim()).filter(Boolean))
      .pipe(z.array(z.string().refine(isAddressOrCidr, 'each entry must be an IP address or a CIDR block (203.0.113.0/24, 2001:db8::/32)')))
      .optional(),
    // sandbox, or the live providers, comma-separated (`mtn`, `airtel`, `mtn,airtel`): the payer's number chooses among them.
    MOBILE_MONEY_PROVIDER: z
      .string()
      .trim()
      .default('sandbox')
      .transform((text, context): 'sandbox' | ('mtn' | 'airtel')[] => {
        const list = text.toLowerCase().split(',').map((entry) => entry.trim()).filter(Boolean);
        if (list.length === 1 && list[0] === 'sandbox') return 'sandbox';
        if (list.length === 0 || !list.every((entry) => entry === 'mtn' || entry === 'airtel')) {
          context.issues.push({ code: 'custom', message: 'use sandbox, mtn, airtel or mtn,airtel', input: text });
          return z.NEVER;
        }
        if (new Set(list).size !== list.length) {
          context.issues.push({ code: 'custom', message: 'name each provider once', input: text });
          return z.NEVER;
        }
        return list as ('mtn' | 'airtel')[];
      }),
    MOBILE_MONEY_CALLBACK_URL: z.url({ protocol: /^https?$/ }).optional(),
    MOBILE_MONEY_CALLBACK_SECRET: z.string().trim().min(32, 'MOBILE_MONEY_CALLBACK_SECRET needs at least 32 characters').optional(),
    SANDBOX_SETTLE_MS: z.coerce.number().int().min(0).default(1500),
    SANDBOX_ONGOING_MS: z.coerce.number().int().min(0).default(30_000),
    MTN_BASE_URL: z.url({ protocol: /^https?$/ }).default('https://sandbox.momodeveloper.mtn.com'),
    MTN_TARGET_ENVIRONMENT: z.string().default('sandbox'),
    MTN_CURRENCY: z.string().regex(/^[A-Z]{3}$/).default('RWF'),
    MTN_COLLECTION_SUBSCRIPTION_KEY: optionalText,
    MTN_COLLECTION_API_USER: optionalText,
    MTN_COLLECTION_API_KEY: optionalText,
    MTN_DISBURSEMENT_SUBSCRIPTION_KEY: optionalText,
    MTN_DISBURSEMENT_API_USER: optionalText,
    MTN_DISBURSEMENT_API_KEY: optionalText,
    AIRTEL_BASE_URL: z.url({ protocol: /^https?$/ }).default('https://openapiuat.airtel.africa'),
    AIRTEL_CLIENT_ID: optionalText,
    AIRTEL_CLIENT_SECRET: optionalText,
    AIRTEL_COUNTRY: z.string().regex(/^[A-Z]{2}$/).default('RW'),
    AIRTEL_CURRENCY: z.string().regex(/^[A-Z]{3}$/).default('RWF'),
    AIRTEL_DISBURSEMENT_PIN: z.string().trim().regex(/^\d{4,6}$/, 'the disbursement wallet PIN: 4 to 6 digits').optional(),
    AIRTEL_PUBLIC_KEY: optionalText,
    AIRTEL_CALLBACK_SECRET: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9_-]{32,256}$/, 'use 32 to 256 URL-safe characters (A-Z a-z 0-9 - _), for example the output of `openssl rand -hex 32`')
      .optional(),
    // Cards (PROVIDERS.md §7): both keys switch Flutterwave on; without them the embedded sandbox checkout (TEST) serves.
    FLUTTERWAVE_SECRET_KEY: optionalText,
    FLUTTERWAVE_SECRET_HASH: z.string().trim().min(16, 'FLUTTERWAVE_SECRET_HASH (the webhook secret hash set in the dashboard) needs at least 16 characters').optional(),
    FLUTTERWAVE_BASE_URL: z.url({ protocol: /^https?$/ }).default('https://api.flutterwave.com/v3'),
    // At most half the wait a lost refund answer is given (a request, then a look-up): a longer request would still be on its way when a retried reversal asks again.
    FLUTTERWAVE_TIMEOUT_MS: z.coerce
      .number()
      .int()
      .min(100)
      .max(REFUND_ANSWER_WAIT_MS / 2, `FLUTTERWAVE_TIMEOUT_MS must be at most ${REFUND_ANSWER_WAIT_MS / 2} (half the wait a card refund's lost answer is given)`)
      .default(15_000),
    /** The sandbox checkout's webhook by default: once, twice, late or never (each checkout page can change it). */
    CARD_SANDBOX_WEBHOOK: z.enum(['once', 'twice', 'late', 'never']).default('once'),
    CARD_SANDBOX_LATE_WEBHOOK_MS: z.coerce.number().int().min(0).default(5000),
    SCHEDULER_ENABLED: z.enum(['true', 'false', '1', '0']).default('true').transform((v) => v === 'true' || v === '1'),
    PAYMENT_POLL_AFTER_SECONDS: positiveInt(120),
    /** How often the payment-polling job runs (every minute by default; the browser tests poll every few seconds). */
    PAYMENT_POLL_EVERY_SECONDS: cronStepSeconds(60),
    /** The merchant QR's EMVCo merchant account template (PROVIDERS.md §3): tag 26–51, GUID, the sub-ID of the merchant code, more network sub-fields as `02=VALUE,03=VALUE`. */
    MERCHANT_QR_TEMPLATE_TAG: z.string().regex(/^(2[6-9]|[34]\d|5[01])$/, { message: 'must be an EMVCo merchant account tag, 26–51' }).default('29'),
    MERCHANT_QR_GUID: z.string().trim().min(1).max(32).default('rw.ikimina.pay'),
    MERCHANT_QR_CODE_SUB_ID: z.string().regex(/^(0[1-9]|[1-9]\d)$/, { message: 'must be a two-digit sub-ID, 01–99' }).default('01'),
    MERCHANT_QR_NETWORK_FIELDS: z
      .string()
      .default('')
      .refine((v) => v.trim() === '' || v.split(',').every((f) => /^(0[1-9]|[1-9]\d)=[^,=]{1,99}$/.test(f.trim())), { message: 'must be `02=VALUE,03=VALUE` (two-digit sub-IDs)' }),
    SEED_DEMO_WORLD: z.enum(['true', 'false', '1', '0']).default('true').transform((v) => v === 'true' || v === '1'),
    NATIONAL_ID_PROVIDER: z.enum(['sandbox', 'prembly']).default('sandbox'),
    NATIONAL_ID_TIMEOUT_MS: positiveInt(10_000),
    // The public pay page's collection requests: a stranger cannot flood a phone with prompts.
    PAY_REQUESTS_WINDOW_SECONDS: positiveInt(DEFAULT_PAY_REQUEST_LIMITS.windowSeconds),
    PAY_REQUESTS_PER_NUMBER: positiveInt(DEFAULT_PAY_REQUEST_LIMITS.perNumber),
    PAY_REQUESTS_PER_CLIENT: positiveInt(DEFAULT_PAY_REQUEST_LIMITS.perClient),
    NATIONAL_ID_LOOKUPS_PER_DAY: positiveInt(10),
    NATIONAL_ID_KEYS: z
      .string()
      .transform((list, context) => {
        const keys = new Map<number, Buffer>();
        for (const entry of list.split(',').map((e) => e.trim()).filter(Boolean)) {
          const match = /^(\d{1,6}):([A-Za-z0-9+/_-]+={0,2})$/.exec(entry);
          const key = match ? Buffer.from(match[2]!, 'base64') : undefined;
          const version = Number(match?.[1]);
          if (!key || key.length !== 32 || version < 1 || keys.has(version)) {
            context.issues.push({ code: 'custom', input: list, message: NATIONAL_ID_KEYS_FORMAT });
            return z.NEVER;
          }
          keys.set(version, key);
        }
        if (keys.size === 0) context.issues.push({ code: 'custom', input: list, message: NATIONAL_ID_KEYS_FORMAT });
        return keys;
      })
      .optional(),
    NATIONAL_ID_KEY_VERSION: z.coerce.number().int().positive().optional(),
    NATIONAL_ID_HASH_KEY: z
      .string()
      .trim()
      .refine((value) => /^[A-Za-z0-9+/_-]+={0,2}$/.test(value) && Buffer.from(value, 'base64').length === 32, {
        message: 'must be 32 random bytes in base64 (e.g. `openssl rand -base64 32`), another key than every NATIONAL_ID_KEYS key',
      })
      .optional(),
    PREMBLY_BASE_URL: z.url({ protocol: /^https?$/ }).default('https://api.prembly.com'),
    PREMBLY_APP_ID: optionalText,
    PREMBLY_API_KEY: optionalText,
    UPLOAD_SIGNING_KEY: base64Key.optional(),
    STATEMENT_LINK_KEY: base64Key.optional(),
    UPLOAD_URL_TTL_SECONDS: z.coerce.number().int().min(30).max(604_800).default(DEFAULT_UPLOAD_POLICY.addressLifetimeSeconds),
    UPLOADS_PER_HOUR: positiveInt(DEFAULT_UPLOAD_POLICY.addressesPerHour),
    OBJECT_STORAGE_DIR: optionalText,
    S3_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
    S3_PUBLIC_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
    S3_BUCKET: z.string().trim().regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'an S3 bucket name: 3-63 lower-case letters, digits, dots and hyphens').optional(),
    S3_REGION: z.string().trim().min(1).default('us-east-1'),
    S3_ACCESS_KEY_ID: optionalText,
    S3_SECRET_ACCESS_KEY: optionalText,
    KYC_MODEL_DIR: optionalText,
    ASSISTANT_LLM_BASE_URL: z.url({ protocol: /^https?$/ }).optional(),
    ASSISTANT_LLM_MODEL: optionalText,
    ASSISTANT_LLM_API_KEY: optionalText,
    ASSISTANT_LLM_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(8_000),
    ASSISTANT_MESSAGES_PER_WINDOW: positiveInt(30),
    ASSISTANT_WINDOW_SECONDS: positiveInt(300),
  })
  // Any S3 variable switches S3 on: a half-configured bucket must stop the start, not fall back to local disk.
  .refine((env) => ![env.S3_ENDPOINT, env.S3_PUBLIC_ENDPOINT, env.S3_BUCKET, env.S3_ACCESS_KEY_ID, env.S3_SECRET_ACCESS_KEY].some(Boolean) || Boolean(env.S3_BUCKET && env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY), {
    message: 'S3 storage needs S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY (and S3_ENDPOINT for MinIO, R2 or any non-AWS server); unset every S3_* variable for local disk',
    path: ['S3_BUCKET'],
  })
  // A half-configured Flutterwave must stop the start, not fall back to the TEST checkout.
  .refine((env) => Boolean(env.FLUTTERWAVE_SECRET_KEY) === Boolean(env.FLUTTERWAVE_SECRET_HASH), {
    message: 'set both FLUTTERWAVE_SECRET_KEY and FLUTTERWAVE_SECRET_HASH (the webhook secret hash), or neither for the sandbox checkout',
    path: ['FLUTTERWAVE_SECRET_HASH'],
  })
  .refine((env) => Boolean(env.GOOGLE_CLIENT_ID) === Boolean(env.GOOGLE_CLIENT_SECRET), {
    message: 'set both GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET, or neither',
    path: ['GOOGLE_CLIENT_SECRET'],
  })
  .refine(
    (env) =>
      !hasProvider(env.MOBILE_MONEY_PROVIDER, 'mtn') ||
      [
        env.MTN_COLLECTION_SUBSCRIPTION_KEY,
        env.MTN_COLLECTION_API_USER,
        env.MTN_COLLECTION_API_KEY,
        env.MTN_DISBURSEMENT_SUBSCRIPTION_KEY,
        env.MTN_DISBURSEMENT_API_USER,
        env.MTN_DISBURSEMENT_API_KEY,
      ].every(Boolean),
    { message: 'MOBILE_MONEY_PROVIDER=mtn needs the MTN_COLLECTION_* and MTN_DISBURSEMENT_* subscription keys, API users and API keys', path: ['MOBILE_MONEY_PROVIDER'] },
  )
  .refine((env) => !hasProvider(env.MOBILE_MONEY_PROVIDER, 'airtel') || Boolean(env.AIRTEL_CLIENT_ID && env.AIRTEL_CLIENT_SECRET && env.AIRTEL_CALLBACK_SECRET), {
    message:
      'MOBILE_MONEY_PROVIDER with airtel needs AIRTEL_CLIENT_ID, AIRTEL_CLIENT_SECRET and AIRTEL_CALLBACK_SECRET (32 or more URL-safe characters: ' +
      'the last segment of the callback URL set in the Airtel portal, docs/mobile-money.md)',
    path: ['MOBILE_MONEY_PROVIDER'],
  })
  .refine((env) => (env.AIRTEL_DISBURSEMENT_PIN === undefined) === (env.AIRTEL_PUBLIC_KEY === undefined), {
    message: 'set both AIRTEL_DISBURSEMENT_PIN and AIRTEL_PUBLIC_KEY (Airtel encrypts the PIN with it), or neither (no Airtel disbursements)',
    path: ['AIRTEL_PUBLIC_KEY'],
  })
  .refine((env) => env.MOBILE_MONEY_PROVIDER === 'sandbox' || Boolean(env.MOBILE_MONEY_CALLBACK_SECRET), {
    message: 'a live MOBILE_MONEY_PROVIDER needs MOBILE_MONEY_CALLBACK_SECRET (32 characters or more, the same on every replica): it signs each payment\'s callback URL',
    path: ['MOBILE_MONEY_CALLBACK_SECRET'],
  })
  .refine((env) => Boolean(env.AFRICASTALKING_USERNAME) === Boolean(env.AFRICASTALKING_API_KEY), {
    message: 'set both AFRICASTALKING_USERNAME and AFRICASTALKING_API_KEY, or neither',
    path: ['AFRICASTALKING_API_KEY'],
  })
  // Without it anyone who can reach the server speaks for the gateway: registers numbers, guesses PINs, forges reports.
  .refine((env) => env.AFRICASTALKING_CALLBACK_SECRET !== undefined || (!env.AFRICASTALKING_USERNAME && !env.AFRICASTALKING_API_KEY && env.NODE_ENV !== 'production'), {
    message:
      "required as soon as Africa's Talking is configured (AFRICASTALKING_USERNAME/API_KEY) or NODE_ENV=production: set 32 or more URL-safe characters " +
      '(e.g. `openssl rand -hex 32`) and register the callback URLs that carry it (README, USSD)',
    path: ['AFRICASTALKING_CALLBACK_SECRET'],
  })
  .refine((env) => env.DATABASE_READ_URL.length === 0 || env.DATABASE_URL !== undefined, {
    message: 'read replicas are standbys of a PostgreSQL server: set DATABASE_URL too (the embedded database has none)',
    path: ['DATABASE_READ_URL'],
  })
  .refine((env) => env.NATIONAL_ID_PROVIDER !== 'prembly' || Boolean(env.PREMBLY_APP_ID && env.PREMBLY_API_KEY), {
    message: 'NATIONAL_ID_PROVIDER=prembly needs PREMBLY_APP_ID and PREMBLY_API_KEY',
    path: ['NATIONAL_ID_PROVIDER'],
  })
  // Both from the secret store, or both from the embedded key files: a hash key on one machine's disk would split the look-up between replicas.
  .refine((env) => (env.NATIONAL_ID_KEYS === undefined) === (env.NATIONAL_ID_HASH_KEY === undefined), {
    message: 'set both NATIONAL_ID_KEYS and NATIONAL_ID_HASH_KEY, or neither (the embedded default: key files in DATA_DIR)',
    path: ['NATIONAL_ID_HASH_KEY'],
  })
  .refine((env) => env.NATIONAL_ID_KEY_VERSION === undefined || (env.NATIONAL_ID_KEYS?.has(env.NATIONAL_ID_KEY_VERSION) ?? false), {
    message: 'NATIONAL_ID_KEY_VERSION must be one of the versions in NATIONAL_ID_KEYS',
    path: ['NATIONAL_ID_KEY_VERSION'],
  })
  .refine((env) => !env.NATIONAL_ID_HASH_KEY || ![...(env.NATIONAL_ID_KEYS?.values() ?? [])].some((key) => key.equals(Buffer.from(env.NATIONAL_ID_HASH_KEY!, 'base64'))), {
    message: 'NATIONAL_ID_HASH_KEY must differ from every NATIONAL_ID_KEYS key',
    path: ['NATIONAL_ID_HASH_KEY'],
  });

const NATIONAL_ID_KEYS_FORMAT =
  'must be a comma-separated list of <version>:<32 random bytes in base64>, versions whole numbers from 1 each once, e.g. 2:<new key>,1:<old key> (`openssl rand -base64 32` makes a key)';

/** An IPv4 or IPv6 address, or one with a prefix length that fits its family. */
function isAddressOrCidr(entry: string): boolean {
  const [address = '', prefix, extra] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || extra !== undefined) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

export type Env = z.infer<typeof EnvSchema>;

function hasProvider(providers: 'sandbox' | readonly ('mtn' | 'airtel')[], provider: 'mtn' | 'airtel'): boolean {
  return providers !== 'sandbox' && providers.includes(provider);
}

export interface MtnConfig {
  baseUrl: string;
  targetEnvironment: string;
  currency: string;
  collection: { subscriptionKey: string; apiUser: string; apiKey: string };
  disbursement: { subscriptionKey: string; apiUser: string; apiKey: string };
}

export interface AirtelConfig {
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  country: string;
  currency: string;
  /** Null: no Airtel disbursements (a transfer to an Airtel wallet is refused). */
  disbursement: { pin: string; publicKey: string } | null;
}

/** The embedded SandboxMobileMoney, playing MTN for 078/079 (and other) numbers and Airtel for 072/073. */
export interface SandboxMobileMoneyConfig {
  provider: 'sandbox';
  providers: readonly [];
  callbackUrl: string;
  callbackSecret: string | null;
  /** The last segment of Airtel's callback URL; null: a random one per process. */
  airtelCallbackSecret: string | null;
  currency: 'RWF';
  settleMs: number;
  ongoingMs: number;
}

/** Live providers; the payer's number chooses among them (core/payments/provider-routing.ts). */
export interface LiveMobileMoneyConfig {
  /** The first provider listed: the one the MTN-format callback route and older single-provider wiring speak for. */
  provider: 'mtn' | 'airtel';
  providers: readonly ('mtn' | 'airtel')[];
  callbackUrl: string;
  callbackSecret: string;
  airtelCallbackSecret: string | null;
  /** The currency of the first provider. */
  currency: string;
  mtn: MtnConfig | null;
  airtel: AirtelConfig | null;
}

/**
 * Card payments: Flutterwave v3 when both its secret key and its webhook hash are set, else the
 * embedded sandbox checkout (adapters/card-checkout/flutterwave-sandbox.ts), marked TEST.
 */
export type CardsConfig =
  | { provider: 'flutterwave'; baseUrl: string; secretKey: string; secretHash: string; timeoutMs: number }
  | { provider: 'sandbox'; webhookMode: 'once' | 'twice' | 'late' | 'never'; lateWebhookMs: number };

export interface Config {
  nodeEnv: Env['NODE_ENV'];
  port: number;
  host: string;
  logLevel: Env['LOG_LEVEL'];
  /**
   * Without a trailing slash. PUBLIC_BASE_URL, or else http://localhost:<port>, the port being the
   * one the server listens on (apps/main.ts reads it after listen, so PORT=0 is served too): the
   * callback URL, the e-mailed links and the Google redirect follow the port with nothing else set.
   */
  publicBaseUrl: string;
  /** Null: embedded PGlite in `dataDir`. */
  databaseUrl: string | null;
  databasePoolMax: number;
  /** What DATABASE_URL points at: PostgreSQL itself, or a PgBouncer in transaction mode. */
  databasePooler: DatabasePooler;
  /** Read replicas: none when `urls` is empty. */
  databaseReadReplicas: { urls: string[]; maxLagSeconds: number; afterWriteSeconds: number };
  dataDir: string;
  webDistDir: string;
  /**
   * How many reverse proxies in front of the app append to X-Forwarded-For (0: none trusted, the
   * socket's address is the client). The client is the address the outermost trusted proxy
   * added: the hops-th entry from the right, never the leftmost, which the client writes itself.
   */
  trustProxyHops: number;
  /** Sessions end after `idleMinutes` unused, and `absoluteHours` after sign-in in any case. */
  session: { idleMinutes: number; absoluteHours: number };
  /** Wrong passwords let through before the progressive waits begin (core/accounts/sign-in-throttle.ts). */
  signInFreeFailures: { perAccount: number; perClient: number };
  /** Null: the embedded default, a key file created in `dataDir` (adapters/crypto/outbox-sealer.ts). */
  outboxEncryptionKey: Buffer | null;
  rateLimit: { windowSeconds: number; perAddress: number; perIp: number };
  mail: { smtpUrl: string | null; from: string; pollSeconds: number };
  google: { clientId: string; clientSecret: string; issuerUrl: string; allowInsecureHttp: boolean } | null;
  /** Null: SMS stay in the outbox, kept locally (`outbox list`). */
  africasTalking: { username: string; apiKey: string; baseUrl: string; senderId: string | null } | null;
  /**
   * Who may call Africa's Talking's callbacks (USSD steps and events, SMS delivery reports).
   * `secret`: the path segment the gateway's callback URLs carry; null only in the embedded
   * default (no AT credentials, not production), where the plain paths serve the local simulator.
   * `allowedSources`: IP addresses and CIDR blocks; empty: any source.
   */
  gatewayCallbacks: { secret: string | null; allowedSources: readonly string[] };
  /**
   * `sandbox`: the embedded SandboxMobileMoney (calls back after `settleMs`); `mtn`: MTN MoMo.
   * `callbackUrl`: the callback route, to which each payment's token is added; `callbackSecret`
   * signs those tokens (null in sandbox mode when unset: a random secret per process).
   */
  mobileMoney: SandboxMobileMoneyConfig | LiveMobileMoneyConfig;
  cards: CardsConfig;
  /** `enabled` false: this replica runs no cron jobs (`jobs run` still works). */
  scheduler: { enabled: boolean; paymentPollAfterSeconds: number; paymentPollEverySeconds: number };
  /** The merchant QR's merchant account template (core/merchants/emv-qr-payload.ts). */
  merchantQr: { templateTag: string; guid: string; merchantCodeSubId: string; networkFields: Readonly<Record<string, string>> };
  /** Limits on the public pay page's collection requests (core/merchants/pay-merchant.ts). */
  payRequests: PayRequestLimits;
  /** Whether `npm start` gives the demo accounts their demo world (core/demo/seed-demo-world.ts); sandbox mode only. */
  seedDemoWorld: boolean;
  /** National ID verification (docs/identity.md). */
  nationalId: {
    /** `sandbox`: the embedded register (adapters/identity); `prembly`: Prembly IdentityPass. */
    registry: { provider: 'sandbox' } | { provider: 'prembly'; baseUrl: string; appId: string; apiKey: string };
    /** How long the register is waited for; a slower answer is "unavailable, try again later". */
    timeoutMs: number;
    /** Registry look-ups one member may cause per day. */
    lookupsPerDay: number;
    /** Null: the embedded default, key version 1 and the hash key in key files in `dataDir` (adapters/crypto/national-id-vault.ts). */
    keys: { keys: ReadonlyMap<number, Buffer>; activeVersion: number; hashKey: Buffer } | null;
  };
  uploads: UploadsConfig;
  /** Signs the statement download links the CLI e-mails (STATEMENT_LINK_KEY, else a key file in DATA_DIR). */
  statementLinkKey: Buffer | null;
  /** Facial KYC: `modelDir` null: the face models shipped in @vladmandic/face-api (its `model/`). */
  kyc: { modelDir: string | null };
  /**
   * The assistant: the built-in engine always; an OpenAI-compatible chat-completions server when
   * ASSISTANT_LLM_BASE_URL and ASSISTANT_LLM_MODEL are set (null otherwise).
   */
  assistant: {
    llm: { baseUrl: string; model: string; apiKey: string | null; timeoutMs: number } | null;
    rateLimit: { perWindow: number; windowSeconds: number };
  };
}

/** Photos and other objects members upload (core/uploads, docs/uploads.md). */
export interface UploadsConfig {
  /** Signs this server's own upload addresses; null: a key file created in `dataDir`. */
  signingKey: Buffer | null;
  addressLifetimeSeconds: number;
  addressesPerHour: number;
  /** `local`: files under `dir` (OBJECT_STORAGE_DIR, else DATA_DIR/objects); `s3`: a bucket, the client uploading to it straight. */
  storage:
    | { kind: 'local'; dir: string }
    | { kind: 's3'; endpoint: string | null; publicEndpoint: string | null; bucket: string; region: string; accessKeyId: string; secretAccessKey: string };
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/**
 * `listeningPort`: the port the server actually listens on, once it does (PORT may be 0); the
 * default public URL is built on it instead of PORT.
 */
export function loadConfig(env: Record<string, string | undefined>, options: { listeningPort?: number } = {}): Config {
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v.trim() !== ''));
  const parsed = EnvSchema.safeParse(present);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((issue) => `${issue.path.join('.') || 'environment'}: ${issue.message}`));
  }
  const e = parsed.data;
  const publicBaseUrl = (e.PUBLIC_BASE_URL ?? `http://localhost:${options.listeningPort ?? e.PORT}`).replace(/\/+$/, '');
  return {
    nodeEnv: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    logLevel: e.LOG_LEVEL,
    publicBaseUrl,
    databaseUrl: e.DATABASE_URL ?? null,
    databasePoolMax: e.DATABASE_POOL_MAX,
    databasePooler: e.DATABASE_POOLER,
    databaseReadReplicas: { urls: e.DATABASE_READ_URL, maxLagSeconds: e.DATABASE_READ_MAX_LAG_SECONDS, afterWriteSeconds: e.DATABASE_READ_AFTER_WRITE_SECONDS },
    dataDir: e.DATA_DIR,
    webDistDir: e.WEB_DIST_DIR,
    trustProxyHops: e.TRUST_PROXY_HOPS ?? (e.TRUST_PROXY ? 1 : 0),
    session: { idleMinutes: e.SESSION_IDLE_MINUTES, absoluteHours: e.SESSION_ABSOLUTE_HOURS },
    signInFreeFailures: { perAccount: e.SIGN_IN_FREE_FAILURES_PER_ACCOUNT, perClient: e.SIGN_IN_FREE_FAILURES_PER_CLIENT },
    outboxEncryptionKey: e.OUTBOX_ENCRYPTION_KEY ? Buffer.from(e.OUTBOX_ENCRYPTION_KEY, 'base64') : null,
    rateLimit: { windowSeconds: e.RATE_LIMIT_WINDOW_SECONDS, perAddress: e.RATE_LIMIT_PER_ADDRESS, perIp: e.RATE_LIMIT_PER_IP },
    mail: { smtpUrl: e.SMTP_URL ?? null, from: e.MAIL_FROM, pollSeconds: e.OUTBOX_POLL_SECONDS },
    google:
      e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET
        ? { clientId: e.GOOGLE_CLIENT_ID, clientSecret: e.GOOGLE_CLIENT_SECRET, issuerUrl: e.GOOGLE_ISSUER_URL, allowInsecureHttp: e.GOOGLE_ALLOW_INSECURE_HTTP }
        : null,
    africasTalking:
      e.AFRICASTALKING_USERNAME && e.AFRICASTALKING_API_KEY
        ? { username: e.AFRICASTALKING_USERNAME, apiKey: e.AFRICASTALKING_API_KEY, baseUrl: e.AFRICASTALKING_BASE_URL, senderId: e.AFRICASTALKING_SENDER_ID ?? null }
        : null,
    gatewayCallbacks: { secret: e.AFRICASTALKING_CALLBACK_SECRET ?? null, allowedSources: e.AFRICASTALKING_ALLOWED_SOURCES ?? [] },
    mobileMoney: mobileMoneyOf(e, publicBaseUrl),
    cards:
      e.FLUTTERWAVE_SECRET_KEY && e.FLUTTERWAVE_SECRET_HASH
        ? { provider: 'flutterwave', baseUrl: e.FLUTTERWAVE_BASE_URL, secretKey: e.FLUTTERWAVE_SECRET_KEY, secretHash: e.FLUTTERWAVE_SECRET_HASH, timeoutMs: e.FLUTTERWAVE_TIMEOUT_MS }
        : { provider: 'sandbox', webhookMode: e.CARD_SANDBOX_WEBHOOK, lateWebhookMs: e.CARD_SANDBOX_LATE_WEBHOOK_MS },
    scheduler: { enabled: e.SCHEDULER_ENABLED, paymentPollAfterSeconds: e.PAYMENT_POLL_AFTER_SECONDS, paymentPollEverySeconds: e.PAYMENT_POLL_EVERY_SECONDS },
    payRequests: { windowSeconds: e.PAY_REQUESTS_WINDOW_SECONDS, perNumber: e.PAY_REQUESTS_PER_NUMBER, perClient: e.PAY_REQUESTS_PER_CLIENT },
    merchantQr: {
      templateTag: e.MERCHANT_QR_TEMPLATE_TAG,
      guid: e.MERCHANT_QR_GUID,
      merchantCodeSubId: e.MERCHANT_QR_CODE_SUB_ID,
      networkFields: Object.fromEntries(
        e.MERCHANT_QR_NETWORK_FIELDS.split(',')
          .map((f) => f.trim())
          .filter(Boolean)
          .map((f) => f.split('=') as [string, string]),
      ),
    },
    seedDemoWorld: e.SEED_DEMO_WORLD,
    nationalId: {
      registry:
        e.NATIONAL_ID_PROVIDER === 'prembly'
          ? { provider: 'prembly', baseUrl: e.PREMBLY_BASE_URL, appId: e.PREMBLY_APP_ID ?? '', apiKey: e.PREMBLY_API_KEY ?? '' }
          : { provider: 'sandbox' },
      timeoutMs: e.NATIONAL_ID_TIMEOUT_MS,
      lookupsPerDay: e.NATIONAL_ID_LOOKUPS_PER_DAY,
      keys:
        e.NATIONAL_ID_KEYS && e.NATIONAL_ID_HASH_KEY
          ? { keys: e.NATIONAL_ID_KEYS, activeVersion: e.NATIONAL_ID_KEY_VERSION ?? Math.max(...e.NATIONAL_ID_KEYS.keys()), hashKey: Buffer.from(e.NATIONAL_ID_HASH_KEY, 'base64') }
          : null,
    },
    uploads: uploadsOf(e),
    statementLinkKey: e.STATEMENT_LINK_KEY ? Buffer.from(e.STATEMENT_LINK_KEY, 'base64') : null,
    kyc: { modelDir: e.KYC_MODEL_DIR ?? null },
    assistant: {
      llm:
        e.ASSISTANT_LLM_BASE_URL && e.ASSISTANT_LLM_MODEL
          ? { baseUrl: e.ASSISTANT_LLM_BASE_URL.replace(/\/+$/, ''), model: e.ASSISTANT_LLM_MODEL, apiKey: e.ASSISTANT_LLM_API_KEY ?? null, timeoutMs: e.ASSISTANT_LLM_TIMEOUT_MS }
          : null,
      rateLimit: { perWindow: e.ASSISTANT_MESSAGES_PER_WINDOW, windowSeconds: e.ASSISTANT_WINDOW_SECONDS },
    },
  };
}

function uploadsOf(e: Env): UploadsConfig {
  const storage: UploadsConfig['storage'] =
    e.S3_BUCKET && e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
      ? { kind: 's3', endpoint: e.S3_ENDPOINT ?? null, publicEndpoint: e.S3_PUBLIC_ENDPOINT ?? null, bucket: e.S3_BUCKET, region: e.S3_REGION, accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
      : { kind: 'local', dir: e.OBJECT_STORAGE_DIR ?? join(e.DATA_DIR, 'objects') };
  return {
    signingKey: e.UPLOAD_SIGNING_KEY ? Buffer.from(e.UPLOAD_SIGNING_KEY, 'base64') : null,
    addressLifetimeSeconds: e.UPLOAD_URL_TTL_SECONDS,
    addressesPerHour: e.UPLOADS_PER_HOUR,
    storage,
  };
}

function mobileMoneyOf(e: Env, publicBaseUrl: string): Config['mobileMoney'] {
  const callbackUrl = e.MOBILE_MONEY_CALLBACK_URL ?? `${publicBaseUrl}/api/payments/callbacks/mtn`;
  const callbackSecret = e.MOBILE_MONEY_CALLBACK_SECRET ?? null;
  const airtelCallbackSecret = e.AIRTEL_CALLBACK_SECRET ?? null;
  const providers = e.MOBILE_MONEY_PROVIDER;
  if (providers === 'sandbox') {
    return { provider: 'sandbox', providers: [], callbackUrl, callbackSecret, airtelCallbackSecret, currency: 'RWF', settleMs: e.SANDBOX_SETTLE_MS, ongoingMs: e.SANDBOX_ONGOING_MS };
  }
  const need = (value: string | undefined) => value ?? '';
  const mtn: MtnConfig | null = providers.includes('mtn')
    ? {
        baseUrl: e.MTN_BASE_URL,
        targetEnvironment: e.MTN_TARGET_ENVIRONMENT,
        currency: e.MTN_CURRENCY,
        collection: { subscriptionKey: need(e.MTN_COLLECTION_SUBSCRIPTION_KEY), apiUser: need(e.MTN_COLLECTION_API_USER), apiKey: need(e.MTN_COLLECTION_API_KEY) },
        disbursement: { subscriptionKey: need(e.MTN_DISBURSEMENT_SUBSCRIPTION_KEY), apiUser: need(e.MTN_DISBURSEMENT_API_USER), apiKey: need(e.MTN_DISBURSEMENT_API_KEY) },
      }
    : null;
  const airtel: AirtelConfig | null = providers.includes('airtel')
    ? {
        baseUrl: e.AIRTEL_BASE_URL,
        clientId: need(e.AIRTEL_CLIENT_ID),
        clientSecret: need(e.AIRTEL_CLIENT_SECRET),
        country: e.AIRTEL_COUNTRY,
        currency: e.AIRTEL_CURRENCY,
        disbursement: e.AIRTEL_DISBURSEMENT_PIN && e.AIRTEL_PUBLIC_KEY ? { pin: e.AIRTEL_DISBURSEMENT_PIN, publicKey: e.AIRTEL_PUBLIC_KEY } : null,
      }
    : null;
  const first = providers[0]!;
  return {
    provider: first,
    providers,
    callbackUrl,
    callbackSecret: need(callbackSecret ?? undefined),
    airtelCallbackSecret,
    currency: first === 'mtn' ? e.MTN_CURRENCY : e.AIRTEL_CURRENCY,
    mtn,
    airtel,
  };
}
