import { CardReturnPage } from '../../features/payments/card/card-return-page.tsx';

/** /payments/card/return: where the card processor sends the payer back (a contribution, a loan repayment, a merchant's pay page). */
export default function CardReturnRoute() {
  return <CardReturnPage />;
}
