/**
 * A calendar day ("2026-03-10") as a person reads it in their language, for texts the server
 * writes (the assistant's answers): en "March 10, 2026", fr "10 mars 2026", rw "10 Werurwe 2026",
 * sw "10 Machi 2026" — the month names the web uses (web/src/lib/locale-format.ts).
 *
 * Guarantees: a text that is not a "YYYY-MM-DD" day is returned unchanged; an unknown language
 * writes English.
 */
const MONTHS: Readonly<Record<'en' | 'fr' | 'rw' | 'sw', readonly string[]>> = {
  en: ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'],
  fr: ['janvier', 'février', 'mars', 'avril', 'mai', 'juin', 'juillet', 'août', 'septembre', 'octobre', 'novembre', 'décembre'],
  rw: ['Mutarama', 'Gashyantare', 'Werurwe', 'Mata', 'Gicurasi', 'Kamena', 'Nyakanga', 'Kanama', 'Nzeri', 'Ukwakira', 'Ugushyingo', 'Ukuboza'],
  sw: ['Januari', 'Februari', 'Machi', 'Aprili', 'Mei', 'Juni', 'Julai', 'Agosti', 'Septemba', 'Oktoba', 'Novemba', 'Desemba'],
};

export function dateInWords(day: string, language: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return day;
  const [, year, month, date] = match;
  const months = MONTHS[(language in MONTHS ? language : 'en') as keyof typeof MONTHS];
  const name = months[Number(month) - 1];
  if (name === undefined) return day;
  return language === 'en' || !(language in MONTHS) ? `${name} ${Number(date)}, ${year}` : `${Number(date)} ${name} ${year}`;
}
