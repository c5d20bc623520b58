/**
 * The readable copy of a member's data export (core/data-rights ExportDocument), with pdfkit: the
 * same sections as the JSON file, each under a heading in the member's language, each record as
 * "field: value" lines. A5 pages (readable on a phone); the JSON file is the complete, machine-
 * readable copy, so values are written as stored (dates ISO, amounts in centimes as named).
 *
 * Self-contained on purpose while the statements' PDF module is being built (issue 28): fold it
 * into that module's helpers when both are merged.
 */
import PDFDocument from 'pdfkit';
import type { Language } from '../../core/accounts/user.ts';
import type { ExportDocument, MemberData } from '../../core/data-rights/ports.ts';

interface Words {
  title: string;
  intro: (date: string) => string;
  none: string;
  sections: Record<string, string>;
}

const EN: Words = {
  title: 'Your data at Ikimina',
  intro: (date) => `Everything Ikimina holds about you on ${date} (Law 058/2021, articles 18 and 20). The JSON file beside this one holds the same records, complete.`,
  none: 'Nothing recorded.',
  sections: {
    profile: 'Profile', sessions: 'Sessions (signed-in devices)', signInIdentities: 'Sign-in with another service', groups: 'Groups', contributions: 'Contributions',
    payments: 'Payments', transfersToYou: 'Money sent to you', loans: 'Loans', loanRepayments: 'Loan repayments', loanCollections: 'Loan payment requests',
    loanKeyFacts: 'Loan key facts shown', creditAssessments: 'Credit assessments', creditScoringConsent: 'Consent to credit scoring', biometricConsents: 'Consents to face comparison',
    kycRecord: 'Identity verification (KYC)', kycDecisions: 'Face comparisons', nationalIds: 'National ID', uploads: 'Uploaded photos', ussdAccess: 'Basic phone (USSD) access',
    merchants: 'Businesses', workingCapital: 'Working capital', agent: 'Agent', notifications: 'Notifications', groupChatMessages: 'Group chat messages',
    assistantMessages: 'Assistant conversations', lessonProgress: 'Lessons finished', dataExports: 'Data exports', auditEntries: 'Audit log (including admin reads of your data)',
  },
};

