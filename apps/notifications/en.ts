/** English notification texts. */
import type { Catalogue } from './catalogue.ts';

export const en: Catalogue = {
  payout_received: (p) => ({ title: 'Payout sent', message: `Ikimina: ${p.amount} from ${p.tontineName} (cycle ${p.cycle}) has been sent to your mobile money.` }),
  contribution_received: (p) => ({ title: 'Payment received', message: `Ikimina: we received your ${p.amount} contribution to ${p.tontineName} (cycle ${p.cycle}). Thank you!` }),
  payment_failed: (p) => ({ title: 'Payment failed', message: `Ikimina: your ${p.amount} payment to ${p.tontineName} did not go through. Please try again.` }),
  contribution_due: (p) => ({ title: 'Contribution due', message: `Ikimina: your ${p.amount} contribution to ${p.tontineName} is due on ${p.dueDate}.` }),
  contribution_overdue: (p) => ({ title: 'Contribution overdue', message: `Ikimina: your ${p.amount} contribution to ${p.tontineName} was due on ${p.dueDate}. Please pay it now.` }),
};
