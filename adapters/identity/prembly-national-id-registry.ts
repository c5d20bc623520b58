/**
 * PremblyNationalIdRegistry: the NationalIdRegistry port over Prembly IdentityPass, an identity
 * aggregator that covers Rwanda's national ID (PROVIDERS.md §9), with `fetch`.
 *
 * Protocol: `POST {base}/identitypass/verification/rw/nid`, headers `app-id` and `x-api-key`,
 * JSON body `{"number": "<16 digits>"}` → `{status, response_code, detail, data: {…}}`;
 * `status: true` with `response_code: "00"` is a record, `response_code: "01"` is "not found".
 *
 * Guarantees
 * - Never throws for Prembly or the network: an answer that is not a record nor "not found" (5xx,
 *   429, refused credentials, another response code, a body that does not parse, a record without
 *   a name), a network error or no answer within `timeoutMs` is `national_id_registry_unavailable`.
 * - The record is read with zod at this edge, forgiving in what Prembly may send for Rwanda: its
 *   documented `{name, tin}`, or the register's fields seen in client code [C] (`foreName`,
 *   `surnames`, `dateOfBirth`, `sex`, `nationality`, `photo` in base64, also in snake_case). A field
 *   that does not read (a date in an unknown form, a photo that is not base64) is left out, never
 *   a reason to refuse the record.
 * - The number and the keys are never logged here (this adapter logs nothing).
 */
import { z } from 'zod';
import type { NationalIdLookupError, NationalIdRecord, NationalIdRegistry } from '../../core/identity/ports.ts';
import { localDate, parseDate, daysInMonth, type LocalDate } from '../../core/shared/calendar.ts';
import { err, ok, type Result } from '../../core/shared/result.ts';
import { PHOTO_MAX_BYTES } from '../../core/uploads/ports.ts';

export const PREMBLY_BASE_URL = 'https://api.prembly.com';
export const PREMBLY_RW_NID_PATH = '/identitypass/verification/rw/nid';

export interface PremblyOptions {
  /** `https://api.prembly.com`, Prembly's sandbox, or a local fake. */
  baseUrl: string;
  appId: string;
  apiKey: string;
  /** Per request; a slower answer counts as unavailable. 10 s by default. */
  timeoutMs?: number;
}

export class PremblyNationalIdRegistry implements NationalIdRegistry {
  readonly name = 'prembly';
  private readonly url: string;
  private readonly timeoutMs: number;

  constructor(private readonly options: PremblyOptions) {
    this.url = `${options.baseUrl.replace(/\/+$/, '')}${PREMBLY_RW_NID_PATH}`;
    this.timeoutMs = options.timeoutMs ?? 10_000;
  }

  async lookup(nin: string): Promise<Result<NationalIdRecord, NationalIdLookupError>> {
    let response: Response;
    let body: unknown;
    try {
      response = await fetch(this.url, {
        method: 'POST',
        headers: { 'app-id': this.options.appId, 'x-api-key': this.options.apiKey, 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify({ number: nin }),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      body = await response.json().catch(() => undefined);
    } catch {
      return err('national_id_registry_unavailable');
    }
    if (response.status >= 500) return err('national_id_registry_unavailable');
    const answer = PremblyAnswer.safeParse(body);
    if (!answer.success) return err('national_id_registry_unavailable');
    const { status, response_code: code, data } = answer.data;
    if (code === '01' && status !== true) return err('national_id_not_found');
    if (!response.ok || status !== true || code !== '00') return err('national_id_registry_unavailable');
    const record = PremblyRecord.safeParse(data);
    return record.success ? ok(record.data) : err('national_id_registry_unavailable');
  }
}

/** The envelope of every Prembly answer. */
const PremblyAnswer = z.object({
  status: z.boolean().optional(),
  // "00", "01"…; a number (1) is read as its two-digit code.
  response_code: z.union([z.string(), z.number()]).transform((code) => String(code).padStart(2, '0')).optional(),
  detail: z.string().optional().catch(undefined),
  data: z.unknown().optional(),
});

/** A text Prembly may leave out, send empty, null or as something else: absent in each case. */
const Text = z.string().trim().min(1).max(500).optional().catch(undefined);
const Untyped = z.unknown().optional();

/**
 * The first of these fields that has a text: Prembly's endpoints name the same field differently
 * (camelCase from the register, snake_case in their own envelope, `name` for the full name).
 */
const first = (data: Record<string, unknown>, ...names: string[]): string | undefined => {
  for (const name of names) {
    const parsed = Text.parse(data[name]);
    if (parsed !== undefined) return parsed;
  }
  return undefined;
};

const PremblyRecord = z
  .record(z.string(), Untyped)
  .transform((data, context): NationalIdRecord => {
    const foreName = first(data, 'foreName', 'forename', 'foreNames', 'firstName', 'first_name', 'firstname', 'given_names') ?? null;
    const surnames = first(data, 'surnames', 'surname', 'lastName', 'last_name', 'lastname') ?? null;
    const fullName = first(data, 'name', 'fullName', 'full_name', 'fullname') ?? [foreName, surnames].filter(Boolean).join(' ');
    if (!fullName) {
      context.issues.push({ code: 'custom', message: 'the record has no name', input: data });
      return z.NEVER;
    }
    return {
      foreName: foreName && surnames ? foreName : null,
      surnames: foreName && surnames ? surnames : null,
      fullName,
      dateOfBirth: dateOf(first(data, 'dateOfBirth', 'date_of_birth', 'dob', 'birthDate', 'birth_date')),
      sex: sexOf(first(data, 'sex', 'gender')),
      nationality: first(data, 'nationality', 'citizenship') ?? null,
      photo: photoOf(data.photo ?? data.image ?? data.picture ?? data.photo_base64),
    };
  });

/** `YYYY-MM-DD` (with a time after it or not) or the day-first `DD/MM/YYYY` of Rwandan documents. */
export function dateOf(text: string | undefined): LocalDate | null {
  if (!text) return null;
  const iso = parseDate(text.slice(0, 10));
  if (iso) return iso;
  const dayFirst = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(text);
  if (!dayFirst) return null;
  const [day, month, year] = [Number(dayFirst[1]), Number(dayFirst[2]), Number(dayFirst[3])];
  return month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month) ? localDate(year, month, day) : null;
}

function sexOf(text: string | undefined): 'male' | 'female' | null {
  const word = text?.toLowerCase();
  if (word === 'm' || word === 'male' || word === 'gabo') return 'male';
  if (word === 'f' || word === 'female' || word === 'gore') return 'female';
  return null;
}

/** Base64, with or without a `data:image/…;base64,` prefix; null when absent, not base64, empty or over 5 MB. */
export function photoOf(value: unknown): Uint8Array | null {
  if (typeof value !== 'string') return null;
  const base64 = value.replace(/^data:[\w/+.-]+;base64,/, '').replace(/\s+/g, '');
  if (base64.length === 0 || base64.length > Math.ceil(PHOTO_MAX_BYTES / 3) * 4 || !/^[A-Za-z0-9+/_-]+={0,2}$/.test(base64)) return null;
  const bytes = Buffer.from(base64, 'base64');
  return bytes.length > 0 ? new Uint8Array(bytes) : null;
}
