import { describe, expect, it } from 'vitest';
import { InMemoryAccounts, InMemoryOutbox, directUnitOfWork } from '../accounts/accounts.fixtures.ts';
import { User } from '../accounts/user.ts';
import { RecordingAuditTrail } from '../audit/audit.fixtures.ts';
import { accounts } from '../ledger/accounts.ts';
import { credit, debit } from '../ledger/journal-entry.ts';
import type { Loan } from '../loans/loan.ts';
import { InMemoryLoanRepository } from '../loans/loans.fixtures.ts';
import { aRegisteredMerchant, InMemoryMerchantRegistry } from '../merchants/merchants.fixtures.ts';
import { Money } from '../money/money.ts';
import { ManualClock } from '../shared/shared.fixtures.ts';
import { aTontine, InMemoryTontineRepository, TableProfiles } from '../tontines/tontines.fixtures.ts';
import { EmailStatement } from './email-statement.ts';
import { ShowGroupReport } from './group-report.ts';
import { ShowMemberStatement } from './member-statement.ts';
import { ShowMerchantStatement } from './merchant-statement.ts';
import { OpenStatementLink } from './open-statement-link.ts';
import type { StatementClaim } from './ports.ts';
import { monthPeriod, statementPeriod } from './statement-period.ts';
import { InMemoryStatementLedger } from './statements.fixtures.ts';

const NOW = new Date('2026-11-28T10:00:00Z');
const F = (francs: number) => Money.ofCentimes(Math.round(francs * 100));
const MOMO = accounts.mobileMoney('mtn');
const CARD = accounts.cardClearing('flutterwave');

async function world() {
  const books = new InMemoryStatementLedger();
  const tontines = new InMemoryTontineRepository();
  const group = aTontine().withId('g-1').named('Abadatezuka').withMembers(2).build();
  const savings = aTontine().withId('s-1').named('My savings').withMembers(1).withMaxMembers(1).build();
  await tontines.save(group);
  await tontines.save(savings);
  const users = new InMemoryAccounts();
  users.users.set('alice', new User({ id: 'alice', email: 'alice@example.rw', passwordHash: null, firstName: 'Alice', lastName: 'Uwase', phoneNumber: '+250788000001', language: 'fr', emailVerified: true, createdAt: NOW }));
  const loans = new InMemoryLoanRepository();
  const loan: Loan = {
    id: 'l-1',
    memberId: 'alice',
    amount: F(10_000),
    termMonths: 2,
    purpose: 'Stock',
    annualRateBps: 1200,
    creditScore: 700,
    status: 'active',
    appliedAt: new Date('2026-09-01T08:00:00Z'),
    disbursedAt: new Date('2026-09-02T08:00:00Z'),
    schedule: [
      { number: 1, dueDate: '2026-10-02', amount: F(5075.19), interest: F(100), principal: F(4975.19), balanceAfter: F(5024.81) },
      { number: 2, dueDate: '2026-11-02', amount: F(5075.06), interest: F(50.25), principal: F(5024.81), balanceAfter: F(0) },
    ],
    totalPaid: F(5075.19),
  };
  loans.loans.set(loan.id, loan);
  // Before November: savings of 1,000 and the loan lent.
  await books.post('contribution_received', '2026-10-05T08:00:00Z', [debit(MOMO, F(1000)), credit(accounts.pool('s-1'), F(1000))], { memberId: 'alice', method: 'mtn' });
  await books.post('loan_disbursed', '2026-09-02T08:00:00Z', [debit(accounts.loan('l-1'), F(10_000)), credit(MOMO, F(10_000))]);
  // November: alice pays in by mobile money, bob by card, alice is paid out, saves 250.50, withdraws 100, repays.
  await books.post('contribution_received', '2026-11-03T08:00:00Z', [debit(MOMO, F(500)), credit(accounts.pool('g-1'), F(500))], { memberId: 'alice', method: 'mtn', cycle: 1 });
  await books.post('contribution_received', '2026-11-03T09:00:00Z', [debit(CARD, F(500)), credit(accounts.pool('g-1'), F(500))], { memberId: 'bob', method: 'flutterwave', cycle: 1 });
  await books.post('tontine_payout', '2026-11-03T09:00:00Z', [debit(accounts.pool('g-1'), F(1000)), credit(MOMO, F(1000))], { memberId: 'alice' });
  await books.post('contribution_received', '2026-11-10T08:00:00Z', [debit(MOMO, F(250.5)), credit(accounts.pool('s-1'), F(250.5))], { memberId: 'alice', method: 'mtn' });
  await books.post('savings_withdrawal', '2026-11-11T08:00:00Z', [debit(accounts.pool('s-1'), F(100)), credit(MOMO, F(100))], { memberId: 'alice' });
  await books.post('loan_repaid', '2026-11-12T08:00:00Z', [debit(MOMO, F(5075.19)), credit(accounts.loan('l-1'), F(4975.19)), credit(accounts.interestIncome, F(100))], { method: 'mtn' });
  await books.post('contribution_received', '2026-11-12T08:00:00Z', [debit(MOMO, F(70)), credit(accounts.pool('s-2'), F(70))], { memberId: 'bob' });
  const clock = new ManualClock(NOW);
  const profiles = new TableProfiles();
  return { books, tontines, users, loans, clock, profiles, deps: { accounts: users, tontines, loans, statementLedger: books, clock, profiles } };
}

