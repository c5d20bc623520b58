import { describe, expect, it } from 'vitest';
import { contributionDueNotice, contributionOverdueNotice, finePostedNotice } from '../../core/contributions/contribution-notices.ts';
import { Contribution } from '../../core/contributions/contribution.ts';
import { aContribution } from '../../core/contributions/contributions.fixtures.ts';
import type { Instalment } from '../../core/loans/amortisation.ts';
import type { Loan } from '../../core/loans/loan.ts';
import { instalmentReminder } from '../../core/loans/loan-notices.ts';
import { Money } from '../../core/money/money.ts';
import { kigaliMonthContaining, localDate } from '../../core/shared/calendar.ts';
import { decisionClosedNotices, fineRuleNotices, fineWaivedNotices, orderDrawnNotices, proposalOpenedNotices, startedNotices, turnsSwappedNotices } from '../../core/tontines/group-announcements.ts';
import { monthlyStatementNotices } from '../../core/tontines/monthly-statement.ts';
import type { MemberNotification } from '../../core/tontines/ports.ts';
import { aTontine, TableProfiles } from '../../core/tontines/tontines.fixtures.ts';
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

/** The GSM 7-bit alphabet's basic set: an SMS in it holds 160 characters, one character outside makes it UCS-2 (70). */
const GSM_7 = /^[@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&'()*+,\-./0-9:;<=>?¡A-ZÄÖÑÜ§¿a-zäöñüà]*$/;
/** As the SMS sender sends it (adapters/sms: no-break spaces go as plain ones). */
const asSent = (text: string) => text.replace(/[\u00A0\u202F\u2007]/g, ' ');

describe('announcements of a change to the rotation, with the longest names they carry', () => {
  const longNames = new TableProfiles()
    .with('alice', { firstName: 'Nyirabahizimana', lastName: 'Uwimana' })
    .with('bob', { firstName: 'Mukamurenzi-Claudine', lastName: 'Habimana' })
    .with('carol', { firstName: 'Bizimungu-Emmanuel', lastName: 'Ndayisaba' });
  const tontine = aTontine().named('Abadatezuka ba Kimironko na Nyabugogo').withMembers(3).build();

  async function announcements(): Promise<MemberNotification[]> {
    const drawn = await orderDrawnNotices(tontine, 'alice', longNames);
    const swap = { id: 's-1', proposerId: 'bob', counterpartyId: 'carol', proposedAt: tontine.createdAt, status: 'accepted' as const };
    const swapped = await turnsSwappedNotices(tontine, swap, longNames);
    const started = await startedNotices(tontine, 'alice', longNames);
    return [drawn[0]!, swapped[0]!, started[0]!];
  }

  /** A group decision of every kind, opened and closed with every result, with the largest group's counts. */
  async function decisions(): Promise<MemberNotification[]> {
    const notices: MemberNotification[] = [];
    for (const kind of ['change_payout_order', 'change_fine', 'waive_fine']) {
      const proposal = { kind, authorId: 'bob', closesAt: new Date('2026-12-31T23:00:00Z') };
      notices.push((await proposalOpenedNotices(tontine, proposal, longNames))[0]!);
      for (const status of ['passed', 'rejected', 'void']) notices.push((await decisionClosedNotices(tontine, { ...proposal, status }, { yes: 30, no: 29 }, longNames))[0]!);
    }
    return notices;
  }

  /** The fines' notices with the longest names, the largest fine and a reason longer than an SMS carries. */
  async function fineNotices(): Promise<MemberNotification[]> {
    const late = aContribution({ memberId: 'bob', cycle: 12, amount: Money.ofFrancs(10_000_000), dueDate: localDate(2026, 3, 1) });
    const fine = Contribution.fine({ id: 'f-1', of: late, amount: Money.ofFrancs(1_000_000), at: new Date('2026-03-05T08:00:00Z') });
    const reason = 'She was in hospital for the whole week of the market and could not reach a phone';
    const rule = { kind: 'fixed' as const, value: 1_000_000, graceDays: 30 };
    return [
      finePostedNotice(fine, 'Abadatezuka ba Kimironko'),
      contributionDueNotice(fine, 'Abadatezuka ba Kimironko'),
      (await fineWaivedNotices(tontine, fine, { kind: 'admin', userId: 'carol', reason }, longNames))[0]!,
      (await fineWaivedNotices(tontine, fine, { kind: 'decision', proposalId: 'p-1' }, longNames))[0]!,
      (await fineRuleNotices(tontine, rule, { kind: 'creator', userId: 'alice' }, longNames))[0]!,
      (await fineRuleNotices(tontine, { ...rule, kind: 'percent', value: 50 }, { kind: 'decision', proposalId: 'p-2' }, longNames))[0]!,
      (await fineRuleNotices(tontine, null, { kind: 'creator', userId: 'alice' }, longNames))[0]!,
      (await fineRuleNotices(tontine, null, { kind: 'decision', proposalId: 'p-3' }, longNames))[0]!,
    ];
  }

  it('the fines\' notices too: their own words in the four languages, one GSM-7 SMS each', async () => {
    for (const notice of await fineNotices()) {
      const english = smsOf(notice, 'en');
      for (const language of ['en', 'fr', 'rw', 'sw'] as const) {
        const sms = asSent(smsOf(notice, language));
        if (language !== 'en') expect(sms, `${notice.template} ${language}`).not.toBe(english);
        expect(sms.length, `${notice.template} ${language}: ${sms}`).toBeLessThanOrEqual(160);
        expect(sms, `${notice.template} ${language}`).toMatch(GSM_7);
        expect(sms).not.toMatch(/\$\{|undefined/);
      }
    }
    const [, , waived] = await fineNotices();
    expect(smsOf(waived!, 'en')).toBe('Ikimina: Bizimungu. N. waived the 1,000,000 RWF late fine of Mukamurenz. H. in Abadatezuka ba Kimironk. (reason: She was in hospital for the w.)');
  });

  it('each has its own words in the four languages and fits one GSM-7 SMS of 160 characters', async () => {
    for (const notice of [...(await announcements()), ...(await decisions())]) {
      const english = smsOf(notice, 'en');
      for (const language of ['en', 'fr', 'rw', 'sw'] as const) {
        const sms = asSent(smsOf(notice, language));
        if (language !== 'en') expect(sms, `${notice.template} ${language}`).not.toBe(english);
        expect(sms.length, `${notice.template} ${language}: ${sms}`).toBeLessThanOrEqual(160);
        expect(sms, `${notice.template} ${language}`).toMatch(GSM_7);
        expect(sms).not.toMatch(/\$\{|undefined/);
        expect(render(language, notice.template as TemplateKey, notice.params).title).not.toBe('');
      }
    }
  });

  it('names who did it by first name and initial, and the group by its name cut to fit', async () => {
    const [drawn, swapped, started] = await announcements();
    expect(smsOf(drawn!, 'en')).toBe('Ikimina: Nyirabahiz. U. drew the payout order of Abadatezuka ba Kimironk. at random. See the order and check the draw in the group.');
    expect(smsOf(swapped!, 'fr')).toContain('Mukamurenz. H. (cycle 2) et Bizimungu. N. (cycle 3)');
    expect(smsOf(started!, 'sw')).toContain('tarehe 2026-01-31');
  });

  it('a decision names its author, its kind, its day of closing in Kigali and its count', async () => {
    const [opened, passed] = await decisions();
    expect(smsOf(opened!, 'en')).toBe('Ikimina: Mukamurenz. H. proposes in Abadatezuka ba Kimironk. to change the payout order. Vote by 2027-01-01 in the app or by USSD.');
    expect(smsOf(passed!, 'en')).toContain('passed and done (30 yes, 29 no)');
  });
});

describe("a group's monthly statement, with the longest names and eight-digit amounts", () => {
  const profiles = new TableProfiles()
    .with('alice', { firstName: 'Nyirabahizimana', lastName: 'Uwimana' })
    .with('bob', { firstName: 'Mukamurenzi-Claudine', lastName: 'Habimana' })
    .with('carol', { firstName: 'Bizimungu-Emmanuel', lastName: 'Ndayisaba' }).table;
  const tontine = aTontine().named('Abadatezuka ba Kimironko na Nyabugogo').withMembers(3).build();
  const month = kigaliMonthContaining(tontine.createdAt);
  const big = Money.ofFrancs(98_765_432);
  // A daily group of thirty pays out up to 31 times a month: one named, "+30".
  const paidOften = { balance: big, moneyIn: big, moneyOut: big, paidTo: ['alice', ...Array.from({ length: 30 }, () => 'bob')] };
  const nobodyPaid = { balance: big, moneyIn: big, moneyOut: Money.ZERO, paidTo: [] };

  it('fits one GSM-7 SMS of 160 characters in the four languages, each in its own words', () => {
    for (const figures of [paidOften, nobodyPaid]) {
      const [notice] = monthlyStatementNotices(tontine, month, figures, profiles);
      const english = smsOf(notice!, 'en');
      for (const language of ['en', 'fr', 'rw', 'sw'] as const) {
        const sms = asSent(smsOf(notice!, language));
        if (language !== 'en') expect(sms, language).not.toBe(english);
        expect(sms.length, `${language}: ${sms}`).toBeLessThanOrEqual(160);
        expect(sms, language).toMatch(GSM_7);
        expect(sms).not.toMatch(/\$\{|undefined|\+250/);
        expect(render(language, 'tontine_monthly_statement', notice!.params).title).not.toBe('');
      }
    }
  });

  it('says the month, in and out and to whom, the balance and who is paid next and when, amounts in the reader\'s format', () => {
    const [notice] = monthlyStatementNotices(tontine, month, paidOften, profiles);
    expect(smsOf(notice!, 'en')).toBe('Ikimina Abadatezuka. 2026-01: in 98,765,432 RWF, out 98,765,432 RWF to Nyiraba. U. +30. Balance 98,765,432 RWF. Next payout: Nyiraba. U. on 2026-01-31.');
    expect(smsOf(notice!, 'rw')).toContain('hinjiye 98.765.432 RWF');
    const [quiet] = monthlyStatementNotices(tontine, month, nobodyPaid, profiles);
    expect(smsOf(quiet!, 'fr')).toContain('sorti 0 RWF. Solde 98\u202f765\u202f432 RWF.');
  });
});
