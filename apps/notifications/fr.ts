/** Textes des notifications en français. */
import type { Catalogue } from './catalogue.ts';

export const fr: Catalogue = {
  payout_received: (p) => ({ title: 'Versement envoyé', message: `Ikimina : ${p.amount} de ${p.tontineName} (cycle ${p.cycle}) ont été envoyés sur votre mobile money.` }),
  contribution_received: (p) => ({ title: 'Paiement reçu', message: `Ikimina : nous avons reçu votre cotisation de ${p.amount} à ${p.tontineName} (cycle ${p.cycle}). Merci !` }),
  payment_failed: (p) => ({ title: 'Paiement échoué', message: `Ikimina : votre paiement de ${p.amount} à ${p.tontineName} n'a pas abouti. Veuillez réessayer.` }),
  contribution_due: (p) => ({ title: 'Cotisation à payer', message: `Ikimina : votre cotisation de ${p.amount} à ${p.tontineName} est due le ${p.dueDate}.` }),
  contribution_overdue: (p) => ({ title: 'Cotisation en retard', message: `Ikimina : votre cotisation de ${p.amount} à ${p.tontineName} était due le ${p.dueDate}. Veuillez la payer maintenant.` }),
};
