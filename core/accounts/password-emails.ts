/**
 * The e-mails about a member's password, in the member's language: the reset link, and the
 * notice that the password was changed (ASVS 2.5.5: the member hears of every change, so a
 * change they did not make does not go unnoticed).
 *
 * The reset link travels as a sign-in link does (EmailOneTimeLink); the page at
 * /auth/reset-password reads it and POSTs it with the new password.
 */
import type { OutgoingMessage } from '../notifications/outbox.ts';
import { GREETINGS, type LinkEmailTexts } from './one-time-link.ts';
import type { Language } from './user.ts';

export const PASSWORD_RESET_TEXTS: Record<Language, LinkEmailTexts> = {
  en: {
    subject: 'Reset your Ikimina password',
    body: 'Open this link to choose a new password. It works once and expires in 30 minutes; it signs you out everywhere else:',
    ignore: 'If you did not ask for it, ignore this e-mail: your password stays as it is.',
  },
  fr: {
    subject: 'Réinitialisez votre mot de passe Ikimina',
    body: 'Ouvrez ce lien pour choisir un nouveau mot de passe. Il ne sert qu’une fois, expire dans 30 minutes et vous déconnecte partout ailleurs :',
    ignore: 'Si vous ne l’avez pas demandé, ignorez cet e-mail : votre mot de passe reste inchangé.',
  },
  rw: {
    subject: 'Hindura ijambo ry’ibanga rya Ikimina',
    body: 'Fungura iri huza uhitemo ijambo ry’ibanga rishya. Rikora rimwe gusa, rirangira mu minota 30, kandi rigusohora ahandi hose:',
    ignore: 'Niba atari wowe warisabye, wirengagize iyi imeri: ijambo ry’ibanga ryawe ntirihinduka.',
  },
  sw: {
    subject: 'Weka upya nenosiri lako la Ikimina',
    body: 'Fungua kiungo hiki ili uchague nenosiri jipya. Kinafanya kazi mara moja, kinaisha baada ya dakika 30 na kinakutoa kila mahali pengine:',
    ignore: 'Ikiwa hukuomba, puuza barua pepe hii: nenosiri lako linabaki lilivyo.',
  },
};

const CHANGED: Record<Language, { subject: string; body: string; notYou: string }> = {
  en: {
    subject: 'Your Ikimina password was changed',
    body: 'The password of your Ikimina account was just changed, and your other sessions were signed out.',
    notYou: 'If this was not you, open Ikimina now, choose “Forgot your password?” in the sign-in window and set a new password:',
  },
  fr: {
    subject: 'Votre mot de passe Ikimina a été modifié',
    body: 'Le mot de passe de votre compte Ikimina vient d’être modifié, et vos autres sessions ont été déconnectées.',
    notYou: 'Si ce n’était pas vous, ouvrez Ikimina maintenant, choisissez « Mot de passe oublié ? » dans la fenêtre de connexion et choisissez un nouveau mot de passe :',
  },
  rw: {
    subject: 'Ijambo ry’ibanga rya Ikimina ryahinduwe',
    body: 'Ijambo ry’ibanga rya konti yawe ya Ikimina rimaze guhindurwa, kandi ahandi winjiye hose hasohowe.',
    notYou: 'Niba atari wowe, fungura Ikimina ubu, uhitemo “Wibagiwe ijambo ry’ibanga?” mu idirishya ryo kwinjira, ushyireho irishya:',
  },
  sw: {
    subject: 'Nenosiri lako la Ikimina limebadilishwa',
    body: 'Nenosiri la akaunti yako ya Ikimina limebadilishwa sasa hivi, na vipindi vyako vingine vimetolewa.',
    notYou: 'Ikiwa si wewe, fungua Ikimina sasa, chagua “Umesahau nenosiri?” kwenye dirisha la kuingia na uweke nenosiri jipya:',
  },
};

export function passwordChangedEmail(to: { email: string; firstName: string; language: Language }, publicBaseUrl: string): OutgoingMessage {
  const t = CHANGED[to.language];
  const greeting = GREETINGS[to.language](to.firstName);
  return {
    channel: 'email',
    recipient: to.email,
    subject: t.subject,
    body: `${greeting}\n\n${t.body}\n\n${t.notYou}\n\n${publicBaseUrl.replace(/\/+$/, '')}/\n`,
  };
}
