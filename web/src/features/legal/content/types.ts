import type { LegalFigures } from '../legal-figures.ts';

export interface LegalSection {
  heading: string;
  paragraphs?: string[];
  items?: string[];
}

export interface LegalDocument {
  title: string;
  intro: string;
  sections: LegalSection[];
}

export interface LegalContact {
  privacyEmail: string;
  legalEmail: string;
  phone: string;
}

/** Both documents in one language, the product's figures written in from the server's rules. */
export type LegalContent = (f: LegalFigures, contact: LegalContact) => { privacy: LegalDocument; terms: LegalDocument };
