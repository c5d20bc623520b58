/** Ibisubizo by'umufasha mu Kinyarwanda; buri mubare uva mu makuru yahawe. */
import { dateInWords } from '../shared/date-words.ts';
import type { FactorCode } from '../credit/scorecard.ts';
import type { AnswerCatalogue } from './answers.ts';
import type { LoanLimitFact, MissingForLoan } from './grounded-tools.ts';

function missing(f: LoanLimitFact, m: MissingForLoan): string {
  switch (m.kind) {
    case 'identity_verified':
      return "Emeza indangamuntu yawe, ahanditse Kugenzura ku Kibaho cyawe.";
    case 'savings':
      return `Zigama andi ${m.missing.format('rw')}: inguzanyo itangirira kuri ${f.minLoan.format('rw')} kandi ushobora kuguza ${f.collateralPercent} % by'ubwizigame bwawe, bityo ukeneye kuba wizigamye ${m.needed.format('rw')} (ufite ${f.savings.format('rw')}). Ubwizigame bwawe bwite, kuri paji y'Ibimina, ni bwo buryo bwihuse.`;
    case 'limit_used':
      return "Inguzanyo ufite zimaze gukoresha igipimo cyawe cyose: banza wishyure igice cyazo.";
    case 'no_overdue_loan':
      return "Banza wishyure inguzanyo yarengeje igihe, kuri paji y'Inguzanyo.";
    case 'no_open_application':
      return 'Ubusabe bwawe butegereje icyemezo: uzongera gusaba bumaze gufatirwa icyemezo.';
  }
}

/** The scorecard's words in this language (core/credit/scorecard.ts gives codes; the web's locale says the same). */
const RATINGS: Readonly<Record<string, string>> = { Excellent: 'Byiza cyane', Good: 'Byiza', Fair: 'Biringaniye', Poor: 'Bike', 'Very Poor': 'Bike cyane' };
const IMPACTS: Readonly<Record<string, string>> = { positive: 'byiza', negative: 'bibi', neutral: 'nta ngaruka' };
const FACTOR_NAMES: Readonly<Record<FactorCode, string>> = { punctuality: 'Kwishyura ku gihe', savings_balance: 'Amafaranga wizigamye', savings_streak: 'Kwizigama buri kwezi', tenure: 'Igihe umaze uri umunyamuryango', identity: 'Kwemeza indangamuntu', groups: 'Kwitabira ibimina' };

