/**
 * Create-tontine form rules (spec part 1 §5), checked in this order, each reported by a
 * 'Validation Error' toast with the specification's words.
 *
 * Guarantees:
 * - name is required after trimming; description is required (after trimming).
 * - contributionAmount must be a decimal greater than 0 (at most two decimals).
 * - maxMembers is parsed as an integer and falls back to 1 (personal savings) when it is not a
 *   whole number of at least 1.
 * - frequency is weekly or monthly (the dialog's options; monthly by default).
 * - the group's decisions pass by a majority of all members unless unanimity is ticked
 *   (decisionRule is sent only then).
 * - The late fine is optional (none by default): a fixed amount of 1 to 1,000,000 RWF or 1 to 50 %
 *   of the contribution, in whole numbers, after 0 to 30 days of grace (3 by default), for a
 *   group only (not personal savings); the server checks the same bounds (core/tontines/late-fine.ts).
 */
import { formatDecimal, parseCentimes } from '../../lib/money.ts';

export type CreateFrequency = 'weekly' | 'monthly';
export const CREATE_FREQUENCIES: readonly CreateFrequency[] = ['weekly', 'monthly'];
export const DEFAULT_CREATE_FREQUENCY: CreateFrequency = 'monthly';

export type FineKind = 'none' | 'fixed' | 'percent';
export const FINE_KINDS: readonly FineKind[] = ['none', 'fixed', 'percent'];
export const DEFAULT_GRACE_DAYS = 3;
const FINE_BOUNDS = { fixed: 1_000_000, percent: 50, graceDays: 30 } as const;

export interface CreateTontineForm {
  name: string;
  description: string;
  contributionAmount: string;
  frequency: CreateFrequency;
  maxMembers: string;
  /** Decisions need every member's yes. */
  unanimity?: boolean;
  /** The late fine; none when absent. */
  fineKind?: FineKind;
  fineValue?: string;
  graceDays?: string;
}

export interface LateFineInput {
  kind: 'fixed' | 'percent';
  value: number;
  graceDays: number;
}

export interface CreateTontineInput {
  name: string;
  description: string;
  contributionAmount: string;
  frequency: CreateFrequency;
  maxMembers: number;
  decisionRule?: 'unanimity';
  lateFine?: LateFineInput;
}

export type CreateTontineProblem = 'nameRequired' | 'descriptionRequired' | 'amountInvalid' | 'fineInvalid';

/** A whole number written with digits only, or null. */
function wholeNumber(raw: string): number | null {
  const text = raw.trim();
  return /^\d{1,7}$/.test(text) ? Number(text) : null;
}

/** The late fine of the form: none, a valid rule, or null when it breaks a bound. */
export function lateFineOf(form: CreateTontineForm, maxMembers: number): LateFineInput | 'none' | null {
  const kind = form.fineKind ?? 'none';
  if (kind === 'none') return 'none';
  const value = wholeNumber(form.fineValue ?? '');
  const graceText = (form.graceDays ?? '').trim();
  const graceDays = graceText === '' ? DEFAULT_GRACE_DAYS : wholeNumber(graceText);
  if (maxMembers === 1 || value === null || value < 1 || value > FINE_BOUNDS[kind] || graceDays === null || graceDays > FINE_BOUNDS.graceDays) return null;
  return { kind, value, graceDays };
}

export function parseMaxMembers(raw: string): number {
  const parsed = Number.parseInt(raw, 10);
  return Number.isInteger(parsed) && parsed >= 1 ? parsed : 1;
}

export function validateCreateTontine(
  form: CreateTontineForm,
): { ok: true; input: CreateTontineInput } | { ok: false; problem: CreateTontineProblem } {
  const name = form.name.trim();
  if (name === '') return { ok: false, problem: 'nameRequired' };
  const description = form.description.trim();
  if (description === '') return { ok: false, problem: 'descriptionRequired' };
  const amount = parseCentimes(form.contributionAmount);
  if (amount === null || amount <= 0) return { ok: false, problem: 'amountInvalid' };
  const maxMembers = parseMaxMembers(form.maxMembers);
  const lateFine = lateFineOf(form, maxMembers);
  if (lateFine === null) return { ok: false, problem: 'fineInvalid' };
  return {
    ok: true,
    input: {
      name,
      description,
      contributionAmount: formatDecimal(amount),
      frequency: form.frequency,
      maxMembers,
      ...(form.unanimity ? { decisionRule: 'unanimity' as const } : {}),
      ...(lateFine === 'none' ? {} : { lateFine }),
    },
  };
}
