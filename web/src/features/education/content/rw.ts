import type { EducationContent } from './types.ts';

const WEEKDAYS = { monday: 'ku wa Mbere', tuesday: 'ku wa Kabiri', wednesday: 'ku wa Gatatu', thursday: 'ku wa Kane', friday: 'ku wa Gatanu', saturday: 'ku wa Gatandatu', sunday: 'ku Cyumweru' };

export const content: EducationContent = (f, fmt) => {
  const [r1 = 3, r2 = 1] = f.reminderDaysBefore;
  const bands = f.rateBands.map((b) => `${b.minScore}+: ${fmt.percent(b.annualRatePercent)}`).join(', ');
  return {
    tontines: {
      title: 'Ibimina: kwizigamira hamwe',
      description: 'Uko ikimina gikora kuri Ikimina, kuva ucyinjiyemo kugeza uhawe igiceri cyose.',
      lessons: {
        'what-is-a-tontine': {
          title: 'Ikimina ni iki?',
          steps: [
            'Ikimina ni itsinda ryizigamira hamwe: buri cyiciro, buri munyamuryango atanga umusanzu ungana n’uw’abandi.',
            'Buri cyiciro, amafaranga yose (umusanzu ukubye umubare w’abanyamuryango) ahabwa umunyamuryango umwe, hakurikijwe uko binjiye, uwashinze ikimina abanza.',
            'Nyuma y’ibyiciro bingana n’abanyamuryango, buri wese aba yahawe rimwe. Ikimina cy’umuntu umwe ni ubwizigame bwawe bwite, ushobora kubikuza kuri mobile money igihe icyo ari cyo cyose.',
          ],
          tips: ['Hitamo umusanzu ushobora gutanga buri cyiciro: kwishyura uwahawe bitegereza ko bose batanga.', 'Ubwizigame bwawe ni ibyo watanze ukuyemo ibyo wahawe.'],
        },
        'joining-and-rotation': {
          title: 'Kwinjira mu kimina n’uko bahererekanya',
          steps: [
            'Fungura Ibimina urebe muri Shakisha, cyangwa Byasabwe na AI urebe ibimina bijyanye n’ubushobozi bwawe.',
            'Injira mu kimina kikiri gushingwa kandi gifite umwanya; ntushobora kwinjira mu kimina cyuzuye cyangwa urimo.',
            'Guhererekanya bitangira iyo ikimina cyuzuye, cyangwa mbere yaho iyo uwagishinze agitangije gifite nibura abanyamuryango 2. Ibyiciro ni buri munsi, buri cyumweru cyangwa buri kwezi.',
          ],
          tips: ['Ikiganiro cy’ikimina ni icy’abanyamuryango gusa: mwumvikanireho amategeko.', 'Umwanya wawe mu guhabwa ugaragara ku rupapuro rw’ikimina.'],
        },
        'contributions-and-reminders': {
          title: 'Gutanga umusanzu ku gihe',
          steps: [
            'Tanga buri musanzu na mobile money ku rupapuro rw’ikimina cyangwa ahanditse Imisanzu, cyangwa ukoresheje USSD kuri telefone iyo ari yo yose.',
            `Ikimina kikwibutsa na SMS, imeyili no muri porogaramu saa ${f.reminderHour}:00 (isaha y’i Kigali) iminsi ${r1} mbere, umunsi ${r2} mbere n’umunsi wo kwishyura.`,
            'Umusanzu utishyuwe ku munsi wagenwe uba ukererewe; iyo imisanzu yose y’icyiciro yishyuwe, amafaranga yoherezwa ku wahawe na mobile money.',
          ],
          tips: ['Kwishyura ku gihe bizamura amanota yawe y’inguzanyo.', 'Kwishyura byanze bisiga umusanzu utegereje: ongera wishyure gusa.'],
        },
      },
    },
    loans: {
      title: 'Inguzanyo nto zishingiye ku bwizigame bwawe',
      description: 'Ingano ushobora kuguza, igiciro cyayo n’uko wishyura.',
      lessons: {
        'loan-limit': {
          title: 'Nshobora kuguza angahe?',
          steps: [
            `Ushobora kuguza kugeza kuri ${fmt.percent(f.loanShareOfSavingsPercent)} by’ubwizigame bwawe mu bimina: ubwizigame bwawe ni ingwate.`,
            `Inguzanyo ni nibura ${fmt.rwf(f.minLoanFrancs)} kandi ntirenza ${fmt.rwf(f.maxLoanFrancs)}.`,
            'Ukeneye indangamuntu yemejwe kandi nta nguzanyo ikererewe ufite kugira ngo usabe.',
          ],
          tips: ['Kwizigama buri gihe byongera ingano ushobora kuguza.', 'Emeza indangamuntu yawe ahanditse Kwemeza ku rupapuro rw’ibanze mbere y’uko uyikenera.'],
        },
        'rates-and-credit-score': {
          title: 'Amanota y’inguzanyo n’inyungu',
          steps: [
            `Amanota yawe ari hagati ya ${f.creditScoreMin} na ${f.creditScoreMax}. Abarwa ku mateka yawe nyayo: kwishyura ku gihe, ubwizigame, guhozaho, igihe umaze kuri Ikimina, kwemezwa kw’indangamuntu no kwitabira ibimina.`,
            `Inyungu ya buri mwaka ikurikira amanota yawe: ${bands}.`,
            `Inguzanyo iri mu rugero rwawe ufite amanota ${f.instantApprovalMinScore} cyangwa arenga yemerwa ako kanya; bitabaye ibyo isuzumwa n’umukozi.`,
          ],
          tips: ['Buri kintu kigize amanota kigaragazwa n’uburemere bwacyo: banza unoze ikiri hasi.', 'Kubara amanota bisaba uruhushya rwawe, rusabwa igihe usaba.'],
        },
        'applying-and-repaying': {
          title: 'Gusaba no kwishyura',
          steps: [
            `Hitamo amafaranga, igihe kiri hagati y’amezi ${f.minTermMonths} na ${f.maxTermMonths}, kandi usobanure icyo uzayakoresha mu nyuguti nibura ${f.minPurposeLength}.`,
            'Soma inyandiko y’ingenzi: inyungu, ibyo uzishyura buri kwezi n’igiciro cyose. Kuyemera byohereza ubusabe bwawe.',
            `Iyo byemejwe, amafaranga yoherezwa kuri mobile money yawe. Wishyura buri kwezi amafaranga angana, wibutswa iminsi ${r1} mbere, umunsi ${r2} mbere n’umunsi wo kwishyura.`,
          ],
          tips: ['Igihe gito gitwara inyungu nke; igihe kirekire kigabanya ayo wishyura buri kwezi.', 'Kutishyura ku gihe bituma inguzanyo ikererwa kandi bigabanya amanota yawe.'],
        },
      },
    },
    payments: {
      title: 'Kwishyura na mobile money',
      description: 'Kwishyura no kwishyurwa ukoresheje MTN MoMo, Airtel Money, USSD na QR code.',
      lessons: {
        'mobile-money': {
          title: 'Kwishyura na mobile money',
          steps: [
            'Hitamo mobile money (MTN MoMo cyangwa Airtel Money) urebe ko nimero yawe ari yo.',
            'Telefone yawe igaragaza ubusabe bwo kwishyura: bwemeze ukoresheje PIN ya mobile money.',
            'Kwishyura kubarwa iyo sosiyete y’itumanaho ibyemeje; kwemeza kabiri ntibigukata kabiri.',
          ],
          tips: ['Ntuzigere uha umuntu PIN ya mobile money, nta n’Ikimina.', 'Amafaranga uhabwa n’inguzanyo byoherezwa kuri nimero iri kuri porofili yawe.'],
        },
        ussd: {
          title: 'Ikimina kuri telefone iyo ari yo yose (USSD)',
          steps: [
            'Kanda kode ya USSD ya Ikimina ukoresheje nimero yo mu Rwanda: ntukeneye smartphone cyangwa interineti.',
            'Bwa mbere kora PIN, hanyuma urebe ubwizigame, wishyure imisanzu kandi urebe inguzanyo zawe, mu rurimi rwawe.',
            'PIN zitari zo zituma telefone itegereza akanya, bityo umuntu utazi ntashobora gukeka iyawe.',
          ],
          tips: ['PIN ya USSD si PIN ya mobile money: zigire zitandukanye.', 'Menu zivuga Icyongereza, Igifaransa, Ikinyarwanda n’Igiswahili.'],
        },
        'qr-and-cards': {
          title: 'Kwishyura iduka ukoresheje QR code',
          steps: [
            'Sikana QR code ya Ikimina y’iduka ukoresheje kamera ya telefone: ifungura urupapuro rwo kwishyura iryo duka.',
            'Andika amafaranga hanyuma wemeze ubusabe bwa mobile money.',
            'Kuri telefone isanzwe, ishyura iryo duka ukoresheje USSD na kode yaryo y’umucuruzi.',
          ],
          tips: ['Reba izina ry’iduka ku rupapuro mbere yo kwemeza.', 'Bika SMS yemeza nk’inyemezabwishyu.'],
        },
      },
    },
    'agent-network': {
      title: 'Urusobe rw’abakozi (agents)',
      description: 'Andika abacuruzi bo mu gace kawe kandi uhabwe komisiyo ku byo bagurisha.',
      lessons: {
        'becoming-an-agent': {
          title: 'Kuba agent',
          steps: [
            'Iyandikishe nk’umuntu ku giti cye cyangwa nk’ikigo, ufite kode yawe ya agent, akarere n’ahantu ukorera.',
            'Ubusabe bwawe bubanza gutegereza: itsinda rya Ikimina rirabusuzuma, akenshi mu masaha 24-48.',
            'Umaze kwemezwa (ukora), ushobora kwandika abacuruzi no guhabwa komisiyo.',
          ],
          tips: ['Hitamo kode yoroshye kuvuga no kwandika: abacuruzi bayandika biyandikisha.', 'Agent wahagaritswe cyangwa wambuwe uburenganzira ntahabwa komisiyo.'],
        },
        'onboarding-merchants': {
          title: 'Kwandika abacuruzi',
          steps: [
            'Fasha iduka kwiyandikisha kuri Ikimina kandi uriha kode yawe ya agent.',
            'Fasha nyir’iduka gutegura inyandiko: TIN, uruhushya rw’ubucuruzi na nimero ya RDB.',
            'Urupapuro rwawe rugaragaza abacuruzi wanditse n’uko bahagaze.',
          ],
          tips: ['Umucuruzi yakira amafaranga iyo ubucuruzi bwe bwemejwe.', 'Yereka abacuruzi bashya uko bacapa bakanamanika QR code yabo.'],
        },
        commission: {
          title: 'Uko komisiyo yishyurwa',
          steps: [
            `Uhabwa ${fmt.percent(f.agentCommissionPercent)} kuri buri kwishyura kwarangiye ku mucuruzi wanditse, bivuye ku mafaranga ya serivisi ya ${fmt.percent(f.merchantFeePercent)} ya Ikimina: umucuruzi nta kindi yongera kwishyura.`,
            'Buri komisiyo iba itegereje kugeza yishyuwe.',
            `Komisiyo zishyurwa buri kwezi, ku itariki ya ${f.commissionPayoutDayOfMonth}, kuri mobile money, ku kwezi kwarangiye.`,
          ],
          tips: ['Abacuruzi bakora cyane bakuzanira komisiyo nyinshi: bafashe kwishyurwa na QR.', 'Reba komisiyo zitegereje ku rupapuro rwawe rwa agent.'],
        },
      },
    },
    'merchant-services': {
      title: 'Serivisi z’abacuruzi',
      description: 'Akira amafaranga na QR code na mobile money, ugahabwa ayo winjije mu buryo bwikora.',
      lessons: {
        'registering-your-business': {
          title: 'Kwandikisha ubucuruzi bwawe',
          steps: [
            'Iyandikishe ukoresheje izina ry’ubucuruzi, icyiciro, aderesi, akarere, telefone n’imeyili, na kode ya agent ugufasha niba ahari.',
            'Ongeraho TIN, nimero y’uruhushya rw’ubucuruzi na nimero ya RDB: byihutisha igenzura ry’ubucuruzi (KYB).',
            'Konti yawe ibanza gutegereza; iyo ubucuruzi bumaze kwemezwa, iratangira kandi ishobora kwakira amafaranga.',
          ],
          tips: ['Ushobora gukora QR code yawe igenzura rigikomeje.', 'Inyandiko zawe zigumane agaciro: ubucuruzi budakora ntibushobora kwishyurwa.'],
        },
        'accepting-payments': {
          title: 'Kwakira amafaranga',
          steps: [
            'Kora QR code yawe ku rupapuro rw’Ubwishyu bw’umucuruzi hanyuma uyikuremo uyicape.',
            'Umukiriya arayisikana akishyura na mobile money; ufite telefone isanzwe yishyura na USSD akoresheje kode yawe y’umucuruzi.',
            'Buri kwishyura kugaragara mu Bikorwa hamwe n’amafaranga ya serivisi n’ayo usigarana.',
          ],
          tips: ['Manika QR code aho abakiriya bishyurira.', 'Ubwishyu bwarangiye gusa ni bwo bubarwa mu byo uzahabwa.'],
        },
        'fees-and-settlements': {
          title: 'Amafaranga ya serivisi no kwishyurwa',
          steps: [
            `Amafaranga ya serivisi ni ${fmt.percent(f.merchantFeePercent)} kuri buri kwishyura: usigarana ${fmt.percent(f.merchantKeepsPercent)}.`,
            `Kwishyurwa bikorwa mu buryo bwikora buri minsi ${f.settlementPeriodDays}: ${WEEKDAYS[f.settlementWeekday]}, ayo winjije mu cyumweru gishize yoherezwa kuri mobile money yawe.`,
            'Kwishyurwa kwanze kurongera kugakorwa; ahanditse Kwishyurwa hagaragaza buri cyiciro n’ibitegereje.',
          ],
          tips: ['Reba ibitegereje mbere ya buri munsi wo kwishyurwa.', 'Raporo zo kwishyurwa zigufasha gucunga ibitabo byawe.'],
        },
      },
    },
    'ai-assistant': {
      title: 'Umujyanama w’imari wa AI',
      description: 'Ibisubizo ku bwizigame bwawe, inguzanyo n’ibimina, mu rurimi rwawe.',
      lessons: {
        'asking-questions': {
          title: 'Kubaza umujyanama',
          steps: [
            'Fungura umujyanama uhereye hejuru cyangwa ku rupapuro rw’ibanze, ubaze mu magambo yawe cyangwa ukande ikibazo cyateguwe.',
            'Winjiye, agusubiza akurikije amakuru yawe: ubwizigame, umusanzu ukurikira, amanota y’inguzanyo, ingano ushobora kuguza n’ayo wakwishyura buri kwezi.',
            'Buri mubare uvuga aho uturuka; ibyo adashobora gusubiza arabikubwira akakwereka aho wabibona.',
          ],
          tips: ['Baza ukoresheje imibare: “Nshobora kuguza 50.000 mu mezi 6?”', 'Ntiyimura amafaranga: ni wowe wemeza kwishyura buri gihe.'],
        },
        'languages-and-privacy': {
          title: 'Indimi n’ibanga',
          steps: [
            'Andika mu Cyongereza, Igifaransa, Ikinyarwanda cyangwa Igiswahili: agusubiza mu rurimi rwawe.',
            'Akwereka amakuru yawe gusa; abashyitsi batinjiye bahabwa ibisubizo rusange.',
          ],
          tips: ['Ntukandike PIN cyangwa ijambo ry’ibanga mu kiganiro.', 'Genzura imibare y’ingenzi ku rupapuro rubigenewe mbere yo gufata icyemezo.'],
        },
      },
    },
  };
};
