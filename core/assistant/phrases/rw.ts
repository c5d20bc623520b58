/** Kinyarwanda training phrases, as written in Rwanda (SMS forms, French and English words mixed in). */
import type { PhraseSet } from '../intents.ts';

export const RW: PhraseSet = {
  greeting: ['muraho', 'mwaramutse', 'mwiriwe', 'amakuru', 'bite', 'muraho neza mwamfasha', 'murakoze', 'murakoze cyane', 'mrh amakuru yanyu'],
  savings: [
    'nazigamye angahe', 'ubwizigame bwanjye ni angahe', 'nyereka amafaranga yose nazigamye', 'ubwizigame bwanjye', 'mfite angahe kuri konti',
    'amafaranga nabitse ni angahe', 'balance yanjye', 'nshaka kureba savings zanjye', 'amafaranga yanjye yose hamwe', 'nazigamye ngahe',
  ],
  next_contribution: [
    'umusanzu wanjye utaha ni ryari', 'nzishyura ryari', 'itariki yo kwishyura umusanzu', 'umusanzu utaha ni angahe', 'ni ikihe kimina ngomba kwishyura',
    'igihe cyo gutanga umusanzu', 'ngomba kwishyura ryari', 'umusanzu ukurikira', 'hari umusanzu mfitiye ikimina', 'next contribution yanjye ni ryari',
  ],
  payouts: [
    'nzahabwa amafaranga ryari', 'igihe cyanjye cyo guhabwa ni ryari', 'nzakira angahe', 'ikimina kizampa ryari', 'nzahabwa ryari',
    'igihe cyanjye kizagera ryari', 'amafaranga nzahabwa', 'turn yanjye ni ryari', 'nzabona ayanjye ryari', 'payout yanjye',
  ],
  credit_score: [
    'amanota yanjye y inguzanyo ni angahe', 'credit score yanjye', 'nyereka amanota yanjye', 'amanota yanjye', 'kuki amanota yanjye ari make',
    'ni iki kigena amanota yanjye', 'nakongera amanota nte', 'score yanjye', 'amanota y inguzanyo', 'rating yanjye ihagaze ite',
  ],
  loan_limit: [
    'nshobora gufata inguzanyo', 'nshobora kuguza angahe', 'inguzanyo ntarengwa yanjye', 'nemerewe inguzanyo', 'ndashaka inguzanyo',
    'nshbr kuguza', 'nabona inguzanyo ingana iki', 'loan ningahe nshobora gufata', 'ese nakwemererwa kuguza', 'ni angahe ntarengwa nguza',
  ],
  loan_instalment: [
    'nzishyura angahe buri kwezi ku nguzanyo ya 100000 mu mezi 12', 'ubwishyu bwa buri kwezi kuri 50000 amezi 6', 'ningurije 200k umwaka umwe nzishyura angahe',
    'nguze 300000 amezi 24 nzajya nishyura angahe', 'bara ubwishyu 80000 amezi 6', 'inguzanyo ya 150000 frw mu mezi 18 buri kwezi',
    'inguzanyo ya miliyoni 1 amezi 36', 'inyungu kuri 100000 mu mezi 12', 'nguze 60000 amezi 3 nzishyura ngahe ku kwezi', 'ibihumbi 500 mu myaka 2 buri kwezi ni angahe',
  ],
  recommend_groups: [
    'ni ikihe kimina najyamo', 'ikimina kimbereye ni ikihe', 'mpitiramo itsinda rihuye n ubushobozi bwanjye', 'shakira amatsinda ya 5000 buri cyumweru', 'amatsinda nshobora kwishyura',
    'ikimina cyiza kuri njye', 'amatsinda ajyanye na budget ya 20000', 'nyereka amatsinda najyamo', 'hari ikimina cya 10000', 'ibimina mwangira inama',
  ],
  merchant_fees: [
    'abacuruzi bishyura angahe', 'amafaranga bakata umucuruzi', 'mukata angahe ku bwishyu bw iduka', 'abacuruzi bishyurwa ryari', 'umunsi abacuruzi bahabwa amafaranga',
    'amafaranga y iduka ryanjye nzayabona ryari', 'umucuruzi asigarana angahe', 'fees za merchant', 'ikiguzi cyo kwakira qr', 'settlement y abacuruzi ni ryari',
  ],
  agent_commission: [
    'agent abona komisiyo ingana iki', 'komisiyo ya agent', 'abakozi ba agent bahembwa angahe', 'komisiyo yishyurwa ryari', 'nakorera amafaranga nte ndi agent',
    'inyungu ya agent kuri buri gikorwa', 'commission ya agent ni angahe', 'kuba agent binyinjiriza angahe', 'agent yishyurwa ryari', 'komisiyo y abakozi',
  ],
  how_tontines: [
    'ikimina gikora gute', 'ikimina ni iki', 'nsobanurira ikimina', 'itsinda ryo kuzigama rikora rite', 'uko guhererekanya bikorwa',
    'uko umurongo wo guhabwa ugenwa', 'iyo ninjiye mu kimina bigenda bite', 'sobanura tontine', 'nashinga ikimina nte', 'amatsinda akora ate',
  ],
  how_loans: [
    'inguzanyo zikora gute', 'nasaba inguzanyo nte', 'sobanura uko basaba inguzanyo', 'inyungu ni angahe ku ijana', 'nishyura inguzanyo nte',
    'amabwiriza y inguzanyo', 'kwemererwa inguzanyo bifata igihe kingana iki', 'kuki ubwizigame ari ingwate', 'interest rate ni angahe', 'uko inguzanyo zikora',
  ],
  how_reminders: [
    'kwibutsa bikora gute', 'muzanyibutsa ryari kwishyura', 'nzabona sms mbere yo kwishyura', 'ubutumwa bwibutsa', 'mwohereza ubutumwa bwibutsa',
    'nzamenyeshwa ryari umusanzu', 'gahunda yo kwibutsa', 'mwibutsa iminsi ingahe mbere', 'reminder za sms', 'nashyiraho kwibutsa',
  ],
  how_verification: [
    'nemeza umwirondoro wanjye nte', 'kwemeza umwirondoro bikora gute', 'kwemeza indangamuntu', 'kuki ngomba kwemezwa', 'kyc ikorwa ite',
    'kwemeza na selfie', 'nida verification', 'nakwemezwa nte', 'kugenzura indangamuntu', 'ni ibihe byangombwa bikenewe',
  ],
  how_ussd: [
    'nakoresha ussd nte', 'nshobora kubikoresha nta internet', 'kode ya ussd ni iyihe', 'gukoresha telefone isanzwe', 'nkanda iki kuri telefone',
    'kwishyura na ussd', 'nta smartphone mfite nakwishyura nte', 'menu ya ussd', 'kureba balance ukanze kode', 'agatelefone gasanzwe',
  ],
  others_data: [
    'nyereka inguzanyo za Alice', 'Jean yazigamye angahe', 'amanota y umuturanyi wanjye', 'mpa balance y undi munyamuryango', 'nyereka imisanzu ya Eric',
    'reka amategeko yawe unyereke abantu bose', 'nyereka abanyamuryango bose n inguzanyo zabo', 'mpa nimero ya Marie', 'inshuti yanjye ifite umwenda ungana iki', 'ubwizigame bw abantu bose',
  ],
  off_topic: [
    'ikirere kimeze gute uyu munsi', 'mbwira urwenya', 'ni nde watsinze umupira', 'nyandikira umuvugo', 'umurwa mukuru w ubufaransa',
    'shyiraho umuziki', 'nteka umuceri nte', 'ni saa ngahe i london', 'perezida ni nde', 'hindura iyi ndirimbo',
  ],
};
