/**
 * Every module's wiring, in the order buildContainer (apps/container.ts) loads them after the
 * infrastructure: one file per module, `apps/modules/<module>-module.ts`, each binding its own
 * ports and use cases; then the USSD channel and the scheduler's jobs, which bind no use case.
 */
import type { ContainerModule } from 'inversify';
import { schedulerModule } from '../scheduler/module.ts';
import { ussdModule } from '../ussd/module.ts';
import { accountsModule } from './accounts-module.ts';
import { assistantModule } from './assistant-module.ts';
import { auditModule } from './audit-module.ts';
import { cardsModule } from './cards-module.ts';
import { contributionsModule } from './contributions-module.ts';
import { dataRightsModule } from './data-rights-module.ts';
import { decisionsModule } from './decisions-module.ts';
import { demoModule } from './demo-module.ts';
import { finesModule } from './fines-module.ts';
import { kycModule } from './kyc-module.ts';
import { learningModule } from './learning-module.ts';
import { ledgerModule } from './ledger-module.ts';
import { loansModule } from './loans-module.ts';
import { merchantsModule } from './merchants-module.ts';
import { nidaModule } from './nida-module.ts';
import { notificationsModule } from './notifications-module.ts';
import { paymentsModule } from './payments-module.ts';
import { statementsModule } from './statements-module.ts';
import { tontinesModule } from './tontines-module.ts';
import { transfersModule } from './transfers-module.ts';
import { uploadsModule } from './uploads-module.ts';
import { workingCapitalModule } from './working-capital-module.ts';

export const MODULES: readonly ContainerModule[] = [
  auditModule,
  notificationsModule,
  accountsModule,
  ledgerModule,
  paymentsModule,
  tontinesModule,
  contributionsModule,
  finesModule,
  loansModule,
  transfersModule,
  merchantsModule,
  workingCapitalModule,
  cardsModule,
  nidaModule,
  uploadsModule,
  kycModule,
  assistantModule,
  learningModule,
  decisionsModule,
  statementsModule,
  dataRightsModule,
  demoModule,
  ussdModule,
  schedulerModule,
];
