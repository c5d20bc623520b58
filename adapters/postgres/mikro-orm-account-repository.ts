import type { EntityManager } from '@mikro-orm/postgresql';
import type { AccountListing, AccountRepository } from '../../core/accounts/ports.ts';
import { User, UserIdentity } from '../../core/accounts/user.ts';

export class MikroOrmAccountRepository implements AccountRepository, AccountListing {
  constructor(private readonly em: EntityManager) {}

  findById(id: string): Promise<User | null> {
    return this.em.findOne(User, { id });
  }

  findByEmail(email: string): Promise<User | null> {
    return this.em.findOne(User, { email });
  }

  async findByIdentity(provider: string, subject: string): Promise<User | null> {
    const identity = await this.em.findOne(UserIdentity, { provider, subject });
    return identity ? this.findById(identity.userId) : null;
  }

  async webAccountHasPhone(phoneNumber: string): Promise<boolean> {
    // users_phone_number_index: asked on the first step of every new USSD caller.
    const rows = await this.em.execute<{ found: boolean }[]>('select exists (select 1 from users where phone_number = ? and email is not null) as found', [phoneNumber]);
    return rows[0]?.found === true;
  }

  async add(user: User): Promise<'added' | 'email_taken'> {
    // ON CONFLICT DO NOTHING rather than catching the unique violation: a violation would abort
    // the surrounding transaction, and this answers concurrent registrations just as atomically.
    const result = await this.em.createQueryBuilder(User).insert({ ...user }).onConflict('email').ignore().execute('run');
    return result.affectedRows === 1 ? 'added' : 'email_taken';
  }

  async linkIdentity(identity: UserIdentity): Promise<void> {
    await this.em.createQueryBuilder(UserIdentity).insert({ ...identity }).onConflict(['provider', 'subject']).ignore().execute('run');
  }

  async save(user: User): Promise<void> {
    const { id, createdAt: _createdAt, ...fields } = user;
    await this.em.nativeUpdate(User, { id }, fields);
  }

  list(limit: number): Promise<User[]> {
    return this.em.find(User, {}, { orderBy: { createdAt: 'desc' }, limit });
  }
}
