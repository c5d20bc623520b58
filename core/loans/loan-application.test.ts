import { describe, expect, it } from 'vitest';
import { monthlyContributions } from '../credit/credit.fixtures.ts';
import { assessCreditHistory, MODEL_VERSION, type CreditHistory } from '../credit/scorecard.ts';
import { Money } from '../money/money.ts';
import { aBorrower, loansWorld } from './loans.fixtures.ts';
import { KEY_FACTS_VALID_MS, ShowKeyFacts } from './show-key-facts.ts';
import { ApplyForLoan, type ApplyForLoanInput } from './apply-for-loan.ts';

const rwf = Money.ofFrancs;
const form = { memberId: 'm1', amount: rwf(100_000), termMonths: 12, purpose: 'Stock for my shop' };

const NOW = new Date('2027-01-15T10:00:00Z');
/** A verified member with 400,000 RWF saved and a year of on-time contributions: score 823 (8 %). */
const goodHistory: CreditHistory = {
  memberSince: new Date('2025-01-01T08:00:00Z'),
  identityVerified: true,
  savingsBalance: rwf(400_000),
  payments: monthlyContributions(12),
  groupsJoined: 2,
};

/** The profile's score is the history's now, as the composition root gives it. */
function world(history: CreditHistory = goodHistory) {
  const w = loansWorld(NOW.toISOString());
  w.borrowers.profiles.set('m1', aBorrower({ creditScore: assessCreditHistory(history, NOW).score, savingsBalance: history.savingsBalance }));
  w.histories.histories.set('m1', history);
  return w;
}

async function shown(w: ReturnType<typeof world>, input = form) {
  const statement = await new ShowKeyFacts(w).execute(input);
  if (!statement.ok) throw new Error(statement.error);
  return statement.value;
}

function submission(keyFactsId: string, overrides: Partial<ApplyForLoanInput> = {}): ApplyForLoanInput {
  return { ...form, idempotencyKey: 'key-1', keyFactsId, acceptKeyFacts: true, scoringConsent: true, ...overrides };
}

describe('key facts statement', () => {
  it('shows amount, term, rate, APR, fees, interest, total cost and the schedule, and records that it was shown', async () => {
    const w = world();
    const statement = await shown(w);
    expect(statement.facts).toMatchObject({ principal: rwf(100_000), termMonths: 12, annualRateBps: 800, aprBps: 800, upfrontFees: Money.ZERO, numberOfInstalments: 12 });
    expect(statement.facts.totalRepayable).toEqual(statement.facts.principal.plus(statement.facts.totalInterest));
    expect(statement.facts.schedule[0]!.dueDate).toBe('2027-02-15');
    expect(w.statements.statements.get(statement.id)).toMatchObject({ memberId: 'm1', shownAt: new Date('2027-01-15T10:00:00Z') });
  });

  it('is computed from an assessment of the member\'s records made now, kept with the statement, never from a score recorded earlier', async () => {
    const w = world();
    // A score recorded long ago, when the member had no history: 15 %. The records now score 823: 8 %.
    await w.assessments.save({ ...assessCreditHistory({ ...goodHistory, payments: [], savingsBalance: Money.ZERO }, NOW), id: 'old', memberId: 'm1', assessedAt: new Date('2026-01-01T00:00:00Z') });
    const statement = await shown(w);
    expect(statement.facts.annualRateBps).toBe(800);
    expect(statement.assessment).toEqual(assessCreditHistory(goodHistory, NOW));
    expect(w.statements.statements.get(statement.id)?.assessment?.score).toBe(823);
  });

  it('validates like an application and needs a known member', async () => {
    expect(await new ShowKeyFacts(world()).execute({ ...form, amount: rwf(9_999) })).toEqual({ ok: false, error: 'loan_amount_below_minimum' });
    expect(await new ShowKeyFacts(loansWorld()).execute(form)).toEqual({ ok: false, error: 'member_not_found' });
  });
});

