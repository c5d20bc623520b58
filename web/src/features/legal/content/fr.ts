import { TRANSACTION_RETENTION_YEARS } from '../legal-figures.ts';
import type { LegalContent } from './types.ts';

export const content: LegalContent = (f, c) => ({
  privacy: {
    title: 'Politique de confidentialité',
    intro:
      'Ikimina est un service de finance communautaire pour le Rwanda : groupes d’épargne (tontines), microcrédits, paiements par mobile money, paiements marchands et réseau d’agents. Cette politique indique quelles données personnelles nous conservons, pourquoi, avec qui nous les partageons, combien de temps nous les gardons et comment exercer vos droits selon la loi rwandaise N° 058/2021 du 13/10/2021 relative à la protection des données à caractère personnel et de la vie privée.',
    sections: [
      {
        heading: '1. Le responsable',
        paragraphs: [`Ikimina est responsable du traitement des données décrites ici. Notre contact pour la protection des données : ${c.privacyEmail}, ${c.phone}, Kigali, Rwanda.`],
      },
      {
        heading: '2. Les données conservées et pourquoi',
        items: [
          'Compte : e-mail, nom, téléphone, langue préférée, date de naissance, adresse, profession et photo de profil, pour gérer votre compte et vous joindre. Votre mot de passe n’est conservé que sous forme d’empreinte à sens unique.',
          'Identité : votre numéro d’identité nationale, vérifié auprès du registre national par un service de vérification d’identité, et les informations et la photo qu’il renvoie, pour savoir qui vous êtes, garder un compte par personne et respecter la lutte contre le blanchiment. Le numéro est chiffré (AES-256-GCM) et masqué pour tout autre que vous.',
          `Vérification faciale (données biométriques, avec votre seul consentement) : la photo de votre pièce et un selfie, comparés sur nos propres serveurs ; nous gardons les deux photos en privé et le résultat de chaque comparaison (vérifié à ${f.faceMatchPercent} % ou plus). Les descripteurs du visage ne sont pas conservés.`,
          'Groupes d’épargne : les groupes rejoints, vos cotisations, versements, l’ordre de versement et les messages du groupe, pour faire fonctionner le groupe pour tous ses membres.',
          'Prêts et crédit : vos demandes, la fiche d’information acceptée, les remboursements et chaque évaluation de crédit avec ses facteurs et la version du modèle, pour décider et gérer les prêts (avec votre consentement à l’évaluation).',
          'Paiements : numéros mobile money, montants, références et statuts de chaque paiement, versement, règlement et commission, pour déplacer l’argent correctement et tenir les comptes.',
          'Commerçants et agents : nom, catégorie, adresse, district, NIF (TIN), licence commerciale et numéro RDB, et historique d’inscription, pour vérifier les entreprises et payer règlements et commissions.',
          'Messages et usage : SMS, e-mails et notifications envoyés, sessions USSD, leçons terminées et vos questions à l’assistant IA, pour vous servir et vous répondre.',
          'Sécurité : sessions de connexion, tentatives et un journal d’audit inaltérable des actions sensibles (il nomme ce qui a changé, pas les valeurs), pour protéger votre compte et enquêter sur les abus.',
        ],
      },
      {
        heading: '3. Consentement à l’évaluation de crédit et à la biométrie',
        paragraphs: [
          'Votre score de crédit n’est calculé qu’après votre consentement, lors d’une demande de prêt ou d’évaluation. Il n’utilise que votre historique chez Ikimina : ponctualité, épargne, ancienneté, vérification d’identité et participation aux groupes. Nous ne lisons jamais les contacts de votre téléphone.',
          'Un prêt n’est approuvé automatiquement que s’il est dans votre plafond et si votre score est suffisant ; toute autre demande est examinée par une personne, si bien qu’aucun refus n’est décidé par une machine seule.',
          'La vérification faciale n’a lieu qu’après acceptation du texte de consentement affiché dans l’onglet Vérification. Vous pouvez retirer ce consentement à tout moment au même endroit ; aucune nouvelle comparaison n’a lieu sans lui. Chaque consentement et retrait est enregistré avec sa date et la version du texte.',
        ],
      },
      {
        heading: '4. Avec qui nous partageons les données',
        paragraphs: ['Nous ne partageons que ce dont chaque service a besoin pour vous servir, et nous ne vendons jamais de données personnelles.'],
        items: [
          'MTN Rwanda (MoMo) et Airtel Rwanda (Airtel Money) : votre numéro et le montant de chaque paiement, versement ou décaissement.',
          'Africa’s Talking : votre numéro, le texte des SMS envoyés et vos sessions USSD.',
          'Notre service de vérification d’identité (un agrégateur ayant accès au registre national de la NIDA) : votre numéro d’identité, pour obtenir les informations et la photo enregistrées.',
          'Google, seulement si vous choisissez « Se connecter avec Google » : Google nous transmet votre e-mail et votre nom.',
          'Notre prestataire d’e-mail : votre adresse et les messages envoyés.',
          'Notre prestataire de stockage : vos photos, privées et lisibles seulement par vous et nos serveurs.',
          'Un prestataire de paiement par carte, seulement si vous payez par carte : vous saisissez votre carte sur sa propre page ; les données de carte n’arrivent jamais chez Ikimina.',
          'IA : l’assistant fonctionne par défaut sur nos propres serveurs. Si nous utilisons un fournisseur de modèle de langage, il reçoit votre question et les chiffres nécessaires, jamais votre numéro d’identité ni vos photos.',
          'Les autorités, quand la loi l’exige (par exemple la Banque nationale du Rwanda ou un tribunal).',
        ],
      },
      {
        heading: '5. Durée de conservation',
        items: [
          `Les enregistrements de transactions (paiements, cotisations, versements, prêts, remboursements, règlements et commissions) et les écritures comptables correspondantes sont conservés ${TRANSACTION_RETENTION_YEARS} ans, comme l’exige la réglementation financière, même après la fermeture du compte.`,
          'Les données de compte, d’identité et de vérification sont conservées tant que le compte est ouvert, puis seulement le temps exigé par la loi.',
          'Les sessions et compteurs de tentatives expirent en quelques heures ou jours ; les liens de connexion à usage unique en quelques minutes.',
        ],
      },
      {
        heading: '6. Comment nous les protégeons',
        paragraphs: [
          'Les numéros d’identité sont chiffrés au repos en AES-256-GCM ; mots de passe et codes PIN sont hachés ; les photos privées ne sont servies qu’à leur propriétaire ; chaque action sensible est inscrite dans un journal d’audit infalsifiable ; les connexions sont chiffrées. Si une violation met vos données en danger, nous prévenons l’Autorité nationale de cybersécurité (NCSA) sous 48 heures et vous informons si le risque pour vous est élevé.',
        ],
      },
      {
        heading: '7. Vos droits selon la loi N° 058/2021',
        items: [
          'Être informé et accéder aux données que nous détenons sur vous, et en recevoir une copie.',
          'Faire corriger des données inexactes : modifiez nom, téléphone et adresse dans votre Profil, ou écrivez-nous.',
          'Faire effacer des données ou en limiter le traitement lorsque la loi ne nous oblige pas à les garder (les transactions sont gardées pendant la durée ci-dessus).',
          'Vous opposer au traitement, y compris au profilage, et ne pas faire l’objet d’une décision fondée uniquement sur un traitement automatisé.',
          'Retirer votre consentement à tout moment (vérification faciale dans l’onglet Vérification ; évaluation de crédit en nous écrivant), sans effet sur ce qui a été fait avant.',
          'La portabilité : une copie de vos données dans un format lisible par machine.',
          'Porter plainte auprès de l’Autorité nationale de cybersécurité (NCSA), l’autorité de contrôle.',
        ],
        paragraphs: [`Pour exercer un droit, écrivez à ${c.privacyEmail} depuis l’adresse e-mail de votre compte, ou appelez le ${c.phone}. Nous pouvons vous demander de confirmer votre identité et répondons sous 30 jours.`],
      },
      {
        heading: '8. Mineurs',
        paragraphs: [`Ikimina est réservé aux personnes de ${f.minimumAge} ans et plus. Nous ne conservons pas sciemment de données de plus jeunes, et une carte d’identité indiquant moins de ${f.minimumAge} ans est refusée.`],
      },
      {
        heading: '9. Modifications',
        paragraphs: ['Quand nous modifions cette politique, nous mettons à jour la date ci-dessus et vous prévenons dans l’application avant l’entrée en vigueur ; un nouveau texte de consentement vous redemande votre accord.'],
      },
    ],
  },
  terms: {
    title: 'Conditions d’utilisation',
    intro:
      'Ces conditions forment l’accord entre vous et Ikimina pour l’utilisation du site, de l’application, des menus USSD et des services SMS d’Ikimina. En créant un compte, vous les acceptez.',
    sections: [
      {
        heading: '1. Qui peut utiliser Ikimina',
        items: [
          `Vous devez avoir ${f.minimumAge} ans ou plus et résider légalement au Rwanda.`,
          'Vous ne pouvez détenir qu’un compte, avec des informations exactes et à jour ; une carte d’identité n’appartient qu’à un seul compte.',
          'Vous protégez votre mot de passe, vos codes PIN et votre téléphone, et nous prévenez aussitôt si quelqu’un d’autre a pu utiliser votre compte.',
        ],
      },
      {
        heading: '2. Groupes d’épargne (tontines)',
        items: [
          'À chaque cycle, chaque membre doit la cotisation du groupe ; la cagnotte du cycle est versée par mobile money au membre dont c’est le tour, une fois toutes les cotisations du cycle payées.',
          'L’ordre de versement est l’ordre d’adhésion, le créateur en premier. La rotation commence quand le groupe est complet ou quand son créateur la lance avec au moins 2 membres.',
          'Des rappels sont envoyés avant et le jour de chaque échéance ; une cotisation non payée à l’échéance est en retard et figure dans votre historique de crédit.',
        ],
      },
      {
        heading: '3. Microcrédits',
        items: [
          `Les prêts vont jusqu’à ${f.loanShareOfSavingsPercent} % de votre épargne en tontine, qui sert de garantie, de ${f.minLoanFrancs.toLocaleString('fr')} à ${f.maxLoanFrancs.toLocaleString('fr')} ${f.currency}, sur ${f.minTermMonths} à ${f.maxTermMonths} mois.`,
          'Un prêt exige une carte d’identité vérifiée, votre consentement à l’évaluation de crédit et aucun prêt en retard. Avant la demande, vous recevez une fiche d’information avec le taux, les mensualités et le coût total ; votre demande l’accepte.',
          'Le taux annuel dépend de votre score de crédit. Vous remboursez par mensualités via mobile money ; une mensualité manquée met le prêt en retard.',
        ],
      },
      {
        heading: '4. Paiements et frais',
        items: [
          'L’argent circule par des opérateurs de mobile money agréés (MTN, Airtel), dont les conditions s’appliquent aussi. Un paiement compte dès que l’opérateur le confirme ; une demande ou confirmation répétée n’est jamais débitée deux fois.',
          `Les commerçants paient des frais de ${f.merchantFeePercent} % de chaque paiement reçu et gardent le reste. Les règlements sont versés automatiquement tous les ${f.settlementPeriodDays} jours par mobile money.`,
          `Les agents touchent une commission de ${f.agentCommissionPercent} % des paiements des commerçants qu’ils ont inscrits, payée chaque mois sur les frais d’Ikimina.`,
        ],
      },
      {
        heading: '5. Commerçants',
        items: [
          'Un commerçant doit fournir un numéro d’identification fiscale (TIN) valide, une licence commerciale valide et son numéro d’enregistrement au Rwanda Development Board (RDB), et les garder valides.',
          'Un nouveau compte marchand reste en attente jusqu’à la vérification de l’entreprise par Ikimina (KYB) ; seuls les commerçants actifs peuvent recevoir des paiements.',
          'Les commerçants vendent des biens et services licites, n’affichent le code QR que pour leur propre entreprise et ne facturent pas de supplément aux clients qui paient par Ikimina.',
        ],
      },
      {
        heading: '6. Agents',
        paragraphs: ['Une candidature d’agent est examinée avant accréditation. Ikimina peut suspendre ou révoquer un agent qui enfreint ces conditions ou la loi ; un agent suspendu ou révoqué ne touche aucune commission.'],
      },
      {
        heading: '7. Ce qui est interdit',
        items: [
          'Utiliser Ikimina pour la fraude, le blanchiment d’argent, le financement du terrorisme ou tout but illicite.',
          'Utiliser l’identité, le numéro ou le compte d’une autre personne, ou tenter de lire ses données.',
          'Perturber le service, sa sécurité ou son usage par les autres membres.',
        ],
      },
      {
        heading: '8. Archives et confidentialité',
        paragraphs: [`Les enregistrements de transactions sont conservés ${TRANSACTION_RETENTION_YEARS} ans. L’usage des données personnelles est décrit dans notre Politique de confidentialité.`],
      },
      {
        heading: '9. Suspension et fermeture',
        paragraphs: [
          `Pour fermer votre compte, écrivez à ${c.legalEmail} ; nous le fermons dès que vous n’avez plus de prêt actif ni de cotisation due à un groupe en cours. Nous pouvons suspendre un compte qui enfreint ces conditions, avec préavis sauf si la loi ou un risque de préjudice l’empêche.`,
        ],
      },
      {
        heading: '10. Responsabilité, modifications et droit applicable',
        paragraphs: [
          'Nous faisons de notre mieux pour qu’Ikimina soit disponible et exact ; nous ne répondons pas des pannes de réseaux ou d’opérateurs hors de notre contrôle, mais un transfert échoué est toujours annulé ou relancé, jamais perdu.',
          'Nous vous prévenons dans l’application avant l’entrée en vigueur d’une modification. Ces conditions sont régies par le droit de la République du Rwanda.',
          `Questions : ${c.legalEmail}, ${c.phone}, Kigali, Rwanda.`,
        ],
      },
    ],
  },
});
