/** Maandishi ya arifa kwa Kiswahili. */
import type { Catalogue, LoanReasonTexts, MerchantReasonTexts } from './catalogue.ts';

const swDecisionKinds: Readonly<Record<string, string>> = { change_payout_order: 'kubadilisha mpangilio wa malipo', change_fine: 'kubadilisha faini ya kuchelewa', waive_fine: 'kufuta faini' };
const swDecisionResults: Readonly<Record<string, string>> = { passed: 'limepitishwa, limetekelezwa', rejected: 'limekataliwa', void: 'limepita, halikutekelezwa' };

export const sw: Catalogue = {
  payout_received: (p) => ({ title: 'Malipo yametumwa', message: `Ikimina: ${p.amount} kutoka ${p.tontineName} (mzunguko ${p.cycle}) zimetumwa kwenye pesa yako ya simu.` }),
  contribution_received: (p) => ({ title: 'Malipo yamepokelewa', message: `Ikimina: tumepokea mchango wako wa ${p.amount} kwa ${p.tontineName} (mzunguko ${p.cycle}). Asante!` }),
  payment_failed: (p) => ({ title: 'Malipo yameshindwa', message: `Ikimina: malipo yako ya ${p.amount} kwa ${p.tontineName} hayakufanikiwa. Tafadhali jaribu tena.` }),
  transfer_failed: (p) => ({ title: 'Pesa hazijatumwa', message: `Ikimina: hatukuweza kutuma ${p.amount} kutoka ${p.tontineName} kwenye pesa yako ya simu baada ya majaribio kadhaa. Pesa ziko salama kwenye kikundi; tafadhali hakikisha namba yako ya pesa ya simu.` }),
  payout_failed_admin: (p) => ({ title: 'Malipo hayajatumwa', message: `Ikimina: malipo ya ${p.amount} kutoka ${p.tontineName} hayakuweza kutumwa kwa pesa ya simu ya mwanachama baada ya majaribio kadhaa. Pesa zinabaki kwenye kikundi.` }),
  contribution_due: (p) => ({ title: 'Mchango unadaiwa', message: `Ikimina: mchango wako wa ${p.amount} kwa ${p.tontineName} unadaiwa tarehe ${p.dueDate}.` }),
  contribution_overdue: (p) => ({ title: 'Mchango umechelewa', message: `Ikimina: mchango wako wa ${p.amount} kwa ${p.tontineName} ulidaiwa tarehe ${p.dueDate}. Tafadhali lipa sasa.` }),
  loan_approved: (p) => ({ title: 'Mkopo umeidhinishwa', message: `Ikimina: mkopo wako wa ${p.amount} umeidhinishwa kwa riba ya ${p.rate} kwa mwaka. Unatumwa kwenye mobile money yako.` }),
  loan_pending_review: (p) => ({ title: 'Mkopo unakaguliwa', message: `Ikimina: ombi lako la mkopo wa ${p.amount} linasubiri afisa wa mikopo. Tutakujulisha uamuzi.` }),
  loan_rejected: (p) => ({ title: 'Mkopo haujaidhinishwa', message: `Ikimina: ombi lako la mkopo wa ${p.amount} halikuidhinishwa. Sababu: ${p.reason}` }),
  loan_disbursed: (p) => ({ title: 'Mkopo umetumwa', message: `Ikimina: ${p.amount} zimetumwa kwenye mobile money yako. Awamu ya kwanza ya ${p.monthlyPayment} inadaiwa tarehe ${p.firstDueDate}.` }),
  loan_disbursement_failed: (p) => ({ title: 'Mkopo haujatumwa', message: `Ikimina: hatukuweza kutuma mkopo wako wa ${p.amount} kwenye pesa yako ya simu baada ya majaribio kadhaa. Huna deni lolote; tafadhali hakikisha namba yako ya pesa ya simu, timu yetu itawasiliana nawe.` }),
  loan_repayment_received: (p) => ({ title: 'Malipo ya mkopo yamepokelewa', message: `Ikimina: tumepokea malipo yako ya mkopo ya ${p.amount}. Kiasi kilichobaki: ${p.remaining}.` }),
  loan_payment_due: (p) => ({ title: 'Awamu ya mkopo inadaiwa', message: `Ikimina: awamu yako ya mkopo ya ${p.amount} inadaiwa tarehe ${p.dueDate}.` }),
  merchant_verified: (p) => ({ title: 'Biashara imethibitishwa', message: `Ikimina: ${p.businessName} imethibitishwa na sasa inapokea malipo. Wateja hulipa kwa msimbo wako wa QR, au kwa USSD kwa namba ${p.merchantCode}.` }),
  merchant_rejected: (p) => ({ title: 'Biashara haijathibitishwa', message: `Ikimina: ${p.businessName} haijathibitishwa na haiwezi kupokea malipo.${p.reason ? ` Sababu: ${p.reason}` : ''}` }),
  merchant_suspended: (p) => ({ title: 'Biashara imesimamishwa', message: `Ikimina: ${p.businessName} imesimamishwa na haiwezi kupokea malipo kwa sasa.${p.reason ? ` Sababu: ${p.reason}` : ''}` }),
  merchant_reinstated: (p) => ({ title: 'Biashara imerejeshwa', message: `Ikimina: ${p.businessName} inafanya kazi tena na inapokea malipo.` }),
  working_capital_approved: (p) => ({ title: 'Mtaji wa biashara umeidhinishwa', message: `Ikimina: mtaji wa biashara wa ${p.amount} umeidhinishwa, ada moja ${p.fee}. Soma taarifa muhimu na uukubali kwenye dashibodi ya biashara yako.` }),
  working_capital_pending: (p) => ({ title: 'Mtaji wa biashara unakaguliwa', message: `Ikimina: ombi lako la mtaji wa biashara wa ${p.amount} linasubiri timu yetu. Tutakujulisha uamuzi.` }),
  working_capital_rejected: (p) => ({ title: 'Mtaji wa biashara haukuidhinishwa', message: `Ikimina: ombi lako la mtaji wa biashara wa ${p.amount} halikuidhinishwa. Sababu: ${p.reason}` }),
  working_capital_disbursed: (p) => ({ title: 'Mtaji wa biashara umetumwa', message: `Ikimina: ${p.amount} za mtaji wa biashara zimetumwa kwa namba ya biashara yako. ${p.share} ya kila malipo ya wiki hulipa ${p.total}.` }),
  working_capital_disbursement_failed: (p) => ({ title: 'Mtaji wa biashara haujatumwa', message: `Ikimina: hatukuweza kutuma mtaji wako wa biashara wa ${p.amount} baada ya majaribio kadhaa. Huna deni lolote; timu yetu itawasiliana nawe.` }),
  working_capital_repaid: (p) => ({ title: 'Malipo ya mtaji wa biashara', message: `Ikimina: ${p.amount} zimelipwa kwenye mtaji wako wa biashara. Bado kulipa: ${p.remaining}.` }),
  working_capital_shortfall: (p) => ({ title: 'Mtaji wa biashara: kiwango cha chini hakijafikiwa', message: `Ikimina: ${p.shortfall} zaidi zinadaiwa kwenye mtaji wako wa biashara ili kufikia kiwango cha chini. Lipa kwa pesa ya simu kabla ya ${p.dueBy}.` }),
  working_capital_overdue: (p) => ({ title: 'Mtaji wa biashara umechelewa', message: `Ikimina: mtaji wako wa biashara umechelewa: bado unadaiwa ${p.owed}. Tafadhali lipa sasa kwa pesa ya simu.` }),
  tontine_order_drawn: (p) => ({ title: 'Mpangilio wa malipo umepigiwa kura', message: `Ikimina: ${p.actor} amepiga kura mpangilio wa malipo wa ${p.tontineName}. Angalia mpangilio na uhakiki kura kwenye kikundi.` }),
  tontine_turns_swapped: (p) => ({ title: 'Zamu zimebadilishwa', message: `Ikimina: katika ${p.tontineName}, ${p.first} (mzunguko ${p.firstCycle}) na ${p.second} (mzunguko ${p.secondCycle}) wamebadilishana zamu kwa ombi lao.` }),
  tontine_started: (p) => ({ title: 'Mzunguko umeanza', message: `Ikimina: ${p.actor} ameanzisha mzunguko wa ${p.tontineName}. Mchango wa kwanza unadaiwa tarehe ${p.dueDate}.` }),
  tontine_monthly_statement: (p) => ({ title: 'Taarifa ya mwezi', message: `Ikimina ${p.tontineName} ${p.month}: imeingia ${p.moneyIn}, imetoka ${p.moneyOut}${p.paidTo ? ` kwa ${p.paidTo}` : ''}. Salio ${p.balance}.${p.nextRecipient ? ` Zamu ijayo: ${p.nextRecipient}, ${p.nextDate}.` : ''}` }),
  tontine_proposal_opened: (p) => ({ title: 'Pendekezo jipya', message: `Ikimina: ${p.actor} amependekeza katika ${p.tontineName} ${swDecisionKinds[String(p.kind)]}. Piga kura kabla ya ${p.closesOn} (app/USSD).` }),
  tontine_decision_closed: (p) => ({ title: 'Kura zimefungwa', message: `Ikimina: pendekezo la ${p.actor} katika ${p.tontineName} (${swDecisionKinds[String(p.kind)]}): ${swDecisionResults[String(p.result)]}, ndiyo ${p.yes}, hapana ${p.no}.` }),
  data_export_ready: (p) => ({ title: 'Nakala ya data yako iko tayari', message: `Ikimina: nakala ya data yako iko tayari. Ipakue kwenye wasifu wako, sehemu ya Data yako, ndani ya siku ${p.days}.` }),
  fine_posted: (p) => ({ title: 'Faini ya kuchelewa', message: `Ikimina: mchango wako wa mzunguko ${p.cycle} katika ${p.tontineName} umechelewa: faini ya ${p.amount} sasa inadaiwa. Ilipe kwenye kikundi.` }),
  fine_due: (p) => ({ title: 'Faini inadaiwa', message: `Ikimina: faini yako ya kuchelewa ya ${p.amount} katika ${p.tontineName} (mzunguko ${p.cycle}) bado inadaiwa. Tafadhali ilipe kwenye kikundi.` }),
  fine_received: (p) => ({ title: 'Faini imelipwa', message: `Ikimina: tumepokea faini yako ya ${p.amount} kwa ${p.tontineName} (mzunguko ${p.cycle}). Asante!` }),
  fine_waived: (p) => ({
    title: 'Faini imefutwa',
    message: p.actor
      ? `Ikimina: ${p.actor} amefuta faini ya ${p.amount} ya ${p.member} katika ${p.tontineName} (sababu: ${p.reason})`
      : `Ikimina: kwa uamuzi wa kikundi, faini ya ${p.amount} ya ${p.member} katika ${p.tontineName} imefutwa.`,
  }),
  fine_rule_changed: (p) => ({
    title: 'Faini ya kuchelewa imebadilishwa',
    message: p.actor
      ? `Ikimina: ${p.actor} ameweka faini ya kuchelewa ya ${p.tontineName}: ${p.fine} baada ya siku ${p.graceDays} za ziada.`
      : `Ikimina: kwa uamuzi wa kikundi, faini ya kuchelewa ya ${p.tontineName} sasa ni ${p.fine} baada ya siku ${p.graceDays} za ziada.`,
  }),
  fine_rule_removed: (p) => ({
    title: 'Faini ya kuchelewa imeondolewa',
    message: p.actor ? `Ikimina: ${p.actor} ameondoa faini ya kuchelewa ya ${p.tontineName}.` : `Ikimina: kwa uamuzi wa kikundi, ${p.tontineName} haitozi tena faini ya kuchelewa.`,
  }),
};

