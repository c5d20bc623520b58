/**
 * Ledger accounts: what each account holds, its id, its normal side, and whether it may go negative.
 *
 * Guarantees
 * - An account id is a stable string `<kind>` or `<kind>:<scope>` (`pool:<tontineId>`,
 *   `loan:<loanId>`, `mobile_money:mtn`); the same account always has the same id.
 * - Sign convention of the whole ledger: a posting's amount is POSITIVE FOR A DEBIT and NEGATIVE
 *   FOR A CREDIT; the postings of an entry sum to zero.
 * - An account's balance is read on its normal side: assets (debit-normal) count debits as
 *   positive, liabilities and income (credit-normal) count credits as positive. A tontine pool
 *   holding 5,000 RWF has balance +5,000.
 * - Pools, payables and loan receivables can never go negative (see
 *   `mayGoNegative`); the journal refuses an entry that would take one below zero.
 */
import { err, invariant, ok, type Result } from '../shared/result.ts';

export type AccountId = string;
export type NormalSide = 'debit' | 'credit';

interface AccountKindRule {
  readonly normal: NormalSide;
  readonly mayGoNegative: boolean;
  /** A scoped kind has one account per provider / tontine / loan / merchant / agent. */
  readonly scoped: boolean;
}

/**
 * The chart of accounts.
 * - mobile_money: the platform's wallet at a provider (asset). A collection is posted when the
 *   provider confirms it, a transfer when the provider accepts it (core/payments/ports.ts). It may
 *   go negative in the ledger because the ledger does not model the provider's float (lending
 *   capital is topped up outside the app); the provider refuses what it cannot pay.
 * - pool: a tontine's pot, or a member's personal savings for a one-member tontine (liability).
 * - loan: principal a member still owes on one loan (asset). Interest is income when repaid.
 * - interest_income, fee_income: the platform's revenue; commissions are paid out of fee income.
 * - merchant_payable, agent_commission: what the platform owes a merchant or an agent (liability).
 * - merchant_receivable: what a merchant owes back for its reversed payments (asset), until the
 *   settlement batch that carries those reversals as negative lines nets it against the payable
 *   (core/merchants/merchant-reversal.ts).
 * - merchant_refund: a reversed payment's gross owed to its payer (liability), until the refund
 *   transfer leaves it for the provider's clearing account; zero once the refund is booked.
 * - working_capital: what a merchant still owes of the principal of one working-capital advance
 *   (asset, core/working-capital); its flat fee is fee income when repaid (principal first).
 * - card_clearing: what the card processor holds for us (asset): a card payment is posted here
 *   when the provider's verify call confirms it (core/payment-reports/confirm-card-payment.ts).
 * - card_fees: the card processor's fees, when it reports them (expense, DOMAIN.md "Cards"): the
 *   payer pays the stated amount, the fee is ours.
 * - rounding: fractions of a franc that can no longer be paid out (a closed pool's last
 *   centimes); they are swept here so no centime disappears.
 */
export const ACCOUNT_KINDS = {
  mobile_money: { normal: 'debit', mayGoNegative: true, scoped: true },
  pool: { normal: 'credit', mayGoNegative: false, scoped: true },
  loan: { normal: 'debit', mayGoNegative: false, scoped: true },
  interest_income: { normal: 'credit', mayGoNegative: true, scoped: false },
  fee_income: { normal: 'credit', mayGoNegative: true, scoped: false },
  merchant_payable: { normal: 'credit', mayGoNegative: false, scoped: true },
  agent_commission: { normal: 'credit', mayGoNegative: false, scoped: true },
  merchant_receivable: { normal: 'debit', mayGoNegative: false, scoped: true },
  merchant_refund: { normal: 'credit', mayGoNegative: false, scoped: true },
  working_capital: { normal: 'debit', mayGoNegative: false, scoped: true },
  rounding: { normal: 'credit', mayGoNegative: true, scoped: false },
  card_clearing: { normal: 'debit', mayGoNegative: true, scoped: true },
  card_fees: { normal: 'debit', mayGoNegative: true, scoped: true },
} as const satisfies Record<string, AccountKindRule>;

export type AccountKind = keyof typeof ACCOUNT_KINDS;

export interface Account {
  readonly id: AccountId;
  readonly kind: AccountKind;
  readonly scope?: string;
  readonly normal: NormalSide;
  readonly mayGoNegative: boolean;
}

const SCOPE = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,127}$/;

function scopedId(kind: AccountKind, scope: string): AccountId {
  const id = `${kind}:${scope}`;
  invariant(parseAccountId(id).ok, `Invalid ledger account scope: ${JSON.stringify(scope)}`);
  return id;
}

export const accounts = {
  mobileMoney: (provider: string) => scopedId('mobile_money', provider),
  /** Where a collection lands: the card processor's clearing account for a card payment, else the mobile-money wallet. */
  collection: (provider: string) => (provider === 'flutterwave' ? scopedId('card_clearing', provider) : scopedId('mobile_money', provider)),
  cardClearing: (provider: string) => scopedId('card_clearing', provider),
  cardFees: (provider: string) => scopedId('card_fees', provider),
  pool: (tontineId: string) => scopedId('pool', tontineId),
  loan: (loanId: string) => scopedId('loan', loanId),
  merchantPayable: (merchantId: string) => scopedId('merchant_payable', merchantId),
  agentCommission: (agentId: string) => scopedId('agent_commission', agentId),
  merchantReceivable: (merchantId: string) => scopedId('merchant_receivable', merchantId),
  /** Scoped by the reversed transaction: one refund per payment. */
  merchantRefund: (transactionId: string) => scopedId('merchant_refund', transactionId),
  workingCapital: (loanId: string) => scopedId('working_capital', loanId),
  interestIncome: 'interest_income' as AccountId,
  feeIncome: 'fee_income' as AccountId,
  rounding: 'rounding' as AccountId,
};

export function parseAccountId(id: string): Result<Account, 'account_id_invalid'> {
  const colon = id.indexOf(':');
  const kindName = colon === -1 ? id : id.slice(0, colon);
  if (!Object.hasOwn(ACCOUNT_KINDS, kindName)) return err('account_id_invalid');
  const kind = kindName as AccountKind;
  const rule: AccountKindRule = ACCOUNT_KINDS[kind];
  if (!rule.scoped) return colon === -1 ? ok({ id, kind, normal: rule.normal, mayGoNegative: rule.mayGoNegative }) : err('account_id_invalid');
  const scope = colon === -1 ? '' : id.slice(colon + 1);
  if (!SCOPE.test(scope)) return err('account_id_invalid');
  return ok({ id, kind, scope, normal: rule.normal, mayGoNegative: rule.mayGoNegative });
}
