/**
 * Every token of the container, in one table: the ports and values bound in apps/container.ts (the
 * infrastructure) and each module's wiring (apps/modules/<module>-module.ts, the scheduler, USSD);
 * each token is typed by the port (or value) it names, never by an adapter class. Its own file, importing types only, so that the container and its
 * modules import the tokens without importing each other (no cycle of value imports).
 */
import type { ServiceIdentifier } from 'inversify';
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import type { Logger } from 'pino';
import type {
  AccountListing,
  AccountRepository,
  ExpiringCounters,
  PasswordHasher,
  RateLimiter,
  SecretTokens,
  SessionStore,
  SignInLinkStore,
  SingleSignOnAttempts,
  ThrottleStore,
} from '../core/accounts/ports.ts';
import type { AttemptLimitPolicy } from '../core/accounts/attempt-limits.ts';
import type { SessionPolicy } from '../core/accounts/session-policy.ts';
import type { ThrottlePolicies } from '../core/accounts/sign-in-throttle.ts';
import type { SandboxApprovals } from '../core/demo/ports.ts';
import type { SignInWithProvider } from '../core/accounts/sign-in-with-provider.ts';
import type { SingleSignOn } from '../core/accounts/single-sign-on.ts';
import type { StartProviderSignIn } from '../core/accounts/start-provider-sign-in.ts';
import type { PinHasher, UssdPhoneKeys, UssdPins, UssdSessionStore } from '../core/accounts/ussd-pins.ts';
import type { OneTimeCodes, UssdAccessCodes } from '../core/accounts/ussd-access.ts';
import type { UssdSession } from '../ussd/session.ts';
import type { Digest } from '../core/audit/audit-chain.ts';
import type { AuditLog, AuditTrail } from '../core/audit/ports.ts';
import type { AccountErasure, ConsentLedger, DataExports, ExportDocument, ExportFiles, MemberRecords } from '../core/data-rights/ports.ts';
import type { ContributionNotices, ContributionRepository, MemberSavingsReads } from '../core/contributions/ports.ts';
import type { CreditAssessmentRepository, CreditHistories, ScoringConsents } from '../core/credit/ports.ts';
import type { Borrowers, KeyFactsStatementRepository, LoanCollectionRepository, LoanReminderNotices, LoanRepository, MemberSavings } from '../core/loans/ports.ts';
import type { JournalWriter, LedgerRepository } from '../core/ledger/ports.ts';
import type { MailTransport } from '../core/notifications/mail-transport.ts';
import type { DeliverDueEmails, DeliverDueSms } from '../core/notifications/deliver-due-messages.ts';
import type { Outbox, OutboxQueue, OutboxReader } from '../core/notifications/outbox.ts';
import type { SmsDeliveries, SmsDeliveryReportParser, SmsSender } from '../core/notifications/sms-sender.ts';
import type { CallbackUrlTokens, MobileMoney, MobileMoneyCallbackParser, MobileMoneyProvider, PayerOf, PaymentDisputes, PaymentRepository, ProviderOfNumber } from '../core/payments/ports.ts';
import type { AssistantConversations, AssistantModel } from '../core/assistant/ports.ts';
import type { Clock, IdGenerator } from '../core/shared/clock.ts';
import type { FineDecisionEffects, ProposalRepository } from '../core/decisions/ports.ts';
import type { UnitOfWork } from '../core/shared/unit-of-work.ts';
import type { CompletedCycles, GroupChat, LateContributions, MemberProfiles, MemberWallets, MonthlyStatements, Notifier, PoolBalances, PoolBooks, TontineCategories, TontineNames, TontineRepository } from '../core/tontines/ports.ts';
import type { Batching } from '../core/shared/batching.ts';
import type { DisputedReports, OutgoingTransfers, TransferPolicies } from '../core/transfers/ports.ts';
import type { SeedDemoWorld } from '../core/demo/seed-demo-world.ts';
import type { SeedDemoBusiness } from '../core/demo/seed-demo-business.ts';
import type { DemoPopulation } from '../core/demo/seed-demo-population.ts';
import type { InAppNotifications, NotificationRecipients, NotificationWriter } from '../core/notifications/ports.ts';
import type { NationalIdRegistry, NationalIdRepository, NationalIdVault } from '../core/identity/ports.ts';
import type { FileStorage, ImageReencoder, MemberImages, StoredObjects, UploadAddresses, UploadSignatures } from '../core/uploads/ports.ts';
import type { UploadPolicy } from '../core/uploads/upload-policy.ts';
import type { LessonProgressRepository } from '../core/learning/ports.ts';
import type { BiometricConsents, FaceMatcher, KycDecisions, KycRecords, RegistryIdPhotos } from '../core/kyc/ports.ts';
import type { Config } from './config.ts';
import type { MerchantSalesHistory, WorkingCapitalCollections, WorkingCapitalLoans, WorkingCapitalRepayments } from '../core/working-capital/ports.ts';
import type { SettlementBatchListing, SettlementBatchRepository, SettlementWithholding } from '../core/settlements/ports.ts';
import type { CardCheckoutSetup } from './modules/cards-module.ts';
import type { CardCheckout } from '../core/payments/card-checkout.ts';
import type {
  AgentLookup,
  CommissionOfTransaction,
  MerchantCardRefunds,
  MerchantListing,
  SettlementReads,
  MerchantPaymentReads,
  MerchantRegistry,
  MerchantRepository,
  MerchantReversals,
  MerchantTransactionRepository,
} from '../core/merchants/ports.ts';
import type { AgentEarnings, AgentListing, AgentRegistry, AgentRepository, CommissionPayoutRepository, CommissionRepository } from '../core/agents/ports.ts';
import type { MerchantMonthLedger } from '../core/merchants/monthly-figures.ts';
import type { StatementLedger, StatementLinks, StatementRecipients } from '../core/statements/ports.ts';
import type { PayRequestLimits } from '../core/merchants/pay-merchant.ts';
import type { SettlementReportDeps } from '../core/settlements/settlement-report.ts';
import type { PollPendingPaymentsDeps } from '../core/payment-reports/poll-pending-payments.ts';
import type { EmvQrSettings } from '../core/merchants/emv-qr-payload.ts';
import type { QrImageRenderer } from '../core/merchants/merchant-qr.ts';
import type { Job } from './scheduler/job-runner.ts';

