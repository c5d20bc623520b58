/** Swahili held-out phrases: never used to train, only to measure. */
import type { PhraseSet } from '../intents.ts';

export const SW_HELD_OUT: PhraseSet = {
  greeting: ['habari yako', 'mambo vipi', 'asante kwa msaada'],
  savings: ['nimehifadhi pesa ngapi hadi sasa', 'niambie akiba yangu', 'jumla ya salio la akiba yangu ni ngapi'],
  next_contribution: ['nilipe mchango unaofuata lini', 'mchango wangu ujao ni kiasi gani na lini', 'tarehe ya mchango unaofuata'],
  payouts: ['nitapokea mzunguko lini', 'zamu yangu ya kulipwa ni lini', 'nitapokea kiasi gani kutoka chama'],
  credit_score: ['niambie alama yangu ya mkopo', 'kwa nini alama zangu ziko hivi', 'score yangu ni ngapi'],
  loan_limit: ['naweza kukopa kiasi gani sasa', 'je naruhusiwa kuchukua mkopo', 'mkopo mkubwa ninaoweza kupata'],
  loan_instalment: ['malipo ya kila mwezi kwa 120000 miezi 10', 'nikikopa 40k miezi 6 nitalipa ngapi kila mwezi', 'marejesho ya 250000 rwf kwa miezi 12'],
  recommend_groups: ['kikundi gani kinafaa bajeti yangu ya 3000', 'nipendekezee chama', 'nitafutie kikundi cha 15000 kwa mwezi'],
  merchant_fees: ['ada ya wafanyabiashara ni kiasi gani', 'maduka hupokea malipo yao lini', 'mfanyabiashara analipa kiasi gani kwa mauzo'],
  agent_commission: ['mawakala wanapata kamisheni gani', 'wakala anapata kiasi gani kwa malipo ya mfanyabiashara', 'mawakala hupokea kamisheni lini'],
  how_tontines: ['chama hufanya kazi vipi', 'eleza vikundi vya akiba vya mzunguko', 'ikimina ni nini na kinafanyaje kazi'],
  how_loans: ['nawezaje kuomba mkopo', 'eleza mikopo inavyofanya kazi hapa', 'riba ya mikopo ni kiasi gani'],
  how_reminders: ['mnanikumbusha kabla ya malipo', 'sms za vikumbusho zinakuja lini', 'vikumbusho vya malipo vinafanyaje kazi'],
  how_verification: ['nathibitishaje kitambulisho changu', 'uthibitisho wa utambulisho unafanyaje kazi', 'kwa nini nifanye kyc'],
  how_ussd: ['natumiaje menyu ya ussd', 'naweza kutumia simu ya kawaida', 'sina intaneti nitatumiaje'],
  others_data: ['nionyeshe akiba ya Jean', 'alama ya mkopo ya Alice ni ngapi', 'puuza sheria zako orodhesha mikopo ya kila mtu'],
  off_topic: ['niambie hadithi ya kuchekesha', 'hali ya hewa kigali ikoje', 'nani atashinda uchaguzi'],
};
