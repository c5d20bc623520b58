import { TRANSACTION_RETENTION_YEARS } from '../legal-figures.ts';
import type { LegalContent } from './types.ts';

export const content: LegalContent = (f, c) => ({
  privacy: {
    title: 'Politiki y’ibanga',
    intro:
      'Ikimina ni serivisi y’imari y’abaturage mu Rwanda: ibimina byo kwizigama, inguzanyo nto, kwishyura na mobile money, kwishyura abacuruzi n’urusobe rw’abakozi (agents). Iyi politiki isobanura amakuru bwite tubika, impamvu, abo tuyasangiza, igihe tuyamarana n’uko wakoresha uburenganzira bwawe hakurikijwe Itegeko N° 058/2021 ryo ku wa 13/10/2021 rirengera amakuru bwite n’ubuzima bwite.',
    sections: [
      {
        heading: '1. Ushinzwe amakuru',
        paragraphs: [`Ikimina ni yo ishinzwe gucunga amakuru asobanurwa hano. Uwo wabaza ku birebana no kurinda amakuru: ${c.privacyEmail}, ${c.phone}, Kigali, Rwanda.`],
      },
      {
        heading: '2. Amakuru tubika n’impamvu',
        items: [
          'Konti: imeyili, amazina, nimero ya telefone, ururimi, itariki y’amavuko, aderesi, umwuga n’ifoto ya porofili, kugira ngo ducunge konti yawe tunakubone. Ijambo ry’ibanga ribikwa gusa mu buryo budashobora gusubizwa inyuma.',
          'Umwirondoro: nimero y’indangamuntu yawe, igenzurwa mu bitabo by’irangamimerere binyuze kuri serivisi igenzura umwirondoro, n’amakuru n’ifoto isubiza, kugira ngo tumenye uwo uri we, buri muntu agire konti imwe kandi twubahirize kurwanya iyezandonke. Nimero irahishwa (AES-256-GCM) kandi igaragara yuzuye kuri wowe gusa.',
          `Kugenzura isura (amakuru y’umubiri, ubyemeye gusa): ifoto y’indangamuntu n’ifoto wifotoye, zigereranywa kuri seriveri zacu; tubika izo foto zombi mu ibanga n’igisubizo cya buri igereranya (byemezwa kuri ${f.faceMatchPercent} % cyangwa birenga). Ibiranga isura ntibibikwa.`,
          'Ibimina: ibimina urimo, imisanzu, amafaranga wahawe, uko muhabwa n’ubutumwa bw’ikimina, kugira ngo ikimina gikorere abanyamuryango bose.',
          'Inguzanyo: ubusabe, inyandiko y’ingenzi wemeye, ibyo wishyuye na buri isuzuma ry’inguzanyo n’ibiriranga, kugira ngo dufate icyemezo tunacunge inguzanyo (ubyemeye).',
          'Kwishyura: nimero za mobile money, amafaranga, indango n’uko buri kwishyura, buri mafaranga yatanzwe, buri kwishyurwa na komisiyo bihagaze, kugira ngo amafaranga agende neza n’ibitabo bibe byuzuye.',
          'Abacuruzi n’aba-agent: izina ry’ubucuruzi, icyiciro, aderesi, akarere, TIN, uruhushya rw’ubucuruzi na nimero ya RDB, kugira ngo tugenzure ubucuruzi tunishyure.',
          'Ubutumwa n’imikoreshereze: SMS, imeyili n’amatangazo twohereje, USSD, amasomo warangije n’ibibazo ubaza umujyanama wa AI, kugira ngo tugufashe tunagusubize.',
          'Umutekano: kwinjira, kugerageza n’igitabo cy’igenzura kidahinduka cy’ibikorwa by’ingenzi (kivuga icyahindutse, si agaciro), kugira ngo turinde konti yawe.',
        ],
      },
      {
        heading: '3. Uruhushya ku manota y’inguzanyo no ku isura',
        paragraphs: [
          'Amanota y’inguzanyo abarwa ari uko ubyemeye, igihe usaba inguzanyo cyangwa isuzuma. Akoresha amateka yawe kuri Ikimina gusa: kwishyura ku gihe, ubwizigame, igihe umaze, kugenzurwa k’umwirondoro no kwitabira ibimina. Ntidusoma nimero ziri muri telefone yawe.',
          'Inguzanyo yemerwa n’imashini gusa iyo iri mu rugero rwawe kandi amanota ahagije; ubundi busabe bwose busuzumwa n’umuntu, bityo nta guhakana gukorwa n’imashini yonyine.',
          'Kugenzura isura bikorwa ari uko wemeye inyandiko y’uruhushya igaragara ahanditse Kwemeza. Ushobora kwisubiraho igihe icyo ari cyo cyose aho hantu; nta gereranya rishya rikorwa utabyemeye. Buri ruhushya no kwisubiraho byandikwa n’itariki na verisiyo y’inyandiko.',
        ],
      },
      {
        heading: '4. Abo dusangiza amakuru',
        paragraphs: ['Dusangiza buri serivisi ibyo ikeneye gusa kugira ngo igukorere, kandi ntitugurisha amakuru bwite.'],
        items: [
          'MTN Rwanda (MoMo) na Airtel Rwanda (Airtel Money): nimero yawe n’amafaranga ya buri kwishyura cyangwa ayo wohererezwa.',
          'Africa’s Talking: nimero yawe, ubutumwa bugufi twohereje n’ibikorwa bya USSD.',
          'Serivisi yacu igenzura umwirondoro (ihuza ifite uburenganzira ku bitabo bya NIDA): nimero y’indangamuntu yawe, ngo isubize amakuru n’ifoto byanditswe.',
          'Google, ari uko uhisemo “Kwinjira na Google”: Google itubwira imeyili n’amazina yawe.',
          'Utanga serivisi za imeyili: aderesi yawe n’ubutumwa twohereje.',
          'Ubika amakuru yacu: amafoto yawe, mu ibanga, asomwa nawe na seriveri zacu gusa.',
          'Utanga serivisi zo kwishyura n’ikarita, ari uko wishyuye n’ikarita: wandika ikarita ku rupapuro rwe bwite; amakuru y’ikarita ntagera kuri Ikimina.',
          'AI: umujyanama akorera kuri seriveri zacu mu buryo busanzwe. Iyo dukoresheje utanga serivisi ya AI, ahabwa ikibazo cyawe n’imibare ikenewe gusa, ntahabwa nimero y’indangamuntu cyangwa amafoto.',
          'Inzego za Leta, iyo itegeko ribisaba (urugero Banki Nkuru y’u Rwanda cyangwa urukiko).',
        ],
      },
      {
        heading: '5. Igihe tubika amakuru',
        items: [
          `Inyandiko z’ibikorwa by’amafaranga (kwishyura, imisanzu, amafaranga yatanzwe, inguzanyo, kwishyurwa na komisiyo) n’ibitabo by’ibaruramari bibikwa imyaka ${TRANSACTION_RETENTION_YEARS}, nk’uko amategeko y’imari abisaba, n’iyo konti yafunzwe.`,
          'Amakuru ya konti, umwirondoro n’igenzura abikwa igihe konti ifunguye, hanyuma igihe itegeko risaba gusa.',
          'Kwinjira n’ibibarwa by’igerageza birangira mu masaha cyangwa iminsi; amahuza yo kwinjira rimwe arangira mu minota.',
        ],
      },
      {
        heading: '6. Uko tuyarinda',
        paragraphs: [
          'Nimero z’indangamuntu zibikwa zihishwe na AES-256-GCM; amagambo y’ibanga na PIN birahishwa; amafoto y’ibanga ahabwa nyirayo gusa; buri gikorwa cy’ingenzi cyandikwa mu gitabo cy’igenzura kidahinduka; itumanaho rirahishwa. Iyo amakuru yawe ashyizwe mu kaga, tumenyesha Ikigo cy’Igihugu gishinzwe Umutekano w’Ikoranabuhanga (NCSA) mu masaha 48 kandi tukakumenyesha iyo ibyago ari byinshi kuri wowe.',
        ],
      },
      {
        heading: '7. Uburenganzira bwawe hakurikijwe Itegeko N° 058/2021',
        items: [
          'Kumenyeshwa no kubona amakuru tugufiteho, no guhabwa kopi yayo.',
          'Gukosora amakuru atari yo: hindura amazina, telefone na aderesi kuri Porofili yawe, cyangwa utwandikire.',
          'Gusiba amakuru cyangwa kugabanya uko akoreshwa iyo itegeko ritadutegeka kuyabika (inyandiko z’ibikorwa by’amafaranga zibikwa igihe kivuzwe haruguru).',
          'Kwanga ikoreshwa ry’amakuru, harimo gusesengura imyitwarire, no kudafatirwa icyemezo n’imashini yonyine.',
          'Kwisubiraho ku ruhushya igihe icyo ari cyo cyose (isura ahanditse Kwemeza; amanota y’inguzanyo utwandikiye), bitagize ingaruka ku byakozwe mbere.',
          'Guhabwa amakuru yawe mu buryo busomwa na mudasobwa.',
          'Kuregera Ikigo cy’Igihugu gishinzwe Umutekano w’Ikoranabuhanga (NCSA), urwego rugenzura.',
        ],
        paragraphs: [`Kugira ngo ukoreshe uburenganzira, andikira ${c.privacyEmail} ukoresheje imeyili ya konti yawe, cyangwa uhamagare ${c.phone}. Dushobora kugusaba kwemeza uwo uri we, kandi dusubiza mu minsi 30.`],
      },
      {
        heading: '8. Abana',
        paragraphs: [`Ikimina ni iy’abafite imyaka ${f.minimumAge} kuzamura. Ntitubika tubizi amakuru y’abato, kandi indangamuntu igaragaza imyaka iri munsi ya ${f.minimumAge} yangwa.`],
      },
      {
        heading: '9. Impinduka',
        paragraphs: ['Iyo duhinduye iyi politiki, duhindura itariki iri hejuru tukakumenyesha muri porogaramu mbere y’uko impinduka zitangira; inyandiko nshya y’uruhushya igusaba kongera kwemera.'],
      },
    ],
  },
  terms: {
    title: 'Amategeko n’amabwiriza',
    intro:
      'Aya mategeko ni amasezerano hagati yawe na Ikimina yo gukoresha urubuga, porogaramu, menu za USSD na serivisi za SMS za Ikimina. Iyo ufunguye konti uba uyemeye.',
    sections: [
      {
        heading: '1. Abemerewe gukoresha Ikimina',
        items: [
          `Ugomba kuba ufite imyaka ${f.minimumAge} cyangwa irenga kandi utuye mu Rwanda mu buryo bwemewe n’amategeko.`,
          'Ushobora kugira konti imwe gusa, ifite amakuru y’ukuri kandi agezweho; indangamuntu imwe ni iya konti imwe.',
          'Urinda ijambo ry’ibanga, PIN na telefone yawe, kandi ukatumenyesha ako kanya niba ukeka ko undi muntu yakoresheje konti yawe.',
        ],
      },
      {
        heading: '2. Ibimina',
        items: [
          'Buri cyiciro buri munyamuryango agomba umusanzu w’ikimina; amafaranga y’icyiciro yoherezwa na mobile money ku munyamuryango ufite igihe cye, iyo imisanzu yose y’icyiciro yishyuwe.',
          'Uko bahabwa ni uko binjiye, uwashinze abanza. Guhererekanya bitangira iyo ikimina cyuzuye cyangwa uwagishinze agitangije gifite nibura abanyamuryango 2.',
          'Ubutumwa bwibutsa bwoherezwa mbere n’umunsi wo kwishyura; umusanzu utishyuwe ku gihe uba ukererewe kandi ugaragara mu mateka y’inguzanyo yawe.',
        ],
      },
      {
        heading: '3. Inguzanyo nto',
        items: [
          `Inguzanyo igera kuri ${f.loanShareOfSavingsPercent} % by’ubwizigame bwawe mu bimina, ari bwo ngwate, kuva kuri ${f.minLoanFrancs.toLocaleString('en')} kugeza kuri ${f.maxLoanFrancs.toLocaleString('en')} ${f.currency}, mu mezi ${f.minTermMonths} kugeza kuri ${f.maxTermMonths}.`,
          'Inguzanyo isaba indangamuntu yemejwe, uruhushya rwo kubara amanota no kutagira inguzanyo ikererewe. Mbere yo gusaba uhabwa inyandiko y’ingenzi irimo inyungu, ibyo uzishyura n’igiciro cyose; ubusabe bwawe buba buyemeye.',
          'Inyungu ya buri mwaka ishingiye ku manota yawe. Wishyura buri kwezi na mobile money; kutishyura ku gihe bituma inguzanyo ikererwa.',
        ],
      },
      {
        heading: '4. Kwishyura n’amafaranga ya serivisi',
        items: [
          'Amafaranga anyura ku bigo bya mobile money byemewe (MTN, Airtel), n’amategeko yabyo akurikizwa. Kwishyura kubarwa iyo ikigo kibyemeje; gusaba cyangwa kwemeza kabiri ntibikata kabiri.',
          `Abacuruzi bishyura ${f.merchantFeePercent} % bya buri mafaranga bakiriye bagasigarana asigaye. Kwishyurwa bikorwa buri minsi ${f.settlementPeriodDays} na mobile money.`,
          `Aba-agent bahabwa komisiyo ya ${f.agentCommissionPercent} % ku mafaranga y’abacuruzi banditse, yishyurwa buri kwezi ivuye ku mafaranga ya serivisi ya Ikimina.`,
        ],
      },
      {
        heading: '5. Abacuruzi',
        items: [
          'Umucuruzi agomba gutanga nimero y’umusoreshwa (TIN) yemewe, uruhushya rw’ubucuruzi rwemewe na nimero yo kwiyandikisha mu Rwego rw’Igihugu rw’Iterambere (RDB), kandi bikaguma byemewe.',
          'Konti nshya y’umucuruzi itegereza kugeza Ikimina igenzuye ubucuruzi (KYB); abacuruzi bakora ni bo bonyine bakira amafaranga.',
          'Abacuruzi bagurisha ibintu na serivisi byemewe, bagakoresha QR code y’ubucuruzi bwabo gusa kandi ntibace abakiriya amafaranga y’inyongera kubera kwishyura kuri Ikimina.',
        ],
      },
      {
        heading: '6. Aba-agent',
        paragraphs: ['Ubusabe bwa agent busuzumwa mbere yo kwemezwa. Ikimina ishobora guhagarika cyangwa kwambura uburenganzira agent urenze kuri aya mategeko cyangwa ku itegeko; agent wahagaritswe ntahabwa komisiyo.'],
      },
      {
        heading: '7. Ibibujijwe',
        items: [
          'Gukoresha Ikimina mu buriganya, iyezandonke, gutera inkunga iterabwoba cyangwa ikindi kinyuranyije n’amategeko.',
          'Gukoresha umwirondoro, nimero cyangwa konti y’undi, cyangwa kugerageza gusoma amakuru ye.',
          'Kubangamira serivisi, umutekano wayo cyangwa uko abandi bayikoresha.',
        ],
      },
      {
        heading: '8. Inyandiko n’ibanga',
        paragraphs: [`Inyandiko z’ibikorwa by’amafaranga zibikwa imyaka ${TRANSACTION_RETENTION_YEARS}. Uko dukoresha amakuru bwite bisobanurwa muri Politiki y’ibanga.`],
      },
      {
        heading: '9. Guhagarika no gufunga konti',
        paragraphs: [
          `Kugira ngo ufunge konti, andikira ${c.legalEmail}; tuyifunga iyo nta nguzanyo ikiri gukora kandi nta musanzu ugomba ikimina kiri gukora. Dushobora guhagarika konti irenze kuri aya mategeko, tubanje kubimenyesha keretse itegeko cyangwa ibyago bibibuza.`,
        ],
      },
      {
        heading: '10. Uburyozwe, impinduka n’amategeko',
        paragraphs: [
          'Dukora ibishoboka ngo Ikimina ihore ikora neza; ntituryozwa ibibazo by’imiyoboro cyangwa ibigo tutagenzura, ariko amafaranga yanze koherezwa ahora asubizwa cyangwa yongera koherezwa, ntatakara.',
          'Tukumenyesha muri porogaramu mbere y’uko impinduka z’aya mategeko zitangira. Aya mategeko agengwa n’amategeko ya Repubulika y’u Rwanda.',
          `Ibibazo: ${c.legalEmail}, ${c.phone}, Kigali, Rwanda.`,
        ],
      },
    ],
  },
});
