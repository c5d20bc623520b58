import { TRANSACTION_RETENTION_YEARS } from '../legal-figures.ts';
import type { LegalContent } from './types.ts';

export const content: LegalContent = (f, c) => ({
  privacy: {
    title: 'Sera ya Faragha',
    intro:
      'Ikimina ni huduma ya fedha ya jamii kwa Rwanda: vikundi vya akiba (tontine), mikopo midogo, malipo ya pesa za simu, malipo ya wafanyabiashara na mtandao wa mawakala. Sera hii inaeleza data binafsi tunazohifadhi, kwa nini, tunazishiriki na nani, tunazihifadhi kwa muda gani na jinsi ya kutumia haki zako chini ya Sheria ya Rwanda N° 058/2021 ya 13/10/2021 kuhusu ulinzi wa data binafsi na faragha.',
    sections: [
      {
        heading: '1. Anayewajibika',
        paragraphs: [`Ikimina ndiye mdhibiti wa data binafsi zilizoelezwa hapa. Mawasiliano yetu ya ulinzi wa data: ${c.privacyEmail}, ${c.phone}, Kigali, Rwanda.`],
      },
      {
        heading: '2. Data tunazohifadhi na kwa nini',
        items: [
          'Akaunti: barua pepe, jina, namba ya simu, lugha, tarehe ya kuzaliwa, anwani, kazi na picha ya wasifu, ili kuendesha akaunti yako na kukufikia. Nenosiri lako huhifadhiwa kama alama ya njia moja tu.',
          'Utambulisho: namba yako ya kitambulisho cha taifa, inayohakikiwa kwenye daftari la taifa kupitia huduma ya uthibitishaji wa utambulisho, na taarifa na picha inayorudisha, ili kujua wewe ni nani, kuwa na akaunti moja kwa kila mtu na kutimiza wajibu wa kupambana na utakatishaji fedha. Namba imesimbwa (AES-256-GCM) na huonyeshwa ikiwa imefichwa kwa mtu yeyote isipokuwa wewe.',
          `Uthibitishaji wa uso (data za kibayolojia, kwa ridhaa yako tu): picha ya kitambulisho na picha yako, zinazolinganishwa kwenye seva zetu; tunahifadhi picha hizo mbili kwa siri na matokeo ya kila ulinganisho (imethibitishwa kwa ${f.faceMatchPercent} % au zaidi). Vielelezo vya uso havihifadhiwi.`,
          'Vikundi vya akiba: vikundi ulivyojiunga navyo, michango, malipo uliyopokea, mpangilio wa malipo na ujumbe wa kikundi, ili kuendesha kikundi kwa wanachama wote.',
          'Mikopo: maombi yako, taarifa muhimu uliyokubali, marejesho na kila tathmini ya mkopo na vipengele vyake na toleo la modeli, ili kuamua na kusimamia mikopo (kwa ridhaa yako).',
          'Malipo: namba za pesa za simu, kiasi, marejeo na hali ya kila malipo, malipo ya makazi na kamisheni, ili kuhamisha pesa kwa usahihi na kutunza hesabu.',
          'Wafanyabiashara na mawakala: jina la biashara, aina, anwani, wilaya, TIN, leseni ya biashara na namba ya RDB, ili kuthibitisha biashara na kulipa.',
          'Ujumbe na matumizi: SMS, barua pepe na arifa tulizotuma, vipindi vya USSD, masomo uliyomaliza na maswali yako kwa msaidizi wa AI, ili kukuhudumia na kukujibu.',
          'Usalama: vipindi vya kuingia, majaribio na kumbukumbu ya ukaguzi isiyobadilika ya vitendo nyeti (inataja kilichobadilika, si thamani), ili kulinda akaunti yako.',
        ],
      },
      {
        heading: '3. Ridhaa kwa alama ya mkopo na bayometriki',
        paragraphs: [
          'Alama yako ya mkopo huhesabiwa tu baada ya ridhaa yako, unapoomba mkopo au tathmini. Hutumia historia yako ndani ya Ikimina pekee: kulipa kwa wakati, akiba, muda, uthibitisho wa utambulisho na ushiriki katika vikundi. Hatusomi kamwe anwani za simu yako.',
          'Mkopo huidhinishwa kiotomatiki tu ukiwa ndani ya kikomo chako na alama ikitosha; ombi lingine lolote hukaguliwa na mtu, hivyo hakuna kukataliwa kunakofanywa na mashine peke yake.',
          'Uthibitishaji wa uso hufanyika tu baada ya kukubali maandishi ya ridhaa yanayoonyeshwa kwenye kichupo cha Uthibitishaji. Unaweza kuondoa ridhaa hiyo wakati wowote hapo hapo; hakuna ulinganisho mpya bila hiyo. Kila ridhaa na uondoaji hurekodiwa pamoja na tarehe na toleo la maandishi.',
        ],
      },
      {
        heading: '4. Tunashiriki data na nani',
        paragraphs: ['Tunashiriki tu kile ambacho kila huduma inahitaji ili ikuhudumie, na hatuuzi kamwe data binafsi.'],
        items: [
          'MTN Rwanda (MoMo) na Airtel Rwanda (Airtel Money): namba yako na kiasi cha kila malipo au fedha unazotumiwa.',
          'Africa’s Talking: namba yako, maandishi ya SMS tunazotuma na vipindi vyako vya USSD.',
          'Huduma yetu ya uthibitishaji wa utambulisho (kiunganishi chenye ufikiaji wa daftari la NIDA): namba yako ya kitambulisho, ili kurudisha taarifa na picha zilizosajiliwa.',
          'Google, ukichagua tu “Ingia kwa Google”: Google hutuambia barua pepe na jina lako.',
          'Mtoa huduma wetu wa barua pepe: anwani yako na ujumbe tunaotuma.',
          'Mtoa huduma wetu wa hifadhi: picha zako, za siri, zinazosomwa na wewe na seva zetu tu.',
          'Mtoa huduma wa malipo ya kadi, ukilipa kwa kadi tu: unaingiza kadi kwenye ukurasa wake mwenyewe; taarifa za kadi hazifiki kamwe Ikimina.',
          'AI: msaidizi huendeshwa kwenye seva zetu kwa kawaida. Tukitumia mtoa huduma wa modeli ya lugha, hupokea swali lako na namba zinazohitajika tu, kamwe si namba ya kitambulisho wala picha.',
          'Mamlaka, sheria inapohitaji (kwa mfano Benki Kuu ya Rwanda au mahakama).',
        ],
      },
      {
        heading: '5. Muda wa kuhifadhi',
        items: [
          `Kumbukumbu za miamala (malipo, michango, malipo ya mfuko, mikopo, marejesho, malipo ya makazi na kamisheni) na maingizo ya hesabu huhifadhiwa kwa miaka ${TRANSACTION_RETENTION_YEARS}, kama kanuni za fedha zinavyotaka, hata baada ya kufunga akaunti.`,
          'Data za akaunti, utambulisho na uthibitishaji huhifadhiwa akaunti ikiwa wazi, kisha kwa muda ambao sheria inataka tu.',
          'Vipindi vya kuingia na vihesabu vya majaribio huisha ndani ya saa au siku; viungo vya kuingia vya mara moja ndani ya dakika.',
        ],
      },
      {
        heading: '6. Jinsi tunavyozilinda',
        paragraphs: [
          'Namba za vitambulisho husimbwa zikiwa zimehifadhiwa kwa AES-256-GCM; manenosiri na PIN huwekwa alama; picha za siri hutolewa kwa mmiliki tu; kila kitendo nyeti huandikwa kwenye kumbukumbu ya ukaguzi isiyoweza kughushiwa; mawasiliano husimbwa. Uvunjaji ukihatarisha data zako, tunaarifu Mamlaka ya Taifa ya Usalama wa Mtandao (NCSA) ndani ya saa 48 na kukujulisha hatari kwako ikiwa kubwa.',
        ],
      },
      {
        heading: '7. Haki zako chini ya Sheria N° 058/2021',
        items: [
          'Kujulishwa na kufikia data binafsi tulizonazo kukuhusu, na kupata nakala.',
          'Kusahihisha data zisizo sahihi: hariri jina, simu na anwani kwenye Wasifu wako, au utuandikie.',
          'Kufutiwa data au kuzuiliwa kwa matumizi yake pale sheria haitulazimu kuzihifadhi (kumbukumbu za miamala huhifadhiwa kwa muda uliotajwa hapo juu).',
          'Kupinga matumizi, ikiwemo uchambuzi wa tabia, na kutoamuliwa kwa uamuzi wa mashine pekee.',
          'Kuondoa ridhaa wakati wowote (uso kwenye kichupo cha Uthibitishaji; alama ya mkopo kwa kutuandikia), bila kuathiri yaliyofanyika kabla.',
          'Kuhamisha data: nakala ya data zako katika muundo unaosomeka na kompyuta.',
          'Kulalamika kwa Mamlaka ya Taifa ya Usalama wa Mtandao (NCSA), mamlaka ya usimamizi.',
        ],
        paragraphs: [`Kutumia haki, andika kwa ${c.privacyEmail} kutoka barua pepe ya akaunti yako, au piga ${c.phone}. Tunaweza kukuomba kuthibitisha utambulisho wako, na tunajibu ndani ya siku 30.`],
      },
      {
        heading: '8. Watoto',
        paragraphs: [`Ikimina ni kwa watu wenye umri wa miaka ${f.minimumAge} na zaidi. Hatuhifadhi kwa kujua data za walio chini ya umri huo, na kitambulisho kinachoonyesha umri chini ya miaka ${f.minimumAge} hukataliwa.`],
      },
      {
        heading: '9. Mabadiliko',
        paragraphs: ['Tukibadilisha sera hii tunasasisha tarehe hapo juu na kukujulisha ndani ya programu kabla mabadiliko hayajaanza; maandishi mapya ya ridhaa hukuomba ridhaa tena.'],
      },
    ],
  },
  terms: {
    title: 'Masharti ya Huduma',
    intro:
      'Masharti haya ni makubaliano kati yako na Ikimina kwa matumizi ya tovuti, programu, menyu za USSD na huduma za SMS za Ikimina. Kwa kufungua akaunti unayakubali.',
    sections: [
      {
        heading: '1. Nani anaweza kutumia Ikimina',
        items: [
          `Lazima uwe na umri wa miaka ${f.minimumAge} au zaidi na mkazi halali wa Rwanda.`,
          'Unaweza kuwa na akaunti moja tu, yenye taarifa za kweli na za sasa; kitambulisho kimoja ni cha akaunti moja tu.',
          'Unalinda nenosiri, PIN na simu yako, na kutujulisha mara moja ukidhani mtu mwingine ametumia akaunti yako.',
        ],
      },
      {
        heading: '2. Vikundi vya akiba (tontine)',
        items: [
          'Kila mzunguko kila mwanachama anadaiwa mchango wa kikundi; mfuko wa mzunguko hulipwa kwa pesa za simu kwa mwanachama ambaye ni zamu yake, michango yote ya mzunguko ikishalipwa.',
          'Mpangilio wa malipo ni mpangilio wa kujiunga, mwanzilishi kwanza. Mzunguko huanza kikundi kikijaa au mwanzilishi akikianzisha kikiwa na angalau wanachama 2.',
          'Vikumbusho hutumwa kabla na siku ya kila malipo; mchango usiolipwa kwa wakati huchelewa na huonekana kwenye historia yako ya mkopo.',
        ],
      },
      {
        heading: '3. Mikopo midogo',
        items: [
          `Mikopo ni hadi ${f.loanShareOfSavingsPercent} % ya akiba yako ya vikundi, ambayo ni dhamana, kuanzia ${f.minLoanFrancs.toLocaleString('en')} hadi ${f.maxLoanFrancs.toLocaleString('en')} ${f.currency}, kwa miezi ${f.minTermMonths} hadi ${f.maxTermMonths}.`,
          'Mkopo unahitaji kitambulisho kilichothibitishwa, ridhaa yako ya alama ya mkopo na kutokuwa na mkopo uliochelewa. Kabla ya kuomba unapokea taarifa muhimu yenye riba, marejesho na gharama yote; ombi lako huikubali.',
          'Riba ya mwaka hutegemea alama yako ya mkopo. Unalipa marejesho ya kila mwezi kwa pesa za simu; rejesho lililokosekana hufanya mkopo uchelewe.',
        ],
      },
      {
        heading: '4. Malipo na ada',
        items: [
          'Pesa hupita kwa watoa huduma wa pesa za simu waliosajiliwa (MTN, Airtel), ambao masharti yao pia yanatumika. Malipo huhesabiwa mtoa huduma akiyathibitisha; ombi au uthibitisho unaorudiwa haukatwi mara mbili.',
          `Wafanyabiashara hulipa ada ya ${f.merchantFeePercent} % ya kila malipo wanayopokea na kubaki na yanayosalia. Malipo ya makazi hulipwa kiotomatiki kila siku ${f.settlementPeriodDays} kwa pesa za simu.`,
          `Mawakala hupata kamisheni ya ${f.agentCommissionPercent} % ya malipo ya wafanyabiashara waliowasajili, inayolipwa kila mwezi kutoka ada ya Ikimina.`,
        ],
      },
      {
        heading: '5. Wafanyabiashara',
        items: [
          'Mfanyabiashara lazima atoe Namba ya Utambulisho wa Mlipakodi (TIN) halali, leseni halali ya biashara na namba yake ya usajili ya Bodi ya Maendeleo ya Rwanda (RDB), na kuziweka halali.',
          'Akaunti mpya ya mfanyabiashara husubiri hadi Ikimina ithibitishe biashara (KYB); wafanyabiashara hai pekee ndio hupokea malipo.',
          'Wafanyabiashara huuza bidhaa na huduma halali, huonyesha msimbo wa QR wa biashara yao tu na hawatozi wateja ziada kwa kulipa kupitia Ikimina.',
        ],
      },
      {
        heading: '6. Mawakala',
        paragraphs: ['Ombi la wakala hukaguliwa kabla ya kuidhinishwa. Ikimina inaweza kumsimamisha au kumfuta wakala anayevunja masharti haya au sheria; wakala aliyesimamishwa au kufutwa hapati kamisheni.'],
      },
      {
        heading: '7. Yasiyoruhusiwa',
        items: [
          'Kutumia Ikimina kwa udanganyifu, utakatishaji fedha, ufadhili wa ugaidi au lengo lolote lisilo halali.',
          'Kutumia utambulisho, namba au akaunti ya mtu mwingine, au kujaribu kusoma data zake.',
          'Kuingilia huduma, usalama wake au matumizi yake na wanachama wengine.',
        ],
      },
      {
        heading: '8. Kumbukumbu na faragha',
        paragraphs: [`Kumbukumbu za miamala huhifadhiwa kwa miaka ${TRANSACTION_RETENTION_YEARS}. Jinsi tunavyotumia data binafsi imeelezwa kwenye Sera ya Faragha.`],
      },
      {
        heading: '9. Kusimamishwa na kufunga',
        paragraphs: [
          `Kufunga akaunti yako, andika kwa ${c.legalEmail}; tunaifunga ukiwa huna mkopo unaoendelea wala mchango unaodaiwa na kikundi kinachoendelea. Tunaweza kusimamisha akaunti inayovunja masharti haya, kwa taarifa isipokuwa sheria au hatari ya madhara ikizuia.`,
        ],
      },
      {
        heading: '10. Dhima, mabadiliko na sheria',
        paragraphs: [
          'Tunajitahidi Ikimina ipatikane na iwe sahihi; hatuwajibiki kwa hitilafu za mitandao au watoa huduma tusiowadhibiti, lakini uhamisho ulioshindwa hurudishwa au hujaribiwa tena daima, haupotei.',
          'Tunakujulisha ndani ya programu kabla mabadiliko ya masharti haya hayajaanza. Masharti haya yanaongozwa na sheria za Jamhuri ya Rwanda.',
          `Maswali: ${c.legalEmail}, ${c.phone}, Kigali, Rwanda.`,
        ],
      },
    ],
  },
});
