/** Textes des notifications en français. */
import type { Catalogue, LoanReasonTexts, MerchantReasonTexts } from './catalogue.ts';

const frDecisionKinds: Readonly<Record<string, string>> = { change_payout_order: "changer l'ordre des versements", change_fine: "changer l'amende de retard", waive_fine: 'lever une amende' };
const frDecisionResults: Readonly<Record<string, string>> = { passed: 'adoptée et appliquée', rejected: 'rejetée', void: 'adoptée mais inapplicable' };

export const fr: Catalogue = {
  payout_received: (p) => ({ title: 'Versement envoyé', message: `Ikimina : ${p.amount} de ${p.tontineName} (cycle ${p.cycle}) ont été envoyés sur votre mobile money.` }),
  contribution_received: (p) => ({ title: 'Paiement reçu', message: `Ikimina : nous avons reçu votre cotisation de ${p.amount} à ${p.tontineName} (cycle ${p.cycle}). Merci !` }),
  payment_failed: (p) => ({ title: 'Paiement échoué', message: `Ikimina : votre paiement de ${p.amount} à ${p.tontineName} n'a pas abouti. Veuillez réessayer.` }),
  transfer_failed: (p) => ({ title: 'Transfert non envoyé', message: `Ikimina : nous n'avons pas pu envoyer ${p.amount} de ${p.tontineName} sur votre mobile money après plusieurs essais. L'argent reste dans le groupe ; vérifiez votre numéro mobile money.` }),
  payout_failed_admin: (p) => ({ title: 'Versement non envoyé', message: `Ikimina : un versement de ${p.amount} de ${p.tontineName} n'a pas pu être envoyé sur le mobile money du membre après plusieurs essais. L'argent reste dans le groupe.` }),
  contribution_due: (p) => ({ title: 'Cotisation à payer', message: `Ikimina : votre cotisation de ${p.amount} à ${p.tontineName} est due le ${p.dueDate}.` }),
  contribution_overdue: (p) => ({ title: 'Cotisation en retard', message: `Ikimina : votre cotisation de ${p.amount} à ${p.tontineName} était due le ${p.dueDate}. Veuillez la payer maintenant.` }),
  loan_approved: (p) => ({ title: 'Prêt approuvé', message: `Ikimina : votre prêt de ${p.amount} est approuvé à ${p.rate} par an. Il est envoyé sur votre mobile money.` }),
  loan_pending_review: (p) => ({ title: 'Prêt en examen', message: `Ikimina : votre demande de prêt de ${p.amount} attend un agent de crédit. Nous vous informerons de la décision.` }),
  loan_rejected: (p) => ({ title: 'Prêt refusé', message: `Ikimina : votre demande de prêt de ${p.amount} n'a pas été approuvée. Motif : ${p.reason}` }),
  loan_disbursed: (p) => ({ title: 'Prêt envoyé', message: `Ikimina : ${p.amount} ont été envoyés sur votre mobile money. Première échéance de ${p.monthlyPayment} le ${p.firstDueDate}.` }),
  loan_disbursement_failed: (p) => ({ title: 'Prêt non envoyé', message: `Ikimina : nous n'avons pas pu envoyer votre prêt de ${p.amount} sur votre mobile money après plusieurs essais. Vous ne devez rien ; vérifiez votre numéro mobile money, notre équipe vous contactera.` }),
  loan_repayment_received: (p) => ({ title: 'Remboursement reçu', message: `Ikimina : nous avons reçu votre remboursement de ${p.amount}. Reste à rembourser : ${p.remaining}.` }),
  loan_payment_due: (p) => ({ title: 'Échéance de prêt', message: `Ikimina : votre échéance de prêt de ${p.amount} est due le ${p.dueDate}.` }),
  merchant_verified: (p) => ({ title: 'Commerce vérifié', message: `Ikimina : ${p.businessName} est vérifié et accepte désormais les paiements. Vos clients paient avec votre code QR, ou par USSD avec le code ${p.merchantCode}.` }),
  merchant_rejected: (p) => ({ title: 'Commerce non vérifié', message: `Ikimina : ${p.businessName} n'a pas été vérifié et ne peut pas accepter de paiements.${p.reason ? ` Motif : ${p.reason}` : ''}` }),
  merchant_suspended: (p) => ({ title: 'Commerce suspendu', message: `Ikimina : ${p.businessName} est suspendu et ne peut pas accepter de paiements pour le moment.${p.reason ? ` Motif : ${p.reason}` : ''}` }),
  merchant_reinstated: (p) => ({ title: 'Commerce rétabli', message: `Ikimina : ${p.businessName} est de nouveau actif et accepte les paiements.` }),
  working_capital_approved: (p) => ({ title: 'Fonds de roulement approuvé', message: `Ikimina : un fonds de roulement de ${p.amount} est approuvé, frais fixes ${p.fee}. Lisez les informations clés et acceptez-le sur votre tableau de bord marchand.` }),
  working_capital_pending: (p) => ({ title: 'Fonds de roulement à l\'étude', message: `Ikimina : votre demande de fonds de roulement de ${p.amount} attend notre équipe. Nous vous dirons la décision.` }),
  working_capital_rejected: (p) => ({ title: 'Fonds de roulement refusé', message: `Ikimina : votre demande de fonds de roulement de ${p.amount} n'a pas été approuvée. Motif : ${p.reason}` }),
  working_capital_disbursed: (p) => ({ title: 'Fonds de roulement envoyé', message: `Ikimina : ${p.amount} de fonds de roulement ont été envoyés au numéro de votre entreprise. ${p.share} de chaque règlement hebdomadaire rembourse ${p.total}.` }),
  working_capital_disbursement_failed: (p) => ({ title: 'Fonds de roulement non envoyé', message: `Ikimina : nous n'avons pas pu envoyer votre fonds de roulement de ${p.amount} après plusieurs essais. Vous ne devez rien ; notre équipe vous contactera.` }),
  working_capital_repaid: (p) => ({ title: 'Remboursement du fonds de roulement', message: `Ikimina : ${p.amount} remboursés sur votre fonds de roulement. Reste à rembourser : ${p.remaining}.` }),
  working_capital_shortfall: (p) => ({ title: 'Fonds de roulement : minimum non atteint', message: `Ikimina : ${p.shortfall} de plus sont dus sur votre fonds de roulement pour tenir le rythme minimum. Payez par mobile money avant le ${p.dueBy}.` }),
  working_capital_overdue: (p) => ({ title: 'Fonds de roulement en retard', message: `Ikimina : votre fonds de roulement est en retard : ${p.owed} restent dus. Remboursez-le maintenant par mobile money.` }),
  tontine_order_drawn: (p) => ({ title: 'Ordre des versements tiré au sort', message: `Ikimina : ${p.actor} a tiré au sort l'ordre des versements de ${p.tontineName}. Voyez l'ordre et vérifiez le tirage dans le groupe.` }),
  tontine_turns_swapped: (p) => ({ title: 'Tours échangés', message: `Ikimina : dans ${p.tontineName}, ${p.first} (cycle ${p.firstCycle}) et ${p.second} (cycle ${p.secondCycle}) ont échangé leurs tours à leur demande.` }),
  tontine_started: (p) => ({ title: 'Rotation démarrée', message: `Ikimina : ${p.actor} a démarré la rotation de ${p.tontineName}. La première cotisation est due le ${p.dueDate}.` }),
  tontine_monthly_statement: (p) => ({ title: 'Relevé du mois', message: `Ikimina ${p.tontineName} ${p.month} : entré ${p.moneyIn}, sorti ${p.moneyOut}${p.paidTo ? ` à ${p.paidTo}` : ''}. Solde ${p.balance}.${p.nextRecipient ? ` Prochain tour : ${p.nextRecipient} le ${p.nextDate}.` : ''}` }),
  tontine_proposal_opened: (p) => ({ title: 'Nouvelle proposition', message: `Ikimina : ${p.actor} propose dans ${p.tontineName} de ${frDecisionKinds[String(p.kind)]}. Votez avant le ${p.closesOn} (appli ou USSD).` }),
  tontine_decision_closed: (p) => ({ title: 'Vote clos', message: `Ikimina : ${p.tontineName}, proposition de ${p.actor} (${frDecisionKinds[String(p.kind)]}) : ${frDecisionResults[String(p.result)]}, ${p.yes} oui, ${p.no} non.` }),
  data_export_ready: (p) => ({ title: 'Votre export de données est prêt', message: `Ikimina : l’export de vos données est prêt. Téléchargez-le depuis votre profil, rubrique Vos données, sous ${p.days} jours.` }),
  fine_posted: (p) => ({ title: 'Amende de retard', message: `Ikimina : votre cotisation du cycle ${p.cycle} à ${p.tontineName} est en retard : une amende de ${p.amount} est due. Payez-la dans le groupe.` }),
  fine_due: (p) => ({ title: 'Amende à payer', message: `Ikimina : votre amende de retard de ${p.amount} dans ${p.tontineName} (cycle ${p.cycle}) reste due. Payez-la dans le groupe.` }),
  fine_received: (p) => ({ title: 'Amende payée', message: `Ikimina : votre amende de retard de ${p.amount} à ${p.tontineName} (cycle ${p.cycle}) est payée. Merci !` }),
  fine_waived: (p) => ({
    title: 'Amende annulée',
    message: p.actor
      ? `Ikimina : ${p.actor} a annulé l'amende de ${p.amount} de ${p.member} dans ${p.tontineName} (motif : ${p.reason})`
      : `Ikimina : par décision du groupe, l'amende de ${p.amount} de ${p.member} dans ${p.tontineName} est annulée.`,
  }),
  fine_rule_changed: (p) => ({
    title: 'Amende de retard modifiée',
    message: p.actor
      ? `Ikimina : ${p.actor} a fixé l'amende de retard de ${p.tontineName} : ${p.fine} après ${p.graceDays} jours de délai.`
      : `Ikimina : par décision du groupe, l'amende de retard de ${p.tontineName} est de ${p.fine} après ${p.graceDays} jours de délai.`,
  }),
  fine_rule_removed: (p) => ({
    title: 'Amende de retard supprimée',
    message: p.actor ? `Ikimina : ${p.actor} a supprimé l'amende de retard de ${p.tontineName}.` : `Ikimina : par décision du groupe, ${p.tontineName} ne fait plus payer d'amende de retard.`,
  }),
};

