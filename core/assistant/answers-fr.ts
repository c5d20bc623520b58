/** Réponses françaises de l'assistant intégré ; chaque chiffre vient d'un fait transmis. */
import { dateInWords } from '../shared/date-words.ts';
import type { FactorCode } from '../credit/scorecard.ts';
import type { AnswerCatalogue } from './answers.ts';
import type { LoanLimitFact, MissingForLoan } from './grounded-tools.ts';

function missing(f: LoanLimitFact, m: MissingForLoan): string {
  switch (m.kind) {
    case 'identity_verified':
      return 'Faites vérifier votre carte d’identité, dans l’onglet Vérification de votre tableau de bord.';
    case 'savings':
      return `Épargnez encore ${m.missing.format('fr')} : un prêt commence à ${f.minLoan.format('fr')} et vous pouvez emprunter ${f.collateralPercent} % de votre épargne, il vous faut donc ${m.needed.format('fr')} d’épargne (vous avez ${f.savings.format('fr')}). L’épargne personnelle, sur la page Tontines, est le plus rapide.`;
    case 'limit_used':
      return 'Vos prêts utilisent déjà tout votre plafond : remboursez-en une partie d’abord.';
    case 'no_overdue_loan':
      return 'Remboursez d’abord votre prêt en retard, sur la page Prêts.';
    case 'no_open_application':
      return 'Votre demande attend une décision : vous pourrez en faire une autre une fois qu’elle sera décidée.';
  }
}

/** The scorecard's words in this language (core/credit/scorecard.ts gives codes; the web's locale says the same). */
const RATINGS: Readonly<Record<string, string>> = { Excellent: 'Excellent', Good: 'Bon', Fair: 'Moyen', Poor: 'Faible', 'Very Poor': 'Très faible' };
const IMPACTS: Readonly<Record<string, string>> = { positive: 'positif', negative: 'négatif', neutral: 'neutre' };
const FACTOR_NAMES: Readonly<Record<FactorCode, string>> = { punctuality: 'Ponctualité des paiements', savings_balance: 'Solde d’épargne', savings_streak: 'Régularité de l’épargne', tenure: 'Ancienneté', identity: 'Vérification d’identité', groups: 'Participation aux tontines' };

/** « 1 jour », « 3 jours », « 3, 1 jours » : le pluriel après une liste de nombres (jamais « jour(s) »). */
const joursWord = (counts: readonly number[]) => (counts.length === 1 && counts[0]! <= 1 ? 'jour' : 'jours');