describe('statementPeriod', () => {
  it('defaults to this month so far and answers Kigali midnights', () => {
    const p = statementPeriod({}, NOW);
    expect(p).toMatchObject({ ok: true, value: { from: '2026-11-01', to: '2026-11-28' } });
    if (p.ok) expect(p.value.start.toISOString()).toBe('2026-10-31T22:00:00.000Z');
  });

  it.each([
    { from: '2026-11-31' },
    { from: '2026-11-10', to: '2026-11-09' },
    { to: '2026-11-29' },
    { from: '2019-12-31', to: '2020-01-05' },
    { from: '2025-01-01', to: '2026-01-02' },
    { from: '26-11-01' },
  ])('refuses %o', (input) => {
    expect(statementPeriod(input, NOW)).toEqual({ ok: false, error: 'period_invalid' });
  });

  it('reads a month, the current one up to today, and refuses a future one', () => {
    expect(monthPeriod('2026-10', NOW)).toMatchObject({ ok: true, value: { from: '2026-10-01', to: '2026-10-31' } });
    expect(monthPeriod('2026-11', NOW)).toMatchObject({ ok: true, value: { from: '2026-11-01', to: '2026-11-28' } });
    expect(monthPeriod('2026-12', NOW)).toEqual({ ok: false, error: 'period_invalid' });
    expect(monthPeriod('2026-13', NOW)).toEqual({ ok: false, error: 'period_invalid' });
  });
});

describe('ShowMemberStatement', () => {
  it('shows only the member’s own group movements, savings that reconcile with the ledger, and loans split into principal and interest', async () => {
    const w = await world();
    const shown = await new ShowMemberStatement(w.deps).execute({ userId: 'alice', from: '2026-11-01', to: '2026-11-28' });
    expect(shown.ok).toBe(true);
    if (!shown.ok) return;
    const s = shown.value;
    expect(s.member).toMatchObject({ firstName: 'Alice', language: 'fr' });
    const [group] = s.groups;
    expect(group!.movements.map((m) => [m.kind, m.amount.toDecimal(), m.method])).toEqual([
      ['contribution', '500.00', 'mtn'],
      ['payout', '-1000.00', null],
    ]);
    expect(group!.paidIn.toDecimal()).toBe('500.00');
    expect(group!.received.toDecimal()).toBe('1000.00');
    const [savings] = s.savings;
    expect(savings!.opening.toDecimal()).toBe('1000.00');
    expect(savings!.closing.toDecimal()).toBe(w.books.ledger.balance(accounts.pool('s-1')).toDecimal());
    expect(savings!.closing.toDecimal()).toBe('1150.50');
    expect([savings!.deposited.toDecimal(), savings!.withdrawn.toDecimal()]).toEqual(['250.50', '100.00']);
    expect(s.savings.map((v) => v.id)).toEqual(['s-1']);
    const [loan] = s.loans;
    expect(loan!.owedAtStart.toDecimal()).toBe('10000.00');
    expect(loan!.payments.map((p) => [p.paid.toDecimal(), p.principal.toDecimal(), p.interest.toDecimal()])).toEqual([['5075.19', '4975.19', '100.00']]);
    expect(loan!.owedAtEnd.toDecimal()).toBe(w.books.ledger.balance(accounts.loan('l-1')).toDecimal());
    expect(loan!.schedule).toHaveLength(2);
  });

  it('answers period_invalid for a bad period and account_not_found for no account', async () => {
    const w = await world();
    expect(await new ShowMemberStatement(w.deps).execute({ userId: 'alice', from: '2026-11-20', to: '2026-11-01' })).toEqual({ ok: false, error: 'period_invalid' });
    expect(await new ShowMemberStatement(w.deps).execute({ userId: 'nobody' })).toEqual({ ok: false, error: 'account_not_found' });
  });
});

