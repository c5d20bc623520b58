import type { EducationContent } from './types.ts';

const WEEKDAYS = { monday: 'Monday', tuesday: 'Tuesday', wednesday: 'Wednesday', thursday: 'Thursday', friday: 'Friday', saturday: 'Saturday', sunday: 'Sunday' };

export const content: EducationContent = (f, fmt) => {
  const [r1 = 3, r2 = 1] = f.reminderDaysBefore;
  const bands = f.rateBands.map((b) => `${b.minScore}+: ${fmt.percent(b.annualRatePercent)}`).join(', ');
  return {
    tontines: {
      title: 'Tontines: saving together',
      description: 'How a rotating savings group works on Ikimina, from joining to receiving the pot.',
      lessons: {
        'what-is-a-tontine': {
          title: 'What is a tontine?',
          steps: [
            'A tontine (ikimina) is a group that saves together: every cycle, each member pays the same contribution.',
            'Each cycle the whole pot, the contribution times the number of members, goes to one member, in the payout order: join order, the creator first.',
            'After as many cycles as members, everyone has received the pot once. A group with a single member is personal savings you can withdraw to mobile money at any time.',
          ],
          tips: ['Choose a contribution you can pay every cycle: the payout waits until every member has paid.', 'Your savings balance is what you contributed minus the payouts you received.'],
        },
        'joining-and-rotation': {
          title: 'Joining a group and the rotation',
          steps: [
            'Open Tontines and look under Discover, or AI Recommended for groups that fit your budget.',
            'Join a group that is still forming and has a spot left; you cannot join a full group or one you are already in.',
            'The rotation starts when the group is full, or earlier when its creator starts it with at least 2 members. Cycles are daily, weekly or monthly.',
          ],
          tips: ['The group chat is for members only: agree on the rules there.', 'Your place in the payout order is shown on the group page.'],
        },
        'contributions-and-reminders': {
          title: 'Paying contributions on time',
          steps: [
            'Pay each contribution by mobile money from the group page or the Contributions tab, or with the USSD menu on any phone.',
            `Ikimina reminds you by SMS, e-mail and in the app at ${f.reminderHour}:00 Kigali time ${r1} days before, ${r2} day before and on the due date.`,
            'A contribution not paid by its due date becomes overdue; when all of a cycle’s contributions are paid, the pot is sent to that cycle’s member by mobile money.',
          ],
          tips: ['Paying on time raises your on-time rate and your credit score.', 'A failed payment leaves the contribution pending: simply pay again.'],
        },
      },
    },
    loans: {
      title: 'Microloans backed by your savings',
      description: 'How much you can borrow, what it costs and how repayment works.',
      lessons: {
        'loan-limit': {
          title: 'How much can I borrow?',
          steps: [
            `You can borrow up to ${fmt.percent(f.loanShareOfSavingsPercent)} of your tontine savings: your savings are the collateral.`,
            `A loan is at least ${fmt.rwf(f.minLoanFrancs)} and at most ${fmt.rwf(f.maxLoanFrancs)}.`,
            'You need a verified national ID and no overdue loan to apply.',
          ],
          tips: ['Saving regularly raises your limit.', 'Verify your national ID from the Verification tab of the dashboard before you need a loan.'],
        },
        'rates-and-credit-score': {
          title: 'Your credit score and your rate',
          steps: [
            `Your credit score runs from ${f.creditScoreMin} to ${f.creditScoreMax}. It is computed from your real history: paying on time, savings balance, savings streak, time with Ikimina, identity verification and group participation.`,
            `Your annual rate follows your score: ${bands}.`,
            `A loan within your limit with a score of ${f.instantApprovalMinScore} or more is approved at once; otherwise it is reviewed by a person.`,
          ],
          tips: ['Each factor of your score is shown with its weight: improve the weakest one first.', 'Scoring needs your consent, asked when you apply.'],
        },
        'applying-and-repaying': {
          title: 'Applying and repaying',
          steps: [
            `Choose an amount, a term between ${f.minTermMonths} and ${f.maxTermMonths} months and describe the purpose in at least ${f.minPurposeLength} characters.`,
            'Read the key facts statement: rate, instalments and total cost. Accepting it sends your application.',
            `Once approved, the money is sent to your mobile money. You repay in equal monthly instalments, with reminders ${r1} days before, ${r2} day before and on each due date.`,
          ],
          tips: ['A shorter term costs less interest; a longer term lowers each instalment.', 'A missed instalment makes the loan overdue and lowers your score.'],
        },
      },
    },
    payments: {
      title: 'Payments and mobile money',
      description: 'Paying and getting paid with MTN MoMo, Airtel Money, USSD and QR codes.',
      lessons: {
        'mobile-money': {
          title: 'Paying with mobile money',
          steps: [
            'Choose mobile money (MTN MoMo or Airtel Money) and check your phone number.',
            'Your phone shows a payment prompt: approve it with your mobile money PIN.',
            'The payment counts once your provider confirms it; a repeated confirmation never charges you twice.',
          ],
          tips: ['Never share your mobile money PIN, not even with Ikimina.', 'Payouts and loans are sent to the phone number on your profile.'],
        },
        ussd: {
          title: 'Ikimina on any phone (USSD)',
          steps: [
            'Dial the Ikimina USSD code from a Rwandan mobile number: no smartphone or data needed.',
            'Create a PIN the first time, then check your savings, pay contributions and see your loans from the menus, in your language.',
            'Wrong PINs slow the phone down for a while, so a stranger cannot guess yours.',
          ],
          tips: ['Your USSD PIN is not your mobile money PIN: keep them different.', 'The menus speak English, French, Kinyarwanda and Swahili.'],
        },
        'qr-and-cards': {
          title: 'Paying a shop by QR code',
          steps: [
            'Scan the shop’s Ikimina QR code with your phone camera: it opens the shop’s payment page.',
            'Enter the amount and approve the mobile money prompt.',
            'On a basic phone, pay the same shop with the USSD menu and its merchant code.',
          ],
          tips: ['Check the shop’s name on the payment page before you approve.', 'Keep the SMS confirmation as your receipt.'],
        },
      },
    },
    'agent-network': {
      title: 'The agent network',
      description: 'Onboard merchants in your area and earn a commission on their sales.',
      lessons: {
        'becoming-an-agent': {
          title: 'Becoming an agent',
          steps: [
            'Register as an individual or as a business, with your agent code, district and the areas you serve.',
            'Your application starts pending: the Ikimina team reviews it, usually within 24-48 hours.',
            'Once accredited (active), you can onboard merchants and earn commission.',
          ],
          tips: ['Pick an agent code that is easy to say and type: merchants enter it when they register.', 'A suspended or revoked agent earns no commission.'],
        },
        'onboarding-merchants': {
          title: 'Onboarding merchants',
          steps: [
            'Help a shop register its business on Ikimina and give it your agent code.',
            'Help the owner prepare the business documents: TIN, trade licence and RDB number.',
            'Your dashboard lists the merchants you onboarded and their status.',
          ],
          tips: ['A merchant accepts payments once its business is verified.', 'Show new merchants how to print and display their QR code.'],
        },
        commission: {
          title: 'How commission is paid',
          steps: [
            `You earn ${fmt.percent(f.agentCommissionPercent)} of every completed payment to a merchant you onboarded, taken from Ikimina’s ${fmt.percent(f.merchantFeePercent)} fee: the merchant pays nothing more.`,
            'Each commission is pending until it is paid.',
            `Commissions are paid monthly, on day ${f.commissionPayoutDayOfMonth} of each month, by mobile money, for the month that ended.`,
          ],
          tips: ['More active merchants mean more commission: help them get customers paying by QR.', 'Check pending commissions on your agent dashboard.'],
        },
      },
    },
    'merchant-services': {
      title: 'Merchant services',
      description: 'Accept payments by QR code and mobile money, with automatic settlements.',
      lessons: {
        'registering-your-business': {
          title: 'Registering your business',
          steps: [
            'Register with your business name, category, address, district, phone and e-mail, and the agent code of the agent who helps you, if any.',
            'Add your TIN, trade licence number and RDB registration number: they speed up the Know Your Business (KYB) review.',
            'Your account starts pending; once the review verifies your business, it becomes active and can accept payments.',
          ],
          tips: ['You can generate your QR code while the review is pending.', 'Keep your documents valid: an inactive business cannot be paid.'],
        },
        'accepting-payments': {
          title: 'Accepting payments',
          steps: [
            'Generate your QR code on the Merchant Payments page and download it to print.',
            'A customer scans it and pays by mobile money; a customer with a basic phone pays by USSD with your merchant code.',
            'Each payment appears in Transactions with its fee and your net amount.',
          ],
          tips: ['Display the QR code where customers pay.', 'Only completed payments count towards your settlement.'],
        },
        'fees-and-settlements': {
          title: 'Fees and settlements',
          steps: [
            `The fee is ${fmt.percent(f.merchantFeePercent)} of each payment: you keep ${fmt.percent(f.merchantKeepsPercent)}.`,
            `Settlements are automatic every ${f.settlementPeriodDays} days: each ${WEEKDAYS[f.settlementWeekday]}, the net of the week that ended is paid to your mobile money.`,
            'A settlement that fails is retried; the Settlements tab shows each batch and what is pending.',
          ],
          tips: ['Check the pending settlement before each payout day.', 'Your settlement reports help you keep your books.'],
        },
      },
    },
    'ai-assistant': {
      title: 'The AI financial assistant',
      description: 'Get answers about your own savings, loans and groups, in your language.',
      lessons: {
        'asking-questions': {
          title: 'Asking the assistant',
          steps: [
            'Open the assistant from the header or the dashboard and ask in your own words, or tap a quick question.',
            'Signed in, it answers from your own data: savings, next contribution, credit score, loan limit and the instalment of a loan.',
            'Each figure says where it comes from; what it cannot answer, it tells you and points to the right screen.',
          ],
          tips: ['Ask with numbers: “Can I borrow 50,000 over 6 months?”', 'It never moves money: payments are always yours to approve.'],
        },
        'languages-and-privacy': {
          title: 'Languages and privacy',
          steps: [
            'Write in English, French, Kinyarwanda or Swahili: it answers in your language.',
            'It only ever shows you your own data; visitors who are not signed in get general answers.',
          ],
          tips: ['Do not type PINs or passwords in the chat.', 'Check important figures on the matching screen before you decide.'],
        },
      },
    },
  };
};