/** `name` is the token's global key: kept as it was when each module had its own table. */
function token<T>(name: string): ServiceIdentifier<T> {
  return Symbol.for(`ikimina.${name}`);
}

/** The schema of the database: applying the migrations, and writing a new one from the entities. */
export interface DatabaseMigrations {
  apply(): Promise<{ previouslyApplied: number; applied: string[] }>;
  create(): Promise<{ fileName?: string }>;
}

export const TOKENS = {
  Config: token<Config>('Config'),
  Orm: token<MikroORM>('Orm'),
  EntityManager: token<EntityManager>('EntityManager'),
  Logger: token<Logger>('Logger'),
  Clock: token<Clock>('Clock'),
  IdGenerator: token<IdGenerator>('IdGenerator'),
  UnitOfWork: token<UnitOfWork>('UnitOfWork'),
  SecretTokens: token<SecretTokens>('SecretTokens'),
  PasswordHasher: token<PasswordHasher>('PasswordHasher'),
  AccountRepository: token<AccountRepository>('AccountRepository'),
  SessionStore: token<SessionStore>('SessionStore'),
  SignInLinkStore: token<SignInLinkStore>('SignInLinkStore'),
  SingleSignOnAttempts: token<SingleSignOnAttempts>('SingleSignOnAttempts'),
  RateLimiter: token<RateLimiter>('RateLimiter'),
  ThrottleStore: token<ThrottleStore>('ThrottleStore'),
  /** The rate limiter's and the sign-in throttle's counters, as the hourly prune sees them. */
  ExpiringRateLimits: token<ExpiringCounters>('ExpiringRateLimits'),
  ExpiringSignInThrottle: token<ExpiringCounters>('ExpiringSignInThrottle'),
  SessionPolicy: token<SessionPolicy>('SessionPolicy'),
  AttemptLimitPolicy: token<AttemptLimitPolicy>('AttemptLimitPolicy'),
  ThrottlePolicies: token<ThrottlePolicies>('ThrottlePolicies'),
  /** PUBLIC_BASE_URL: the links e-mails carry are built from it, never from a request. */
  PublicBaseUrl: token<string>('PublicBaseUrl'),
  Outbox: token<Outbox>('Outbox'),
  SingleSignOn: token<SingleSignOn | null>('SingleSignOn'),
  MailTransport: token<MailTransport | null>('MailTransport'),
  /** Provider sign-in use cases; null when no provider is configured. */
  ProviderSignIn: token<{ start: StartProviderSignIn; finish: SignInWithProvider } | null>('ProviderSignIn'),
  /** The outbox as its dispatchers use it (claim, mark sent, mark failed). */
  OutboxQueue: token<OutboxQueue>('OutboxQueue'),
  /** Null when no mail transport is configured: e-mails stay in the outbox. */
  DeliverDueEmails: token<DeliverDueEmails | null>('DeliverDueEmails'),
  SmsDeliveries: token<SmsDeliveries>('SmsDeliveries'),
  MobileMoney: token<MobileMoney>('MobileMoney'),
  /** The card checkout (Flutterwave, or the embedded sandbox), its webhook hash and the sandbox's pages (apps/modules/cards-module.ts). */
  CardCheckoutSetup: token<CardCheckoutSetup>('CardCheckoutSetup'),
  /** The card checkout the use cases call (core/payments/card-checkout.ts), out of CardCheckoutSetup. */
  CardCheckout: token<CardCheckout>('CardCheckout'),
  /** The embedded sandbox's approvals (core/demo/ports.ts); null with a real provider or a test's own. */
  SandboxApprovals: token<SandboxApprovals | null>('SandboxApprovals'),
  CallbackTokens: token<CallbackUrlTokens>('CallbackTokens'),
  /** The provider callbacks' parsers (the adapters' own), as the callback routes take them. */
  MtnCallbackParser: token<MobileMoneyCallbackParser<{ reference: string }>>('MtnCallbackParser'),
  AirtelCallbackParser: token<MobileMoneyCallbackParser<{ reference: string }>>('AirtelCallbackParser'),
  /** Africa's Talking's delivery-report parser, as the SMS callback route takes it. */
  SmsDeliveryReportParser: token<SmsDeliveryReportParser>('SmsDeliveryReportParser'),
  PaymentDisputes: token<PaymentDisputes>('PaymentDisputes'),
  /** The disputes as the admin's transfer list reads them (served by PaymentDisputes). */
  DisputedReports: token<DisputedReports>('DisputedReports'),
  /** The provider of the configured adapter: its clearing account and its payments. */
  /** 'sandbox', or the first live provider: the MTN-format callback route's default. A payment's own provider comes from ProviderOfNumber. */
  MobileMoneyProvider: token<MobileMoneyProvider>('MobileMoneyProvider'),
  /** The provider a payment from or to a number goes through (core/payments/provider-routing.ts). */
  ProviderOfNumber: token<ProviderOfNumber>('ProviderOfNumber'),
  /** The last segment of the Airtel callback URL (set in Airtel's portal); random per process in sandbox mode when unset. */
  AirtelCallbackSecret: token<string>('AirtelCallbackSecret'),
  /** Who pays through a phone: its payable number and that number's provider (apps/payments/mobile-money.ts). */
  PayerOf: token<PayerOf>('PayerOf'),
  /** The provider a payout to this number goes through: the number's own, else the configured one (apps/payments/mobile-money.ts). */
  PayoutProviderOf: token<(msisdn: string) => MobileMoneyProvider>('PayoutProviderOf'),
  /** The provider a payer's phone pays through, undefined when none takes it. */
  PayerProviderOf: token<(msisdn: string) => MobileMoneyProvider | undefined>('PayerProviderOf'),
  TontineRepository: token<TontineRepository>('TontineRepository'),
  ContributionRepository: token<ContributionRepository>('ContributionRepository'),
  MemberSavingsReads: token<MemberSavingsReads>('MemberSavingsReads'),
  LedgerRepository: token<LedgerRepository>('LedgerRepository'),
  JournalWriter: token<JournalWriter>('JournalWriter'),
  MemberWallets: token<MemberWallets>('MemberWallets'),
  TontineNames: token<TontineNames>('TontineNames'),
  CompletedCycles: token<CompletedCycles>('CompletedCycles'),
  /** Requests of the same moment share one unit of work (adapters/postgres/group-commit.ts). */
  Batching: token<Batching>('Batching'),
  MemberProfiles: token<MemberProfiles>('MemberProfiles'),
  TontineCategories: token<TontineCategories>('TontineCategories'),
  PoolBalances: token<PoolBalances>('PoolBalances'),
  PoolBooks: token<PoolBooks>('PoolBooks'),
  LateContributions: token<LateContributions>('LateContributions'),
  GroupChat: token<GroupChat>('GroupChat'),
  InAppNotifications: token<InAppNotifications>('InAppNotifications'),
  NotificationWriter: token<NotificationWriter>('NotificationWriter'),
  NotificationRecipients: token<NotificationRecipients>('NotificationRecipients'),
  PaymentRepository: token<PaymentRepository>('PaymentRepository'),
  Notifier: token<Notifier>('Notifier'),
  /** The append-only, hash-chained record of decisions (core/audit/ports.ts). */
  AuditTrail: token<AuditTrail>('AuditTrail'),
  /** What each purpose of an outgoing transfer does on failure, retry and give-up (apps/modules/transfers-module.ts). */
  TransferPolicies: token<TransferPolicies>('transfers.Policies'),
  /** Every attempt of every outgoing transfer (core/transfers/ports.ts). */
  OutgoingTransfers: token<OutgoingTransfers>('transfers.OutgoingTransfers'),
  /** The demo world's seed; null unless the embedded sandbox is the provider (apps/modules/demo-module.ts). */
  SeedDemoWorld: token<SeedDemoWorld | null>('SeedDemoWorld'),
  SeedDemoBusiness: token<SeedDemoBusiness | null>('SeedDemoBusiness'),
  DemoPopulation: token<DemoPopulation>('DemoPopulation'),
  // Loans and credit (core/loans/ports.ts, core/credit/ports.ts); bound in apps/modules/loans-module.ts.
  LoanRepository: token<LoanRepository>('LoanRepository'),
  LoanCollections: token<LoanCollectionRepository>('LoanCollections'),
  KeyFactsStatements: token<KeyFactsStatementRepository>('KeyFactsStatements'),
  LoanReminderNotices: token<LoanReminderNotices>('LoanReminderNotices'),
  Borrowers: token<Borrowers>('Borrowers'),
  MemberSavings: token<MemberSavings>('MemberSavings'),
  CreditHistories: token<CreditHistories>('CreditHistories'),
  CreditAssessments: token<CreditAssessmentRepository>('CreditAssessments'),
  ScoringConsents: token<ScoringConsents>('ScoringConsents'),

  // Identity: national ID (core/identity/ports.ts), bound in apps/modules/nida-module.ts.
  NationalIdRegistry: token<NationalIdRegistry>('NationalIdRegistry'),
  NationalIdVault: token<NationalIdVault>('NationalIdVault'),
  NationalIdRepository: token<NationalIdRepository>('NationalIdRepository'),

  // Uploads (core/uploads/ports.ts); bound in apps/modules/uploads-module.ts.
  /** A member's checked images by the address they sent, and images the server keeps for them: for identity, KYC and the profile. */
  MemberImages: token<MemberImages>('uploads.MemberImages'),
  /** Local disk (DATA_DIR/objects) by default; S3 when S3_* are set. */
  FileStorage: token<FileStorage>('uploads.FileStorage'),
  /** This server's signed addresses with local storage, S3's presigned ones with S3. */
  UploadAddresses: token<UploadAddresses>('uploads.UploadAddresses'),
  /** Checks this server's own upload addresses; refuses every one when the storage is S3. */
  UploadSignatures: token<UploadSignatures>('uploads.UploadSignatures'),
  StoredObjects: token<StoredObjects>('uploads.StoredObjects'),
  ImageReencoder: token<ImageReencoder>('uploads.ImageReencoder'),
  UploadPolicy: token<UploadPolicy>('uploads.UploadPolicy'),

  // Facial KYC (core/kyc/ports.ts); bound in apps/modules/kyc-module.ts.
  /** The face model (adapters/kyc/face-api-matcher.ts), loaded in its own thread by the first comparison. */
  FaceMatcher: token<FaceMatcher>('kyc.FaceMatcher'),
  KycRecords: token<KycRecords>('kyc.KycRecords'),
  BiometricConsents: token<BiometricConsents>('kyc.BiometricConsents'),
  KycDecisions: token<KycDecisions>('kyc.KycDecisions'),
  /** The registry's and the member's own ID photo of their verified national ID (the NIDA module's table). */
  RegistryIdPhotos: token<RegistryIdPhotos>('kyc.RegistryIdPhotos'),

  // Data rights (core/data-rights/ports.ts); bound in apps/modules/data-rights-module.ts.
  DataExports: token<DataExports>('dataRights.DataExports'),
  MemberRecords: token<MemberRecords>('dataRights.MemberRecords'),
  ExportFiles: token<ExportFiles>('dataRights.ExportFiles'),
  ExportDocument: token<ExportDocument>('dataRights.ExportDocument'),
  AccountErasure: token<AccountErasure>('dataRights.AccountErasure'),
  ConsentLedger: token<ConsentLedger>('dataRights.ConsentLedger'),

  // What the admin CLI reads, through ports (cli/ imports no adapter).
  Migrations: token<DatabaseMigrations>('Migrations'),
  AccountListing: token<AccountListing>('AccountListing'),
  OutboxReader: token<OutboxReader>('OutboxReader'),
  AuditLog: token<AuditLog>('AuditLog'),
  /** The hash of the audit chain's rows. */
  AuditDigest: token<Digest>('AuditDigest'),

  // SMS and the contributions' notices (apps/modules/notifications-module.ts, contributions-module.ts); the jobs (apps/scheduler/module.ts).
  /** Africa's Talking when configured; null: SMS stay in the outbox, kept locally. */
  SmsSender: token<SmsSender | null>('scheduler.SmsSender'),
  /** Null when no SmsSender is configured: SMS stay in the outbox. */
  DeliverDueSms: token<DeliverDueSms | null>('scheduler.DeliverDueSms'),
  ContributionNotices: token<ContributionNotices>('scheduler.ContributionNotices'),
  MonthlyStatements: token<MonthlyStatements>('scheduler.MonthlyStatements'),
  Jobs: token<Job[]>('scheduler.Jobs'),

  // USSD PINs and access (apps/modules/accounts-module.ts); the USSD session (apps/ussd/module.ts).
  UssdPins: token<UssdPins>('ussd.UssdPins'),
  /** The USSD PIN's key, ended by a changed phone number (apps/modules/accounts-module.ts). */
  UssdPhoneKeys: token<UssdPhoneKeys>('ussd.UssdPhoneKeys'),
  UssdSessionStore: token<UssdSessionStore<UssdSession>>('ussd.UssdSessionStore'),
  /** PINs are hashed like passwords, at a cost chosen for PINs (docs/decisions/0010-ussd-step-latency.md, docs/decisions/0046-ussd-pin-hash-at-1-mib-the-access-row-held-rather-than.md). */
  PinHasher: token<PinHasher>('ussd.PinHasher'),
  /** The codes a web account types to set up USSD access (core/accounts/ussd-access.ts). */
  UssdAccessCodes: token<UssdAccessCodes>('ussd.UssdAccessCodes'),
  OneTimeCodes: token<OneTimeCodes>('ussd.OneTimeCodes'),

  // The assistant (apps/modules/assistant-module.ts).
  AssistantConversations: token<AssistantConversations>('assistant.Conversations'),
  /** Null: the built-in engine only (no ASSISTANT_LLM_BASE_URL). */
  AssistantModel: token<AssistantModel | null>('assistant.Model'),
  // Learning (apps/modules/learning-module.ts).
  LessonProgress: token<LessonProgressRepository>('learning.LessonProgress'),
  // Merchants, agents and settlement (apps/payments/mobile-money.ts).
  Merchants: token<MerchantRepository & MerchantRegistry>('merchants.Merchants'),
  MerchantTransactions: token<MerchantTransactionRepository & MerchantPaymentReads>('merchants.MerchantTransactions'),
  /** The merchant payments as the polling job and a batch's report read them (served by MerchantTransactions). */
  PendingMerchantPayments: token<PollPendingPaymentsDeps['merchantPayments']>('merchants.PendingMerchantPayments'),
  SettledMerchantPayments: token<SettlementReportDeps['transactions']>('merchants.SettledMerchantPayments'),
  /** The merchant's sales and reversals as the analytics reads them: replica-safe listings. */
  MerchantSales: token<MerchantPaymentReads>('merchants.MerchantSales'),
  MerchantSalesReversals: token<MerchantReversals>('merchants.MerchantSalesReversals'),
  MerchantReversals: token<MerchantReversals>('merchants.MerchantReversals'),
  MerchantCardRefunds: token<MerchantCardRefunds>('merchants.MerchantCardRefunds'),
  MerchantMonthLedger: token<MerchantMonthLedger>('merchants.MerchantMonthLedger'),

  // Statements (core/statements/ports.ts); bound in apps/modules/statements-module.ts.
  StatementLedger: token<StatementLedger>('statements.StatementLedger'),
  StatementRecipients: token<StatementRecipients>('statements.StatementRecipients'),
  StatementLinks: token<StatementLinks>('statements.StatementLinks'),
  PayRequestLimits: token<PayRequestLimits>('merchants.PayRequestLimits'),
  Agents: token<AgentRepository & AgentRegistry & AgentLookup>('merchants.Agents'),
  /** The agent dashboard's read across commissions and sales (PostgresAgentEarnings). */
  AgentEarnings: token<AgentEarnings>('merchants.AgentEarnings'),
  Commissions: token<CommissionRepository & CommissionOfTransaction>('merchants.Commissions'),
  CommissionPayouts: token<CommissionPayoutRepository>('merchants.CommissionPayouts'),
  SettlementBatches: token<SettlementBatchRepository & SettlementReads & SettlementBatchListing>('merchants.SettlementBatches'),
  /** A batch by id or reference, as its report reads it (served by SettlementBatches). */
  SettlementBatchReports: token<SettlementReportDeps['batches']>('merchants.SettlementBatchReports'),
  /** The admin's lists of agents and merchants (`agents list`, `merchants list`). */
  AgentListing: token<AgentListing>('merchants.AgentListing'),
  MerchantListing: token<MerchantListing>('merchants.MerchantListing'),
  QrImageRenderer: token<QrImageRenderer>('merchants.QrImageRenderer'),
  // Working capital (apps/modules/working-capital-module.ts).
  WorkingCapital: token<WorkingCapitalLoans & MerchantSalesHistory>('workingCapital.Store'),
  WorkingCapitalRepayments: token<WorkingCapitalRepayments>('workingCapital.Repayments'),
  WorkingCapitalCollections: token<WorkingCapitalCollections>('workingCapital.Collections'),
  SettlementWithholding: token<SettlementWithholding>('workingCapital.SettlementWithholding'),
  EmvQrSettings: token<EmvQrSettings>('merchants.EmvQrSettings'),
  GroupProposals: token<ProposalRepository>('decisions.Proposals'),
  /** What a group's decision about fines does (apps/modules/decisions-module.ts binds it). */
  FineDecisionEffects: token<FineDecisionEffects>('decisions.FineDecisionEffects'),
};
