/**
 * Notification texts: one catalogue per language (en, fr, rw, sw), one entry per template key the
 * use cases name through the Notifier port. The same words go to the in-app notification (title
 * and message), the SMS (message) and the e-mail (title as subject).
 *
 * Guarantees
 * - Every language has every template (the type makes a missing one a compile error).
 * - An SMS stays short: the message is one or two sentences, parameters included.
 */
import type { Language } from '../../core/accounts/user.ts';
import type { NotificationType } from '../../core/tontines/ports.ts';
import { localizeAmounts } from '../../core/money/number-format.ts';
import { decisionReasonParams, isDecisionReasonCode, type DecisionReason, type DecisionReasonCode } from '../../core/loans/decision-reason.ts';
import { isMerchantReasonCode, type MerchantReasonCode } from '../../core/merchants/merchant-reason.ts';
import type { InAppNotification } from '../../core/notifications/ports.ts';
import { en, enLoanReasons, enMerchantReasons } from './en.ts';
import { fr, frLoanReasons, frMerchantReasons } from './fr.ts';
import { rw, rwLoanReasons, rwMerchantReasons } from './rw.ts';
import { sw, swLoanReasons, swMerchantReasons } from './sw.ts';

export const TEMPLATE_KEYS = [
  'payout_received',
  'contribution_received',
  'payment_failed',
  // core/tontines/savings-transfer-policy.ts: a payout or withdrawal given up (core/transfers)
  'transfer_failed',
  'payout_failed_admin',
  'contribution_due',
  'contribution_overdue',
  // core/loans/loan-notices.ts
  'loan_approved',
  'loan_pending_review',
  'loan_rejected',
  'loan_disbursed',
  'loan_disbursement_failed',
  'loan_repayment_received',
  'loan_payment_due',
  // core/merchants/merchant-notices.ts
  'merchant_verified',
  'merchant_rejected',
  'merchant_suspended',
  'merchant_reinstated',
  // core/working-capital/working-capital-notices.ts
  'working_capital_approved',
  'working_capital_pending',
  'working_capital_rejected',
  'working_capital_disbursed',
  'working_capital_disbursement_failed',
  'working_capital_repaid',
  'working_capital_shortfall',
  'working_capital_overdue',
  // core/tontines/group-announcements.ts: a change to the rotation, told to every member
  'tontine_order_drawn',
  'tontine_turns_swapped',
  'tontine_started',
  // core/tontines/monthly-statement.ts: the group's month, told to every member
  'tontine_monthly_statement',
  // core/tontines/group-announcements.ts: a group decision opened and closed (core/decisions)
  'tontine_proposal_opened',
  'tontine_decision_closed',
  // core/data-rights/prepare-data-exports.ts
  'data_export_ready',
  // core/contributions/contribution-notices.ts and core/payments/settle-payment-report.ts: a late fine posted, reminded, paid
  'fine_posted',
  'fine_due',
  'fine_received',
  // core/tontines/group-announcements.ts: a fine waived, the late fine rule changed, told to every member
  'fine_waived',
  'fine_rule_changed',
  'fine_rule_removed',
] as const;
export type TemplateKey = (typeof TEMPLATE_KEYS)[number];

/** Parameters every template may use: tontineName, amount ("12,500 RWF"), cycle, dueDate, reason, businessName, merchantCode, actor ("Amina U."), month ("2026-11"), member, fine ("5%"), graceDays. */
export type TemplateParams = Readonly<Record<string, string>>;

export interface RenderedText {
  title: string;
  message: string;
}

export type Catalogue = Readonly<Record<TemplateKey, (p: TemplateParams) => RenderedText>>;

export const CATALOGUES: Readonly<Record<Language, Catalogue>> = { en, fr, rw, sw };

/** The words of each loan decision reason code (the type makes a missing code a compile error). */
export type LoanReasonTexts = Readonly<Record<DecisionReasonCode, (p: TemplateParams) => string>>;

export const LOAN_REASONS: Readonly<Record<Language, LoanReasonTexts>> = { en: enLoanReasons, fr: frLoanReasons, rw: rwLoanReasons, sw: swLoanReasons };

/** The words of each merchant rejection or suspension reason code (the type makes a missing code a compile error). */
export type MerchantReasonTexts = Readonly<Record<MerchantReasonCode, (p: TemplateParams) => string>>;

export const MERCHANT_REASONS: Readonly<Record<Language, MerchantReasonTexts>> = { en: enMerchantReasons, fr: frMerchantReasons, rw: rwMerchantReasons, sw: swMerchantReasons };