export const FR_ANSWERS: AnswerCatalogue = {
  sources: {
    savings_dashboard: 'votre tableau d’épargne (cotisations payées, moins les gains reçus et les retraits)',
    contributions: 'vos cotisations',
    loans_summary: 'le résumé de vos prêts (la moitié de votre épargne, moins vos prêts en cours)',
    credit_assessment: 'votre dernière évaluation de crédit',
    loan_calculation: 'le calcul du module des prêts au taux de votre score',
    recommendations: 'les groupes ouverts en ce moment',
    product_rules: 'les règles d’Ikimina',
  },
  screens: {
    dashboard: 'votre tableau de bord',
    verification: 'l’onglet Vérification de votre tableau de bord',
    loans: 'la page Prêts',
    tontines: 'la page Tontines',
    profile: 'votre profil',
    education: 'la page Formation',
  },
  source: (label, screen) => `Source : ${label} — voir ${screen}.`,
  greeting: (signedIn) =>
    signedIn
      ? 'Bonjour ! Je peux vous donner votre épargne, votre prochaine cotisation, votre tour de paiement, votre score de crédit, combien vous pouvez emprunter et la mensualité d’un prêt, et les groupes adaptés à votre budget.'
      : 'Bonjour ! Je peux expliquer les tontines, les prêts, les rappels, la vérification et l’USSD, et les frais des commerçants et des agents. Connectez-vous pour parler de votre épargne et de vos prêts.',
  signInFirst: 'Cela concerne votre propre compte : connectez-vous d’abord, puis reposez la question (Se connecter, en haut de la page).',
  savings: (f) => `Votre épargne totale est de ${f.totalSavings.format('fr')}, dans ${f.activeTontines} ${f.activeTontines <= 1 ? 'groupe actif' : 'groupes actifs'}.`,
  nextContribution: (f) =>
    f.next
      ? `Votre prochaine cotisation est de ${f.next.amount.format('fr')} pour « ${f.next.tontineName} », à payer le ${dateInWords(f.next.dueDate, 'fr')}${f.next.overdue ? ' (elle est en retard : payez-la vite)' : ''}.`
      : 'Vous n’avez aucune cotisation à payer pour le moment.',
  payouts: (f) => (f.next ? `Votre prochain gain est de ${f.next.amount.format('fr')} de « ${f.next.tontineName} », prévu le ${dateInWords(f.next.date, 'fr')}.` : 'Aucun gain n’est prévu pour vous : il vient quand un de vos groupes est actif et que votre tour arrive.'),
  creditScore: (f) => {
    const a = f.assessment;
    if (!a) return 'Vous n’avez pas encore de score. Lancez une évaluation dans l’onglet Score de crédit de la page Prêts.';
    const factors = a.factors.map((x) => `${x.code ? FACTOR_NAMES[x.code] : x.factor} (${IMPACTS[x.impact] ?? x.impact})`).join(', ');
    const limit = a.maxLoanAmount.lessThan(f.minLoan)
      ? `Votre plafond d’alors, ${a.maxLoanAmount.format('fr')}, était sous le prêt minimum de ${f.minLoan.format('fr')}.`
      : `Il permettait un prêt jusqu’à ${a.maxLoanAmount.format('fr')}.`;
    return `Votre score de crédit est ${a.score} (${RATINGS[a.rating] ?? a.rating}), évalué le ${dateInWords(a.assessedAt, 'fr')}. ${limit} Facteurs : ${factors}.`;
  },
  loanLimit: (f) =>
    f.eligible
      ? `Vous pouvez emprunter de ${f.minLoan.format('fr')} à ${f.available.format('fr')} maintenant : ${f.collateralPercent} % de votre épargne de ${f.savings.format('fr')}, moins vos prêts en cours. La demande vous demande d’accepter une évaluation de crédit et la fiche d’information.`
      : `Vous ne pouvez pas encore emprunter. ${f.missing.map((m) => missing(f, m)).join(' ')}`,
  loanQuote: (f) => {
    if (!f.ok) {
      if (f.problem === 'amount_missing') return 'Donnez-moi le montant et la durée, par exemple : « mensualité pour 100000 sur 12 mois ».';
      if (f.problem === 'term_missing') return 'Sur combien de mois ? Par exemple : « 100000 sur 12 mois ».';
      if (f.problem === 'amount_out_of_bounds') return `Un prêt va de ${f.min.format('fr')} à ${f.max.format('fr')}.`;
      return `La durée d’un prêt va de ${f.minTerm} à ${f.maxTerm} mois.`;
    }
    const limit = !f.eligible
      ? ' Attention : vous ne pouvez pas encore emprunter ; la page Prêts indique ce qui manque.'
      : f.withinAvailable
        ? ''
        : ` Attention : c’est plus que ce que vous pouvez emprunter maintenant (${f.available.format('fr')}).`;
    return `Un prêt de ${f.amount.format('fr')} sur ${f.termMonths} mois à ${f.annualRatePercent} % par an (votre score ${f.creditScore}) coûte ${f.monthlyPayment.format('fr')} par mois : ${f.totalRepayable.format('fr')} au total, dont ${f.totalInterest.format('fr')} d’intérêts.${limit}`;
  },
  groups: (f) => {
    if (!f.ok) return `Un budget par cotisation va jusqu’à ${f.maxBudget.format('fr')} : donnez-m’en un plus petit.`;
    if (f.groups.length === 0) return `Aucun groupe ouvert ne convient${f.budget ? ` à un budget de ${f.budget.format('fr')}` : ''} pour le moment. Vous pouvez en créer un sur la page Tontines.`;
    const list = f.groups.map((g) => `« ${g.name} » : ${g.contributionAmount.format('fr')} ${g.frequency}, ${g.members}/${g.maxMembers} membres, ${g.matchPercent} % de correspondance`).join(' ; ');
    return `Groupes pour vous${f.budget ? ` (budget ${f.budget.format('fr')})` : ''} : ${list}.`;
  },
  merchantFees: (r) => `Les commerçants paient ${r.merchantFeePercent} % de frais sur chaque paiement et gardent ${r.merchantKeepsPercent} %. Les règlements sont versés automatiquement tous les ${r.settlementPeriodDays} jours, chaque lundi, pour la semaine précédente.`,
  agentCommission: (r) => `Un agent gagne ${r.agentCommissionPercent} % de chaque paiement reçu par un commerçant qu’il a inscrit (pris sur les frais du commerçant), versé chaque mois le ${r.commissionPaidOnDay}er pour le mois écoulé.`,
  howTontines: (r) =>
    `Une tontine (ikimina) est un groupe qui épargne ensemble : chacun paie la même cotisation au même rythme (jour, semaine ou mois), et à chaque cycle un membre reçoit toute la cagnotte, dans un ordre tiré au sort au démarrage. Rejoignez ou créez un groupe sur la page Tontines. Les rappels arrivent ${r.reminderDaysBefore.join(', ')} ${joursWord(r.reminderDaysBefore)} avant chaque échéance.`,
  howLoans: (r) =>
    `Votre épargne sert de garantie : vous pouvez emprunter jusqu’à ${r.loanCollateralPercent} % de celle-ci, de ${r.minLoan.format('fr')} à ${r.maxLoan.format('fr')}, sur ${r.minTermMonths} à ${r.maxTermMonths} mois. Le taux annuel suit votre score (${r.rateBandsPercent.join(' %, ')} %). Vous voyez la fiche d’information (mensualité, coût total) avant d’accepter, et remboursez chaque mois par mobile money. Faites la demande sur la page Prêts.`,
  howReminders: (r) => `Ikimina vous rappelle chaque cotisation par SMS et dans l’application ${r.reminderDaysBefore.filter((d) => d > 0).join(' et ')} ${joursWord(r.reminderDaysBefore.filter((d) => d > 0))} avant l’échéance et le jour même ; les échéances de prêt aussi. Votre numéro et votre langue sont dans votre profil.`,
  howVerification: 'La vérification a deux étapes, lancées depuis l’onglet Vérification de votre tableau de bord : votre carte d’identité est vérifiée auprès de la NIDA, puis, avec votre accord, un selfie est comparé à la photo de votre carte. Vous pouvez retirer votre accord biométrique à tout moment.',
  howUssd: 'Pas besoin de smartphone ni d’internet : composez le code USSD d’Ikimina depuis n’importe quel téléphone, inscrivez-vous avec votre nom et un code PIN secret, puis consultez votre épargne, payez une cotisation, voyez vos prochains gains, vos notifications et vos prêts, dans votre langue.',
  othersData: 'Je ne peux montrer que vos propres données : l’épargne, les prêts ou les coordonnées d’un autre membre sont privés, et je ne les partage jamais.',
  offTopic: 'Je ne peux pas répondre à cela. Je peux vous aider pour votre épargne, vos cotisations, vos gains, votre score et vos prêts, les groupes à rejoindre, et le fonctionnement d’Ikimina : voir les modules de la page Formation.',
};
