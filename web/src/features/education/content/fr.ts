import type { EducationContent } from './types.ts';

const WEEKDAYS = { monday: 'lundi', tuesday: 'mardi', wednesday: 'mercredi', thursday: 'jeudi', friday: 'vendredi', saturday: 'samedi', sunday: 'dimanche' };

export const content: EducationContent = (f, fmt) => {
  const [r1 = 3, r2 = 1] = f.reminderDaysBefore;
  const bands = f.rateBands.map((b) => `${b.minScore}+ : ${fmt.percent(b.annualRatePercent)}`).join(', ');
  return {
    tontines: {
      title: 'Tontines : épargner ensemble',
      description: 'Comment fonctionne un groupe d’épargne rotatif sur Ikimina, de l’adhésion à la réception de la cagnotte.',
      lessons: {
        'what-is-a-tontine': {
          title: 'Qu’est-ce qu’une tontine ?',
          steps: [
            'Une tontine (ikimina) est un groupe qui épargne ensemble : à chaque cycle, chaque membre verse la même cotisation.',
            'À chaque cycle, toute la cagnotte, la cotisation multipliée par le nombre de membres, revient à un membre selon l’ordre de versement : l’ordre d’adhésion, le créateur en premier.',
            'Après autant de cycles que de membres, chacun a reçu la cagnotte une fois. Un groupe d’un seul membre est une épargne personnelle, retirable à tout moment vers le mobile money.',
          ],
          tips: ['Choisissez une cotisation que vous pouvez payer à chaque cycle : le versement attend que tous aient payé.', 'Votre solde d’épargne est ce que vous avez cotisé moins les cagnottes reçues.'],
        },
        'joining-and-rotation': {
          title: 'Rejoindre un groupe et la rotation',
          steps: [
            'Ouvrez Tontines et regardez sous Découvrir, ou Recommandé par l’IA pour des groupes adaptés à votre budget.',
            'Rejoignez un groupe encore en formation qui a une place libre ; un groupe complet ou dont vous êtes déjà membre est refusé.',
            'La rotation commence quand le groupe est complet, ou plus tôt si son créateur la lance avec au moins 2 membres. Les cycles sont quotidiens, hebdomadaires ou mensuels.',
          ],
          tips: ['La discussion du groupe est réservée aux membres : fixez-y vos règles.', 'Votre place dans l’ordre de versement figure sur la page du groupe.'],
        },
        'contributions-and-reminders': {
          title: 'Payer ses cotisations à temps',
          steps: [
            'Payez chaque cotisation par mobile money depuis la page du groupe ou l’onglet Cotisations, ou avec le menu USSD sur n’importe quel téléphone.',
            `Ikimina vous le rappelle par SMS, e-mail et dans l’application à ${f.reminderHour} h, heure de Kigali, ${r1} jours avant, ${r2} jour avant et le jour de l’échéance.`,
            'Une cotisation non payée à l’échéance passe en retard ; quand toutes les cotisations d’un cycle sont payées, la cagnotte est envoyée par mobile money au membre du cycle.',
          ],
          tips: ['Payer à temps améliore votre taux de ponctualité et votre score de crédit.', 'Un paiement échoué laisse la cotisation en attente : payez simplement à nouveau.'],
        },
      },
    },
    loans: {
      title: 'Microcrédits garantis par votre épargne',
      description: 'Combien emprunter, ce que cela coûte et comment rembourser.',
      lessons: {
        'loan-limit': {
          title: 'Combien puis-je emprunter ?',
          steps: [
            `Vous pouvez emprunter jusqu’à ${fmt.percent(f.loanShareOfSavingsPercent)} de votre épargne en tontine : votre épargne sert de garantie.`,
            `Un prêt va de ${fmt.rwf(f.minLoanFrancs)} à ${fmt.rwf(f.maxLoanFrancs)}.`,
            'Il faut une carte d’identité nationale vérifiée et aucun prêt en retard pour demander un prêt.',
          ],
          tips: ['Épargner régulièrement augmente votre plafond.', 'Faites vérifier votre carte d’identité dans l’onglet Vérification du tableau de bord avant d’en avoir besoin.'],
        },
        'rates-and-credit-score': {
          title: 'Votre score de crédit et votre taux',
          steps: [
            `Votre score va de ${f.creditScoreMin} à ${f.creditScoreMax}. Il est calculé sur votre historique réel : ponctualité, solde d’épargne, régularité, ancienneté, vérification d’identité et participation aux groupes.`,
            `Votre taux annuel suit votre score : ${bands}.`,
            `Un prêt dans votre plafond avec un score d’au moins ${f.instantApprovalMinScore} est approuvé aussitôt ; sinon une personne l’examine.`,
          ],
          tips: ['Chaque facteur du score est affiché avec son poids : améliorez d’abord le plus faible.', 'Le calcul du score demande votre consentement, recueilli à la demande.'],
        },
        'applying-and-repaying': {
          title: 'Demander et rembourser',
          steps: [
            `Choisissez un montant, une durée de ${f.minTermMonths} à ${f.maxTermMonths} mois et décrivez l’objet en au moins ${f.minPurposeLength} caractères.`,
            'Lisez la fiche d’information : taux, mensualités et coût total. L’accepter envoie votre demande.',
            `Une fois approuvé, l’argent arrive sur votre mobile money. Vous remboursez par mensualités égales, avec des rappels ${r1} jours avant, ${r2} jour avant et à chaque échéance.`,
          ],
          tips: ['Une durée courte coûte moins d’intérêts ; une durée longue réduit chaque mensualité.', 'Une mensualité manquée met le prêt en retard et baisse votre score.'],
        },
      },
    },
    payments: {
      title: 'Paiements et mobile money',
      description: 'Payer et être payé avec MTN MoMo, Airtel Money, l’USSD et les codes QR.',
      lessons: {
        'mobile-money': {
          title: 'Payer par mobile money',
          steps: [
            'Choisissez le mobile money (MTN MoMo ou Airtel Money) et vérifiez votre numéro.',
            'Votre téléphone affiche une demande de paiement : validez-la avec votre code mobile money.',
            'Le paiement compte dès que l’opérateur le confirme ; une confirmation répétée ne vous débite jamais deux fois.',
          ],
          tips: ['Ne communiquez jamais votre code mobile money, pas même à Ikimina.', 'Les versements et les prêts vont au numéro de votre profil.'],
        },
        ussd: {
          title: 'Ikimina sur tout téléphone (USSD)',
          steps: [
            'Composez le code USSD d’Ikimina depuis un numéro mobile rwandais : ni smartphone ni données nécessaires.',
            'Créez un code PIN la première fois, puis consultez votre épargne, payez vos cotisations et voyez vos prêts, dans votre langue.',
            'Les mauvais codes ralentissent le téléphone un moment : un inconnu ne peut pas deviner le vôtre.',
          ],
          tips: ['Votre code USSD n’est pas votre code mobile money : gardez-les différents.', 'Les menus parlent anglais, français, kinyarwanda et swahili.'],
        },
        'qr-and-cards': {
          title: 'Payer un commerce par code QR',
          steps: [
            'Scannez le code QR Ikimina du commerce avec l’appareil photo : la page de paiement du commerce s’ouvre.',
            'Saisissez le montant et validez la demande de mobile money.',
            'Sur un téléphone simple, payez le même commerce avec le menu USSD et son code marchand.',
          ],
          tips: ['Vérifiez le nom du commerce sur la page avant de valider.', 'Gardez le SMS de confirmation comme reçu.'],
        },
      },
    },
    'agent-network': {
      title: 'Le réseau d’agents',
      description: 'Inscrivez des commerçants près de chez vous et touchez une commission sur leurs ventes.',
      lessons: {
        'becoming-an-agent': {
          title: 'Devenir agent',
          steps: [
            'Inscrivez-vous comme particulier ou comme entreprise, avec votre code agent, votre district et vos zones de service.',
            'Votre demande est d’abord en attente : l’équipe Ikimina l’examine, en général sous 24 à 48 heures.',
            'Une fois accrédité (actif), vous pouvez inscrire des commerçants et toucher des commissions.',
          ],
          tips: ['Choisissez un code agent facile à dire et à taper : les commerçants le saisissent à l’inscription.', 'Un agent suspendu ou révoqué ne touche aucune commission.'],
        },
        'onboarding-merchants': {
          title: 'Inscrire des commerçants',
          steps: [
            'Aidez un commerce à enregistrer son activité sur Ikimina et donnez-lui votre code agent.',
            'Aidez le propriétaire à préparer ses documents : NIF (TIN), licence commerciale et numéro RDB.',
            'Votre tableau de bord liste les commerçants inscrits et leur statut.',
          ],
          tips: ['Un commerçant accepte des paiements une fois son entreprise vérifiée.', 'Montrez aux nouveaux commerçants comment imprimer et afficher leur code QR.'],
        },
        commission: {
          title: 'Le paiement des commissions',
          steps: [
            `Vous touchez ${fmt.percent(f.agentCommissionPercent)} de chaque paiement réussi à un commerçant que vous avez inscrit, pris sur les frais de ${fmt.percent(f.merchantFeePercent)} d’Ikimina : le commerçant ne paie rien de plus.`,
            'Chaque commission reste en attente jusqu’à son paiement.',
            `Les commissions sont payées chaque mois, le ${f.commissionPayoutDayOfMonth}er, par mobile money, pour le mois écoulé.`,
          ],
          tips: ['Plus vos commerçants sont actifs, plus vous gagnez : aidez-les à faire payer par QR.', 'Suivez les commissions en attente sur votre tableau de bord d’agent.'],
        },
      },
    },
    'merchant-services': {
      title: 'Services aux commerçants',
      description: 'Acceptez les paiements par code QR et mobile money, avec des règlements automatiques.',
      lessons: {
        'registering-your-business': {
          title: 'Enregistrer votre entreprise',
          steps: [
            'Inscrivez-vous avec le nom de l’entreprise, la catégorie, l’adresse, le district, le téléphone et l’e-mail, et le code de l’agent qui vous aide, s’il y en a un.',
            'Ajoutez votre NIF (TIN), votre numéro de licence commerciale et votre numéro RDB : ils accélèrent la vérification KYB.',
            'Votre compte est d’abord en attente ; une fois l’entreprise vérifiée, il devient actif et peut recevoir des paiements.',
          ],
          tips: ['Vous pouvez générer votre code QR pendant la vérification.', 'Gardez vos documents valides : une entreprise inactive ne peut pas être payée.'],
        },
        'accepting-payments': {
          title: 'Recevoir des paiements',
          steps: [
            'Générez votre code QR sur la page Paiements marchand et téléchargez-le pour l’imprimer.',
            'Le client le scanne et paie par mobile money ; un client avec un téléphone simple paie par USSD avec votre code marchand.',
            'Chaque paiement apparaît dans Transactions avec ses frais et votre montant net.',
          ],
          tips: ['Affichez le code QR là où les clients paient.', 'Seuls les paiements réussis comptent dans votre règlement.'],
        },
        'fees-and-settlements': {
          title: 'Frais et règlements',
          steps: [
            `Les frais sont de ${fmt.percent(f.merchantFeePercent)} de chaque paiement : vous gardez ${fmt.percent(f.merchantKeepsPercent)}.`,
            `Les règlements sont automatiques tous les ${f.settlementPeriodDays} jours : chaque ${WEEKDAYS[f.settlementWeekday]}, le net de la semaine écoulée est versé sur votre mobile money.`,
            'Un règlement échoué est relancé ; l’onglet Règlements montre chaque lot et ce qui reste en attente.',
          ],
          tips: ['Vérifiez le règlement en attente avant chaque jour de versement.', 'Vos relevés de règlement vous aident à tenir vos comptes.'],
        },
      },
    },
    'ai-assistant': {
      title: 'L’assistant financier IA',
      description: 'Des réponses sur votre épargne, vos prêts et vos groupes, dans votre langue.',
      lessons: {
        'asking-questions': {
          title: 'Interroger l’assistant',
          steps: [
            'Ouvrez l’assistant depuis l’en-tête ou le tableau de bord et posez votre question avec vos mots, ou touchez une question rapide.',
            'Connecté, il répond à partir de vos propres données : épargne, prochaine cotisation, score de crédit, plafond de prêt et mensualité d’un prêt.',
            'Chaque chiffre indique sa source ; ce qu’il ne sait pas, il le dit et vous montre le bon écran.',
          ],
          tips: ['Donnez des chiffres : « Puis-je emprunter 50 000 sur 6 mois ? »', 'Il ne déplace jamais d’argent : c’est toujours vous qui validez un paiement.'],
        },
        'languages-and-privacy': {
          title: 'Langues et confidentialité',
          steps: [
            'Écrivez en anglais, français, kinyarwanda ou swahili : il répond dans votre langue.',
            'Il ne vous montre que vos propres données ; les visiteurs non connectés reçoivent des réponses générales.',
          ],
          tips: ['Ne tapez jamais de code ni de mot de passe dans la discussion.', 'Vérifiez les chiffres importants sur l’écran correspondant avant de décider.'],
        },
      },
    },
  };
};