describe('ShowGroupReport', () => {
  it('sums the pool from zero to the ledger’s balance, per member and per cycle', async () => {
    const w = await world();
    w.profiles.with('alice').with('bob', { lastName: 'Kalisa' });
    const shown = await new ShowGroupReport(w.deps).execute({ tontineId: 'g-1', userId: 'bob' });
    expect(shown.ok).toBe(true);
    if (!shown.ok) return;
    const r = shown.value;
    expect(r.totals.balance.toDecimal()).toBe(w.books.ledger.balance(accounts.pool('g-1')).toDecimal());
    expect([r.totals.in.toDecimal(), r.totals.out.toDecimal()]).toEqual(['1000.00', '1000.00']);
    expect(r.movements.map((m) => [m.kind, m.member, m.balanceAfter.toDecimal()])).toEqual([
      ['contribution', 'Alice U.', '500.00'],
      ['contribution', 'Bob K.', '1000.00'],
      ['payout', 'Alice U.', '0.00'],
    ]);
    expect(r.members.map((m) => [m.name, m.paidIn.toDecimal(), m.received.toDecimal()])).toEqual([
      ['Alice U.', '500.00', '1000.00'],
      ['Bob K.', '500.00', '0.00'],
    ]);
    expect(r.cycles).toEqual([{ cycle: 1, contributions: 2, paidIn: F(1000), payout: null }]);
  });

  it('is for the group’s members only, with the books’ answers', async () => {
    const w = await world();
    expect(await new ShowGroupReport(w.deps).execute({ tontineId: 'g-1', userId: 'mallory' })).toEqual({ ok: false, error: 'not_a_member' });
    expect(await new ShowGroupReport(w.deps).execute({ tontineId: 's-1', userId: 'bob' })).toEqual({ ok: false, error: 'tontine_not_found' });
    expect(await new ShowGroupReport(w.deps).execute({ tontineId: 'nope', userId: 'bob' })).toEqual({ ok: false, error: 'tontine_not_found' });
  });
});

