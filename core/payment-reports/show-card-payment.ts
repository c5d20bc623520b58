/**
 * ShowCardPayment: where one card payment stands, as the server knows it, for the return page the
 * payer lands on after the hosted checkout (it reads this, never the redirect's own `status`).
 *
 * Guarantees
 * - Only card payments are shown; a member's contribution or loan repayment only to that member,
 *   a working-capital repayment only to the business's owner (anyone else, or no one signed in:
 *   `payment_not_found`); a merchant payment to whoever holds
 *   its reference (an unguessable id the payer was given, as the pay page's receipt).
 * - `refresh`: a payment still pending is first confirmed with the processor (ConfirmCardPayment,
 *   its verify call), so a lost webhook does not keep the payer waiting for the polling job. A
 *   processor that cannot answer now leaves it pending.
 */
import type { LoanCollectionRepository } from '../loans/ports.ts';
import { isLoanPaymentReference } from '../loans/confirm-loan-payment.ts';
import type { MerchantTransactionRepository } from '../merchants/ports.ts';
import { isMerchantPaymentReference } from '../merchants/settle-merchant-payment-report.ts';
import type { Money } from '../money/money.ts';
import type { WorkingCapitalCollections, WorkingCapitalLoans } from '../working-capital/ports.ts';
import { isWorkingCapitalRepaymentReference } from '../working-capital/repay-working-capital.ts';
import { err, ok, type Result } from '../shared/result.ts';
import { isCardProvider } from '../payments/card-checkout.ts';
import type { ConfirmCardPayment } from './confirm-card-payment.ts';
import type { PaymentRepository, PaymentStatus } from '../payments/ports.ts';
import type { CardPurpose } from './start-card-payment.ts';

export interface CardPaymentView {
  reference: string;
  purpose: CardPurpose;
  status: PaymentStatus;
  amount: Money;
  /** The contribution, loan, working capital or merchant transaction it pays. */
  subjectId: string;
}

export interface ShowCardPaymentDeps {
  payments: Pick<PaymentRepository, 'findByReference'>;
  loanCollections: Pick<LoanCollectionRepository, 'findByReference'>;
  merchantTransactions: Pick<MerchantTransactionRepository, 'findByReference'>;
  workingCapitalCollections: Pick<WorkingCapitalCollections, 'findByReference'>;
  workingCapitalLoans: Pick<WorkingCapitalLoans, 'findById'>;
  confirm: Pick<ConfirmCardPayment, 'execute'>;
}

const STATUS = { requested: 'pending', succeeded: 'successful', failed: 'failed', pending: 'pending', completed: 'successful', successful: 'successful' } as const;

export class ShowCardPayment {
  constructor(private readonly deps: ShowCardPaymentDeps) {}

  async execute(input: { reference: string; userId: string | undefined; refresh: boolean }): Promise<Result<CardPaymentView, 'payment_not_found'>> {
    const found = await this.read(input.reference, input.userId);
    if (!found || found.status !== 'pending' || !input.refresh) return found ? ok(found) : err('payment_not_found');
    await this.deps.confirm.execute({ reference: found.reference });
    const again = await this.read(input.reference, input.userId);
    return again ? ok(again) : err('payment_not_found');
  }

  private async read(reference: string, userId: string | undefined): Promise<CardPaymentView | undefined> {
    const { payments, loanCollections, merchantTransactions, workingCapitalCollections, workingCapitalLoans } = this.deps;
    if (isMerchantPaymentReference(reference)) {
      const t = await merchantTransactions.findByReference(reference);
      return t && isCardProvider(t.provider) ? { reference, purpose: 'merchant', status: STATUS[t.status], amount: t.amount, subjectId: t.id } : undefined;
    }
    if (isLoanPaymentReference(reference)) {
      const c = await loanCollections.findByReference(reference);
      return c && isCardProvider(c.provider) && c.memberId === userId ? { reference, purpose: 'loan_repayment', status: STATUS[c.status], amount: c.amount, subjectId: c.loanId } : undefined;
    }
    if (isWorkingCapitalRepaymentReference(reference)) {
      const c = await workingCapitalCollections.findByReference(reference);
      const loan = c && isCardProvider(c.provider) ? await workingCapitalLoans.findById(c.loanId) : undefined;
      return c && loan && loan.ownerId === userId ? { reference, purpose: 'working_capital', status: STATUS[c.status], amount: c.amount, subjectId: c.loanId } : undefined;
    }
    const p = await payments.findByReference(reference);
    return p && isCardProvider(p.provider) && p.memberId === userId && p.contributionId
      ? { reference, purpose: 'contribution', status: p.status, amount: p.amount, subjectId: p.contributionId }
      : undefined;
  }
}