/** The templates whose `reasonCode` is a merchant's (core/merchants/merchant-notices.ts); every other `reasonCode` is a loan decision's. */
const MERCHANT_REASON_TEMPLATES: ReadonlySet<TemplateKey> = new Set(['merchant_rejected', 'merchant_suspended']);

/** The notification type each template is filed under (spec part 1 §3). */
export const TEMPLATE_TYPES: Readonly<Record<TemplateKey, NotificationType>> = {
  payout_received: 'payout_received',
  contribution_received: 'other',
  payment_failed: 'other',
  transfer_failed: 'other',
  payout_failed_admin: 'other',
  contribution_due: 'contribution_due',
  contribution_overdue: 'contribution_due',
  loan_approved: 'other',
  loan_pending_review: 'other',
  loan_rejected: 'other',
  loan_disbursed: 'other',
  loan_disbursement_failed: 'other',
  loan_repayment_received: 'other',
  loan_payment_due: 'loan_payment',
  merchant_verified: 'other',
  merchant_rejected: 'other',
  merchant_suspended: 'other',
  merchant_reinstated: 'other',
  working_capital_approved: 'other',
  working_capital_pending: 'other',
  working_capital_rejected: 'other',
  working_capital_disbursed: 'other',
  working_capital_disbursement_failed: 'other',
  working_capital_repaid: 'other',
  working_capital_shortfall: 'loan_payment',
  working_capital_overdue: 'loan_payment',
  tontine_order_drawn: 'other',
  tontine_turns_swapped: 'other',
  tontine_started: 'other',
  tontine_monthly_statement: 'other',
  tontine_proposal_opened: 'other',
  tontine_decision_closed: 'other',
  data_export_ready: 'other',
  fine_posted: 'contribution_due',
  fine_due: 'contribution_due',
  fine_received: 'other',
  fine_waived: 'other',
  fine_rule_changed: 'other',
  fine_rule_removed: 'other',
};

export function isTemplateKey(key: string): key is TemplateKey {
  return (TEMPLATE_KEYS as readonly string[]).includes(key);
}

/**
 * The template in `language`. Amounts in the parameters were written in English ("12,500 RWF",
 * Money.format()) by use cases that do not know the reader; here they take the language's one
 * number format (core/money/number-format.ts: "12.500 RWF" in Kinyarwanda), as on the web.
 */
export function render(language: Language, key: TemplateKey, params: TemplateParams): RenderedText {
  const localized = localizeParams(language, params);
  const reason = reasonWords(language, key, localized);
  return CATALOGUES[language][key](reason === undefined ? localized : { ...localized, reason });
}

/**
 * A reason that comes as its code, worded here in the same language: a loan decision's
 * (core/loans/loan-notices.ts) or a merchant decision's (core/merchants/merchant-notices.ts): the
 * template says which list the code is from, so the two lists may use the same word.
 */
function reasonWords(language: Language, key: TemplateKey, params: TemplateParams): string | undefined {
  const code = params.reasonCode;
  if (code === undefined) return undefined;
  if (MERCHANT_REASON_TEMPLATES.has(key)) return isMerchantReasonCode(code) ? describeMerchantReason(language, code) : undefined;
  return isDecisionReasonCode(code) ? LOAN_REASONS[language][code](params) : undefined;
}

/** Why a business is rejected or suspended, in words in `language`. */
export function describeMerchantReason(language: Language, code: MerchantReasonCode): string {
  return MERCHANT_REASONS[language][code]({});
}

function localizeParams(language: Language, params: TemplateParams): TemplateParams {
  return Object.fromEntries(Object.entries(params).map(([name, value]) => [name, localizeAmounts(value, language)]));
}

/** A loan decision's reason in words, in `language`; a sentence written before reasons had codes, as written. */
export function describeDecisionReason(language: Language, reason: DecisionReason): string {
  if (reason.code === 'written') return reason.text;
  return LOAN_REASONS[language][reason.code](localizeParams(language, decisionReasonParams(reason)));
}

/**
 * An in-app notification as the reader sees it now: rendered from its template in the reader's
 * language, or, written before templates were kept (or from a template this version no longer
 * has), its text as first written.
 */
export function renderNotification(language: Language, notification: InAppNotification): RenderedText {
  const template = notification.template;
  if (template && isTemplateKey(template.key)) return render(language, template.key, template.params);
  return { title: notification.title, message: notification.message };
}