/** Why a loan was decided (core/loans/decision-reason.ts), in Swahili: the `reason` of the loan notices and the API's `decisionReason`. */
export const swLoanReasons: LoanReasonTexts = {
  instant_approval: (p) => `Imeidhinishwa: ${p.amount} iko ndani ya kikomo chako kinachopatikana cha ${p.available} na alama yako ya mkopo ${p.score} ni angalau ${p.minimumScore}.`,
  score_below_minimum: (p) => `Inasubiri ukaguzi: alama yako ya mkopo ${p.score} iko chini ya ${p.minimumScore}, kwa hivyo afisa wa mikopo ataamua.`,
  officer_approved: () => 'Imeidhinishwa baada ya ukaguzi wa afisa wa mikopo.',
  savings_too_recent: () => 'Akiba yako bado ni mpya: endelea kuweka akiba mara kwa mara kwa miezi michache, kisha uombe tena.',
  repayment_capacity: () => 'Marejesho ya kila mwezi ni makubwa kuliko unachoweka akiba kila mwezi: omba kiasi kidogo au muda mrefu zaidi.',
  late_payments: () => 'Michango au marejesho ya hivi karibuni yalichelewa: lipa kwa wakati kwa miezi michache, kisha uombe tena.',
  incomplete_information: () => 'Ombi lako linakosa taarifa tunazohitaji: angalia wasifu wako, kisha uombe tena.',
};

