/**
 * Flutterwave's webhook (PROVIDERS.md §7): who sent it, and what it names.
 *
 * Guarantees
 * - `isSignedByFlutterwave` accepts a body only with the dashboard's secret hash: as the
 *   `verif-hash` header (v3; compared in constant time), or as `flutterwave-signature`, the base64
 *   HMAC-SHA256 of the raw body under that hash (newer integrations). No header, or a wrong one,
 *   is refused. An empty configured hash refuses everything.
 * - `parseFlutterwaveWebhook` reads only what the app needs to ask the provider: the transaction
 *   id and our `tx_ref`. Its status and amount are never booked (the verify call's are).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';

function sameBytes(given: string, expected: string): boolean {
  const a = Buffer.from(given, 'utf8');
  const b = Buffer.from(expected, 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}

export function isSignedByFlutterwave(headers: { verifHash: string | undefined; signature: string | undefined }, rawBody: string, secretHash: string): boolean {
  if (secretHash === '') return false;
  if (headers.verifHash !== undefined && headers.verifHash !== '') return sameBytes(headers.verifHash, secretHash);
  if (headers.signature !== undefined && headers.signature !== '') return sameBytes(headers.signature, createHmac('sha256', secretHash).update(rawBody, 'utf8').digest('base64'));
  return false;
}

const Webhook = z.object({
  event: z.string().optional(),
  data: z.object({ id: z.union([z.number(), z.string()]).transform(String), tx_ref: z.string().min(1).max(255) }),
});

export function parseFlutterwaveWebhook(body: unknown): { transactionId: string; reference: string } | undefined {
  const parsed = Webhook.safeParse(body);
  return parsed.success ? { transactionId: parsed.data.data.id, reference: parsed.data.data.tx_ref } : undefined;
}
