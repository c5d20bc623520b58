/**
 * The 30 districts of Rwanda (spec part 2 §3), for merchant and agent addresses.
 *
 * Guarantees
 * - `isDistrict` accepts exactly these 30 names, spelt as listed (case-sensitive).
 */
export const RWANDA_DISTRICTS = [
  'Bugesera', 'Burera', 'Gakenke', 'Gasabo', 'Gatsibo', 'Gicumbi', 'Gisagara', 'Huye', 'Kamonyi', 'Karongi',
  'Kayonza', 'Kicukiro', 'Kirehe', 'Muhanga', 'Musanze', 'Ngoma', 'Ngororero', 'Nyabihu', 'Nyagatare', 'Nyamagabe',
  'Nyamasheke', 'Nyanza', 'Nyarugenge', 'Nyaruguru', 'Rubavu', 'Ruhango', 'Rulindo', 'Rusizi', 'Rutsiro', 'Rwamagana',
] as const;

export type District = (typeof RWANDA_DISTRICTS)[number];

const DISTRICTS: ReadonlySet<string> = new Set(RWANDA_DISTRICTS);

export const isDistrict = (name: string): name is District => DISTRICTS.has(name);
