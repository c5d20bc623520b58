/** Majibu ya msaidizi kwa Kiswahili; kila namba inatoka kwenye taarifa zilizotolewa. */
import { dateInWords } from '../shared/date-words.ts';
import type { FactorCode } from '../credit/scorecard.ts';
import type { AnswerCatalogue } from './answers.ts';
import type { LoanLimitFact, MissingForLoan } from './grounded-tools.ts';

function missing(f: LoanLimitFact, m: MissingForLoan): string {
  switch (m.kind) {
    case 'identity_verified':
      return 'Thibitisha kitambulisho chako cha taifa, kwenye kichupo cha Uthibitishaji cha dashibodi yako.';
    case 'savings':
      return `Weka akiba ya ${m.missing.format('sw')} zaidi: mkopo unaanzia ${f.minLoan.format('sw')} na unaweza kukopa ${f.collateralPercent} % ya akiba yako, kwa hiyo unahitaji akiba ya ${m.needed.format('sw')} (una ${f.savings.format('sw')}). Akiba binafsi, kwenye ukurasa wa Vikundi vya akiba, ndiyo njia ya haraka.`;
    case 'limit_used':
      return 'Mikopo yako tayari inatumia kikomo chako chote: rejesha sehemu yake kwanza.';
    case 'no_overdue_loan':
      return 'Rejesha kwanza mkopo wako uliochelewa, kwenye ukurasa wa Mikopo.';
    case 'no_open_application':
      return 'Ombi lako linasubiri uamuzi: utaweza kuomba tena likishaamuliwa.';
  }
}

/** The scorecard's words in this language (core/credit/scorecard.ts gives codes; the web's locale says the same). */
const RATINGS: Readonly<Record<string, string>> = { Excellent: 'Bora sana', Good: 'Nzuri', Fair: 'Wastani', Poor: 'Dhaifu', 'Very Poor': 'Dhaifu sana' };
const IMPACTS: Readonly<Record<string, string>> = { positive: 'chanya', negative: 'hasi', neutral: 'wastani' };
const FACTOR_NAMES: Readonly<Record<FactorCode, string>> = { punctuality: 'Kulipa kwa wakati', savings_balance: 'Salio la akiba', savings_streak: 'Mfululizo wa akiba', tenure: 'Muda wa uanachama', identity: 'Uthibitisho wa kitambulisho', groups: 'Ushiriki katika vikundi' };