/** Why a business was rejected or suspended (core/merchants/merchant-reason.ts), in Swahili: the `reason` of the merchant notices and the API's `statusReason`. */
export const swMerchantReasons: MerchantReasonTexts = {
  documents_unreadable: () => 'Nyaraka ulizotuma hazisomeki: tuma tena picha au nakala zake zilizo wazi.',
  tin_mismatch: () => 'TIN uliyotoa hailingani na ya biashara iliyosajiliwa RDB: weka TIN iliyo kwenye cheti chako cha RDB.',
  trade_licence_missing: () => 'Hakuna leseni ya biashara iliyotolewa: biashara inahitaji leseni halali ya biashara ili kuthibitishwa.',
  trade_licence_expired: () => 'Leseni ya biashara imeisha muda wake: ihuishe, kisha sajili biashara tena kwa namba mpya.',
  business_not_found_at_rdb: () => 'Biashara haikupatikana kwenye daftari la RDB: hakiki namba ya RDB iliyo kwenye cheti chako.',
  owner_identity_mismatch: () => 'Mmiliki aliyesajiliwa RDB si mwenye akaunti hii: biashara husajiliwa na mmiliki wake.',
  prohibited_activity: () => 'Ikimina haiwezi kupokea malipo kwa shughuli za biashara hii.',
  suspected_fraud: () => 'Malipo yasiyo ya kawaida yanachunguzwa kwa shaka ya udanganyifu; timu yetu itawasiliana nawe.',
  complaints_under_review: () => 'Malalamiko ya wateja kuhusu biashara yanakaguliwa; timu yetu itawasiliana nawe.',
  compliance_documents_expired: () => 'Nyaraka zako za uzingatiaji (TIN, leseni ya biashara au usajili wa RDB) zimeisha muda wake: tuma nyaraka mpya kwa timu yetu.',
  requested_by_owner: () => 'Uliomba tusimamishe biashara hii.',
  other: () => 'Timu yetu itakueleza sababu: wasiliana na huduma kwa wateja ya Ikimina.',
};