describe('ShowMerchantStatement', () => {
  async function shop() {
    const books = new InMemoryStatementLedger();
    const registry = new InMemoryMerchantRegistry();
    const merchant = aRegisteredMerchant({ id: 'm-1', ownerId: 'alice' });
    registry.items.set(merchant.id, merchant);
    const payable = accounts.merchantPayable('m-1');
    const receivable = accounts.merchantReceivable('m-1');
    // Two sales (fee 1 %), one reversed, a settlement paid, one withheld for working capital, and last month's sale.
    await books.post('working_capital_disbursed', '2026-10-01T08:00:00Z', [debit(accounts.workingCapital('wc-1'), F(1000)), credit(MOMO, F(1000))]);
    await books.post('merchant_payment_received', '2026-10-30T08:00:00Z', [debit(MOMO, F(300)), credit(payable, F(297)), credit(accounts.feeIncome, F(3))]);
    await books.post('merchant_payment_received', '2026-11-02T08:00:00Z', [debit(MOMO, F(1000)), credit(payable, F(990)), credit(accounts.feeIncome, F(10))]);
    await books.post('merchant_payment_received', '2026-11-03T08:00:00Z', [debit(CARD, F(2000)), credit(payable, F(1980)), credit(accounts.feeIncome, F(20))]);
    await books.post('merchant_payment_reversed', '2026-11-04T08:00:00Z', [debit(receivable, F(990)), debit(accounts.feeIncome, F(10)), credit(accounts.merchantRefund('tx-1'), F(1000))]);
    await books.post('merchant_reversals_netted', '2026-11-09T08:00:00Z', [debit(payable, F(990)), credit(receivable, F(990))]);
    await books.post('working_capital_withheld', '2026-11-09T08:00:00Z', [debit(payable, F(198)), credit(accounts.workingCapital('wc-1'), F(198))]);
    await books.post('merchant_settlement_paid', '2026-11-09T08:00:00Z', [debit(payable, F(792)), credit(MOMO, F(792))]);
    const month = {
      async entryTotals(merchantId: string, from: Date, to: Date) {
        const lines = await books.lines([accounts.merchantPayable(merchantId), accounts.merchantReceivable(merchantId)], { from, to });
        const kinds = [...new Set(lines.map((l) => l.entryKind))];
        const posted = (l: (typeof lines)[number]) => (l.account === payable ? l.amount.negate() : l.amount);
        return kinds.map((kind) => {
          const of = lines.filter((l) => l.entryKind === kind);
          const entries = [...new Map(of.map((l) => [l.entryId, l])).values()];
          return {
            kind,
            entries: entries.length,
            volume: Money.sum(entries.map((l) => l.entryTotal)),
            payable: Money.sum(of.filter((l) => l.account === payable).map(posted)),
            receivable: Money.sum(of.filter((l) => l.account === receivable).map(posted)),
          };
        });
      },
    };
    return { books, deps: { registry, ledger: month, statementLedger: books, clock: new ManualClock(NOW) } };
  }

  it('lists one line per movement of the month, summing to net − settlements paid − withheld', async () => {
    const { deps } = await shop();
    const shown = await new ShowMerchantStatement(deps).execute({ merchantId: 'm-1', userId: 'alice', month: '2026-11' });
    expect(shown.ok).toBe(true);
    if (!shown.ok) return;
    const s = shown.value;
    expect(s.lines.map((l) => [l.kind, l.gross?.toDecimal() ?? null, l.fee?.toDecimal() ?? null, l.change.toDecimal()])).toEqual([
      ['sale', '1000.00', '10.00', '990.00'],
      ['sale', '2000.00', '20.00', '1980.00'],
      ['reversal', '1000.00', null, '-990.00'],
      ['withheld', null, null, '-198.00'],
      ['settlement', null, null, '-792.00'],
    ]);
    const f = s.figures;
    expect(s.change.toDecimal()).toBe(f.net.minus(f.settlementsPaid).minus(f.withheldForWorkingCapital).toDecimal());
    expect([f.sales.gross.toDecimal(), f.fees.toDecimal(), f.net.toDecimal()]).toEqual(['3000.00', '30.00', '1980.00']);
  });

  it('is the owner’s only, and refuses a month to come', async () => {
    const { deps } = await shop();
    expect(await new ShowMerchantStatement(deps).execute({ merchantId: 'm-1', userId: 'bob', month: '2026-11' })).toEqual({ ok: false, error: 'merchant_not_found' });
    expect(await new ShowMerchantStatement(deps).execute({ merchantId: 'm-1', userId: 'alice', month: '2026-12' })).toEqual({ ok: false, error: 'month_invalid' });
  });
});

