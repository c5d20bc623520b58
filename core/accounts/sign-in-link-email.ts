/**
 * The e-mail that carries a sign-in link, in the member's language.
 *
 * The token travels in the URL fragment (`#token=`): browsers never send a fragment to a server,
 * so the secret stays out of access logs and Referer headers. The page at /auth/magic-link reads
 * it and POSTs it, so a mail scanner that prefetches the link cannot use it up.
 */
import { SECRET_PLACE, type OutgoingMessage } from '../notifications/outbox.ts';
import type { Language } from './user.ts';

const TEXTS: Record<Language, { subject: string; greeting: (name: string) => string; body: string; ignore: string }> = {
  en: {
    subject: 'Your Ikimina sign-in link',
    greeting: (name) => `Hello ${name},`,
    body: 'Open this link to sign in to Ikimina. It works once and expires in 15 minutes:',
    ignore: 'If you did not ask for it, you can ignore this e-mail.',
  },
  fr: {
    subject: 'Votre lien de connexion Ikimina',
    greeting: (name) => `Bonjour ${name},`,
    body: 'Ouvrez ce lien pour vous connecter à Ikimina. Il ne sert qu’une fois et expire dans 15 minutes :',
    ignore: 'Si vous ne l’avez pas demandé, ignorez cet e-mail.',
  },
  rw: {
    subject: 'Ihuza ryo kwinjira muri Ikimina',
    greeting: (name) => `Muraho ${name},`,
    body: 'Fungura iri huza kugira ngo winjire muri Ikimina. Rikora rimwe gusa kandi rirangira mu minota 15:',
    ignore: 'Niba atari wowe warisabye, wirengagize iyi imeri.',
  },
  sw: {
    subject: 'Kiungo chako cha kuingia Ikimina',
    greeting: (name) => `Habari ${name},`,
    body: 'Fungua kiungo hiki ili kuingia Ikimina. Kinafanya kazi mara moja na kinaisha baada ya dakika 15:',
    ignore: 'Ikiwa hukuomba, puuza barua pepe hii.',
  },
};

export function signInLinkUrl(publicBaseUrl: string, token: string): string {
  return `${publicBaseUrl.replace(/\/+$/, '')}/auth/magic-link#token=${token}`;
}

export function signInLinkEmail(to: { email: string; firstName: string; language: Language }, link: string): OutgoingMessage {
  const t = TEXTS[to.language];
  return {
    channel: 'email',
    recipient: to.email,
    subject: t.subject,
    // The link is the secret: the outbox seals it (core/notifications/outbox.ts).
    body: `${t.greeting(to.firstName)}\n\n${t.body}\n\n${SECRET_PLACE}\n\n${t.ignore}\n`,
    secret: link,
  };
}
