/** Amagambo y'ubutumwa mu Kinyarwanda. */
import type { Catalogue } from './catalogue.ts';

export const rw: Catalogue = {
  payout_received: (p) => ({ title: 'Amafaranga yoherejwe', message: `Ikimina: ${p.amount} ya ${p.tontineName} (icyiciro ${p.cycle}) yoherejwe kuri mobile money yawe.` }),
  contribution_received: (p) => ({ title: 'Ubwishyu bwakiriwe', message: `Ikimina: twakiriye umusanzu wawe wa ${p.amount} muri ${p.tontineName} (icyiciro ${p.cycle}). Murakoze!` }),
  payment_failed: (p) => ({ title: 'Ubwishyu bwanze', message: `Ikimina: ubwishyu bwawe bwa ${p.amount} muri ${p.tontineName} ntibwakunze. Ongera ugerageze.` }),
  contribution_due: (p) => ({ title: 'Umusanzu ugomba kwishyurwa', message: `Ikimina: umusanzu wawe wa ${p.amount} muri ${p.tontineName} ugomba kwishyurwa ku wa ${p.dueDate}.` }),
  contribution_overdue: (p) => ({ title: 'Umusanzu warengeje igihe', message: `Ikimina: umusanzu wawe wa ${p.amount} muri ${p.tontineName} wagombaga kwishyurwa ku wa ${p.dueDate}. Wishyure nonaha.` }),
};
