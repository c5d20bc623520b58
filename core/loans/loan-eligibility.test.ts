import { describe, expect, it } from 'vitest';
import { Money } from '../money/money.ts';
import { localDate } from '../shared/calendar.ts';
import { amortisationSchedule } from './amortisation.ts';
import { CheckLoanEligibility } from './check-loan-eligibility.ts';
import { loanEligibility, requirementOf, savingsNeededToBorrow, type LoanEligibility } from './loan-eligibility.ts';
import type { Loan } from './loan.ts';
import { aBorrower, loansWorld } from './loans.fixtures.ts';

const rwf = Money.ofFrancs;
const NOW = new Date('2026-03-01T10:00:00Z');
const statuses = (e: LoanEligibility) => Object.fromEntries(e.requirements.map((r) => [r.kind, r.status]));

const aLoan = (overrides: Partial<Loan> = {}): Loan => ({
  id: 'L1',
  memberId: 'm1',
  amount: rwf(30_000),
  termMonths: 3,
  purpose: 'Stock for my shop',
  annualRateBps: 1_200,
  creditScore: 700,
  status: 'active',
  appliedAt: new Date('2026-02-01T10:00:00Z'),
  schedule: amortisationSchedule({ principal: rwf(30_000), annualRateBps: 1_200, termMonths: 3 }, localDate(2026, 2, 20)),
  totalPaid: Money.ZERO,
  ...overrides,
});

describe('loan eligibility', () => {
  it('says what a new member misses: a verified ID and 20,000 RWF of savings for the 10,000 RWF minimum; the consents come in the form', () => {
    const e = loanEligibility({ identityVerified: false, savingsBalance: rwf(4_000), loans: [] }, NOW);
    expect(e).toMatchObject({ eligible: false, loanLimit: rwf(2_000), availableCredit: rwf(2_000), belowMinimum: true, minimumLoan: rwf(10_000), maximumLoan: Money.ZERO });
    expect(statuses(e)).toEqual({
      identity_verified: 'missing',
      savings: 'missing',
      no_overdue_loan: 'met',
      no_open_application: 'met',
      scoring_consent: 'in_form',
      key_facts_accepted: 'in_form',
    });
    expect(requirementOf(e, 'savings')).toEqual({ kind: 'savings', status: 'missing', savingsBalance: rwf(4_000), savingsNeeded: rwf(20_000), savingsMissing: rwf(16_000) });
  });

  it('is eligible with a verified ID and savings of twice the minimum, for up to half the savings', () => {
    const at = (francs: number) => loanEligibility({ identityVerified: true, savingsBalance: rwf(francs), loans: [], scoringConsentedAt: NOW }, NOW);
    expect(at(19_999)).toMatchObject({ eligible: false, belowMinimum: true, availableCredit: rwf(9_999) });
    expect(requirementOf(at(19_999), 'savings').savingsMissing).toEqual(rwf(1));
    expect(at(20_000)).toMatchObject({ eligible: true, belowMinimum: false, availableCredit: rwf(10_000), maximumLoan: rwf(10_000) });
    expect(requirementOf(at(20_000), 'savings')).toMatchObject({ status: 'met', savingsMissing: Money.ZERO });
    expect(requirementOf(at(20_000), 'scoring_consent')).toEqual({ kind: 'scoring_consent', status: 'met', consentedAt: NOW });
    expect(at(50_000_000)).toMatchObject({ eligible: true, loanLimit: rwf(10_000_000), maximumLoan: rwf(10_000_000) });
  });

  it('counts the principal the member\'s loans still take from the limit in the savings needed', () => {
    const e = loanEligibility({ identityVerified: true, savingsBalance: rwf(60_000), loans: [aLoan()] }, NOW);
    // Limit 30,000, all of it used by the 30,000 RWF loan: 2 × (10,000 + 30,000) = 80,000 needed.
    expect(e).toMatchObject({ eligible: false, availableCredit: Money.ZERO, belowMinimum: true });
    expect(requirementOf(e, 'savings')).toMatchObject({ savingsNeeded: rwf(80_000), savingsMissing: rwf(20_000) });
    // Principal with centimes rounds up, so the savings named are always enough.
    expect(savingsNeededToBorrow(Money.ofCentimes(1_000_050))).toEqual(rwf(40_002));
  });

  it('names no savings target when the 10,000,000 RWF cap leaves less than the minimum', () => {
    const big = aLoan({ amount: rwf(9_995_000), schedule: [], status: 'approved' });
    expect(savingsNeededToBorrow(rwf(9_995_000))).toBeNull();
    const e = loanEligibility({ identityVerified: true, savingsBalance: rwf(30_000_000), loans: [big] }, NOW);
    expect(requirementOf(e, 'savings')).toMatchObject({ status: 'missing', savingsNeeded: null, savingsMissing: null });
  });

  it('is not eligible with an overdue loan or an application awaiting a decision', () => {
    const overdue = aLoan({ schedule: amortisationSchedule({ principal: rwf(30_000), annualRateBps: 1_200, termMonths: 3 }, localDate(2026, 1, 1)) });
    expect(statuses(loanEligibility({ identityVerified: true, savingsBalance: rwf(400_000), loans: [overdue] }, NOW))).toMatchObject({ no_overdue_loan: 'missing', no_open_application: 'met' });
    const pending = aLoan({ status: 'pending', schedule: [] });
    const e = loanEligibility({ identityVerified: true, savingsBalance: rwf(400_000), loans: [pending] }, NOW);
    expect(statuses(e)).toMatchObject({ no_overdue_loan: 'met', no_open_application: 'missing' });
    expect(e.eligible).toBe(false);
  });

  it('is read by CheckLoanEligibility from the member\'s own records and consent', async () => {
    const w = loansWorld(NOW.toISOString());
    w.borrowers.profiles.set('m1', aBorrower({ identityVerified: false, savingsBalance: rwf(4_000) }));
    await w.consents.record('m1', new Date('2026-02-01T00:00:00Z'));
    const checked = await new CheckLoanEligibility(w).execute({ memberId: 'm1' });
    expect(checked.ok && statuses(checked.value)).toMatchObject({ identity_verified: 'missing', savings: 'missing', scoring_consent: 'met' });
    expect(await new CheckLoanEligibility(w).execute({ memberId: 'ghost' })).toEqual({ ok: false, error: 'member_not_found' });
  });
});