const WORDS: Record<Language, Words> = {
  en: EN,
  fr: {
    title: 'Vos données chez Ikimina',
    intro: (date) => `Tout ce qu’Ikimina détient sur vous au ${date} (loi 058/2021, articles 18 et 20). Le fichier JSON joint contient les mêmes enregistrements, complets.`,
    none: 'Rien d’enregistré.',
    sections: {
      ...EN.sections, profile: 'Profil', sessions: 'Sessions (appareils connectés)', signInIdentities: 'Connexion par un autre service', groups: 'Groupes', contributions: 'Cotisations',
      payments: 'Paiements', transfersToYou: 'Argent qui vous a été envoyé', loans: 'Prêts', loanRepayments: 'Remboursements', loanCollections: 'Demandes de paiement de prêt',
      loanKeyFacts: 'Informations clés de prêt montrées', creditAssessments: 'Évaluations de crédit', creditScoringConsent: 'Consentement à la notation de crédit', biometricConsents: 'Consentements à la comparaison faciale',
      kycRecord: 'Vérification d’identité (KYC)', kycDecisions: 'Comparaisons faciales', nationalIds: 'Carte d’identité', uploads: 'Photos envoyées', ussdAccess: 'Accès par téléphone simple (USSD)',
      merchants: 'Commerces', workingCapital: 'Fonds de roulement', agent: 'Agent', notifications: 'Notifications', groupChatMessages: 'Messages de groupe',
      assistantMessages: 'Conversations avec l’assistant', lessonProgress: 'Leçons terminées', dataExports: 'Exports de données', auditEntries: 'Journal d’audit (y compris les lectures de vos données par un administrateur)',
    },
  },
  rw: {
    title: 'Amakuru yawe muri Ikimina',
    intro: (date) => `Ibyo Ikimina ifite byose bikwerekeye ku wa ${date} (Itegeko 058/2021, ingingo ya 18 n’iya 20). Idosiye ya JSON iri kumwe n’iyi ifite ibyo bimwe byose, byuzuye.`,
    none: 'Nta kintu cyanditswe.',
    sections: {
      ...EN.sections, profile: 'Umwirondoro', sessions: 'Aho winjiriye (ibikoresho)', signInIdentities: 'Kwinjira ukoresheje indi serivisi', groups: 'Amatsinda', contributions: 'Imisanzu',
      payments: 'Ubwishyu', transfersToYou: 'Amafaranga wohererejwe', loans: 'Inguzanyo', loanRepayments: 'Kwishyura inguzanyo', loanCollections: 'Gusaba kwishyura inguzanyo',
      loanKeyFacts: 'Amakuru y’ingenzi y’inguzanyo werekanywe', creditAssessments: 'Isuzuma ry’inguzanyo', creditScoringConsent: 'Uburenganzira bwo gusuzumwa', biometricConsents: 'Uburenganzira bwo kugereranya isura',
      kycRecord: 'Kwemeza umwirondoro (KYC)', kycDecisions: 'Igereranya ry’isura', nationalIds: 'Indangamuntu', uploads: 'Amafoto woherereje', ussdAccess: 'Gukoresha telefoni isanzwe (USSD)',
      merchants: 'Ubucuruzi', workingCapital: 'Igishoro cy’ubucuruzi', agent: 'Umukozi', notifications: 'Ubutumwa', groupChatMessages: 'Ubutumwa bw’itsinda',
      assistantMessages: 'Ibiganiro n’umufasha', lessonProgress: 'Amasomo warangije', dataExports: 'Gukura amakuru', auditEntries: 'Igitabo cy’igenzura (harimo abayobozi basomye amakuru yawe)',
    },
  },
  sw: {
    title: 'Data yako kwenye Ikimina',
    intro: (date) => `Kila kitu Ikimina inachoshikilia kukuhusu tarehe ${date} (Sheria 058/2021, vifungu 18 na 20). Faili ya JSON iliyo pamoja na hii ina rekodi hizo hizo, kamili.`,
    none: 'Hakuna kilichorekodiwa.',
    sections: {
      ...EN.sections, profile: 'Wasifu', sessions: 'Vipindi (vifaa vilivyoingia)', signInIdentities: 'Kuingia kwa huduma nyingine', groups: 'Vikundi', contributions: 'Michango',
      payments: 'Malipo', transfersToYou: 'Pesa ulizotumiwa', loans: 'Mikopo', loanRepayments: 'Marejesho ya mikopo', loanCollections: 'Maombi ya malipo ya mkopo',
      loanKeyFacts: 'Taarifa muhimu za mkopo ulizoonyeshwa', creditAssessments: 'Tathmini za mkopo', creditScoringConsent: 'Idhini ya kupimwa alama ya mkopo', biometricConsents: 'Idhini za kulinganisha uso',
      kycRecord: 'Uthibitisho wa utambulisho (KYC)', kycDecisions: 'Ulinganisho wa uso', nationalIds: 'Kitambulisho cha taifa', uploads: 'Picha ulizopakia', ussdAccess: 'Ufikiaji kwa simu ya kawaida (USSD)',
      merchants: 'Biashara', workingCapital: 'Mtaji wa biashara', agent: 'Wakala', notifications: 'Arifa', groupChatMessages: 'Ujumbe wa kikundi',
      assistantMessages: 'Mazungumzo na msaidizi', lessonProgress: 'Masomo uliyomaliza', dataExports: 'Nakala za data', auditEntries: 'Kumbukumbu za ukaguzi (pamoja na wasimamizi waliosoma data yako)',
    },
  },
};

/** A value as one line of text: nested records as compact JSON. */
function textOf(value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

export class PdfKitExportDocument implements ExportDocument {
  pdf(data: MemberData, generatedAt: Date): Promise<Uint8Array> {
    const words = WORDS[data.language];
    const doc = new PDFDocument({ size: 'A5', margin: 36, info: { Title: words.title } });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    const done = new Promise<Uint8Array>((resolve, reject) => {
      doc.on('end', () => resolve(new Uint8Array(Buffer.concat(chunks))));
      doc.on('error', reject);
    });
    doc.fontSize(18).text(words.title);
    doc.moveDown(0.5).fontSize(9).text(words.intro(generatedAt.toISOString().slice(0, 10)));
    for (const [name, value] of Object.entries(data.sections)) {
      const records = Array.isArray(value) ? value : [value];
      doc.moveDown(1).fontSize(13).text(words.sections[name] ?? name);
      doc.fontSize(8);
      if (records.length === 0) doc.text(words.none);
      for (const record of records) {
        doc.moveDown(0.4);
        if (typeof record !== 'object' || record === null) {
          doc.text(textOf(record));
          continue;
        }
        for (const [field, fieldValue] of Object.entries(record)) doc.text(`${field}: ${textOf(fieldValue)}`);
      }
    }
    doc.end();
    return done;
  }
}
