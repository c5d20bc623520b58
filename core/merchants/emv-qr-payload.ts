/**
 * The EMVCo merchant-presented QR payload of a merchant (PROVIDERS.md §3).
 *
 * Guarantees
 * - Every item is `ID(2) LEN(2) VALUE`, LEN counting characters; `63` (CRC) is last.
 * - CRC-16/CCITT-FALSE (poly 0x1021, init 0xFFFF, no reflection, no final XOR) over the UTF-8
 *   bytes of everything before it including `6304`, written as 4 uppercase hex digits
 *   (`crc16("123456789") = 29B1`).
 * - Static payload (`01`=`11`): currency `53`=`646` (RWF), country `58`=`RW`, name `59` (≤ 25
 *   characters), city `60` (≤ 15), MCC `52` by category; the merchant account template (tag
 *   26–51, configurable) carries the GUID in sub-ID `00` and the merchant code in a configurable
 *   sub-ID, plus any configured network sub-fields; `62`/`05` repeats the merchant code.
 * - `parseEmvPayload` reads back what `merchantQrPayload` wrote, and refuses a payload whose
 *   CRC or lengths do not match.
 */
import { err, invariant, ok, type Result } from '../shared/result.ts';

export interface EmvQrSettings {
  /** The merchant account template's tag, 26–51 ("29" by default). */
  readonly templateTag: string;
  /** Globally unique id of the scheme (sub-ID 00): an AID or a reverse domain name. */
  readonly guid: string;
  /** The sub-ID carrying the merchant code ("01" by default). */
  readonly merchantCodeSubId: string;
  /** Further network-defined sub-fields, by sub-ID. */
  readonly networkFields: Readonly<Record<string, string>>;
}

export interface MerchantQrFields {
  readonly merchantCode: string;
  readonly name: string;
  readonly city: string;
  readonly mcc: string;
}

export const RWF_NUMERIC = '646';
export const COUNTRY = 'RW';

const item = (id: string, value: string): string => {
  invariant(/^\d{2}$/.test(id), `EMV tag ${id} must be two digits`);
  invariant(value.length > 0 && value.length <= 99, `EMV tag ${id} value must be 1–99 characters`);
  return `${id}${String(value.length).padStart(2, '0')}${value}`;
};

export function crc16(text: string): string {
  let crc = 0xffff;
  for (const byte of new TextEncoder().encode(text)) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

/** Upper case ASCII letters, digits and spaces, cut to `max` characters: what every scanner shows. */
const displayable = (text: string, max: number) =>
  text
    .normalize('NFKD')
    .replace(/[^\x20-\x7E]/g, '')
    .trim()
    .slice(0, max) || 'MERCHANT';

export function merchantQrPayload(settings: EmvQrSettings, fields: MerchantQrFields): string {
  const tag = Number(settings.templateTag);
  invariant(tag >= 26 && tag <= 51, 'the merchant account template is one of tags 26–51');
  const sub = [item('00', settings.guid), item(settings.merchantCodeSubId, fields.merchantCode)];
  for (const [id, value] of Object.entries(settings.networkFields).sort(([a], [b]) => a.localeCompare(b))) sub.push(item(id, value));
  const body = [
    item('00', '01'),
    item('01', '11'),
    item(settings.templateTag, sub.join('')),
    item('52', fields.mcc),
    item('53', RWF_NUMERIC),
    item('58', COUNTRY),
    item('59', displayable(fields.name, 25)),
    item('60', displayable(fields.city, 15)),
    item('62', item('05', fields.merchantCode)),
  ].join('');
  const signed = `${body}6304`;
  return `${signed}${crc16(signed)}`;
}

export type EmvParseError = 'emv_payload_malformed' | 'emv_crc_mismatch';

/** The top-level items of a payload, with a template's sub-items under `<tag>.<subId>`. */
export function parseEmvPayload(payload: string, templateTags: readonly string[] = ['26', '27', '28', '29', '30', '62']): Result<Map<string, string>, EmvParseError> {
  const top = readItems(payload);
  if (!top) return err('emv_payload_malformed');
  const last = [...top.entries()].at(-1);
  if (!last || last[0] !== '63' || !payload.endsWith(last[1])) return err('emv_payload_malformed');
  if (crc16(payload.slice(0, -4)) !== last[1]) return err('emv_crc_mismatch');
  const out = new Map(top);
  for (const tag of templateTags) {
    const value = top.get(tag);
    if (value === undefined) continue;
    const inner = readItems(value);
    if (!inner) return err('emv_payload_malformed');
    for (const [id, v] of inner) out.set(`${tag}.${id}`, v);
  }
  return ok(out);
}

function readItems(text: string): Map<string, string> | undefined {
  const items = new Map<string, string>();
  let at = 0;
  while (at < text.length) {
    const id = text.slice(at, at + 2);
    const length = Number(text.slice(at + 2, at + 4));
    if (!/^\d{2}$/.test(id) || !/^\d{2}$/.test(text.slice(at + 2, at + 4)) || at + 4 + length > text.length) return undefined;
    items.set(id, text.slice(at + 4, at + 4 + length));
    at += 4 + length;
  }
  return items;
}
