/**
 * USSD access of a web account: the proof that links a basic phone to an account opened on the
 * web. A number typed on the web proves nothing (anyone can type anyone's number), and a USSD
 * call proves only the SIM (the gateway vouches for its MSISDN). The account holder proves both at
 * once: signed in on the web, they ask for a code, the code goes by SMS to the account's number,
 * and they type it back on the web with the PIN they choose. Only then does the number open the
 * account by USSD (docs/decisions/0060-one-phone-number-one-member.md).
 *
 * Guarantees
 * - A code is 6 random digits, kept only as its hash, for one account and the number it was sent
 *   to, for CODE_TTL_MS; a new request replaces the account's outstanding code.
 * - A code is tried at most MAX_CODE_ATTEMPTS times: the last wrong try uses it up.
 * - Codes are asked for at most CODES_PER_WINDOW times per account and per number in
 *   CODE_WINDOW_SECONDS: a guesser gets at most 15 tries an hour at one in a million, and nobody
 *   can use the product to flood someone's phone with SMS.
 */
import type { OutgoingMessage } from '../notifications/outbox.ts';
import { SECRET_PLACE } from '../notifications/outbox.ts';
import type { Language } from './user.ts';

export const CODE_DIGITS = 6;
export const CODE_TTL_MS = 10 * 60_000;
export const MAX_CODE_ATTEMPTS = 5;
export const CODES_PER_WINDOW = 3;
export const CODE_WINDOW_SECONDS = 3_600;

/** An outstanding code of one account. */
export interface UssdAccessCode {
  readonly userId: string;
  /** The number the code was sent to (E.164): the one it links. */
  readonly phoneNumber: string;
  readonly codeHash: string;
  /** Wrong tries so far. */
  readonly attempts: number;
  readonly expiresAt: Date;
}

export interface UssdAccessCodes {
  /** Stores the account's code, replacing any outstanding one. */
  put(code: UssdAccessCode): Promise<void>;
  /** The account's outstanding code (null: none), to show. */
  find(userId: string): Promise<UssdAccessCode | null>;
  /** The account's outstanding code, locked until the unit of work ends (null: none). */
  lockOf(userId: string): Promise<UssdAccessCode | null>;
  /** Records one more wrong try of the account's code. */
  countWrongTry(userId: string): Promise<void>;
  /** Uses the account's code up. */
  remove(userId: string): Promise<void>;
}

/** The random digits of a code and the hash under which it is kept. */
export interface OneTimeCodes {
  issue(digits: number): { code: string; hash: string };
  /** Whether `code` is the one kept as `hash`, in time that does not depend on where they differ. */
  matches(code: string, hash: string): boolean;
}

const SMS: Record<Language, string> = {
  en: `Ikimina: your code to set up USSD access is ${SECRET_PLACE}. It expires in 10 minutes. Never share it: Ikimina will never ask you for it.`,
  fr: `Ikimina : votre code pour activer l'acces USSD est ${SECRET_PLACE}. Il expire dans 10 minutes. Ne le donnez a personne : Ikimina ne vous le demandera jamais.`,
  rw: `Ikimina: kode yawe yo gufungura USSD ni ${SECRET_PLACE}. Irarangira mu minota 10. Ntuyibwire undi muntu: Ikimina ntizigera iyigusaba.`,
  sw: `Ikimina: msimbo wako wa kuwasha USSD ni ${SECRET_PLACE}. Unaisha baada ya dakika 10. Usimpe mtu yeyote: Ikimina haitakuomba kamwe.`,
};

/** The SMS carrying a code, in the member's language; the code itself stays sealed in the outbox until delivery. */
export function ussdAccessCodeSms(phoneNumber: string, language: Language, code: string): OutgoingMessage {
  return { channel: 'sms', recipient: phoneNumber, subject: null, body: SMS[language], secret: code };
}