describe('apply for loan', () => {
  it('records consent, an assessment with its model version and the acceptance, then approves and disburses', async () => {
    const w = world();
    const statement = await shown(w);
    const result = await new ApplyForLoan(w).execute(submission(statement.id));
    expect(result.ok && result.value.outcome).toBe('created');
    const loan = result.ok ? result.value.loan : undefined;
    expect(loan).toMatchObject({ status: 'active', applicationKey: 'key-1', annualRateBps: 800, creditScore: 823 });
    expect(loan?.decisionReason).toEqual({ code: 'instant_approval', amount: Money.ofFrancs(100_000), available: Money.ofFrancs(200_000), score: 823, minimumScore: 600 });
    expect(w.consents.given.get('m1')).toEqual(new Date('2027-01-15T10:00:00Z'));
    // The assessment recorded is the one the key facts were computed from.
    expect(w.assessments.saved).toEqual([{ ...statement.assessment, id: expect.any(String), memberId: 'm1', assessedAt: statement.shownAt }]);
    expect(w.assessments.saved[0]!.modelVersion).toBe(MODEL_VERSION);
    expect(w.statements.statements.get(statement.id)).toMatchObject({ acceptedAt: new Date('2027-01-15T10:00:00Z'), loanId: loan?.id });
    expect(w.notifier.sent.map((n) => n.template)).toEqual(['loan_approved', 'loan_disbursed']);
    expect(w.mobileMoney.transfers).toHaveLength(1);
  });

  it('answers the same loan for the same key and creates nothing new', async () => {
    const w = world();
    const statement = await shown(w);
    const first = await new ApplyForLoan(w).execute(submission(statement.id));
    const again = await new ApplyForLoan(w).execute(submission(statement.id));
    expect(again.ok && again.value.outcome).toBe('exists');
    expect(again.ok && again.value.loan.id).toBe(first.ok && first.value.loan.id);
    expect(w.loans.loans.size).toBe(1);
    expect(w.mobileMoney.transfers).toHaveLength(1);
  });

  it('needs scoring consent, once', async () => {
    const w = world();
    const statement = await shown(w);
    expect(await new ApplyForLoan(w).execute(submission(statement.id, { scoringConsent: false }))).toEqual({ ok: false, error: 'scoring_consent_required' });
    expect(w.assessments.saved).toHaveLength(0);
    await w.consents.record('m1', new Date('2027-01-01T00:00:00Z'));
    expect((await new ApplyForLoan(w).execute(submission(statement.id, { scoringConsent: false }))).ok).toBe(true);
  });

  it('needs the key facts of this member, amount and term, accepted, fresh and unused', async () => {
    const w = world();
    const statement = await shown(w);
    expect(await new ApplyForLoan(w).execute(submission(statement.id, { acceptKeyFacts: false }))).toEqual({ ok: false, error: 'key_facts_not_accepted' });
    expect(await new ApplyForLoan(w).execute(submission('unknown'))).toEqual({ ok: false, error: 'key_facts_not_found' });
    expect(await new ApplyForLoan(w).execute(submission(statement.id, { amount: rwf(120_000) }))).toEqual({ ok: false, error: 'key_facts_mismatch' });
    expect(await new ApplyForLoan(w).execute(submission(statement.id, { termMonths: 6 }))).toEqual({ ok: false, error: 'key_facts_mismatch' });
    w.borrowers.profiles.set('m2', aBorrower());
    expect(await new ApplyForLoan(w).execute(submission(statement.id, { memberId: 'm2' }))).toEqual({ ok: false, error: 'key_facts_not_found' });
    w.clock.set(new Date(new Date('2027-01-15T10:00:00Z').getTime() + KEY_FACTS_VALID_MS + 1));
    expect(await new ApplyForLoan(w).execute(submission(statement.id))).toEqual({ ok: false, error: 'key_facts_expired' });
    expect(w.loans.loans.size).toBe(0);
    // A refused application records nothing, not even the consent it carried (found by the API fuzzer).
    expect(w.consents.given.size).toBe(0);
    expect(w.assessments.saved).toHaveLength(0);
  });

  it('refuses a statement already used by another application', async () => {
    const w = world();
    const statement = await shown(w);
    await new ApplyForLoan(w).execute(submission(statement.id));
    expect(await new ApplyForLoan(w).execute(submission(statement.id, { idempotencyKey: 'key-2' }))).toEqual({ ok: false, error: 'key_facts_expired' });
  });

  it('decides on the assessment the key facts named, even when the records now score a little differently within the band', async () => {
    const w = world();
    const statement = await shown(w);
    // A day later within the statement's validity: one more month of tenure, still 8 %.
    w.clock.set(new Date(NOW.getTime() + 20 * 60 * 60_000));
    w.histories.histories.set('m1', { ...goodHistory, groupsJoined: 1 });
    expect(assessCreditHistory(w.histories.histories.get('m1')!, w.clock.now()).score).not.toBe(823);
    const result = await new ApplyForLoan(w).execute(submission(statement.id));
    expect(result.ok && result.value.loan).toMatchObject({ creditScore: 823, annualRateBps: 800 });
    expect(w.assessments.saved.map((a) => a.score)).toEqual([823]);
  });

  it('answers key_facts_outdated with a new statement at the new rate when the band moved, applies nothing, and decides on the new one', async () => {
    const w = world();
    const statement = await shown(w); // 8 %
    // The records change before the member confirms: a year of late payments, 15 %.
    w.histories.histories.set('m1', { ...goodHistory, payments: monthlyContributions(12, 10) });
    const refused = await new ApplyForLoan(w).execute(submission(statement.id));
    if (refused.ok || refused.error !== 'key_facts_outdated') throw new Error('expected key_facts_outdated');
    expect(refused.keyFacts).toMatchObject({ memberId: 'm1', facts: { principal: rwf(100_000), termMonths: 12, annualRateBps: 1_500 } });
    expect(refused.keyFacts.id).not.toBe(statement.id);
    expect(w.statements.statements.get(refused.keyFacts.id)).toEqual(refused.keyFacts);
    expect([w.loans.loans.size, w.assessments.saved.length, w.consents.given.size]).toEqual([0, 0, 0]);
    // Confirming the new statement decides, on its assessment: one more confirmation, never a loop.
    const applied = await new ApplyForLoan(w).execute(submission(refused.keyFacts.id));
    expect(applied.ok && applied.value.loan).toMatchObject({ status: 'pending', annualRateBps: 1_500, creditScore: refused.keyFacts.assessment!.score });
  });

  it('renews a statement shown before statements kept their assessment', async () => {
    const w = world();
    const statement = await shown(w);
    const { assessment: _kept, ...older } = statement;
    await w.statements.save(older);
    const refused = await new ApplyForLoan(w).execute(submission(statement.id));
    expect(!refused.ok && refused.error).toBe('key_facts_outdated');
    const renewed = !refused.ok && refused.error === 'key_facts_outdated' ? refused.keyFacts : undefined;
    expect((await new ApplyForLoan(w).execute(submission(renewed!.id))).ok).toBe(true);
  });

  it('passes on the application\'s own refusals, and leaves an approved loan approved when the provider is down', async () => {
    const w = world();
    const statement = await shown(w);
    w.borrowers.profiles.set('m1', aBorrower({ creditScore: 823, identityVerified: false }));
    expect(await new ApplyForLoan(w).execute(submission(statement.id))).toEqual({ ok: false, error: 'identity_not_verified' });
    w.histories.histories.delete('m1');
    expect(await new ApplyForLoan(w).execute(submission(statement.id))).toEqual({ ok: false, error: 'member_not_found' });

    const down = world();
    const facts = await shown(down);
    down.mobileMoney.failWith = 'mobile_money_refused';
    const result = await new ApplyForLoan(down).execute(submission(facts.id));
    expect(result.ok && result.value.loan.status).toBe('approved');
  });

  it('leaves a loan below the approval score pending, with its reason, and notifies the member', async () => {
    const w = world({ ...goodHistory, payments: monthlyContributions(12, 10) }); // a year of late payments
    const statement = await shown(w);
    expect(statement.facts.annualRateBps).toBe(1_500);
    const result = await new ApplyForLoan(w).execute(submission(statement.id));
    const score = result.ok ? result.value.loan.creditScore : 0;
    expect(result.ok && result.value.loan).toMatchObject({ status: 'pending', decisionReason: { code: 'score_below_minimum', score, minimumScore: 600 } });
    expect(score).toBeLessThan(600);
    // The notice carries the code and its figures, never a sentence: each channel words it.
    expect(w.notifier.sent).toEqual([
      { userId: 'm1', type: 'other', template: 'loan_pending_review', params: { amount: '100,000 RWF', reasonCode: 'score_below_minimum', score: String(score), minimumScore: '600' } },
    ]);
    expect(w.mobileMoney.transfers).toHaveLength(0);
  });
});
