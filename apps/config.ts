/**
 * Configuration from the environment, validated once at start. `.env.example` lists every
 * variable. An empty value counts as unset, so a copied `.env` with blanks keeps the defaults.
 */
import { z } from 'zod';

const optionalText = z.string().trim().min(1).optional();
const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback);
const flag = z.enum(['true', 'false', '1', '0']).default('false').transform((v) => v === 'true' || v === '1');

const EnvSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
    HOST: z.string().default('0.0.0.0'),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    PUBLIC_BASE_URL: z.url({ protocol: /^https?$/ }).default('http://localhost:3000'),
    DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
    DATABASE_POOL_MAX: positiveInt(10),
    DATA_DIR: z.string().default('./data'),
    WEB_DIST_DIR: z.string().default('./dist/web'),
    TRUST_PROXY_HOPS: z.coerce.number().int().min(0).max(10).optional(),
    /** Deprecated: `true` means TRUST_PROXY_HOPS=1 (kept so that existing deployments keep working). */
    TRUST_PROXY: flag,
    SESSION_TTL_DAYS: positiveInt(30),
    RATE_LIMIT_WINDOW_SECONDS: positiveInt(900),
    RATE_LIMIT_PER_ADDRESS: positiveInt(10),
    RATE_LIMIT_PER_IP: positiveInt(50),
    SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
    MAIL_FROM: z.string().default('Ikimina <no-reply@ikimina.local>'),
    OUTBOX_POLL_SECONDS: positiveInt(5),
    GOOGLE_CLIENT_ID: optionalText,
    GOOGLE_CLIENT_SECRET: optionalText,
    GOOGLE_ISSUER_URL: z.url().default('https://accounts.google.com'),
    GOOGLE_ALLOW_INSECURE_HTTP: flag,
    AFRICASTALKING_USERNAME: optionalText,
    AFRICASTALKING_API_KEY: optionalText,
    AFRICASTALKING_BASE_URL: z.url({ protocol: /^https?$/ }).default('https://api.africastalking.com'),
    AFRICASTALKING_SENDER_ID: optionalText,
    MOBILE_MONEY_PROVIDER: z.enum(['sandbox', 'mtn']).default('sandbox'),
    MOBILE_MONEY_CALLBACK_URL: z.url({ protocol: /^https?$/ }).optional(),
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
    SCHEDULER_ENABLED: z.enum(['true', 'false', '1', '0']).default('true').transform((v) => v === 'true' || v === '1'),
    PAYMENT_POLL_AFTER_SECONDS: positiveInt(120),
  })
  .refine((env) => Boolean(env.GOOGLE_CLIENT_ID) === Boolean(env.GOOGLE_CLIENT_SECRET), {
    message: 'set both GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET, or neither',
    path: ['GOOGLE_CLIENT_SECRET'],
  })
  .refine(
    (env) =>
      env.MOBILE_MONEY_PROVIDER !== 'mtn' ||
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
  .refine((env) => Boolean(env.AFRICASTALKING_USERNAME) === Boolean(env.AFRICASTALKING_API_KEY), {
    message: 'set both AFRICASTALKING_USERNAME and AFRICASTALKING_API_KEY, or neither',
    path: ['AFRICASTALKING_API_KEY'],
  });

export type Env = z.infer<typeof EnvSchema>;

export interface Config {
  nodeEnv: Env['NODE_ENV'];
  port: number;
  host: string;
  logLevel: Env['LOG_LEVEL'];
  /** Without a trailing slash. */
  publicBaseUrl: string;
  /** Null: embedded PGlite in `dataDir`. */
  databaseUrl: string | null;
  databasePoolMax: number;
  dataDir: string;
  webDistDir: string;
  /**
   * How many reverse proxies in front of the app append to X-Forwarded-For (0: none trusted, the
   * socket's address is the client). The client is the address the outermost trusted proxy
   * added: the hops-th entry from the right, never the leftmost, which the client writes itself.
   */
  trustProxyHops: number;
  sessionTtlDays: number;
  rateLimit: { windowSeconds: number; perAddress: number; perIp: number };
  mail: { smtpUrl: string | null; from: string; pollSeconds: number };
  google: { clientId: string; clientSecret: string; issuerUrl: string; allowInsecureHttp: boolean } | null;
  /** Null: SMS stay in the outbox, kept locally (`outbox list`). */
  africasTalking: { username: string; apiKey: string; baseUrl: string; senderId: string | null } | null;
  /**
   * `sandbox`: the embedded SandboxMobileMoney (calls back after `settleMs`); `mtn`: MTN MoMo.
   * `callbackUrl`: where the provider sends its callbacks.
   */
  mobileMoney:
    | { provider: 'sandbox'; callbackUrl: string; settleMs: number; ongoingMs: number }
    | {
        provider: 'mtn';
        callbackUrl: string;
        baseUrl: string;
        targetEnvironment: string;
        currency: string;
        collection: { subscriptionKey: string; apiUser: string; apiKey: string };
        disbursement: { subscriptionKey: string; apiUser: string; apiKey: string };
      };
  /** `enabled` false: this replica runs no cron jobs (`jobs run` still works). */
  scheduler: { enabled: boolean; paymentPollAfterSeconds: number };
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

export function loadConfig(env: Record<string, string | undefined>): Config {
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v.trim() !== ''));
  const parsed = EnvSchema.safeParse(present);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((issue) => `${issue.path.join('.') || 'environment'}: ${issue.message}`));
  }
  const e = parsed.data;
  return {
    nodeEnv: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    logLevel: e.LOG_LEVEL,
    publicBaseUrl: e.PUBLIC_BASE_URL.replace(/\/+$/, ''),
    databaseUrl: e.DATABASE_URL ?? null,
    databasePoolMax: e.DATABASE_POOL_MAX,
    dataDir: e.DATA_DIR,
    webDistDir: e.WEB_DIST_DIR,
    trustProxyHops: e.TRUST_PROXY_HOPS ?? (e.TRUST_PROXY ? 1 : 0),
    sessionTtlDays: e.SESSION_TTL_DAYS,
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
    mobileMoney: mobileMoneyOf(e),
    scheduler: { enabled: e.SCHEDULER_ENABLED, paymentPollAfterSeconds: e.PAYMENT_POLL_AFTER_SECONDS },
  };
}

function mobileMoneyOf(e: Env): Config['mobileMoney'] {
  const callbackUrl = e.MOBILE_MONEY_CALLBACK_URL ?? `${e.PUBLIC_BASE_URL.replace(/\/+$/, '')}/api/payments/callbacks/mtn`;
  if (e.MOBILE_MONEY_PROVIDER === 'sandbox') return { provider: 'sandbox', callbackUrl, settleMs: e.SANDBOX_SETTLE_MS, ongoingMs: e.SANDBOX_ONGOING_MS };
  const need = (value: string | undefined) => value ?? '';
  return {
    provider: 'mtn',
    callbackUrl,
    baseUrl: e.MTN_BASE_URL,
    targetEnvironment: e.MTN_TARGET_ENVIRONMENT,
    currency: e.MTN_CURRENCY,
    collection: { subscriptionKey: need(e.MTN_COLLECTION_SUBSCRIPTION_KEY), apiUser: need(e.MTN_COLLECTION_API_USER), apiKey: need(e.MTN_COLLECTION_API_KEY) },
    disbursement: { subscriptionKey: need(e.MTN_DISBURSEMENT_SUBSCRIPTION_KEY), apiUser: need(e.MTN_DISBURSEMENT_API_USER), apiKey: need(e.MTN_DISBURSEMENT_API_KEY) },
  };
}
