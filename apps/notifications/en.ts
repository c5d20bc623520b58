/** English notification texts. */
import type { Catalogue, LoanReasonTexts, MerchantReasonTexts } from './catalogue.ts';

const enDecisionKinds: Readonly<Record<string, string>> = { change_payout_order: 'change the payout order', change_fine: 'change the late fine', waive_fine: 'waive a fine' };
const enDecisionResults: Readonly<Record<string, string>> = { passed: 'passed and done', rejected: 'rejected', void: 'passed but could not be done' };

export const en: Catalogue = {
  payout_received: (p) => ({ title: 'Payout sent', message: `Ikimina: ${p.amount} from ${p.tontineName} (cycle ${p.cycle}) has been sent to your mobile money.` }),
  contribution_received: (p) => ({ title: 'Payment received', message: `Ikimina: we received your ${p.amount} contribution to ${p.tontineName} (cycle ${p.cycle}). Thank you!` }),
  payment_failed: (p) => ({ title: 'Payment failed', message: `Ikimina: your ${p.amount} payment to ${p.tontineName} did not go through. Please try again.` }),
  transfer_failed: (p) => ({ title: 'Transfer not sent', message: `Ikimina: we could not send ${p.amount} from ${p.tontineName} to your mobile money after several tries. The money is safe in the group; please check your mobile-money number.` }),
  payout_failed_admin: (p) => ({ title: 'Payout not sent', message: `Ikimina: a payout of ${p.amount} from ${p.tontineName} could not be sent to the member's mobile money after several tries. The money stays in the group.` }),
  contribution_due: (p) => ({ title: 'Contribution due', message: `Ikimina: your ${p.amount} contribution to ${p.tontineName} is due on ${p.dueDate}.` }),
  contribution_overdue: (p) => ({ title: 'Contribution overdue', message: `Ikimina: your ${p.amount} contribution to ${p.tontineName} was due on ${p.dueDate}. Please pay it now.` }),
  loan_approved: (p) => ({ title: 'Loan approved', message: `Ikimina: your loan of ${p.amount} is approved at ${p.rate} a year. It is being sent to your mobile money.` }),
  loan_pending_review: (p) => ({ title: 'Loan under review', message: `Ikimina: your loan request of ${p.amount} is waiting for a loan officer. We will tell you the decision.` }),
  loan_rejected: (p) => ({ title: 'Loan not approved', message: `Ikimina: your loan request of ${p.amount} was not approved. Reason: ${p.reason}` }),
  loan_disbursed: (p) => ({ title: 'Loan sent', message: `Ikimina: ${p.amount} has been sent to your mobile money. First instalment ${p.monthlyPayment} due on ${p.firstDueDate}.` }),
  loan_disbursement_failed: (p) => ({ title: 'Loan not sent', message: `Ikimina: we could not send your loan of ${p.amount} to your mobile money after several tries. You owe nothing on it; please check your mobile-money number, our team will contact you.` }),
  loan_repayment_received: (p) => ({ title: 'Loan repayment received', message: `Ikimina: we received your loan repayment of ${p.amount}. Still to repay: ${p.remaining}.` }),
  loan_payment_due: (p) => ({ title: 'Loan instalment due', message: `Ikimina: your loan instalment of ${p.amount} is due on ${p.dueDate}.` }),
  merchant_verified: (p) => ({ title: 'Business verified', message: `Ikimina: ${p.businessName} is verified and accepts payments now. Customers pay with your QR code, or by USSD with the code ${p.merchantCode}.` }),
  merchant_rejected: (p) => ({ title: 'Business not verified', message: `Ikimina: ${p.businessName} was not verified and cannot accept payments.${p.reason ? ` Reason: ${p.reason}` : ''}` }),
  merchant_suspended: (p) => ({ title: 'Business suspended', message: `Ikimina: ${p.businessName} is suspended and cannot accept payments for now.${p.reason ? ` Reason: ${p.reason}` : ''}` }),
  merchant_reinstated: (p) => ({ title: 'Business reinstated', message: `Ikimina: ${p.businessName} is active again and accepts payments.` }),
  working_capital_approved: (p) => ({ title: 'Working capital approved', message: `Ikimina: working capital of ${p.amount} is approved, flat fee ${p.fee}. Read the key facts and accept it on your merchant dashboard.` }),
  working_capital_pending: (p) => ({ title: 'Working capital under review', message: `Ikimina: your request for ${p.amount} of working capital is waiting for our team. We will tell you the decision.` }),
  working_capital_rejected: (p) => ({ title: 'Working capital not approved', message: `Ikimina: your request for ${p.amount} of working capital was not approved. Reason: ${p.reason}` }),
  working_capital_disbursed: (p) => ({ title: 'Working capital sent', message: `Ikimina: ${p.amount} of working capital has been sent to your business number. ${p.share} of each weekly settlement repays ${p.total}.` }),
  working_capital_disbursement_failed: (p) => ({ title: 'Working capital not sent', message: `Ikimina: we could not send your working capital of ${p.amount} after several tries. You owe nothing on it; our team will contact you.` }),
  working_capital_repaid: (p) => ({ title: 'Working capital repayment', message: `Ikimina: ${p.amount} repaid on your working capital. Still to repay: ${p.remaining}.` }),
  working_capital_shortfall: (p) => ({ title: 'Working capital: minimum not reached', message: `Ikimina: ${p.shortfall} more is due on your working capital to keep the minimum pace. Pay by mobile money before ${p.dueBy}.` }),
  working_capital_overdue: (p) => ({ title: 'Working capital overdue', message: `Ikimina: your working capital is overdue: ${p.owed} is still owed. Please repay it now by mobile money.` }),
  tontine_order_drawn: (p) => ({ title: 'Payout order drawn', message: `Ikimina: ${p.actor} drew the payout order of ${p.tontineName} at random. See the order and check the draw in the group.` }),
  tontine_turns_swapped: (p) => ({ title: 'Turns swapped', message: `Ikimina: in ${p.tontineName}, ${p.first} (now cycle ${p.firstCycle}) and ${p.second} (cycle ${p.secondCycle}) swapped turns at their own request.` }),
  tontine_started: (p) => ({ title: 'Rotation started', message: `Ikimina: ${p.actor} started the rotation of ${p.tontineName}. The first contribution is due on ${p.dueDate}.` }),
  tontine_monthly_statement: (p) => ({ title: 'Monthly statement', message: `Ikimina ${p.tontineName} ${p.month}: in ${p.moneyIn}, out ${p.moneyOut}${p.paidTo ? ` to ${p.paidTo}` : ''}. Balance ${p.balance}.${p.nextRecipient ? ` Next payout: ${p.nextRecipient} on ${p.nextDate}.` : ''}` }),
  tontine_proposal_opened: (p) => ({ title: 'New proposal', message: `Ikimina: ${p.actor} proposes in ${p.tontineName} to ${enDecisionKinds[String(p.kind)]}. Vote by ${p.closesOn} in the app or by USSD.` }),
  tontine_decision_closed: (p) => ({ title: 'Vote closed', message: `Ikimina: ${p.tontineName} voted on ${p.actor}'s proposal to ${enDecisionKinds[String(p.kind)]}: ${enDecisionResults[String(p.result)]} (${p.yes} yes, ${p.no} no).` }),
  data_export_ready: (p) => ({ title: 'Your data export is ready', message: `Ikimina: the export of your data is ready. Download it from your profile, under Your data, within ${p.days} days.` }),
  fine_posted: (p) => ({ title: 'Late fine', message: `Ikimina: your contribution of cycle ${p.cycle} to ${p.tontineName} is late: a fine of ${p.amount} is now due. Pay it in the group.` }),
  fine_due: (p) => ({ title: 'Late fine due', message: `Ikimina: your late fine of ${p.amount} in ${p.tontineName} (cycle ${p.cycle}) is still due. Please pay it in the group.` }),
  fine_received: (p) => ({ title: 'Fine paid', message: `Ikimina: we received your ${p.amount} late fine to ${p.tontineName} (cycle ${p.cycle}). Thank you!` }),
  fine_waived: (p) => ({
    title: 'Fine waived',
    message: p.actor
      ? `Ikimina: ${p.actor} waived the ${p.amount} late fine of ${p.member} in ${p.tontineName} (reason: ${p.reason})`
      : `Ikimina: by a group decision, the ${p.amount} late fine of ${p.member} in ${p.tontineName} is waived.`,
  }),
  fine_rule_changed: (p) => ({
    title: 'Late fine changed',
    message: p.actor
      ? `Ikimina: ${p.actor} set the late fine of ${p.tontineName}: ${p.fine} after ${p.graceDays} days of grace.`
      : `Ikimina: by a group decision, the late fine of ${p.tontineName} is now ${p.fine} after ${p.graceDays} days of grace.`,
  }),
  fine_rule_removed: (p) => ({
    title: 'Late fine removed',
    message: p.actor ? `Ikimina: ${p.actor} removed the late fine of ${p.tontineName}.` : `Ikimina: by a group decision, ${p.tontineName} no longer charges a late fine.`,
  }),
};

