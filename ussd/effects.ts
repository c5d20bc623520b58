/**
 * Effects: what the menu asks the channel to do through a core use case, and what comes back.
 *
 * Guarantees
 * - `key` is unique within a session and the same on every retry of the same step: the channel
 *   uses `${sessionId}:${key}` as the use case's idempotency key, so even a race between two
 *   replicas cannot start a second payment.
 * - Every error code a use case can answer here has its one text (EFFECT_ERROR_MESSAGES); the
 *   channel never writes a text of its own.
 */
import type { Language } from '../core/accounts/user.ts';
import type { PayContributionError } from '../core/contributions/pay-contribution.ts';
import type { VoteOnProposalError } from '../core/decisions/vote-on-proposal.ts';
import type { MessageKey } from './catalogues/catalogue.ts';

export type Effect =
  /** Compare with the stored PIN hash of this phone's account. */
  | { readonly effect: 'verifyPin'; readonly key: string; readonly pin: string }
  /**
   * Create the account keyed by this phone, with the PIN stored hashed like a password.
   * `notTheWebAccountHolder`: the caller was told a web account gives this number and said it is not theirs.
   */
  | { readonly effect: 'register'; readonly key: string; readonly firstName: string; readonly lastName: string; readonly pin: string; readonly language: Language; readonly notTheWebAccountHolder: boolean }
  /** Request a mobile-money collection from this phone for the contribution. */
  | { readonly effect: 'payContribution'; readonly key: string; readonly tontineId: string; readonly contributionId: string }
  /** Check the PIN, then request a mobile-money collection from this phone for the merchant (core/merchants PayMerchant). */
  | { readonly effect: 'payMerchant'; readonly key: string; readonly merchantCode: string; readonly francs: number; readonly pin: string }
  | { readonly effect: 'changeLanguage'; readonly key: string; readonly language: Language }
  /** Vote yes or no on an open proposal of the member's group (core/decisions VoteOnProposal). */
  | { readonly effect: 'vote'; readonly key: string; readonly tontineId: string; readonly proposalId: string; readonly vote: 'yes' | 'no' }
  /** Replace the PIN if `oldPin` is right. */
  | { readonly effect: 'changePin'; readonly key: string; readonly oldPin: string; readonly newPin: string };

/**
 * `pin_incorrect`: verifyPin or changePin with a wrong PIN. `phone_taken`: register raced another.
 * `phone_number_not_rwandan`: register from a number that may not register (the menu asks only
 * for numbers the snapshot says may; the use case has the last word). `phone_on_web_account`:
 * register from a number a web account gave meanwhile (the menu warns when the snapshot says so).
 */
export type EffectError = 'pin_incorrect' | 'phone_taken' | 'phone_number_not_rwandan' | 'phone_on_web_account' | PayContributionError | PayMerchantEffectError | VoteOnProposalError;

/** What paying a merchant can answer besides the mobile-money errors. */
export type PayMerchantEffectError = 'merchant_not_found' | 'merchant_not_verified' | 'merchant_not_active' | 'payment_amount_invalid' | 'phone_number_invalid';

export type EffectResult = { readonly key: string; readonly ok: true } | { readonly key: string; readonly ok: false; readonly error: EffectError };

export const EFFECT_ERROR_MESSAGES: Readonly<Record<Exclude<EffectError, 'pin_incorrect'>, MessageKey>> = {
  phone_taken: 'reg_phone_taken',
  phone_number_not_rwandan: 'reg_not_rwandan',
  phone_on_web_account: 'reg_on_web_account',
  contribution_not_found: 'err_contribution_not_found',
  amount_must_be_whole_francs: 'err_amount_not_whole_francs',
  contribution_already_paid: 'err_contribution_already_paid',
  fine_waived: 'err_fine_waived',
  payment_in_progress: 'err_payment_in_progress',
  mobile_money_refused: 'err_mobile_money_refused',
  mobile_money_unavailable: 'err_mobile_money_unavailable',
  merchant_not_found: 'err_merchant_not_found',
  merchant_not_verified: 'err_merchant_not_verified',
  merchant_not_active: 'err_merchant_not_active',
  payment_amount_invalid: 'merchant_amount_invalid',
  phone_number_invalid: 'err_phone_not_payable',
  // A vote: the proposal closed since the list was shown, or the member no longer sees it.
  proposal_closed: 'err_vote_closed',
  proposal_not_found: 'err_vote_unavailable',
  not_a_member: 'err_vote_unavailable',
  tontine_not_found: 'err_vote_unavailable',
};
