/**
 * Text as the assistant reads it: one normal form for the way people in Rwanda write (with or
 * without diacritics, SMS spelling, French/English words inside Kinyarwanda or Swahili).
 *
 * Guarantees
 * - `normalise` is idempotent: lower case, no diacritics (NFD marks dropped), apostrophes
 *   joined ("y'inguzanyo" → "y inguzanyo"), letters repeated 3+ times cut to 2, SMS short forms
 *   spelt out, digits kept.
 * - `features` of a text are its words plus the character 3- and 4-grams of each word padded
 *   with spaces, so "nazigamye" and "nazigamiye" share most features.
 */

/** SMS and short forms, all languages at once (they do not collide). */
const SHORT_FORMS: Readonly<Record<string, string>> = {
  u: 'you', ur: 'your', r: 'are', pls: 'please', plz: 'please', hw: 'how', wat: 'what', wht: 'what', whn: 'when', hv: 'have', cn: 'can', cud: 'could',
  mny: 'money', nxt: 'next', amt: 'amount', sav: 'savings', grp: 'group', grps: 'groups', thx: 'thanks', msg: 'message', mth: 'month', mths: 'months', mo: 'months',
  bjr: 'bonjour', slt: 'salut', cmb: 'combien', cbn: 'combien', koi: 'quoi', qd: 'quand', pr: 'pour', ds: 'dans', mn: 'mon', jpeux: 'je peux', jveux: 'je veux', stp: 's il te plait', svp: 's il vous plait', pret: 'pret', tjr: 'toujours', bcp: 'beaucoup',
  frw: 'rwf', frs: 'rwf', rwf: 'rwf',
  mwrmtse: 'mwaramutse', mrh: 'muraho', nshbr: 'nshobora', nshobra: 'nshobora', ngahe: 'angahe', ryar: 'ryari', bt: 'bite',
  nnaweza: 'naweza', nawza: 'naweza', kias: 'kiasi', mkpo: 'mkopo', mchngo: 'mchango',
};

export function normalise(text: string): string {
  const plain = text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[’'`´]/g, ' ')
    .replace(/([a-z])\1{2,}/g, '$1$1')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
  if (plain === '') return '';
  return plain
    .split(' ')
    .map((word) => SHORT_FORMS[word] ?? word)
    .join(' ');
}

export function words(text: string): string[] {
  const plain = normalise(text);
  return plain === '' ? [] : plain.split(' ');
}

/** Words (prefixed "w:") and their padded character 3- and 4-grams (numbers count as one word "#"). */
export function features(text: string): string[] {
  const out: string[] = [];
  for (const raw of words(text)) {
    const word = /^\d+$/.test(raw) ? '#' : raw;
    out.push(`w:${word}`);
    const padded = ` ${word} `;
    for (const n of [3, 4]) {
      for (let i = 0; i + n <= padded.length; i += 1) out.push(padded.slice(i, i + n));
    }
  }
  return out;
}
