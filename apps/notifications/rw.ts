/** Amagambo y'ubutumwa mu Kinyarwanda. */
import type { Catalogue, LoanReasonTexts, MerchantReasonTexts } from './catalogue.ts';

const rwDecisionKinds: Readonly<Record<string, string>> = { change_payout_order: 'guhindura uko bazahabwa', change_fine: "guhindura ihazabu y'ubukererwe", waive_fine: 'gukuraho ihazabu' };
const rwDecisionResults: Readonly<Record<string, string>> = { passed: 'cyemejwe kirakorwa', rejected: 'cyanzwe', void: 'cyemejwe ariko ntibyashobotse' };

export const rw: Catalogue = {
  payout_received: (p) => ({ title: 'Amafaranga yoherejwe', message: `Ikimina: ${p.amount} ya ${p.tontineName} (icyiciro ${p.cycle}) yoherejwe kuri mobile money yawe.` }),
  contribution_received: (p) => ({ title: 'Ubwishyu bwakiriwe', message: `Ikimina: twakiriye umusanzu wawe wa ${p.amount} muri ${p.tontineName} (icyiciro ${p.cycle}). Murakoze!` }),
  payment_failed: (p) => ({ title: 'Ubwishyu bwanze', message: `Ikimina: ubwishyu bwawe bwa ${p.amount} muri ${p.tontineName} ntibwakunze. Ongera ugerageze.` }),
  transfer_failed: (p) => ({ title: 'Amafaranga ntiyoherejwe', message: `Ikimina: ntitwashoboye kohereza ${p.amount} ya ${p.tontineName} kuri mobile money yawe nyuma yo kugerageza kenshi. Amafaranga ari mu itsinda amahoro; reba nimero yawe ya mobile money.` }),
  payout_failed_admin: (p) => ({ title: 'Amafaranga ntiyoherejwe', message: `Ikimina: ${p.amount} ya ${p.tontineName} ntiyashoboye koherezwa kuri mobile money y'umunyamuryango nyuma yo kugerageza kenshi. Amafaranga agumye mu itsinda.` }),
  contribution_due: (p) => ({ title: 'Umusanzu ugomba kwishyurwa', message: `Ikimina: umusanzu wawe wa ${p.amount} muri ${p.tontineName} ugomba kwishyurwa ku wa ${p.dueDate}.` }),
  contribution_overdue: (p) => ({ title: 'Umusanzu warengeje igihe', message: `Ikimina: umusanzu wawe wa ${p.amount} muri ${p.tontineName} wagombaga kwishyurwa ku wa ${p.dueDate}. Wishyure nonaha.` }),
  loan_approved: (p) => ({ title: 'Inguzanyo yemejwe', message: `Ikimina: inguzanyo yawe ya ${p.amount} yemejwe ku nyungu ya ${p.rate} ku mwaka. Irimo koherezwa kuri mobile money yawe.` }),
  loan_pending_review: (p) => ({ title: 'Inguzanyo irimo gusuzumwa', message: `Ikimina: ubusabe bwawe bw'inguzanyo ya ${p.amount} butegereje umukozi ushinzwe inguzanyo. Tuzakumenyesha icyemezo.` }),
  loan_rejected: (p) => ({ title: 'Inguzanyo ntiyemejwe', message: `Ikimina: ubusabe bwawe bw'inguzanyo ya ${p.amount} ntibwemejwe. Impamvu: ${p.reason}` }),
  loan_disbursed: (p) => ({ title: 'Inguzanyo yoherejwe', message: `Ikimina: ${p.amount} byoherejwe kuri mobile money yawe. Igice cya mbere cya ${p.monthlyPayment} kizishyurwa ku wa ${p.firstDueDate}.` }),
  loan_disbursement_failed: (p) => ({ title: 'Inguzanyo ntiyoherejwe', message: `Ikimina: ntitwashoboye kohereza inguzanyo yawe ya ${p.amount} kuri mobile money yawe nyuma yo kugerageza kenshi. Nta kintu urimo; reba nimero yawe ya mobile money, itsinda ryacu rizakuvugisha.` }),
  loan_repayment_received: (p) => ({ title: 'Twakiriye ubwishyu', message: `Ikimina: twakiriye ubwishyu bw'inguzanyo bwa ${p.amount}. Hasigaye kwishyura: ${p.remaining}.` }),
  loan_payment_due: (p) => ({ title: "Igihe cyo kwishyura inguzanyo", message: `Ikimina: igice cy'inguzanyo cya ${p.amount} kigomba kwishyurwa ku wa ${p.dueDate}.` }),
  merchant_verified: (p) => ({ title: 'Ubucuruzi bwemejwe', message: `Ikimina: ${p.businessName} bwemejwe kandi ubu bwakira ubwishyu. Abakiriya bishyura bakoresheje QR code yawe, cyangwa kuri USSD bakoresheje kode ${p.merchantCode}.` }),
  merchant_rejected: (p) => ({ title: 'Ubucuruzi ntibwemejwe', message: `Ikimina: ${p.businessName} ntibwemejwe kandi ntibushobora kwakira ubwishyu.${p.reason ? ` Impamvu: ${p.reason}` : ''}` }),
  merchant_suspended: (p) => ({ title: 'Ubucuruzi bwahagaritswe', message: `Ikimina: ${p.businessName} bwahagaritswe by'agateganyo kandi ntibushobora kwakira ubwishyu ubu.${p.reason ? ` Impamvu: ${p.reason}` : ''}` }),
  merchant_reinstated: (p) => ({ title: 'Ubucuruzi bwasubijwe', message: `Ikimina: ${p.businessName} bwongeye gukora kandi bwakira ubwishyu.` }),
  working_capital_approved: (p) => ({ title: 'Igishoro cy\'ubucuruzi cyemejwe', message: `Ikimina: igishoro cy'ubucuruzi cya ${p.amount} cyemejwe, amafaranga y'serivisi ${p.fee}. Soma amakuru y'ingenzi ucyemeze ku rubuga rw'ubucuruzi bwawe.` }),
  working_capital_pending: (p) => ({ title: 'Igishoro cy\'ubucuruzi kirimo gusuzumwa', message: `Ikimina: ubusabe bwawe bw'igishoro cy'ubucuruzi cya ${p.amount} butegereje itsinda ryacu. Tuzakumenyesha icyemezo.` }),
  working_capital_rejected: (p) => ({ title: 'Igishoro cy\'ubucuruzi nticyemejwe', message: `Ikimina: ubusabe bwawe bw'igishoro cy'ubucuruzi cya ${p.amount} ntibwemejwe. Impamvu: ${p.reason}` }),
  working_capital_disbursed: (p) => ({ title: 'Igishoro cy\'ubucuruzi cyoherejwe', message: `Ikimina: ${p.amount} by'igishoro cy'ubucuruzi byoherejwe kuri nimero y'ubucuruzi bwawe. ${p.share} bya buri kwishyurwa kw'icyumweru byishyura ${p.total}.` }),
  working_capital_disbursement_failed: (p) => ({ title: 'Igishoro cy\'ubucuruzi nticyoherejwe', message: `Ikimina: ntitwashoboye kohereza igishoro cy'ubucuruzi cya ${p.amount} nyuma yo kugerageza kenshi. Nta kintu urimo; itsinda ryacu rizakuvugisha.` }),
  working_capital_repaid: (p) => ({ title: 'Kwishyura igishoro cy\'ubucuruzi', message: `Ikimina: ${p.amount} byishyuwe ku gishoro cy'ubucuruzi bwawe. Hasigaye kwishyura: ${p.remaining}.` }),
  working_capital_shortfall: (p) => ({ title: 'Igishoro cy\'ubucuruzi: ntiwageze ku gipimo gito', message: `Ikimina: hasigaye ${p.shortfall} ku gishoro cy'ubucuruzi bwawe kugira ngo ugere ku gipimo gito. Ishyura na mobile money mbere ya ${p.dueBy}.` }),
  working_capital_overdue: (p) => ({ title: 'Igishoro cy\'ubucuruzi cyarenze igihe', message: `Ikimina: igishoro cy'ubucuruzi bwawe cyarenze igihe: hasigaye ${p.owed}. Ishyura ubu na mobile money.` }),
  tontine_order_drawn: (p) => ({ title: 'Uko bazahabwa byatomboweho', message: `Ikimina: ${p.actor} yakoze tombola y'uko abanyamuryango ba ${p.tontineName} bazahabwa. Reba urutonde na tombola mu itsinda.` }),
  tontine_turns_swapped: (p) => ({ title: 'Bahinduranyije igihe', message: `Ikimina: muri ${p.tontineName}, ${p.first} (icyiciro ${p.firstCycle}) na ${p.second} (icyiciro ${p.secondCycle}) bahinduranyije igihe ku bushake bwabo.` }),
  tontine_started: (p) => ({ title: 'Itsinda ryatangiye', message: `Ikimina: ${p.actor} yatangije ${p.tontineName}. Umusanzu wa mbere ugomba kwishyurwa ku wa ${p.dueDate}.` }),
  tontine_monthly_statement: (p) => ({ title: "Raporo y'ukwezi", message: `Ikimina ${p.tontineName} ${p.month}: hinjiye ${p.moneyIn}, hatanzwe ${p.moneyOut}${p.paidTo ? ` kuri ${p.paidTo}` : ''}. Asigaye ${p.balance}.${p.nextRecipient ? ` Utahiwe: ${p.nextRecipient} ku ${p.nextDate}.` : ''}` }),
  tontine_proposal_opened: (p) => ({ title: 'Icyifuzo gishya', message: `Ikimina: muri ${p.tontineName}, ${p.actor} yatanze icyifuzo cyo ${rwDecisionKinds[String(p.kind)]}. Tora bitarenze ${p.closesOn} (app/USSD).` }),
  tontine_decision_closed: (p) => ({ title: 'Itora ryarangiye', message: `Ikimina: icyifuzo cya ${p.actor} cyo ${rwDecisionKinds[String(p.kind)]} muri ${p.tontineName}: ${rwDecisionResults[String(p.result)]} (yego ${p.yes}, oya ${p.no}).` }),
  data_export_ready: (p) => ({ title: 'Amakuru yawe yiteguye', message: `Ikimina: amakuru yawe wasabye yiteguye. Yakure kuri porofayili yawe, ahanditse Amakuru yawe, mu minsi ${p.days}.` }),
  fine_posted: (p) => ({ title: 'Ihazabu y\'ubukererwe', message: `Ikimina: umusanzu wawe w'icyiciro ${p.cycle} muri ${p.tontineName} waratinze: ugomba kwishyura ihazabu ya ${p.amount}. Yishyure mu itsinda.` }),
  fine_due: (p) => ({ title: 'Ihazabu itarishyurwa', message: `Ikimina: ihazabu y'ubukererwe ya ${p.amount} muri ${p.tontineName} (icyiciro ${p.cycle}) ntiriishyurwa. Yishyure mu itsinda.` }),
  fine_received: (p) => ({ title: 'Ihazabu yishyuwe', message: `Ikimina: twakiriye ihazabu yawe ya ${p.amount} muri ${p.tontineName} (icyiciro ${p.cycle}). Murakoze!` }),
  fine_waived: (p) => ({
    title: 'Ihazabu yakuweho',
    message: p.actor
      ? `Ikimina: ${p.actor} yakuyeho ihazabu ya ${p.amount} ya ${p.member} muri ${p.tontineName} (impamvu: ${p.reason})`
      : `Ikimina: ku cyemezo cy'itsinda, ihazabu ya ${p.amount} ya ${p.member} muri ${p.tontineName} yakuweho.`,
  }),
  fine_rule_changed: (p) => ({
    title: 'Ihazabu y\'ubukererwe yahindutse',
    message: p.actor
      ? `Ikimina: ${p.actor} yashyizeho ihazabu y'ubukererwe ya ${p.tontineName}: ${p.fine} nyuma y'iminsi ${p.graceDays} y'inyongera.`
      : `Ikimina: ku cyemezo cy'itsinda, ihazabu y'ubukererwe ya ${p.tontineName} ni ${p.fine} nyuma y'iminsi ${p.graceDays} y'inyongera.`,
  }),
  fine_rule_removed: (p) => ({
    title: 'Ihazabu y\'ubukererwe yavanyweho',
    message: p.actor ? `Ikimina: ${p.actor} yakuyeho ihazabu y'ubukererwe ya ${p.tontineName}.` : `Ikimina: ku cyemezo cy'itsinda, ${p.tontineName} ntigica ihazabu y'ubukererwe.`,
  }),
};

