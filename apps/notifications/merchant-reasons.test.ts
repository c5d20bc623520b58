/**
 * A merchant's rejection or suspension notice (SMS, e-mail subject, in-app) says the reason in the
 * owner's language from its code, with no English in a French, Kinyarwanda or Swahili one; a
 * code of the loans' list means nothing here. That every code has words in every language:
 * tests/architecture/reason-words.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { merchantDecisionNotice } from '../../core/merchants/merchant-notices.ts';
import { KYB_REJECTION_CODES, SUSPENSION_CODES, type MerchantReasonCode } from '../../core/merchants/merchant-reason.ts';
import type { Merchant, MerchantEvent } from '../../core/merchants/merchant.ts';
import { describeMerchantReason, render, renderNotification, type TemplateKey } from './catalogue.ts';

const shop = { ownerId: 'u-1', businessName: 'Iduka rya Keza', merchantCode: 'KEZA-1' } as Merchant;

describe('merchant decision reasons in four languages', () => {
  it('a rejection or suspension notice carries the reason in the owner\'s language, never English or the code', () => {
    const cases: [MerchantEvent, MerchantReasonCode][] = [
      ...KYB_REJECTION_CODES.map((code) => ['reject_kyb', code] as [MerchantEvent, MerchantReasonCode]),
      ...SUSPENSION_CODES.map((code) => ['suspend', code] as [MerchantEvent, MerchantReasonCode]),
      ['reject_kyb', 'other'],
    ];
    for (const [event, code] of cases) {
      const notice = merchantDecisionNotice(shop, event, code);
      expect(render('en', notice.template as TemplateKey, notice.params).message).toContain(describeMerchantReason('en', code));
      for (const language of ['fr', 'rw', 'sw'] as const) {
        const text = render(language, notice.template as TemplateKey, notice.params);
        expect(text.message, `${language} ${code}`).toContain(describeMerchantReason(language, code));
        expect(`${text.title} ${text.message}`).not.toContain(describeMerchantReason('en', code));
        expect(text.message).not.toContain(code);
      }
    }
  });

  it('is worded again when read, in the reader\'s language now', () => {
    const notice = merchantDecisionNotice(shop, 'reject_kyb', 'documents_unreadable');
    const stored = { id: 'n-1', userId: 'u-1', type: 'other' as const, title: 'Business not verified', message: 'Ikimina: …', isRead: false, createdAt: new Date(), template: { key: notice.template, params: notice.params } };
    expect(renderNotification('rw', stored).message).toBe(`Ikimina: Iduka rya Keza ntibwemejwe kandi ntibushobora kwakira ubwishyu. Impamvu: ${describeMerchantReason('rw', 'documents_unreadable')}`);
  });

  it('a suspension without a reason (before reasons were required) says none; a loan code is not a merchant reason', () => {
    expect(render('rw', 'merchant_suspended', { businessName: 'Iduka', merchantCode: 'K-1' }).message).not.toContain('Impamvu');
    expect(render('en', 'merchant_rejected', { businessName: 'Iduka', merchantCode: 'K-1', reasonCode: 'late_payments' }).message).not.toContain('Reason');
  });
});