/** Why a loan was decided (core/loans/decision-reason.ts), in French: the `reason` of the loan notices and the API's `decisionReason`. */
export const frLoanReasons: LoanReasonTexts = {
  instant_approval: (p) => `Approuvé : ${p.amount} reste dans votre limite disponible de ${p.available} et votre score de crédit ${p.score} atteint au moins ${p.minimumScore}.`,
  score_below_minimum: (p) => `En attente d'examen : votre score de crédit ${p.score} est inférieur à ${p.minimumScore}, un agent de crédit décide donc.`,
  officer_approved: () => 'Approuvé après examen par un agent de crédit.',
  savings_too_recent: () => 'Votre épargne est trop récente : continuez à épargner régulièrement quelques mois, puis refaites une demande.',
  repayment_capacity: () => 'Les mensualités sont trop élevées pour ce que vous épargnez chaque mois : demandez un montant plus petit ou une durée plus longue.',
  late_payments: () => 'Des cotisations ou remboursements récents ont été payés en retard : payez à temps quelques mois, puis refaites une demande.',
  incomplete_information: () => 'Il manque à votre demande des informations dont nous avons besoin : vérifiez votre profil, puis refaites une demande.',
};

/** Why a business was rejected or suspended (core/merchants/merchant-reason.ts), in French: the `reason` of the merchant notices and the API's `statusReason`. */
export const frMerchantReasons: MerchantReasonTexts = {
  documents_unreadable: () => 'Les documents envoyés sont illisibles : envoyez-en de nouveau des photos ou des scans nets.',
  tin_mismatch: () => "Le TIN indiqué ne correspond pas à celui de l'entreprise au RDB : indiquez le TIN de votre certificat RDB.",
  trade_licence_missing: () => "Aucune licence commerciale n'a été fournie : une entreprise doit avoir une licence commerciale valide pour être vérifiée.",
  trade_licence_expired: () => "La licence commerciale a expiré : renouvelez-la, puis inscrivez de nouveau l'entreprise avec le nouveau numéro.",
  business_not_found_at_rdb: () => "L'entreprise est introuvable dans le registre du RDB : vérifiez le numéro RDB de votre certificat.",
  owner_identity_mismatch: () => "Le propriétaire inscrit au RDB n'est pas le titulaire de ce compte : une entreprise est inscrite par son propriétaire.",
  prohibited_activity: () => "Ikimina ne peut pas accepter de paiements pour l'activité de cette entreprise.",
  suspected_fraud: () => 'Des paiements inhabituels sont vérifiés pour suspicion de fraude ; notre équipe vous contactera.',
  complaints_under_review: () => "Des plaintes de clients au sujet de l'entreprise sont en cours d'examen ; notre équipe vous contactera.",
  compliance_documents_expired: () => 'Vos documents de conformité (TIN, licence commerciale ou enregistrement RDB) ont expiré : envoyez les documents renouvelés à notre équipe.',
  requested_by_owner: () => "Vous nous avez demandé de suspendre l'entreprise.",
  other: () => 'Notre équipe vous expliquera le motif : contactez le support Ikimina.',
};
