/**
 * The texts of the e-mail that carries a sign-in link, in the member's four languages (read by
 * /auth/magic-link: see EmailOneTimeLink for how the link travels).
 */
import type { LinkEmailTexts } from './one-time-link.ts';
import type { Language } from './user.ts';

export const SIGN_IN_LINK_TEXTS: Record<Language, LinkEmailTexts> = {
  en: {
    subject: 'Your Ikimina sign-in link',
    body: 'Open this link to sign in to Ikimina. It works once and expires in 15 minutes:',
    ignore: 'If you did not ask for it, you can ignore this e-mail.',
  },
  fr: {
    subject: 'Votre lien de connexion Ikimina',
    body: 'Ouvrez ce lien pour vous connecter à Ikimina. Il ne sert qu’une fois et expire dans 15 minutes :',
    ignore: 'Si vous ne l’avez pas demandé, ignorez cet e-mail.',
  },
  rw: {
    subject: 'Ihuza ryo kwinjira muri Ikimina',
    body: 'Fungura iri huza kugira ngo winjire muri Ikimina. Rikora rimwe gusa kandi rirangira mu minota 15:',
    ignore: 'Niba atari wowe warisabye, wirengagize iyi imeri.',
  },
  sw: {
    subject: 'Kiungo chako cha kuingia Ikimina',
    body: 'Fungua kiungo hiki ili kuingia Ikimina. Kinafanya kazi mara moja na kinaisha baada ya dakika 15:',
    ignore: 'Ikiwa hukuomba, puuza barua pepe hii.',
  },
};
