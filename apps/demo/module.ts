/**
 * The demo world's wiring (core/demo/seed-demo-world.ts): the savings use cases it calls, the
 * embedded sandbox where its members approve their payments, and the lending steps it takes; and
 * the demo merchant's business (core/demo/seed-demo-business.ts) with the merchants' use cases.
 * Bound only in sandbox mode: with a real provider (or a test's own) both resolve to null.
 */
import { ContainerModule } from 'inversify';
import type { EntityManager } from '@mikro-orm/postgresql';
import { PostgresDemoPopulation } from '../../adapters/postgres/postgres-demo-population.ts';
import { SeedDemoPopulation } from '../../core/demo/seed-demo-population.ts';
import { withDeps } from '../deps.ts';
import type { AccountRepository } from '../../core/accounts/ports.ts';
import { SeedDemoAccounts } from '../../core/accounts/seed-demo-accounts.ts';
import type { ContributionRepository } from '../../core/contributions/ports.ts';
import { PayContribution } from '../../core/contributions/pay-contribution.ts';
import type { SandboxApprovals } from '../../core/demo/ports.ts';
import { SeedDemoWorld } from '../../core/demo/seed-demo-world.ts';
import { SeedDemoBusiness } from '../../core/demo/seed-demo-business.ts';
import { ListOwnMerchants } from '../../core/merchants/list-own-merchants.ts';
import { GenerateMerchantQr } from '../../core/merchants/generate-merchant-qr.ts';
import { PayMerchant } from '../../core/merchants/pay-merchant.ts';
import { RegisterMerchant } from '../../core/merchants/register-merchant.ts';
import { ReviewAgent } from '../../core/agents/review-agent.ts';
import { ReviewMerchant } from '../../core/merchants/review-merchant.ts';
import { RegisterAgent } from '../../core/agents/register-agent.ts';
import { ShowOwnAgent } from '../../core/agents/show-own-agent.ts';
import { SettleMerchants } from '../../core/settlements/settle-merchants.ts';
import { PayCommissions } from '../../core/agents/pay-commissions.ts';
import type { Clock } from '../../core/shared/clock.ts';
import { ReconcilePayment } from '../../core/payments/reconcile-payment.ts';
import { CreateTontine } from '../../core/tontines/create-tontine.ts';
import { JoinTontine } from '../../core/tontines/join-tontine.ts';
import type { MemberWallets, TontineRepository } from '../../core/tontines/ports.ts';
import { TOKENS } from '../tokens.ts';
import { ApplyForLoan } from '../../core/loans/apply-for-loan.ts';
import { ReviewLoan } from '../../core/loans/review-loan.ts';
import { ShowKeyFacts } from '../../core/loans/show-key-facts.ts';
import { ShowLoan } from '../../core/loans/show-loan.ts';
import { StartLoanRepayment } from '../../core/loans/start-loan-repayment.ts';
import { VerifyNationalId } from '../../core/identity/verify-national-id.ts';
import { localDate } from '../../core/shared/calendar.ts';
import { SANDBOX_DEMO_MEMBER_NIN, sandboxPerson } from '../../adapters/identity/sandbox-national-ids.ts';
import type { Config } from '../config.ts';

/** The demo member's ID in the embedded sandbox register; null with a real register (Prembly), which knows no demo person. */
function demoIdentity(config: Config, verifyNationalId: VerifyNationalId) {
  if (config.nationalId.registry.provider === 'prembly') return null;
  const [year, month, day] = sandboxPerson(SANDBOX_DEMO_MEMBER_NIN)!.dateOfBirth.split('-').map(Number) as [number, number, number];
  return { verifyNationalId, idNumber: SANDBOX_DEMO_MEMBER_NIN, dateOfBirth: localDate(year, month, day) };
}

export const demoModule = new ContainerModule(({ bind }) => {
  bind(TOKENS.SeedDemoWorld).toResolvedValue(
    (
      sandbox: SandboxApprovals | null,
      seedAccounts: SeedDemoAccounts,
      accounts: AccountRepository,
      tontines: TontineRepository,
      contributions: ContributionRepository,
      wallets: MemberWallets,
      createTontine: CreateTontine,
      joinTontine: JoinTontine,
      payContribution: PayContribution,
      reconcilePayment: ReconcilePayment,
      showKeyFacts: ShowKeyFacts,
      applyForLoan: ApplyForLoan,
      reviewLoan: ReviewLoan,
      startLoanRepayment: StartLoanRepayment,
      showLoan: ShowLoan,
      config: Config,
      verifyNationalId: VerifyNationalId,
    ) =>
      sandbox
        ? new SeedDemoWorld({
            sandbox,
            seedAccounts,
            accounts,
            tontines,
            contributions,
            wallets,
            createTontine,
            joinTontine,
            payContribution,
            reconcilePayment,
            lending: { showKeyFacts, applyForLoan, reviewLoan, startLoanRepayment, showLoan },
            identity: demoIdentity(config, verifyNationalId),
          })
        : null,
    [
      TOKENS.SandboxApprovals,
      SeedDemoAccounts,
      TOKENS.AccountRepository,
      TOKENS.TontineRepository,
      TOKENS.ContributionRepository,
      TOKENS.MemberWallets,
      CreateTontine,
      JoinTontine,
      PayContribution,
      ReconcilePayment,
      ShowKeyFacts,
      ApplyForLoan,
      ReviewLoan,
      StartLoanRepayment,
      ShowLoan,
      TOKENS.Config,
      VerifyNationalId,
    ],
  );
  bind(TOKENS.SeedDemoBusiness).toResolvedValue(
    (
      sandbox: SandboxApprovals | null,
      accounts: AccountRepository,
      registerAgent: RegisterAgent,
      showOwnAgent: ShowOwnAgent,
      reviewAgent: ReviewAgent,
      listOwnMerchants: ListOwnMerchants,
      registerMerchant: RegisterMerchant,
      reviewMerchant: ReviewMerchant,
      generateMerchantQr: GenerateMerchantQr,
      payMerchant: PayMerchant,
      settleMerchants: SettleMerchants,
      payCommissions: PayCommissions,
      reconcilePayment: ReconcilePayment,
      clock: Clock,
    ) =>
      sandbox
        ? new SeedDemoBusiness({
            sandbox,
            accounts,
            registerAgent,
            showOwnAgent,
            reviewAgent,
            listOwnMerchants,
            registerMerchant,
            reviewMerchant,
            generateMerchantQr,
            payMerchant,
            settleMerchants,
            payCommissions,
            reconcilePayment,
            clock,
          })
        : null,
    [
      TOKENS.SandboxApprovals,
      TOKENS.AccountRepository,
      RegisterAgent,
      ShowOwnAgent,
      ReviewAgent,
      ListOwnMerchants,
      RegisterMerchant,
      ReviewMerchant,
      GenerateMerchantQr,
      PayMerchant,
      SettleMerchants,
      PayCommissions,
      ReconcilePayment,
      TOKENS.Clock,
    ],
  );
  // The large population of `demo seed --members N` (any provider: it writes history, asks nobody).
  bind(TOKENS.DemoPopulation).toResolvedValue((em: EntityManager) => new PostgresDemoPopulation(em), [TOKENS.EntityManager]);
  bind(SeedDemoPopulation).toResolvedValue(...withDeps(SeedDemoPopulation, { population: TOKENS.DemoPopulation, passwords: TOKENS.PasswordHasher, clock: TOKENS.Clock }));
});
