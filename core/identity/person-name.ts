/**
 * Comparing the names a member typed with the names a registry holds.
 *
 * Guarantees
 * - Two names match when the first and last names together make the same set of words, whatever
 *   their case, accents (NFD, marks removed), order (first and last swapped, as Rwandan records
 *   write the surname first), spacing, hyphens and apostrophes: "jean-paul  NIYONZIMA" matches
 *   "NIYONZIMA Jean Paul", "Thérèse" matches "THERESE".
 * - A missing or an extra word is a difference: "Jean Habimana" does not match "Jean Bosco
 *   Habimana". A name with no letter at all never matches anything.
 */

/** The words of a name, folded: lower case, without accents, split on spaces, hyphens and punctuation. */
export function nameWords(text: string): string[] {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    // An apostrophe joins (N'Guessan, Nguessan); any other non-letter separates words.
    .replace(/['’ʼ`´]/g, '')
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 0);
}

/** The set of words of all the given names, sorted: the key two people's names are compared by. */
export function nameKey(...names: readonly string[]): string[] {
  return [...new Set(names.flatMap(nameWords))].sort();
}

export function namesMatch(given: readonly string[], recorded: readonly string[]): boolean {
  const a = nameKey(...given);
  const b = nameKey(...recorded);
  return a.length > 0 && a.length === b.length && a.every((word, i) => word === b[i]);
}