describe('EmailStatement', () => {
  async function mailer() {
    const w = await world();
    const outbox = new InMemoryOutbox();
    const audit = new RecordingAuditTrail();
    const claims: StatementClaim[] = [];
    const links = { linkFor: (claim: StatementClaim) => (claims.push(claim), `https://ikimina.rw/api/statements/download?token=t${claims.length}`) };
    const registry = new InMemoryMerchantRegistry();
    registry.items.set('00000000-0000-4000-8000-000000000001', aRegisteredMerchant({ id: '00000000-0000-4000-8000-000000000001', ownerId: 'alice', businessName: 'Boutique Aïcha' }));
    const phones: Record<string, string> = { '+250788000001': 'alice', '+250788000002': 'ussd' };
    const recipients = { memberIdByPhone: async (phone: string) => phones[phone] ?? null };
    const email = new EmailStatement({ accounts: w.users, recipients, registry, links, outbox, audit, uow: directUnitOfWork, clock: w.clock });
    return { w, outbox, audit, claims, email };
  }

  it('e-mails a member found by phone a sealed link to the month, in their language, and audits it', async () => {
    const { outbox, audit, claims, email } = await mailer();
    const sent = await email.execute({ member: '0788 000 001', month: '2026-10', sentBy: 'admin:ops' });
    expect(sent).toMatchObject({ ok: true, value: { to: 'alice@example.rw' } });
    expect(claims).toEqual([{ kind: 'member', userId: 'alice', from: '2026-10-01', to: '2026-10-31' }]);
    expect(outbox.messages[0]).toMatchObject({ channel: 'email', recipient: 'alice@example.rw', subject: 'Votre relevé Ikimina : 2026-10', secret: 'https://ikimina.rw/api/statements/download?token=t1' });
    expect(outbox.messages[0]!.body).not.toContain('token=');
    expect(audit.entries).toMatchObject([{ action: 'statement_sent', actor: 'admin:ops', subject: 'user:alice' }]);
  });

  it('e-mails a merchant’s owner its month', async () => {
    const { claims, email } = await mailer();
    expect(await email.execute({ merchantId: '00000000-0000-4000-8000-000000000001', month: '2026-11', sentBy: 'admin:ops' })).toMatchObject({ ok: true });
    expect(claims).toEqual([{ kind: 'merchant', userId: 'alice', merchantId: '00000000-0000-4000-8000-000000000001', month: '2026-11', language: 'fr' }]);
  });

  it('refuses an unknown member, one without e-mail, a bad month and an unknown merchant, sending nothing', async () => {
    const { w, outbox, email } = await mailer();
    w.users.users.set('ussd', new User({ id: 'ussd', email: null, passwordHash: null, firstName: 'U', lastName: 'S', phoneNumber: '+250788000002', language: 'rw', emailVerified: false, createdAt: NOW }));
    expect(await email.execute({ member: '+250788999999', month: '2026-11', sentBy: 'admin:ops' })).toEqual({ ok: false, error: 'account_not_found' });
    expect(await email.execute({ member: '+250788000002', month: '2026-11', sentBy: 'admin:ops' })).toEqual({ ok: false, error: 'no_email' });
    expect(await email.execute({ member: 'alice', month: '2026-13', sentBy: 'admin:ops' })).toEqual({ ok: false, error: 'period_invalid' });
    expect(await email.execute({ merchantId: 'nope', month: '2026-11', sentBy: 'admin:ops' })).toEqual({ ok: false, error: 'merchant_not_found' });
    expect(outbox.messages).toEqual([]);
  });
});

describe('a statement download link', () => {
  const member: StatementClaim = { kind: 'member', userId: 'alice', from: '2026-10-01', to: '2026-10-31' };
  const owner: StatementClaim = { kind: 'merchant', userId: 'bob', merchantId: 'm1', month: '2026-10', language: 'en' };
  const claims: Record<string, StatementClaim> = { 'alice-link': member, 'bob-link': owner };
  const open = (erased: readonly string[]) =>
    new OpenStatementLink({ links: { verify: (token) => claims[token] ?? null }, recipients: { isErased: async (id) => erased.includes(id) }, clock: new ManualClock(new Date('2026-11-02T08:00:00Z')) });

  it('opens its claim while its member, or the merchant’s owner, has an account', async () => {
    expect(await open([]).execute({ token: 'alice-link' })).toEqual(member);
    expect(await open([]).execute({ token: 'bob-link' })).toEqual(owner);
  });

  it('is invalid once they erased their account, as a forged one is', async () => {
    expect(await open(['alice', 'bob']).execute({ token: 'alice-link' })).toBeNull();
    expect(await open(['alice', 'bob']).execute({ token: 'bob-link' })).toBeNull();
    expect(await open([]).execute({ token: 'forged' })).toBeNull();
  });
});
