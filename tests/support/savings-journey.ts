/**
 * Members and running tontines for the scheduler's and the payments' tests, made through the
 * real use cases (the accounts API, CreateTontine, JoinTontine, PayContribution), with the
 * member's language and phone set as a profile would set them.
 */
import { RequestContext } from '@mikro-orm/core';
import request from 'supertest';
import type { Language } from '../../core/accounts/user.ts';
import { PayContribution } from '../../core/contributions/pay-contribution.ts';
import { Money } from '../../core/money/money.ts';
import type { MobileMoneyStatusReport } from '../../core/payments/ports.ts';
import { CreateTontine } from '../../core/tontines/create-tontine.ts';
import { JoinTontine } from '../../core/tontines/join-tontine.ts';
import type { TestApp } from './test-app.ts';
import type { TestDatabase } from './test-database.ts';

export interface TestMember {
  id: string;
  email: string;
  phone: string;
  language: Language;
}

export async function registerMember(db: TestDatabase, t: TestApp, m: { email: string; firstName: string; language: Language; phone: string }): Promise<TestMember> {
  const res = await request(t.handler).post('/api/auth/register').send({ email: m.email, password: 'long enough', firstName: m.firstName, lastName: 'Uwase' });
  if (res.status !== 201) throw new Error(`register ${m.email}: ${res.status} ${JSON.stringify(res.body)}`);
  const rows = await db.orm.em
    .fork()
    .execute<{ id: string }[]>('update users set language = ?, phone_number = ? where email = ? returning id', [m.language, m.phone, m.email]);
  return { id: rows[0]!.id, email: m.email, phone: m.phone, language: m.language };
}

/** A rotating tontine of these members, started when the last one joins (today, Kigali). */
export async function runningTontine(db: TestDatabase, t: TestApp, members: readonly TestMember[], terms: { name: string; amount: string; frequency: 'daily' | 'weekly' | 'monthly' }): Promise<string> {
  return RequestContext.create(db.orm.em, async () => {
    const created = await t.container.get(CreateTontine).execute({
      name: terms.name,
      description: `${terms.name} savings group`,
      contributionAmount: terms.amount,
      frequency: terms.frequency,
      maxMembers: members.length,
      creatorId: members[0]!.id,
    });
    if (!created.ok) throw new Error(`create tontine: ${created.error}`);
    for (const member of members.slice(1)) {
      const joined = await t.container.get(JoinTontine).execute({ tontineId: created.value.id, userId: member.id });
      if (!joined.ok) throw new Error(`join tontine: ${joined.error}`);
    }
    return created.value.id;
  });
}

export interface ContributionRow {
  id: string;
  member_id: string;
  cycle: number;
  due_date: string;
  status: string;
}

export function contributionsOf(db: TestDatabase, tontineId: string): Promise<ContributionRow[]> {
  return db.orm.em
    .fork()
    .execute<ContributionRow[]>('select id, member_id, cycle, due_date::text as due_date, status from contributions where tontine_id = ? order by cycle, member_id', [tontineId]);
}

/** The contribution's member starts its payment (PayContribution, the sandbox provider, key `pay-<id>`): its provider reference. */
export function startContributionPayment(db: TestDatabase, t: TestApp, members: readonly TestMember[], contribution: ContributionRow): Promise<string> {
  const member = members.find((m) => m.id === contribution.member_id);
  if (!member) throw new Error(`no member ${contribution.member_id} among the test's members`);
  return RequestContext.create(db.orm.em, async () => {
    const started = await t.container.get(PayContribution).execute({ contributionId: contribution.id, userId: member.id, idempotencyKey: `pay-${contribution.id}`, provider: 'sandbox', msisdn: member.phone });
    if (!started.ok) throw new Error(`pay ${contribution.id}: ${started.error}`);
    return started.value.attempt.providerReference;
  });
}

/** The provider's word that the payment under `reference` succeeded, for the amount asked. */
export function successfulReport(reference: string, francs: number): MobileMoneyStatusReport {
  return { reference, status: 'successful', amount: Money.ofFrancs(francs), currency: 'RWF', providerTransactionId: undefined, reason: undefined };
}
