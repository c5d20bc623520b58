/** Maandishi ya arifa kwa Kiswahili. */
import type { Catalogue } from './catalogue.ts';

export const sw: Catalogue = {
  payout_received: (p) => ({ title: 'Malipo yametumwa', message: `Ikimina: ${p.amount} kutoka ${p.tontineName} (mzunguko ${p.cycle}) zimetumwa kwenye pesa yako ya simu.` }),
  contribution_received: (p) => ({ title: 'Malipo yamepokelewa', message: `Ikimina: tumepokea mchango wako wa ${p.amount} kwa ${p.tontineName} (mzunguko ${p.cycle}). Asante!` }),
  payment_failed: (p) => ({ title: 'Malipo yameshindwa', message: `Ikimina: malipo yako ya ${p.amount} kwa ${p.tontineName} hayakufanikiwa. Tafadhali jaribu tena.` }),
  contribution_due: (p) => ({ title: 'Mchango unadaiwa', message: `Ikimina: mchango wako wa ${p.amount} kwa ${p.tontineName} unadaiwa tarehe ${p.dueDate}.` }),
  contribution_overdue: (p) => ({ title: 'Mchango umechelewa', message: `Ikimina: mchango wako wa ${p.amount} kwa ${p.tontineName} ulidaiwa tarehe ${p.dueDate}. Tafadhali lipa sasa.` }),
};
