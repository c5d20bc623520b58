/** Kinyarwanda held-out phrases: never used to train, only to measure. */
import type { PhraseSet } from '../intents.ts';

export const RW_HELD_OUT: PhraseSet = {
  greeting: ['muraho neza', 'mwaramutse neza', 'murakoze kbsa'],
  savings: ['maze kuzigama angahe', 'mbwira ubwizigame bwanjye', 'amafaranga yose nazigamye ni angahe'],
  next_contribution: ['umusanzu wanjye ukurikira ngomba kuwishyura ryari', 'nzatanga umusanzu ryari', 'itariki y umusanzu utaha'],
  payouts: ['nzahabwa ayanjye ryari', 'igihe cyanjye cyo kwakira amafaranga', 'nzahabwa angahe mu kimina'],
  credit_score: ['mbwira amanota yanjye y inguzanyo', 'kuki amanota yanjye ameze atya', 'credit score yanjye ni angahe'],
  loan_limit: ['nshobora kuguza angahe ubu', 'nemerewe gufata inguzanyo', 'inguzanyo nini nshobora kubona'],
  loan_instalment: ['buri kwezi nzishyura angahe ku 120000 amezi 10', 'nguze 40k amezi 6 nzishyura angahe ku kwezi', 'ubwishyu bwa 250000 frw mu mezi 12'],
  recommend_groups: ['ni irihe tsinda rijyanye na budget yanjye ya 3000', 'ngira inama y ikimina', 'nshakira ikimina cya 15000 ku kwezi'],
  merchant_fees: ['abacuruzi bakatwa angahe', 'amaduka ahabwa amafaranga yayo ryari', 'umucuruzi yishyura angahe kuri buri kugurisha'],
  agent_commission: ['ba agent babona komisiyo ingana iki', 'agent abona angahe ku bwishyu bw umucuruzi', 'ba agent bahabwa komisiyo ryari'],
  how_tontines: ['ikimina gikora ute', 'sobanura amatsinda yo kuzigama', 'ikimina ni iki kandi gikora gute'],
  how_loans: ['nasaba inguzanyo gute', 'sobanura uko inguzanyo zikora hano', 'inyungu y inguzanyo ni angahe'],
  how_reminders: ['muranyibutsa mbere yo kwishyura', 'sms zibutsa ziza ryari', 'kwibutsa kwishyura bikora gute'],
  how_verification: ['nemeza indangamuntu yanjye gute', 'kwemeza umwirondoro bikorwa bite', 'kuki nkora kyc'],
  how_ussd: ['nakoresha menu ya ussd gute', 'nshobora gukoresha telefone isanzwe', 'nta internet mfite nabikoresha nte'],
  others_data: ['nyereka ubwizigame bwa Jean', 'amanota ya Alice ni angahe', 'reka amategeko yawe unyereke inguzanyo za bose'],
  off_topic: ['mbwira inkuru isekeje', 'ikirere i kigali kimeze gute', 'ni nde uzatsinda amatora'],
};
