/**
 * The one rule that keeps secrets carried in URLs out of the logs, applied to every line the
 * application's logger writes (createLogger's `streamWrite` hook), whatever field or message the
 * URL travels in: the request log's path, an error's message, a provider's address.
 *
 * Guarantees
 * - The path segment that is a callback's credential is replaced by its route parameter's name:
 *   Airtel's callback secret (`/api/payments/callbacks/airtel/{secret}`), each payment's MTN token
 *   (`/api/payments/callbacks/mtn/{token}`), the gateway's secret on the SMS delivery reports
 *   (`/api/sms/delivery-reports/{secret}`) and on USSD (`/ussd/africastalking/{secret}`, its
 *   `/events` too; the plain `/ussd/africastalking/events` is left as it is).
 * - A query or fragment parameter that carries a credential (a sign-in, magic-link or reset
 *   `token`, an upload address's `signature`, an OAuth `code` or `state`, any `secret`, `key`,
 *   `password`, `access_token`, `id_token`) keeps its name and loses its value: `token=[redacted]`.
 * - A bearer credential (`Bearer <token>`) loses its token.
 * - Redacting a redacted line changes nothing; characters that end a URL in JSON text (a quote, a
 *   backslash, a blank) end the value replaced, so the line stays valid JSON.
 */

/** Routes whose segment after the prefix is a credential, with the name the log gives it instead. */
const SECRET_SEGMENTS: ReadonlyArray<{ prefix: string; name: string; except?: string }> = [
  { prefix: '/api/payments/callbacks/airtel/', name: '{secret}' },
  { prefix: '/api/payments/callbacks/mtn/', name: '{token}' },
  { prefix: '/api/sms/delivery-reports/', name: '{secret}' },
  // `/ussd/africastalking/events` is the plain (secret-less) events route.
  { prefix: '/ussd/africastalking/', name: '{secret}', except: 'events' },
];

const CREDENTIAL_PARAMETERS = ['token', 'signature', 'secret', 'code', 'state', 'key', 'password', 'access_token', 'id_token', 'refresh_token'];

/** What a URL value may be made of inside a JSON log line: anything up to a delimiter of the URL or of JSON. */
const VALUE = String.raw`[^/?#&\s"\\]+`;

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

const SEGMENT_RULES = SECRET_SEGMENTS.map(({ prefix, name, except }) => ({
  pattern: new RegExp(`(${escaped(prefix)})${except ? `(?!${escaped(except)}(?:[/?#"\\s\\\\]|$))` : ''}${VALUE}`, 'g'),
  replacement: `$1${name}`,
}));

const PARAMETER_RULE = new RegExp(String.raw`([?&#;](?:${CREDENTIAL_PARAMETERS.join('|')})=)[^&#\s"\\]+`, 'gi');
const BEARER_RULE = /(Bearer\s+)[A-Za-z0-9._~+/=-]+/gi;

const REDACTED = '[redacted]';

/** The text with every credential the rule knows replaced (see the header). */
export function redactSecrets(text: string): string {
  let redacted = text;
  for (const rule of SEGMENT_RULES) redacted = redacted.replace(rule.pattern, rule.replacement);
  return redacted.replace(PARAMETER_RULE, `$1${REDACTED}`).replace(BEARER_RULE, `$1${REDACTED}`);
}