/** Why a loan was decided (core/loans/decision-reason.ts), in Kinyarwanda: the `reason` of the loan notices and the API's `decisionReason`. */
export const rwLoanReasons: LoanReasonTexts = {
  instant_approval: (p) => `Byemejwe: ${p.amount} ntirenze umubare ushobora kuguza wa ${p.available}, kandi amanota y'inguzanyo yawe ${p.score} nibura ni ${p.minimumScore}.`,
  score_below_minimum: (p) => `Birategereje isuzuma: amanota y'inguzanyo yawe ${p.score} ari munsi ya ${p.minimumScore}, bityo umukozi ushinzwe inguzanyo ni we ufata icyemezo.`,
  officer_approved: () => "Byemejwe n'umukozi ushinzwe inguzanyo amaze kubisuzuma.",
  savings_too_recent: () => 'Ubwizigame bwawe buracyari bushya: komeza wizigame buri gihe amezi make, hanyuma wongere usabe.',
  repayment_capacity: () => 'Ibyo wakwishyura buri kwezi birenze ibyo wizigama buri kwezi: saba amafaranga make cyangwa igihe kirekire.',
  late_payments: () => 'Imisanzu cyangwa ubwishyu biheruka byatinze: wishyurire ku gihe amezi make, hanyuma wongere usabe.',
  incomplete_information: () => 'Ubusabe bwawe bubura amakuru dukeneye: reba umwirondoro wawe, hanyuma wongere usabe.',
};

