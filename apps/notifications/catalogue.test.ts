import { describe, expect, it } from 'vitest';
import { contributionDueNotice, contributionOverdueNotice } from '../../core/contributions/contribution-notices.ts';
import { aContribution } from '../../core/contributions/contributions.fixtures.ts';
import type { Instalment } from '../../core/loans/amortisation.ts';
import type { Loan } from '../../core/loans/loan.ts';
import { instalmentReminder } from '../../core/loans/loan-notices.ts';
import { Money } from '../../core/money/money.ts';
import { localDate } from '../../core/shared/calendar.ts';
import type { MemberNotification } from '../../core/tontines/ports.ts';
import { render, type TemplateKey } from './catalogue.ts';

const contribution = aContribution({ memberId: 'm-1', cycle: 2, amount: Money.ofFrancs(12_500), dueDate: localDate(2026, 3, 1) });
// instalmentReminder reads only whom the loan is for and the instalment's day.
const reminder = instalmentReminder({ memberId: 'm-1' } as Loan, { dueDate: '2026-04-05' } as Instalment, Money.ofFrancs(1_250_000), 3);
const paymentFailed: MemberNotification = { userId: 'm-1', type: 'other', template: 'payment_failed', params: { tontineName: 'Abunzi', amount: Money.ofFrancs(12_500).format(), cycle: '2', reason: '' } };

const smsOf = (notice: MemberNotification, language: 'en' | 'fr' | 'rw' | 'sw') => render(language, notice.template as TemplateKey, notice.params).message;

describe('notices read by SMS and in the app: amounts in the reader\'s number format', () => {
  it('a contribution reminder and overdue notice: rw 12.500 RWF, fr 12 500 RWF, en and sw 12,500 RWF', () => {
    for (const notice of [contributionDueNotice(contribution, 'Abunzi'), contributionOverdueNotice(contribution, 'Abunzi')]) {
      expect(smsOf(notice, 'rw')).toContain(' 12.500 RWF ');
      expect(smsOf(notice, 'fr')).toContain(' 12\u202f500 RWF ');
      expect(smsOf(notice, 'en')).toContain(' 12,500 RWF ');
      expect(smsOf(notice, 'sw')).toContain(' 12,500 RWF ');
    }
  });

  it('a loan instalment reminder and a failed payment notice', () => {
    expect(smsOf(reminder, 'rw')).toContain(' 1.250.000 RWF ');
    expect(smsOf(reminder, 'fr')).toContain(' 1\u202f250\u202f000 RWF ');
    expect(smsOf(paymentFailed, 'rw')).toContain(' 12.500 RWF ');
    expect(smsOf(paymentFailed, 'fr')).toContain(' 12\u202f500 RWF ');
    expect(smsOf(paymentFailed, 'rw')).not.toContain('12,500');
  });
});