/** Why a loan was decided (core/loans/decision-reason.ts), in English: the `reason` of the loan notices and the API's `decisionReason`. */
export const enLoanReasons: LoanReasonTexts = {
  instant_approval: (p) => `Approved: ${p.amount} is within your available limit of ${p.available} and your credit score ${p.score} is at least ${p.minimumScore}.`,
  score_below_minimum: (p) => `Waiting for review: your credit score ${p.score} is below ${p.minimumScore}, so an officer decides.`,
  officer_approved: () => 'Approved after review by a loan officer.',
  savings_too_recent: () => 'Your savings are too recent: keep saving regularly for a few more months, then apply again.',
  repayment_capacity: () => 'The instalments are too high for what you save each month: ask for a smaller amount or a longer term.',
  late_payments: () => 'Recent contributions or repayments were late: pay on time for a few months, then apply again.',
  incomplete_information: () => 'Your application is missing information we need: check your profile, then apply again.',
};

/** Why a business was rejected or suspended (core/merchants/merchant-reason.ts), in English: the `reason` of the merchant notices and the API's `statusReason`. */
export const enMerchantReasons: MerchantReasonTexts = {
  documents_unreadable: () => 'The documents you sent could not be read: send clear photos or scans of them again.',
  tin_mismatch: () => "The TIN you gave does not match the business's record at RDB: give the TIN on your RDB certificate.",
  trade_licence_missing: () => 'No trade licence was given: a business needs a valid trade licence to be verified.',
  trade_licence_expired: () => 'The trade licence has expired: renew it, then register the business again with the new number.',
  business_not_found_at_rdb: () => 'The business was not found in the RDB register: check the RDB number on your certificate.',
  owner_identity_mismatch: () => 'The owner registered at RDB is not the holder of this account: a business is registered by its owner.',
  prohibited_activity: () => "Ikimina cannot accept payments for this business's activity.",
  suspected_fraud: () => 'Unusual payments are being checked for fraud; our team will contact you.',
  complaints_under_review: () => 'Customer complaints about the business are being reviewed; our team will contact you.',
  compliance_documents_expired: () => 'Your compliance documents (TIN, trade licence or RDB registration) have expired: send the renewed ones to our team.',
  requested_by_owner: () => 'You asked us to suspend the business.',
  other: () => 'Our team will explain the reason: contact Ikimina support.',
};