export const RW_ANSWERS: AnswerCatalogue = {
  sources: {
    savings_dashboard: "ikibaho cy'ubwizigame bwawe (imisanzu yishyuwe, ukuyemo ayo wahawe n'ayo wabikuje)",
    contributions: 'imisanzu yawe',
    loans_summary: "incamake y'inguzanyo zawe (kimwe cya kabiri cy'ubwizigame, ukuyemo inguzanyo usanzwe ufite)",
    credit_assessment: "isuzuma ry'inguzanyo riheruka",
    loan_calculation: "imibare y'inguzanyo ku nyungu ijyanye n'amanota yawe",
    recommendations: 'amatsinda afunguye ubu',
    product_rules: 'amategeko ya Ikimina',
  },
  screens: {
    dashboard: 'Ikibaho cyawe',
    verification: 'ahanditse Kugenzura ku Kibaho cyawe',
    loans: "paji y'Inguzanyo",
    tontines: "paji y'Ibimina",
    profile: 'Umwirondoro wawe',
    education: "paji y'Amasomo",
  },
  source: (label, screen) => `Aho bivuye: ${label} — reba ${screen}.`,
  greeting: (signedIn) =>
    signedIn
      ? "Muraho! Nshobora kukubwira ubwizigame bwawe, umusanzu utaha, igihe uzahabwa, amanota y'inguzanyo, ayo ushobora kuguza n'ubwishyu bwa buri kwezi bw'inguzanyo, n'amatsinda ahuye n'ubushobozi bwawe."
      : "Muraho! Nshobora gusobanura uko ibimina, inguzanyo, kwibutsa, kwemeza umwirondoro na USSD bikora, n'ibyo abacuruzi na ba agent bishyura cyangwa babona. Injira kugira ngo ubaze ku bwizigame n'inguzanyo byawe.",
  signInFirst: 'Ibyo bireba konti yawe: banza winjire, hanyuma wongere ubaze (Injira, hejuru ku rupapuro).',
  savings: (f) => `Ubwizigame bwawe bwose ni ${f.totalSavings.format('rw')}, mu matsinda ${f.activeTontines} akora.`,
  nextContribution: (f) =>
    f.next
      ? `Umusanzu wawe utaha ni ${f.next.amount.format('rw')} w'ikimina "${f.next.tontineName}", ugomba kwishyurwa ku wa ${dateInWords(f.next.dueDate, 'rw')}${f.next.overdue ? ' (warengeje igihe: wishyure vuba)' : ''}.`
      : 'Nta musanzu ugomba kwishyura ubu.',
  payouts: (f) => (f.next ? `Amafaranga uzahabwa ubutaha ni ${f.next.amount.format('rw')} avuye muri "${f.next.tontineName}", ku wa ${dateInWords(f.next.date, 'rw')}.` : 'Nta gihe cyo guhabwa cyateganyijwe: uzahabwa igihe itsinda urimo rikora kandi igihe cyawe kigeze.'),
  creditScore: (f) => {
    const a = f.assessment;
    if (!a) return "Nta manota y'inguzanyo urabona. Saba isuzuma kuri paji y'Inguzanyo, ahanditse Amanota y'inguzanyo.";
    const factors = a.factors.map((x) => `${x.code ? FACTOR_NAMES[x.code] : x.factor} (${IMPACTS[x.impact] ?? x.impact})`).join(', ');
    const limit = a.maxLoanAmount.lessThan(f.minLoan)
      ? `Igipimo cyawe icyo gihe, ${a.maxLoanAmount.format('rw')}, cyari munsi y'inguzanyo ntoya ishoboka ya ${f.minLoan.format('rw')}.`
      : `Yakwemereraga inguzanyo igera kuri ${a.maxLoanAmount.format('rw')}.`;
    return `Amanota yawe y'inguzanyo ni ${a.score} (${RATINGS[a.rating] ?? a.rating}), yabazwe ku wa ${dateInWords(a.assessedAt, 'rw')}. ${limit} Ibiyagena: ${factors}.`;
  },
  loanLimit: (f) =>
    f.eligible
      ? `Ubu ushobora kuguza kuva kuri ${f.minLoan.format('rw')} kugeza kuri ${f.available.format('rw')}: ${f.collateralPercent} % by'ubwizigame bwawe bwa ${f.savings.format('rw')}, ukuyemo inguzanyo usanzwe ufite. Mu busabe uzemera isuzuma ry'inguzanyo n'incamake y'inguzanyo.`
      : `Ntushobora kuguza ubu. ${f.missing.map((m) => missing(f, m)).join(' ')}`,
  loanQuote: (f) => {
    if (!f.ok) {
      if (f.problem === 'amount_missing') return 'Mbwira amafaranga n\'amezi, urugero: "ubwishyu bwa buri kwezi kuri 100000 mu mezi 12".';
      if (f.problem === 'term_missing') return 'Mu mezi angahe? Urugero: "100000 mu mezi 12".';
      if (f.problem === 'amount_out_of_bounds') return `Inguzanyo iri hagati ya ${f.min.format('rw')} na ${f.max.format('rw')}.`;
      return `Igihe cy'inguzanyo kiri hagati y'amezi ${f.minTerm} na ${f.maxTerm}.`;
    }
    const limit = !f.eligible
      ? " Icyitonderwa: ntushobora kuguza ubu; paji y'Inguzanyo yerekana ibibura."
      : f.withinAvailable
        ? ''
        : ` Icyitonderwa: birenze ibyo ushobora kuguza ubu (${f.available.format('rw')}).`;
    return `Inguzanyo ya ${f.amount.format('rw')} mu mezi ${f.termMonths} ku nyungu ya ${f.annualRatePercent} % ku mwaka (amanota yawe ${f.creditScore}) wishyura ${f.monthlyPayment.format('rw')} buri kwezi: ${f.totalRepayable.format('rw')} byose hamwe, harimo inyungu ya ${f.totalInterest.format('rw')}.${limit}`;
  },
  groups: (f) => {
    if (!f.ok) return `Amafaranga uteganya kuri buri musanzu ntarenga ${f.maxBudget.format('rw')}: mbwira make.`;
    if (f.groups.length === 0) return `Nta tsinda rifunguye rihuye${f.budget ? ` n'amafaranga ${f.budget.format('rw')} uteganya` : ''} ubu. Ushobora gushinga iryawe kuri paji y'Ibimina.`;
    const list = f.groups.map((g) => `"${g.name}": ${g.contributionAmount.format('rw')} ${g.frequency}, abanyamuryango ${g.members}/${g.maxMembers}, bihuye ku ${g.matchPercent} %`).join('; ');
    return `Amatsinda akubereye${f.budget ? ` (uteganya ${f.budget.format('rw')})` : ''}: ${list}.`;
  },
  merchantFees: (r) => `Abacuruzi bishyura ${r.merchantFeePercent} % kuri buri bwishyu, bagasigarana ${r.merchantKeepsPercent} %. Amafaranga yabo yoherezwa ubwayo buri minsi ${r.settlementPeriodDays}, buri wa mbere, ay'icyumweru gishize.`,
  agentCommission: (r) => `Agent abona ${r.agentCommissionPercent} % bya buri bwishyu bwakiriwe n'umucuruzi yanditse (bikurwa ku mafaranga umucuruzi yishyura), yishyurwa buri kwezi ku itariki ya ${r.commissionPaidOnDay} ku kwezi gushize.`,
  howTontines: (r) =>
    `Ikimina ni itsinda rizigamira hamwe: buri wese atanga umusanzu ungana, ku gihe kimwe (buri munsi, buri cyumweru cyangwa buri kwezi), kandi kuri buri cyiciro umunyamuryango umwe ahabwa amafaranga yose, hakurikijwe umurongo ushyirwaho na tombola iyo itsinda ritangiye. Jya mu itsinda cyangwa ushinge iryawe kuri paji y'Ibimina. Tukwibutsa iminsi ${r.reminderDaysBefore.join(', ')} mbere ya buri tariki.`,
  howLoans: (r) =>
    `Ubwizigame bwawe ni ingwate: ushobora kuguza kugeza kuri ${r.loanCollateralPercent} % byabwo, kuva kuri ${r.minLoan.format('rw')} kugeza kuri ${r.maxLoan.format('rw')}, mu mezi ${r.minTermMonths} kugeza kuri ${r.maxTermMonths}. Inyungu ku mwaka ikurikira amanota yawe (${r.rateBandsPercent.join(' %, ')} %). Ubona incamake y'inguzanyo (ubwishyu bwa buri kwezi, ikiguzi cyose) mbere yo kwemera, ukishyura buri kwezi ukoresheje mobile money. Saba kuri paji y'Inguzanyo.`,
  howReminders: (r) => `Ikimina kikwibutsa buri musanzu ukoresheje SMS no muri porogaramu, iminsi ${r.reminderDaysBefore.filter((d) => d > 0).join(' na ')} mbere y'itariki no ku munsi nyirizina; n'ubwishyu bw'inguzanyo burabibutswa. Nimero yawe n'ururimi biri mu Mwirondoro wawe.`,
  howVerification: "Kwemeza umwirondoro bifite intambwe ebyiri, zombi zitangirira ahanditse Kugenzura ku Kibaho cyawe: indangamuntu yawe igenzurwa na NIDA, hanyuma, ubyemeye, ifoto yawe (selfie) igereranywa n'iyo ku ndangamuntu. Ushobora kwisubiraho ku kwemera ibijyanye n'isura igihe icyo ari cyo cyose.",
  howUssd: "Ntukeneye smartphone cyangwa internet: kanda kode ya USSD ya Ikimina kuri telefone iyo ari yo yose, wiyandikishe ukoresheje izina ryawe n'umubare w'ibanga (PIN), hanyuma urebe ubwizigame bwawe, wishyure umusanzu, urebe igihe uzahabwa, ubutumwa n'inguzanyo zawe, mu rurimi rwawe.",
  othersData: "Nshobora kukwereka amakuru yawe gusa: ubwizigame, inguzanyo cyangwa imyirondoro by'undi munyamuryango ni ibanga, kandi sinjya mbisangiza.",
  offTopic: "Ibyo sinshobora kubisubiza. Nagufasha ku bwizigame, imisanzu, igihe cyo guhabwa, amanota y'inguzanyo n'inguzanyo, amatsinda wajyamo, n'uko Ikimina gikora: reba amasomo kuri paji y'Amasomo.",
};
