import type { EducationContent } from './types.ts';

const WEEKDAYS = { monday: 'Jumatatu', tuesday: 'Jumanne', wednesday: 'Jumatano', thursday: 'Alhamisi', friday: 'Ijumaa', saturday: 'Jumamosi', sunday: 'Jumapili' };

export const content: EducationContent = (f, fmt) => {
  const [r1 = 3, r2 = 1] = f.reminderDaysBefore;
  const bands = f.rateBands.map((b) => `${b.minScore}+: ${fmt.percent(b.annualRatePercent)}`).join(', ');
  return {
    tontines: {
      title: 'Vikundi vya akiba: kuweka akiba pamoja',
      description: 'Jinsi kikundi cha akiba cha mzunguko kinavyofanya kazi kwenye Ikimina, kuanzia kujiunga hadi kupokea mfuko.',
      lessons: {
        'what-is-a-tontine': {
          title: 'Kikundi cha akiba (tontine) ni nini?',
          steps: [
            'Tontine (ikimina) ni kikundi kinachoweka akiba pamoja: kila mzunguko, kila mwanachama hulipa mchango ule ule.',
            'Kila mzunguko, mfuko wote (mchango mara idadi ya wanachama) huenda kwa mwanachama mmoja kwa mpangilio wa malipo: mpangilio wa kujiunga, mwanzilishi kwanza.',
            'Baada ya mizunguko sawa na idadi ya wanachama, kila mmoja amepokea mfuko mara moja. Kikundi cha mtu mmoja ni akiba binafsi unayoweza kutoa kwenda pesa za simu wakati wowote.',
          ],
          tips: ['Chagua mchango unaoweza kulipa kila mzunguko: malipo husubiri hadi wote walipe.', 'Salio lako la akiba ni michango yako ukiondoa mifuko uliyopokea.'],
        },
        'joining-and-rotation': {
          title: 'Kujiunga na kikundi na mzunguko',
          steps: [
            'Fungua Vikundi uangalie kwenye Gundua, au Vilivyopendekezwa na AI kwa vikundi vinavyolingana na bajeti yako.',
            'Jiunge na kikundi kinachoundwa bado chenye nafasi; huwezi kujiunga na kikundi kilichojaa au ulichomo tayari.',
            'Mzunguko huanza kikundi kikijaa, au mapema mwanzilishi akikianzisha kikiwa na angalau wanachama 2. Mizunguko ni ya kila siku, kila wiki au kila mwezi.',
          ],
          tips: ['Mazungumzo ya kikundi ni ya wanachama tu: kubalianeni sheria humo.', 'Nafasi yako katika mpangilio wa malipo inaonyeshwa kwenye ukurasa wa kikundi.'],
        },
        'contributions-and-reminders': {
          title: 'Kulipa michango kwa wakati',
          steps: [
            'Lipa kila mchango kwa pesa za simu kutoka ukurasa wa kikundi au kichupo cha Michango, au kwa menyu ya USSD kwenye simu yoyote.',
            `Ikimina hukukumbusha kwa SMS, barua pepe na ndani ya programu saa ${f.reminderHour}:00 kwa saa za Kigali, siku ${r1} kabla, siku ${r2} kabla na siku ya malipo.`,
            'Mchango usiolipwa kufikia tarehe yake huchelewa; michango yote ya mzunguko ikilipwa, mfuko hutumwa kwa pesa za simu kwa mwanachama wa mzunguko huo.',
          ],
          tips: ['Kulipa kwa wakati huongeza kiwango chako cha kulipa kwa wakati na alama yako ya mkopo.', 'Malipo yaliyoshindwa huacha mchango ukisubiri: lipa tena tu.'],
        },
      },
    },
    loans: {
      title: 'Mikopo midogo inayodhaminiwa na akiba yako',
      description: 'Kiasi unachoweza kukopa, gharama yake na jinsi ya kulipa.',
      lessons: {
        'loan-limit': {
          title: 'Ninaweza kukopa kiasi gani?',
          steps: [
            `Unaweza kukopa hadi ${fmt.percent(f.loanShareOfSavingsPercent)} ya akiba yako ya vikundi: akiba yako ndiyo dhamana.`,
            `Mkopo ni angalau ${fmt.rwf(f.minLoanFrancs)} na si zaidi ya ${fmt.rwf(f.maxLoanFrancs)}.`,
            'Unahitaji kitambulisho cha taifa kilichothibitishwa na kutokuwa na mkopo uliochelewa ili kuomba.',
          ],
          tips: ['Kuweka akiba mara kwa mara huongeza kikomo chako.', 'Thibitisha kitambulisho chako kwenye kichupo cha Uthibitishaji kabla hujakihitaji.'],
        },
        'rates-and-credit-score': {
          title: 'Alama yako ya mkopo na riba yako',
          steps: [
            `Alama yako ni kati ya ${f.creditScoreMin} na ${f.creditScoreMax}. Inahesabiwa kutoka historia yako halisi: kulipa kwa wakati, salio la akiba, mfululizo wa akiba, muda ndani ya Ikimina, uthibitisho wa utambulisho na ushiriki katika vikundi.`,
            `Riba yako ya mwaka hufuata alama yako: ${bands}.`,
            `Mkopo ndani ya kikomo chako wenye alama ${f.instantApprovalMinScore} au zaidi huidhinishwa papo hapo; vinginevyo hukaguliwa na mtu.`,
          ],
          tips: ['Kila kipengele cha alama huonyeshwa na uzito wake: boresha kilicho dhaifu kwanza.', 'Kuhesabu alama kunahitaji ridhaa yako, inayoombwa unapoomba mkopo.'],
        },
        'applying-and-repaying': {
          title: 'Kuomba na kulipa',
          steps: [
            `Chagua kiasi, muda wa miezi ${f.minTermMonths} hadi ${f.maxTermMonths} na ueleze lengo kwa angalau herufi ${f.minPurposeLength}.`,
            'Soma taarifa muhimu: riba, marejesho na gharama yote. Kuikubali hutuma ombi lako.',
            `Ukiidhinishwa, pesa hutumwa kwenye pesa za simu yako. Unalipa marejesho sawa kila mwezi, ukikumbushwa siku ${r1} kabla, siku ${r2} kabla na kila tarehe ya malipo.`,
          ],
          tips: ['Muda mfupi hugharimu riba kidogo; muda mrefu hupunguza kila rejesho.', 'Rejesho lililokosekana hufanya mkopo uchelewe na hushusha alama yako.'],
        },
      },
    },
    payments: {
      title: 'Malipo na pesa za simu',
      description: 'Kulipa na kulipwa kwa MTN MoMo, Airtel Money, USSD na misimbo ya QR.',
      lessons: {
        'mobile-money': {
          title: 'Kulipa kwa pesa za simu',
          steps: [
            'Chagua pesa za simu (MTN MoMo au Airtel Money) na uhakiki namba yako.',
            'Simu yako itaonyesha ombi la malipo: liidhinishe kwa PIN yako ya pesa za simu.',
            'Malipo huhesabiwa mtoa huduma akiyathibitisha; uthibitisho unaorudiwa haukukati mara mbili.',
          ],
          tips: ['Usimpe mtu yeyote PIN yako ya pesa za simu, hata Ikimina.', 'Malipo ya mfuko na mikopo hutumwa kwa namba iliyo kwenye wasifu wako.'],
        },
        ussd: {
          title: 'Ikimina kwenye simu yoyote (USSD)',
          steps: [
            'Piga msimbo wa USSD wa Ikimina kutoka namba ya simu ya Rwanda: huhitaji simu janja wala intaneti.',
            'Unda PIN mara ya kwanza, kisha angalia akiba, lipa michango na uone mikopo yako kwenye menyu, kwa lugha yako.',
            'PIN zisizo sahihi husimamisha simu kwa muda, hivyo mgeni hawezi kukisia yako.',
          ],
          tips: ['PIN ya USSD si PIN ya pesa za simu: ziwe tofauti.', 'Menyu zinazungumza Kiingereza, Kifaransa, Kinyarwanda na Kiswahili.'],
        },
        'qr-and-cards': {
          title: 'Kulipa duka kwa msimbo wa QR',
          steps: [
            'Changanua msimbo wa QR wa Ikimina wa duka kwa kamera ya simu: hufungua ukurasa wa malipo wa duka hilo.',
            'Weka kiasi na uidhinishe ombi la pesa za simu.',
            'Kwenye simu ya kawaida, lipa duka hilo hilo kwa menyu ya USSD na msimbo wake wa mfanyabiashara.',
          ],
          tips: ['Hakiki jina la duka kwenye ukurasa kabla ya kuidhinisha.', 'Hifadhi SMS ya uthibitisho kama risiti.'],
        },
      },
    },
    'agent-network': {
      title: 'Mtandao wa mawakala',
      description: 'Sajili wafanyabiashara katika eneo lako na upate kamisheni kwa mauzo yao.',
      lessons: {
        'becoming-an-agent': {
          title: 'Kuwa wakala',
          steps: [
            'Jisajili kama mtu binafsi au kampuni, ukiwa na msimbo wako wa wakala, wilaya na maeneo unayohudumia.',
            'Ombi lako huanza likisubiri: timu ya Ikimina hulikagua, kwa kawaida ndani ya saa 24-48.',
            'Ukishaidhinishwa (hai), unaweza kusajili wafanyabiashara na kupata kamisheni.',
          ],
          tips: ['Chagua msimbo rahisi kutamka na kuandika: wafanyabiashara huuandika wanapojisajili.', 'Wakala aliyesimamishwa au kufutwa hapati kamisheni.'],
        },
        'onboarding-merchants': {
          title: 'Kusajili wafanyabiashara',
          steps: [
            'Saidia duka kusajili biashara yake kwenye Ikimina na ulipe msimbo wako wa wakala.',
            'Msaidie mmiliki kuandaa nyaraka: TIN, leseni ya biashara na namba ya RDB.',
            'Dashibodi yako huorodhesha wafanyabiashara uliowasajili na hali zao.',
          ],
          tips: ['Mfanyabiashara hupokea malipo biashara yake ikishathibitishwa.', 'Waonyeshe wafanyabiashara wapya jinsi ya kuchapisha na kubandika msimbo wao wa QR.'],
        },
        commission: {
          title: 'Jinsi kamisheni inavyolipwa',
          steps: [
            `Unapata ${fmt.percent(f.agentCommissionPercent)} ya kila malipo yaliyokamilika kwa mfanyabiashara uliyemsajili, kutoka kwenye ada ya ${fmt.percent(f.merchantFeePercent)} ya Ikimina: mfanyabiashara halipi zaidi.`,
            'Kila kamisheni husubiri hadi ilipwe.',
            `Kamisheni hulipwa kila mwezi, tarehe ${f.commissionPayoutDayOfMonth}, kwa pesa za simu, kwa mwezi uliomalizika.`,
          ],
          tips: ['Wafanyabiashara hai zaidi huleta kamisheni zaidi: wasaidie wateja walipe kwa QR.', 'Angalia kamisheni zinazosubiri kwenye dashibodi yako ya wakala.'],
        },
      },
    },
    'merchant-services': {
      title: 'Huduma za wafanyabiashara',
      description: 'Pokea malipo kwa msimbo wa QR na pesa za simu, na malipo ya makazi ya kiotomatiki.',
      lessons: {
        'registering-your-business': {
          title: 'Kusajili biashara yako',
          steps: [
            'Jisajili kwa jina la biashara, aina, anwani, wilaya, simu na barua pepe, na msimbo wa wakala anayekusaidia, kama yupo.',
            'Ongeza TIN, namba ya leseni ya biashara na namba ya usajili ya RDB: huharakisha ukaguzi wa biashara (KYB).',
            'Akaunti yako huanza ikisubiri; biashara ikishathibitishwa, inakuwa hai na inaweza kupokea malipo.',
          ],
          tips: ['Unaweza kutengeneza msimbo wako wa QR ukaguzi ukiendelea.', 'Weka nyaraka zako halali: biashara isiyo hai haiwezi kulipwa.'],
        },
        'accepting-payments': {
          title: 'Kupokea malipo',
          steps: [
            'Tengeneza msimbo wako wa QR kwenye ukurasa wa Malipo ya Mfanyabiashara na uupakue uuchapishe.',
            'Mteja huuchanganua na kulipa kwa pesa za simu; mteja mwenye simu ya kawaida hulipa kwa USSD na msimbo wako wa mfanyabiashara.',
            'Kila malipo huonekana kwenye Miamala pamoja na ada yake na kiasi chako halisi.',
          ],
          tips: ['Bandika msimbo wa QR mahali wateja wanapolipa.', 'Malipo yaliyokamilika pekee ndiyo huhesabiwa katika malipo yako.'],
        },
        'fees-and-settlements': {
          title: 'Ada na malipo ya makazi',
          steps: [
            `Ada ni ${fmt.percent(f.merchantFeePercent)} ya kila malipo: unabaki na ${fmt.percent(f.merchantKeepsPercent)}.`,
            `Malipo ya makazi ni ya kiotomatiki kila siku ${f.settlementPeriodDays}: kila ${WEEKDAYS[f.settlementWeekday]}, kiasi halisi cha wiki iliyomalizika hutumwa kwenye pesa za simu yako.`,
            'Malipo yaliyoshindwa hujaribiwa tena; kichupo cha Malipo ya makazi huonyesha kila kundi na kinachosubiri.',
          ],
          tips: ['Angalia kinachosubiri kabla ya kila siku ya malipo.', 'Ripoti za malipo hukusaidia kutunza hesabu zako.'],
        },
      },
    },
    'ai-assistant': {
      title: 'Msaidizi wa fedha wa AI',
      description: 'Majibu kuhusu akiba yako, mikopo na vikundi, kwa lugha yako.',
      lessons: {
        'asking-questions': {
          title: 'Kumuuliza msaidizi',
          steps: [
            'Fungua msaidizi kutoka juu ya ukurasa au dashibodi na uulize kwa maneno yako, au gusa swali la haraka.',
            'Ukiwa umeingia, hujibu kutoka data yako mwenyewe: akiba, mchango unaofuata, alama ya mkopo, kikomo cha mkopo na rejesho la mkopo.',
            'Kila namba husema inatoka wapi; asichoweza kujibu hukwambia na kukuonyesha skrini sahihi.',
          ],
          tips: ['Uliza kwa namba: “Naweza kukopa 50,000 kwa miezi 6?”', 'Hahamishi pesa kamwe: malipo huidhinishwa na wewe daima.'],
        },
        'languages-and-privacy': {
          title: 'Lugha na faragha',
          steps: [
            'Andika kwa Kiingereza, Kifaransa, Kinyarwanda au Kiswahili: hujibu kwa lugha yako.',
            'Hukuonyesha data yako pekee; wageni ambao hawajaingia hupata majibu ya jumla.',
          ],
          tips: ['Usiandike PIN wala nenosiri kwenye mazungumzo.', 'Hakiki namba muhimu kwenye skrini husika kabla ya kuamua.'],
        },
      },
    },
  };
};