export const SW_ANSWERS: AnswerCatalogue = {
  sources: {
    savings_dashboard: 'dashibodi ya akiba yako (michango uliyolipa, ukiondoa malipo uliyopokea na uliyotoa)',
    contributions: 'michango yako',
    loans_summary: 'muhtasari wa mikopo yako (nusu ya akiba yako, ukiondoa mikopo uliyo nayo)',
    credit_assessment: 'tathmini yako ya mwisho ya mkopo',
    loan_calculation: 'hesabu ya moduli ya mikopo kwa riba ya alama yako',
    recommendations: 'vikundi vilivyo wazi sasa',
    product_rules: 'kanuni za Ikimina',
  },
  screens: {
    dashboard: 'dashibodi yako',
    verification: 'kichupo cha Uthibitishaji cha dashibodi yako',
    loans: 'ukurasa wa Mikopo',
    tontines: 'ukurasa wa Vikundi vya akiba',
    profile: 'wasifu wako',
    education: 'ukurasa wa Elimu',
  },
  source: (label, screen) => `Chanzo: ${label} — tazama ${screen}.`,
  greeting: (signedIn) =>
    signedIn
      ? 'Habari! Naweza kukuambia akiba yako, mchango wako unaofuata, zamu yako ya kupokea, alama yako ya mkopo, kiasi unachoweza kukopa na rejesho la kila mwezi, na vikundi vinavyofaa bajeti yako.'
      : 'Habari! Naweza kueleza jinsi vikundi vya akiba, mikopo, vikumbusho, uthibitisho na USSD vinavyofanya kazi, na ada za wafanyabiashara na mawakala. Ingia ili uulize kuhusu akiba na mikopo yako.',
  signInFirst: 'Hilo linahusu akaunti yako: tafadhali ingia kwanza, kisha uulize tena (Ingia, juu ya ukurasa).',
  savings: (f) => `Akiba yako yote ni ${f.totalSavings.format('sw')}, katika vikundi ${f.activeTontines} vinavyoendelea.`,
  nextContribution: (f) =>
    f.next
      ? `Mchango wako unaofuata ni ${f.next.amount.format('sw')} kwa "${f.next.tontineName}", unatakiwa tarehe ${dateInWords(f.next.dueDate, 'sw')}${f.next.overdue ? ' (umechelewa: tafadhali lipa haraka)' : ''}.`
      : 'Huna mchango wa kulipa kwa sasa.',
  payouts: (f) => (f.next ? `Malipo yako yanayofuata ni ${f.next.amount.format('sw')} kutoka "${f.next.tontineName}", tarehe ${dateInWords(f.next.date, 'sw')}.` : 'Bado hakuna malipo yaliyopangwa kwako: yanakuja kikundi chako kikiwa hai na zamu yako ikifika.'),
  creditScore: (f) => {
    const a = f.assessment;
    if (!a) return 'Bado huna alama ya mkopo. Fanya tathmini kwenye kichupo cha Alama ya Mkopo cha ukurasa wa Mikopo.';
    const factors = a.factors.map((x) => `${x.code ? FACTOR_NAMES[x.code] : x.factor} (${IMPACTS[x.impact] ?? x.impact})`).join(', ');
    const limit = a.maxLoanAmount.lessThan(f.minLoan)
      ? `Kikomo chako wakati huo, ${a.maxLoanAmount.format('sw')}, kilikuwa chini ya mkopo wa chini kabisa wa ${f.minLoan.format('sw')}.`
      : `Iliruhusu mkopo hadi ${a.maxLoanAmount.format('sw')}.`;
    return `Alama yako ya mkopo ni ${a.score} (${RATINGS[a.rating] ?? a.rating}), ilitathminiwa tarehe ${dateInWords(a.assessedAt, 'sw')}. ${limit} Vigezo: ${factors}.`;
  },
  loanLimit: (f) =>
    f.eligible
      ? `Unaweza kukopa kuanzia ${f.minLoan.format('sw')} hadi ${f.available.format('sw')} sasa: ${f.collateralPercent} % ya akiba yako ya ${f.savings.format('sw')}, ukiondoa mikopo uliyo nayo. Ombi linakuomba ukubali tathmini ya mkopo na taarifa muhimu za mkopo.`
      : `Bado huwezi kukopa. ${f.missing.map((m) => missing(f, m)).join(' ')}`,
  loanQuote: (f) => {
    if (!f.ok) {
      if (f.problem === 'amount_missing') return 'Niambie kiasi na muda, kwa mfano: "rejesho la kila mwezi kwa 100000 miezi 12".';
      if (f.problem === 'term_missing') return 'Kwa miezi mingapi? Kwa mfano: "100000 miezi 12".';
      if (f.problem === 'amount_out_of_bounds') return `Mkopo ni kati ya ${f.min.format('sw')} na ${f.max.format('sw')}.`;
      return `Muda wa mkopo ni kati ya miezi ${f.minTerm} na ${f.maxTerm}.`;
    }
    const limit = !f.eligible
      ? ' Kumbuka: bado huwezi kukopa; ukurasa wa Mikopo unaonyesha kinachokosekana.'
      : f.withinAvailable
        ? ''
        : ` Kumbuka: hiki ni zaidi ya unachoweza kukopa sasa (${f.available.format('sw')}).`;
    return `Mkopo wa ${f.amount.format('sw')} kwa miezi ${f.termMonths} kwa riba ya ${f.annualRatePercent} % kwa mwaka (alama yako ${f.creditScore}) unalipwa ${f.monthlyPayment.format('sw')} kila mwezi: jumla ${f.totalRepayable.format('sw')}, ikiwemo riba ya ${f.totalInterest.format('sw')}.${limit}`;
  },
  groups: (f) => {
    if (!f.ok) return `Bajeti ya kila mchango ni hadi ${f.maxBudget.format('sw')}: niambie ndogo zaidi.`;
    if (f.groups.length === 0) return `Hakuna kikundi kilicho wazi kinachofaa${f.budget ? ` bajeti ya ${f.budget.format('sw')}` : ''} sasa. Unaweza kuunda kikundi kwenye ukurasa wa Vikundi vya akiba.`;
    const list = f.groups.map((g) => `"${g.name}": ${g.contributionAmount.format('sw')} ${g.frequency}, wanachama ${g.members}/${g.maxMembers}, inafaa kwa ${g.matchPercent} %`).join('; ');
    return `Vikundi kwa ajili yako${f.budget ? ` (bajeti ${f.budget.format('sw')})` : ''}: ${list}.`;
  },
  merchantFees: (r) => `Wafanyabiashara hulipa ada ya ${r.merchantFeePercent} % kwa kila malipo na hubaki na ${r.merchantKeepsPercent} %. Malipo yao hutumwa moja kwa moja kila siku ${r.settlementPeriodDays}, kila Jumatatu, kwa wiki iliyopita.`,
  agentCommission: (r) => `Wakala hupata ${r.agentCommissionPercent} % ya kila malipo anayopokea mfanyabiashara aliyemsajili (inatoka kwenye ada ya mfanyabiashara), hulipwa kila mwezi tarehe ${r.commissionPaidOnDay} kwa mwezi uliopita.`,
  howTontines: (r) =>
    `Tontine (ikimina) ni kikundi kinachoweka akiba pamoja: kila mtu analipa mchango sawa kwa mpangilio mmoja (kila siku, wiki au mwezi), na kila mzunguko mwanachama mmoja anapokea fedha zote, kwa zamu zinazopangwa kwa bahati nasibu kikundi kinapoanza. Jiunge au unda kikundi kwenye ukurasa wa Vikundi vya akiba. Vikumbusho vinakuja siku ${r.reminderDaysBefore.join(', ')} kabla ya kila tarehe.`,
  howLoans: (r) =>
    `Akiba yako ni dhamana: unaweza kukopa hadi ${r.loanCollateralPercent} % yake, kutoka ${r.minLoan.format('sw')} hadi ${r.maxLoan.format('sw')}, kwa miezi ${r.minTermMonths} hadi ${r.maxTermMonths}. Riba ya mwaka inafuata alama yako (${r.rateBandsPercent.join(' %, ')} %). Unaona taarifa muhimu (rejesho la mwezi, gharama yote) kabla ya kukubali, na unarejesha kila mwezi kwa pesa ya simu. Omba kwenye ukurasa wa Mikopo.`,
  howReminders: (r) => `Ikimina inakukumbusha kila mchango kwa SMS na ndani ya programu siku ${r.reminderDaysBefore.filter((d) => d > 0).join(' na ')} kabla ya tarehe na siku yenyewe; marejesho ya mkopo pia. Namba yako na lugha yako ziko kwenye wasifu wako.`,
  howVerification: 'Uthibitisho una hatua mbili, zote zinaanzia kwenye kichupo cha Uthibitishaji cha dashibodi yako: kitambulisho chako cha taifa kinakaguliwa na NIDA, kisha, kwa idhini yako, picha yako (selfie) inalinganishwa na picha ya kitambulisho. Unaweza kuondoa idhini ya bayometriki wakati wowote.',
  howUssd: 'Huhitaji simu janja wala intaneti: piga namba ya USSD ya Ikimina kwa simu yoyote, jisajili kwa jina lako na PIN ya siri, kisha uone akiba yako, ulipe mchango, uone malipo yanayokuja, arifa na mikopo yako, kwa lugha yako.',
  othersData: 'Ninaweza kuonyesha taarifa zako tu: akiba, mikopo au maelezo ya mwanachama mwingine ni siri, na sizishiriki kamwe.',
  offTopic: 'Siwezi kujibu hilo. Ninaweza kukusaidia kuhusu akiba, michango, malipo unayopokea, alama ya mkopo na mikopo, vikundi vya kujiunga, na jinsi Ikimina inavyofanya kazi: tazama masomo kwenye ukurasa wa Elimu.',
};
