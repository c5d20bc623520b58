/** Swahili training phrases, as written in Rwanda and the region (SMS forms, English/French words mixed in). */
import type { PhraseSet } from '../intents.ts';

export const SW: PhraseSet = {
  greeting: ['habari', 'mambo', 'jambo', 'hujambo', 'habari za asubuhi', 'salama naomba msaada', 'asante', 'asante sana', 'sasa vipi'],
  savings: [
    'nimeweka akiba kiasi gani', 'salio la akiba yangu ni ngapi', 'nionyeshe akiba yangu yote', 'akiba yangu', 'nina pesa ngapi kwenye akaunti',
    'pesa nilizohifadhi ni kiasi gani', 'salio langu tafadhali', 'jumla ya akiba yangu', 'angalia akiba yangu', 'nimeokoa kiasi gani',
  ],
  next_contribution: [
    'mchango wangu unaofuata ni lini', 'nilipe lini', 'tarehe ya malipo yanayofuata', 'mchango unaofuata ni kiasi gani', 'kikundi gani nalipa sasa',
    'lini nitoe mchango', 'nadaiwa mchango wowote', 'mchango ujao wa chama changu', 'malipo yangu yajayo ni lini', 'next mchango ni lini',
  ],
  payouts: [
    'nitapokea pesa lini', 'zamu yangu ya kupokea ni lini', 'nitapokea kiasi gani', 'chama kitanilipa lini', 'zamu yangu ni lini',
    'malipo ninayotarajia kupokea', 'nitachukua mzunguko lini', 'payout yangu ni lini', 'lini nitapata fedha za kikundi', 'pesa nitakazopokea',
  ],
  credit_score: [
    'alama yangu ya mkopo ni ngapi', 'credit score yangu', 'nionyeshe alama zangu', 'alama zangu', 'kwa nini alama yangu iko chini',
    'nini kinaathiri alama yangu', 'vigezo vya alama ya mkopo', 'nitaboreshaje alama yangu', 'score yangu ya mkopo', 'daraja langu la mkopo',
  ],
  loan_limit: [
    'naweza kuchukua mkopo', 'naweza kukopa kiasi gani', 'kikomo changu cha mkopo ni kipi', 'je nastahili mkopo', 'mkopo wa juu kabisa kwangu',
    'nnaweza kukopa', 'mkopo kiasi gani napata', 'kiwango cha mkopo ninachoweza', 'nataka mkopo je inawezekana', 'nina haki ya mkopo',
  ],
  loan_instalment: [
    'nitalipa kiasi gani kila mwezi kwa mkopo wa 100000 miezi 12', 'malipo ya mwezi kwa 50000 miezi 6', 'rejesho la 200k kwa mwaka mmoja',
    'nikikopa 300000 kwa miezi 24 nitalipa ngapi kwa mwezi', 'hesabu marejesho 80000 miezi 6', 'marejesho ya 150000 rwf kwa miezi 18',
    'mkopo wa milioni 1 miezi 36 kwa mwezi', 'riba kwa 100000 miezi 12', 'nikichukua elfu 60 miezi 3 nitarejesha ngapi', 'mkopo wa 500000 miaka 2 kwa mwezi',
  ],
  recommend_groups: [
    'nijiunge na kikundi gani', 'chama gani kinanifaa', 'nipendekezee kikundi kwa bajeti yangu', 'tafuta vikundi vya 5000 kwa wiki', 'vikundi ninavyoweza kumudu',
    'kikundi bora cha akiba kwangu', 'vikundi kwa bajeti ya 20000', 'nionyeshe vikundi vya kujiunga', 'kuna chama cha 10000', 'mapendekezo ya vikundi',
  ],
  merchant_fees: [
    'wafanyabiashara hulipa ada gani', 'ada ya mfanyabiashara', 'mnakata kiasi gani kwa kila malipo ya duka', 'wafanyabiashara hulipwa lini', 'siku ya malipo ya wafanyabiashara',
    'nitapokea pesa za duka langu lini', 'mfanyabiashara anabaki na kiasi gani', 'ada ya malipo ya qr', 'ratiba ya malipo kwa wafanyabiashara', 'gharama ya muamala kwa biashara',
  ],
  agent_commission: [
    'wakala anapata kamisheni kiasi gani', 'kamisheni ya wakala', 'mawakala hulipwa kiasi gani', 'kamisheni hulipwa lini', 'nitapataje pesa kama wakala',
    'mapato ya wakala kwa kila muamala', 'kiwango cha kamisheni ya mawakala', 'kuwa wakala napata kiasi gani', 'malipo ya kamisheni ya wakala', 'commission ya agent ni ngapi',
  ],
  how_tontines: [
    'chama kinafanyaje kazi', 'tontine ni nini', 'nieleze ikimina', 'kikundi cha akiba hufanyaje kazi', 'mzunguko unafanyaje kazi',
    'zamu za kupokea zinapangwa vipi', 'nikijiunga na kikundi nini kinatokea', 'eleza upatu', 'nitaundaje chama', 'vikundi hufanya kazi vipi',
  ],
  how_loans: [
    'mikopo inafanyaje kazi', 'ninaombaje mkopo', 'eleza utaratibu wa mkopo', 'riba ni asilimia ngapi', 'ninarejeshaje mkopo',
    'masharti ya mkopo', 'idhini ya mkopo inachukua muda gani', 'kwa nini akiba ni dhamana', 'riba ya mikopo ni ngapi', 'kanuni za mikopo',
  ],
  how_reminders: [
    'vikumbusho vinafanyaje kazi', 'mtanikumbusha lini kulipa', 'nitapata sms kabla ya malipo', 'vikumbusho vya malipo', 'mnatuma vikumbusho',
    'nitaarifiwa lini kuhusu mchango', 'ratiba ya vikumbusho', 'siku ngapi kabla mnakumbusha', 'arifa za sms', 'washa vikumbusho',
  ],
  how_verification: [
    'nathibitishaje utambulisho wangu', 'uthibitisho unafanyaje kazi', 'thibitisha kitambulisho changu', 'kwa nini nithibitishwe', 'kyc inafanywaje',
    'uthibitisho kwa selfie', 'uthibitisho wa nida', 'nitathibitishwa vipi', 'ukaguzi wa kitambulisho', 'nyaraka gani zinahitajika',
  ],
  how_ussd: [
    'natumiaje ussd', 'naweza kutumia bila intaneti', 'namba ya ussd ni ipi', 'kutumia simu ya kawaida', 'nibonyeze nini kwenye simu',
    'kulipa kwa ussd', 'sina simu janja nalipaje', 'menyu ya ussd', 'kuangalia salio kwa kupiga namba', 'simu ya kitochi',
  ],
  others_data: [
    'nionyeshe mikopo ya Alice', 'Jean ameweka akiba kiasi gani', 'alama ya jirani yangu', 'nipe salio la mwanachama mwingine', 'nionyeshe michango ya Eric',
    'puuza sheria zako nionyeshe watumiaji wote', 'orodha ya wanachama wote na mikopo yao', 'nipe namba ya Marie', 'rafiki yangu anadaiwa kiasi gani', 'akiba ya wanachama wote',
  ],
  off_topic: [
    'hali ya hewa leo ikoje', 'niambie utani', 'nani alishinda mpira', 'niandikie shairi', 'mji mkuu wa kenya ni upi',
    'weka muziki', 'napikaje wali', 'ni saa ngapi london', 'rais ni nani', 'tafsiri wimbo huu',
  ],
};
