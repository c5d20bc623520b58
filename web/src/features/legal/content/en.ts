import { TRANSACTION_RETENTION_YEARS } from '../legal-figures.ts';
import type { LegalContent } from './types.ts';

export const content: LegalContent = (f, c) => ({
  privacy: {
    title: 'Privacy Policy',
    intro:
      'Ikimina is a community-finance service for Rwanda: savings groups (tontines), microloans, mobile money payments, merchant payments and an agent network. This policy says what personal data we keep, why, with whom we share it, how long we keep it and how you use your rights under Rwanda’s Law N° 058/2021 of 13/10/2021 relating to the protection of personal data and privacy.',
    sections: [
      {
        heading: '1. Who is responsible',
        paragraphs: [`Ikimina is the controller of the personal data described here. Our data protection contact is ${c.privacyEmail}, ${c.phone}, Kigali, Rwanda.`],
      },
      {
        heading: '2. The data we keep and why',
        items: [
          'Account: e-mail, name, phone number, preferred language, date of birth, address, profession and profile photo, to run your account and reach you. Your password is kept only as a one-way hash.',
          'Identity: your national ID number, checked against the national register through an identity verification service, and the details and ID photo it returns, to know who you are, to keep one account per person and to meet anti-money-laundering duties. The number is encrypted (AES-256-GCM) and shown masked to anyone but you.',
          `Facial verification (biometric data, with your consent only): your ID photo and a selfie, compared on our own servers; we keep the two photos privately and the result of each comparison (verified at ${f.faceMatchPercent} % or more). Face descriptors are not stored.`,
          'Savings groups: the groups you join, your contributions, payouts, payout order and group chat messages, to run the group for all its members.',
          'Loans and credit: your applications, the key facts statement you accepted, repayments, and each credit assessment with its factors and model version, to decide on and manage loans (with your consent to credit scoring).',
          'Payments: mobile money numbers, amounts, provider references and statuses of every payment, payout, settlement and commission, to move money correctly and keep the accounts.',
          'Merchants and agents: business name, category, address, district, TIN, trade licence and RDB numbers, and onboarding records, to verify businesses and pay settlements and commissions.',
          'Messages and usage: SMS, e-mails and in-app notifications we send you, USSD sessions, the lessons you finished and your questions to the AI assistant, to serve you and answer you.',
          'Security: sign-in sessions, attempts and an append-only audit trail of sensitive actions (it names what changed, not the values), to protect your account and investigate abuse.',
        ],
      },
      {
        heading: '3. Consent for credit scoring and biometrics',
        paragraphs: [
          'Your credit score is computed only after you consent, when you apply for a loan or ask for an assessment. It uses only your history with Ikimina: punctual payments, savings, tenure, identity verification and group participation. We never read your phone’s contacts.',
          'A loan is approved automatically only when it is within your limit and your score is high enough; any other application is reviewed by a person, so no refusal is made by a machine alone.',
          'Facial verification runs only after you accept the consent text shown on the Verification tab. You can withdraw that consent at any time from the same place; no new comparison runs without it. Every consent and withdrawal is recorded with its date and the version of the text.',
        ],
      },
      {
        heading: '4. Who we share data with',
        paragraphs: ['We share only what each service needs to do its job for you, and we never sell personal data.'],
        items: [
          'MTN Rwanda (MoMo) and Airtel Rwanda (Airtel Money): your phone number and the amount of each payment, payout or disbursement.',
          'Africa’s Talking: your phone number and the text of SMS we send you, and your USSD sessions.',
          'Our identity verification service (an aggregator with access to the national register of NIDA): your national ID number, to return the registered details and photo.',
          'Google, only if you choose “Sign in with Google”: Google tells us your e-mail address and name.',
          'Our e-mail provider: your e-mail address and the messages we send you.',
          'Our storage provider: your photos, kept private and readable only by you and our servers.',
          'A card payment provider, only if you pay by card: you enter your card on the provider’s own page; card details never reach Ikimina.',
          'AI: the assistant runs on our own servers by default. Where we use a language-model provider, it receives your question and the figures needed to answer, never your ID number or photos.',
          'Authorities, when the law requires it (for example the National Bank of Rwanda or a court).',
        ],
      },
      {
        heading: '5. How long we keep data',
        items: [
          `Transaction records (payments, contributions, payouts, loans, repayments, settlements and commissions) and the accounting entries behind them are kept for ${TRANSACTION_RETENTION_YEARS} years, as financial regulation requires, even after you close your account.`,
          'Account, identity and verification data are kept while your account is open, then only as long as the law requires.',
          'Sign-in sessions and attempt counters expire within hours or days; one-time sign-in links within minutes.',
        ],
      },
      {
        heading: '6. How we protect it',
        paragraphs: [
          'National ID numbers are encrypted at rest with AES-256-GCM; passwords and PINs are hashed; private photos are served only to their owner; every sensitive action is written to a tamper-evident audit trail; connections are encrypted. If a breach puts your data at risk we notify the National Cyber Security Authority (NCSA) within 48 hours and tell you when the risk to you is high.',
        ],
      },
      {
        heading: '7. Your rights under Law N° 058/2021',
        items: [
          'To be informed and to access the personal data we hold about you, and to receive a copy.',
          'To correct inaccurate data: edit your name, phone and address on your Profile, or write to us.',
          'To have data erased or its processing restricted where we are not required by law to keep it (transaction records are kept for the period above).',
          'To object to processing, including profiling, and not to be subject to a decision based solely on automated processing.',
          'To withdraw consent at any time (facial verification on the Verification tab; credit scoring by writing to us), without affecting what was done before.',
          'To data portability: a copy of your data in a machine-readable form.',
          'To complain to the National Cyber Security Authority (NCSA), the supervisory authority.',
        ],
        paragraphs: [`To use a right, write to ${c.privacyEmail} from the e-mail address of your account, or call ${c.phone}. We may ask you to confirm your identity, and we answer within 30 days.`],
      },
      {
        heading: '8. Children',
        paragraphs: [`Ikimina is for people aged ${f.minimumAge} and over. We do not knowingly keep data of younger people, and a national ID showing an age under ${f.minimumAge} is refused.`],
      },
      {
        heading: '9. Changes',
        paragraphs: ['When we change this policy we update the date above and tell you in the app before the change applies; a new consent text asks for your consent again.'],
      },
    ],
  },
  terms: {
    title: 'Terms of Service',
    intro:
      'These terms are the agreement between you and Ikimina for the use of the Ikimina website, app, USSD menus and SMS services. By creating an account you accept them.',
    sections: [
      {
        heading: '1. Who may use Ikimina',
        items: [
          `You must be ${f.minimumAge} years of age or older and a legal resident of Rwanda.`,
          'You may hold one account, with true and current information; a national ID belongs to one account only.',
          'You keep your password, PINs and phone safe and tell us at once if you think someone else used your account.',
        ],
      },
      {
        heading: '2. Savings groups (tontines)',
        items: [
          'Each cycle every member owes the group’s contribution; the pot of a cycle is paid by mobile money to the member whose turn it is, once all contributions of that cycle are paid.',
          'The payout order is the order in which members joined, the creator first. The rotation starts when the group is full or when its creator starts it with at least 2 members.',
          'Reminders are sent before and on each due date; a contribution not paid by its due date is overdue and is reported in your credit history.',
        ],
      },
      {
        heading: '3. Microloans',
        items: [
          `Loans are up to ${f.loanShareOfSavingsPercent} % of your tontine savings, which serve as collateral, from ${f.minLoanFrancs.toLocaleString('en')} to ${f.maxLoanFrancs.toLocaleString('en')} ${f.currency}, over ${f.minTermMonths} to ${f.maxTermMonths} months.`,
          'A loan needs a verified national ID, your consent to credit scoring and no overdue loan. Before you apply you receive a key facts statement with the rate, the instalments and the total cost; your application accepts it.',
          'The annual rate depends on your credit score. You repay in monthly instalments by mobile money; a missed instalment makes the loan overdue.',
        ],
      },
      {
        heading: '4. Payments and fees',
        items: [
          'Money moves through licensed mobile money providers (MTN, Airtel); their own terms also apply. A payment counts once the provider confirms it; a repeated request or confirmation is never charged twice.',
          `Merchants pay a fee of ${f.merchantFeePercent} % of each payment received and keep the rest. Settlements are paid automatically every ${f.settlementPeriodDays} days by mobile money.`,
          `Agents earn a commission of ${f.agentCommissionPercent} % of the payments of the merchants they onboarded, paid monthly out of Ikimina’s fee.`,
        ],
      },
      {
        heading: '5. Merchants',
        items: [
          'A merchant must provide a valid Taxpayer Identification Number (TIN), a valid trade licence and its Rwanda Development Board (RDB) registration number, and keep them valid.',
          'A new merchant account is pending until Ikimina verifies the business (Know Your Business); only active merchants may accept payments.',
          'Merchants must sell lawful goods and services, show the QR code only for their own business and not charge customers extra for paying through Ikimina.',
        ],
      },
      {
        heading: '6. Agents',
        paragraphs: ['An agent application is reviewed before accreditation. Ikimina may suspend or revoke an agent who breaks these terms or the law; a suspended or revoked agent earns no commission.'],
      },
      {
        heading: '7. What you must not do',
        items: [
          'Use Ikimina for fraud, money laundering, terrorist financing or any unlawful purpose.',
          'Use another person’s identity, phone number or account, or try to read their data.',
          'Interfere with the service, its security or other members’ use of it.',
        ],
      },
      {
        heading: '8. Records and privacy',
        paragraphs: [`Transaction records are kept for ${TRANSACTION_RETENTION_YEARS} years. How we use personal data is described in our Privacy Policy.`],
      },
      {
        heading: '9. Suspension and closing',
        paragraphs: [
          `To close your account, write to ${c.legalEmail}; we close it once you have no active loan and no contribution owed to a running group. We may suspend an account that breaks these terms, with notice unless the law or a risk of harm prevents it.`,
        ],
      },
      {
        heading: '10. Liability, changes and law',
        paragraphs: [
          'We do our best to keep Ikimina available and correct; we are not liable for failures of mobile networks or providers outside our control, but a failed transfer is always reversed or retried, never lost.',
          'We tell you in the app before changes to these terms apply. These terms are governed by the laws of the Republic of Rwanda.',
          `Questions: ${c.legalEmail}, ${c.phone}, Kigali, Rwanda.`,
        ],
      },
    ],
  },
});
