/**
 * Seed the demonstration accounts.
 *
 * Guarantees
 * - Idempotent: an address that already has an account is left as it is.
 * - Seeded by an admin (an `actor`): the accounts created are recorded as `demo_seeded` in the
 *   unit of work that creates them; a seed that creates none records nothing.
 * - Every demo account is marked `isDemo` and lives under the reserved domain ikimina.demo, so it
 *   can never be mistaken for a member. They are national-ID verified so that loans can be tried.
 */
import type { AuditActor, AuditTrail } from '../audit/ports.ts';
import type { Clock, IdGenerator } from '../shared/clock.ts';
import type { UnitOfWork } from '../shared/unit-of-work.ts';
import type { AccountRepository, PasswordHasher } from './ports.ts';
import { type Language, User } from './user.ts';

/** Printed on the console and in the README: these accounts are public by design. */
export const DEMO_PASSWORD = 'ikimina-demo';

export interface DemoAccount {
  email: string;
  firstName: string;
  lastName: string;
  phoneNumber: string;
  language: Language;
}

export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  { email: 'demo.member@ikimina.demo', firstName: 'Demo', lastName: 'Member', phoneNumber: '+250788000001', language: 'en' },
  { email: 'demo.merchant@ikimina.demo', firstName: 'Demo', lastName: 'Merchant', phoneNumber: '+250788000002', language: 'rw' },
  { email: 'demo.agent@ikimina.demo', firstName: 'Demo', lastName: 'Agent', phoneNumber: '+250788000003', language: 'fr' },
];

export interface SeededAccount {
  email: string;
  password: string;
  created: boolean;
}

export interface SeedDemoAccountsDeps {
  accounts: AccountRepository;
  /** An admin's seed is recorded (`demo_seeded`) in the unit of work that creates the accounts. */
  audit: AuditTrail;
  passwords: PasswordHasher;
  uow: UnitOfWork;
  ids: IdGenerator;
  clock: Clock;
}

export class SeedDemoAccounts {
  constructor(private readonly deps: SeedDemoAccountsDeps) {}

  /**
   * The demo accounts by default; the demo world (core/demo/seed-demo-world.ts) passes its members.
   * With an `actor` (the admin CLI), the accounts it created are recorded as `demo_seeded`.
   */
  async execute(input: { accounts?: readonly DemoAccount[]; actor?: AuditActor } = {}): Promise<SeededAccount[]> {
    const { accounts, passwords, audit, uow, ids, clock } = this.deps;
    const passwordHash = await passwords.hash(DEMO_PASSWORD);
    return uow.run(async () => {
      const seeded: SeededAccount[] = [];
      for (const demo of input.accounts ?? DEMO_ACCOUNTS) {
        const user = new User({
          ...demo,
          id: ids.newId(),
          passwordHash,
          emailVerified: true,
          nidaVerified: true,
          isDemo: true,
          createdAt: clock.now(),
        });
        const outcome = await accounts.add(user);
        seeded.push({ email: demo.email, password: DEMO_PASSWORD, created: outcome === 'added' });
      }
      const created = seeded.filter((a) => a.created).map((a) => a.email);
      if (input.actor && created.length > 0) await audit.record({ action: 'demo_seeded', actor: input.actor, subject: 'demo_accounts', details: { created: created.join(',') } });
      return seeded;
    });
  }
}
