/**
 * The e-mail telling a member that the phone number of their account changed, in their language.
 *
 * Why: the profile's phone is where mobile money pays out (loans, tontine pots), and a change
 * ends the account's USSD access (update-profile.ts). A change the member did not make — a stolen session — must not
 * go unnoticed, as for a password change (password-emails.ts).
 *
 * Guarantees
 * - The new number is shown masked (its last three digits only): the e-mail may be read by
 *   whoever holds the mailbox, and names no full number.
 */
import type { OutgoingMessage } from '../notifications/outbox.ts';
import { GREETINGS } from './one-time-link.ts';
import type { Language } from './user.ts';

const PHONE_CHANGED: Record<Language, { subject: string; body: (masked: string) => string; ussdEnded: string; notYou: string }> = {
  en: {
    subject: 'The phone number of your Ikimina account was changed',
    body: (masked) => `The phone number of your Ikimina account was just changed to ${masked}. Mobile-money payouts now go to this number.`,
    ussdEnded: 'USSD access from your old number has ended: to use USSD from the new one, set it up again on the Security page.',
    notYou: 'If this was not you, open Ikimina now, change your password and put your own number back on your profile:',
  },
  fr: {
    subject: 'Le numéro de téléphone de votre compte Ikimina a été modifié',
    body: (masked) => `Le numéro de téléphone de votre compte Ikimina vient d’être remplacé par ${masked}. Les versements mobile money vont désormais à ce numéro.`,
    ussdEnded: 'L’accès USSD depuis votre ancien numéro a pris fin : pour utiliser l’USSD depuis le nouveau, activez-le à nouveau sur la page Sécurité.',
    notYou: 'Si ce n’était pas vous, ouvrez Ikimina maintenant, changez votre mot de passe et remettez votre propre numéro sur votre profil :',
  },
  rw: {
    subject: 'Nimero ya telefoni ya konti yawe ya Ikimina yahinduwe',
    body: (masked) => `Nimero ya telefoni ya konti yawe ya Ikimina imaze guhindurwa ikaba ${masked}. Amafaranga yoherezwa kuri mobile money ubu ajya kuri iyi nimero.`,
    ussdEnded: 'Kwinjira kuri USSD ukoresheje nimero yawe ya kera byahagaritswe: kugira ngo ukoreshe USSD kuri nimero nshya, ongera uyishyireho ku rupapuro rw’Umutekano.',
    notYou: 'Niba atari wowe, fungura Ikimina ubu, uhindure ijambo ry’ibanga kandi usubize nimero yawe kuri porofili yawe:',
  },
  sw: {
    subject: 'Namba ya simu ya akaunti yako ya Ikimina imebadilishwa',
    body: (masked) => `Namba ya simu ya akaunti yako ya Ikimina imebadilishwa sasa hivi kuwa ${masked}. Malipo ya pesa kwa simu sasa yanaenda kwa namba hii.`,
    ussdEnded: 'Ufikiaji wa USSD kutoka namba yako ya zamani umekoma: ili kutumia USSD kutoka namba mpya, uwashe tena kwenye ukurasa wa Usalama.',
    notYou: 'Ikiwa si wewe, fungua Ikimina sasa, badilisha nenosiri lako na urudishe namba yako kwenye wasifu wako:',
  },
};

/** "+250 7•• ••• 456": the country code, the first digit and the last three. */
export function maskPhoneNumber(e164: string): string {
  const digits = e164.replace(/^\+250/, '');
  if (digits.length < 4) return '•••';
  return `+250 ${digits.charAt(0)}•• ••• ${digits.slice(-3)}`;
}

/** `ussdEnded`: the account had USSD access, which the change ended (update-profile.ts). */
export function phoneChangedEmail(to: { email: string; firstName: string; language: Language }, newPhone: string, publicBaseUrl: string, ussdEnded = false): OutgoingMessage {
  const t = PHONE_CHANGED[to.language];
  const greeting = GREETINGS[to.language](to.firstName);
  return {
    channel: 'email',
    recipient: to.email,
    subject: t.subject,
    body: `${greeting}\n\n${t.body(maskPhoneNumber(newPhone))}${ussdEnded ? ` ${t.ussdEnded}` : ''}\n\n${t.notYou}\n\n${publicBaseUrl.replace(/\/+$/, '')}/profile\n`,
  };
}
