/**
 * Every loan decision reason code has words in every language on the server's channels (SMS,
 * e-mail, in-app, the API's decisionReason), and a reason reaches a Kinyarwanda, French or Swahili
 * SMS without English in it. The web client's words are checked in
 * web/src/features/loans/decision-reason-text.test.ts, both catalogues against core's codes in
 * tests/architecture/reason-words.test.ts.
 */
import { describe, expect, it } from 'vitest';
import type { Language } from '../../core/accounts/user.ts';
import { DECISION_REASON_CODES, OFFICER_REJECTION_CODES, type DecisionReason, type DecisionReasonCode } from '../../core/loans/decision-reason.ts';
import type { Loan } from '../../core/loans/loan.ts';
import { decisionNotice } from '../../core/loans/loan-notices.ts';
import { Money } from '../../core/money/money.ts';
import type { InAppNotification } from '../../core/notifications/ports.ts';
import { CATALOGUES, describeDecisionReason, LOAN_REASONS, render, renderNotification, type TemplateKey } from './catalogue.ts';

const LANGUAGES: readonly Language[] = ['en', 'fr', 'rw', 'sw'];

/** One reason of each code, with figures. */
function reasonOf(code: DecisionReasonCode): DecisionReason {
  switch (code) {
    case 'instant_approval':
      return { code, amount: Money.ofFrancs(20_000), available: Money.ofFrancs(150_000), score: 640, minimumScore: 600 };
    case 'score_below_minimum':
      return { code, score: 540, minimumScore: 600 };
    default:
      return { code };
  }
}

const loanWith = (code: DecisionReasonCode, status: Loan['status']) =>
  ({ memberId: 'm-1', amount: Money.ofFrancs(20_000), annualRateBps: 1_200, status, decisionReason: reasonOf(code) }) as Loan;

describe('loan decision reasons in four languages', () => {
  it('every code has its own words in each language, its figures filled in', () => {
    for (const code of DECISION_REASON_CODES) {
      const english = describeDecisionReason('en', reasonOf(code));
      for (const language of LANGUAGES) {
        expect(Object.keys(LOAN_REASONS[language]).sort(), language).toEqual([...DECISION_REASON_CODES].sort());
        const words = describeDecisionReason(language, reasonOf(code));
        expect(words.length, `${language} ${code}`).toBeGreaterThan(10);
        expect(words, `${language} ${code}`).not.toMatch(/undefined|\$\{|\{\{/);
        if (language !== 'en') expect(words, `${language} ${code} is English`).not.toBe(english);
      }
    }
    expect(describeDecisionReason('rw', reasonOf('instant_approval'))).toContain('20.000 RWF');
    expect(describeDecisionReason('rw', reasonOf('instant_approval'))).toContain('150.000 RWF');
    expect(describeDecisionReason('fr', reasonOf('score_below_minimum'))).toContain('540');
  });

  it('a decision notice (SMS, e-mail subject and in-app) says the reason in the member\'s language, no English in it', () => {
    const cases: [DecisionReasonCode, Loan['status']][] = [
      ...OFFICER_REJECTION_CODES.map((code) => [code, 'rejected'] as [DecisionReasonCode, Loan['status']]),
      ['instant_approval', 'approved'],
      ['score_below_minimum', 'pending'],
      ['officer_approved', 'approved'],
    ];
    for (const [code, status] of cases) {
      const notice = decisionNotice(loanWith(code, status));
      for (const language of ['fr', 'rw', 'sw'] as const) {
        const text = render(language, notice.template as TemplateKey, notice.params);
        expect(`${text.title} ${text.message}`).not.toContain(describeDecisionReason('en', reasonOf(code)));
        expect(text.message).not.toContain(code);
        if (status === 'rejected') expect(text.message, `${language} ${code}`).toContain(describeDecisionReason(language, reasonOf(code)));
      }
    }
  });

  it('a reason written before codes shows as written', () => {
    expect(describeDecisionReason('rw', { code: 'written', text: 'Savings are too recent' })).toBe('Savings are too recent');
    const notice = decisionNotice({ ...loanWith('savings_too_recent', 'rejected'), decisionReason: { code: 'written', text: 'Savings are too recent' } });
    expect(render('rw', 'loan_rejected', notice.params).message).toContain('Impamvu: Savings are too recent');
  });
});

describe('an in-app notification read later', () => {
  const written: InAppNotification = {
    id: 'n-1',
    userId: 'm-1',
    type: 'other',
    title: 'Loan not approved',
    message: 'Ikimina: your loan request of 20,000 RWF was not approved. Reason: …',
    isRead: false,
    createdAt: new Date('2026-11-28T10:00:00Z'),
  };

  it('is rendered from its template in the reader\'s language now', () => {
    const notice = decisionNotice(loanWith('late_payments', 'rejected'));
    const kept = { ...written, template: { key: notice.template, params: notice.params } };
    for (const language of LANGUAGES) expect(renderNotification(language, kept)).toEqual(render(language, 'loan_rejected', notice.params));
    expect(renderNotification('sw', kept).title).toBe(CATALOGUES.sw.loan_rejected({}).title);
  });

  it('without a template (written before), or with one this version lacks, shows its text as written', () => {
    expect(renderNotification('rw', written)).toEqual({ title: written.title, message: written.message });
    expect(renderNotification('rw', { ...written, template: { key: 'gone_template', params: {} } })).toEqual({ title: written.title, message: written.message });
  });
});