/** Why a business was rejected or suspended (core/merchants/merchant-reason.ts), in Kinyarwanda: the `reason` of the merchant notices and the API's `statusReason`. */
export const rwMerchantReasons: MerchantReasonTexts = {
  documents_unreadable: () => 'Inyandiko wohereje ntizisomeka: ongera wohereze amafoto cyangwa kopi zazo zisobanutse.',
  tin_mismatch: () => "TIN watanze ntihura n'iy'ubucuruzi yanditse muri RDB: tanga TIN iri ku cyemezo cyawe cya RDB.",
  trade_licence_missing: () => "Nta ruhushya rw'ubucuruzi rwatanzwe: ubucuruzi bukenera uruhushya rw'ubucuruzi rufite agaciro kugira ngo bwemezwe.",
  trade_licence_expired: () => "Uruhushya rw'ubucuruzi rwarangije igihe: ruvugurure, hanyuma wongere wandikishe ubucuruzi ukoresheje nimero nshya.",
  business_not_found_at_rdb: () => 'Ubucuruzi ntibwabonetse mu gitabo cya RDB: reba nimero ya RDB iri ku cyemezo cyawe.',
  owner_identity_mismatch: () => "Nyir'ubucuruzi wanditse muri RDB si we nyir'iyi konti: ubucuruzi bwandikishwa na nyirabwo.",
  prohibited_activity: () => "Ikimina ntishobora kwakira ubwishyu bw'ibikorwa by'ubu bucuruzi.",
  suspected_fraud: () => 'Hari ubwishyu budasanzwe burimo kugenzurwa kubera gukeka uburiganya; itsinda ryacu rizakuvugisha.',
  complaints_under_review: () => "Ibirego by'abakiriya ku bucuruzi bwawe birimo gusuzumwa; itsinda ryacu rizakuvugisha.",
  compliance_documents_expired: () => "Inyandiko zisabwa n'amategeko (TIN, uruhushya rw'ubucuruzi cyangwa kwandikwa muri RDB) zarangije igihe: oherereza itsinda ryacu izavuguruwe.",
  requested_by_owner: () => 'Ni wowe wadusabye guhagarika ubu bucuruzi.',
  other: () => "Itsinda ryacu rizagusobanurira impamvu: vugana n'ubufasha bwa Ikimina.",
};
