import { describe, expect, it } from 'vitest';
import { Money } from '../money/money.ts';
import { localDate } from '../shared/calendar.ts';
import { amortisationSchedule } from './amortisation.ts';
import { MODEL_VERSION } from '../credit/scorecard.ts';
import { DecideLoanApplication } from './decide-loan-application.ts';
import { aBorrower, assessedAt, loansWorld } from './loans.fixtures.ts';
import type { Loan } from './loan.ts';

const rwf = Money.ofFrancs;
const application = { memberId: 'm1', amount: rwf(100_000), termMonths: 12, purpose: 'Stock for my shop', assessment: assessedAt(720) };

function world(profile = aBorrower()) {
  const w = loansWorld();
  w.borrowers.profiles.set('m1', profile);
  return w;
}

describe('decide loan application', () => {
  it('approves at once within the limit with a score ≥ 600, at the band of the assessment given', async () => {
    // The profile's score now is another: the application is decided on the assessment it names.
    const w = world(aBorrower({ creditScore: 560 }));
    const result = await new DecideLoanApplication(w).execute(application);
    expect(result.ok && result.value).toMatchObject({ status: 'approved', annualRateBps: 1_000, creditScore: 720, totalPaid: Money.ZERO, schedule: [], decidedBy: 'system' });
    expect(w.loans.loans.size).toBe(1);
    expect(w.audit.entries).toEqual([
      {
        action: 'loan_approved',
        actor: 'system',
        subject: `loan:${result.ok ? result.value.id : ''}`,
        details: { memberId: 'm1', amount: '100000.00', termMonths: 12, creditScore: 720, modelVersion: MODEL_VERSION, minimumScore: 600 },
      },
    ]);
    expect(w.uow.runs).toBe(1);
  });

  it('leaves a score below 600 pending for an admin', async () => {
    const w = world();
    const result = await new DecideLoanApplication(w).execute({ ...application, assessment: assessedAt(599) });
    expect(result.ok && [result.value.status, result.value.annualRateBps, result.value.decidedAt, result.value.decidedBy]).toEqual(['pending', 1_500, undefined, undefined]);
    expect(w.audit.entries.map((e) => [e.action, e.actor, e.details?.creditScore])).toEqual([['loan_referred', 'system', 599]]);
  });

  it('validates the application before anything else', async () => {
    const w = world();
    expect(await new DecideLoanApplication(w).execute({ ...application, amount: rwf(5_000) })).toEqual({ ok: false, error: 'loan_amount_below_minimum' });
    expect(w.uow.runs).toBe(0);
    expect(w.audit.entries).toEqual([]);
  });

  it('refuses an unknown member, an unverified identity, and an amount above the limit', async () => {
    expect(await new DecideLoanApplication(loansWorld()).execute(application)).toEqual({ ok: false, error: 'member_not_found' });
    expect(await new DecideLoanApplication(world(aBorrower({ identityVerified: false }))).execute(application)).toEqual({ ok: false, error: 'identity_not_verified' });
    // 150,000 RWF of savings: limit 75,000.
    expect(await new DecideLoanApplication(world(aBorrower({ savingsBalance: rwf(150_000) }))).execute(application)).toEqual({ ok: false, error: 'loan_exceeds_limit' });
  });

  it('counts the principal still owed on other loans against the limit', async () => {
    const w = world(aBorrower({ savingsBalance: rwf(300_000) })); // limit 150,000
    const first = await new DecideLoanApplication(w).execute(application);
    if (!first.ok) throw new Error(first.error);
    await w.loans.save({ ...first.value, status: 'active' } as Loan);
    expect(await new DecideLoanApplication(w).execute({ ...application, amount: rwf(60_000) })).toEqual({ ok: false, error: 'loan_exceeds_limit' });
    expect((await new DecideLoanApplication(w).execute({ ...application, amount: rwf(50_000) })).ok).toBe(true);
  });

  it('refuses while another application awaits a decision or disbursement, or a loan is overdue', async () => {
    const w = world();
    await new DecideLoanApplication(w).execute(application);
    expect(await new DecideLoanApplication(w).execute(application)).toEqual({ ok: false, error: 'loan_application_open' });
    const [loan] = [...w.loans.loans.values()];
    const schedule = amortisationSchedule({ principal: loan!.amount, annualRateBps: 1_000, termMonths: 12 }, localDate(2025, 11, 1));
    await w.loans.save({ ...loan!, status: 'active', schedule }); // first instalment due 2025-12-01, unpaid
    expect(await new DecideLoanApplication(w).execute(application)).toEqual({ ok: false, error: 'has_overdue_loan' });
  });
});
