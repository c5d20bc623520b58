/**
 * EmailStatement: an administrator sends a member their statement of a month, or a merchant's
 * owner the merchant's monthly statement, by e-mail (`npm run admin -- statements send`).
 *
 * Guarantees
 * - The e-mail carries a download link, not the file: the e-mail port (core/notifications/
 *   mail-transport.ts) and the outbox hold a subject and a text, and a link is what the outbox
 *   already keeps sealed until delivery (its `secret`). The link (StatementLinks) opens that
 *   statement's PDF without signing in for 7 days, drawn when it is opened: the same figures as
 *   the web's download.
 * - The member is named by id or by phone number; an account without an e-mail address
 *   (opened by USSD) is `no_email`; nothing is sent for an unknown member or merchant.
 * - The month is "YYYY-MM", not before 2020-01 nor after this month (`period_invalid`).
 * - In the recipient's language; the e-mail and the audit entry (`statement_sent`, who sent what
 *   to whom) are written in one unit of work.
 */
import type { User } from '../accounts/user.ts';
import type { AuditActor, AuditTrail } from '../audit/ports.ts';
import { oneTimeLinkEmail, type LinkEmailTexts } from '../accounts/one-time-link.ts';
import { normalisePhoneNumber } from '../identity/phone-number.ts';
import type { MerchantRegistry } from '../merchants/ports.ts';
import type { Outbox } from '../notifications/outbox.ts';
import type { Clock } from '../shared/clock.ts';
import { err, ok, type Result } from '../shared/result.ts';
import type { UnitOfWork } from '../shared/unit-of-work.ts';
import type { StatementClaim, StatementLinks, StatementRecipients } from './ports.ts';
import { monthPeriod } from './statement-period.ts';

export const STATEMENT_LINK_DAYS = 7;

export type EmailStatementInput = ({ member: string; month: string } | { merchantId: string; month: string }) & { sentBy: AuditActor };
export type EmailStatementError = 'account_not_found' | 'merchant_not_found' | 'no_email' | 'period_invalid';

export interface EmailStatementDeps {
  accounts: { findById(id: string): Promise<User | null> };
  recipients: Pick<StatementRecipients, 'memberIdByPhone'>;
  registry: Pick<MerchantRegistry, 'findRegistered'>;
  links: Pick<StatementLinks, 'linkFor'>;
  outbox: Outbox;
  audit: AuditTrail;
  uow: UnitOfWork;
  clock: Clock;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const TEXTS: Record<User['language'], (what: string) => LinkEmailTexts> = {
  en: (what) => ({
    subject: `Your Ikimina statement: ${what}`,
    body: `Your statement (${what}) is ready. Download it as a PDF from this link, which works for ${STATEMENT_LINK_DAYS} days:`,
    ignore: 'Keep this link to yourself: whoever has it can read the statement.',
  }),
  fr: (what) => ({
    subject: `Votre relevé Ikimina : ${what}`,
    body: `Votre relevé (${what}) est prêt. Téléchargez-le en PDF depuis ce lien, valable ${STATEMENT_LINK_DAYS} jours :`,
    ignore: 'Gardez ce lien pour vous : quiconque l’a peut lire le relevé.',
  }),
  rw: (what) => ({
    subject: `Raporo yawe ya Ikimina: ${what}`,
    body: `Raporo yawe (${what}) yateguwe. Yikure nka PDF kuri iri huza, rikora iminsi ${STATEMENT_LINK_DAYS}:`,
    ignore: 'Ntuhe abandi iri huza: uwo ari we wese urifite ashobora gusoma raporo.',
  }),
  sw: (what) => ({
    subject: `Taarifa yako ya Ikimina: ${what}`,
    body: `Taarifa yako (${what}) iko tayari. Ipakue kama PDF kupitia kiungo hiki, kinachofanya kazi kwa siku ${STATEMENT_LINK_DAYS}:`,
    ignore: 'Usimpe mtu kiungo hiki: yeyote aliye nacho anaweza kusoma taarifa.',
  }),
};

export class EmailStatement {
  constructor(private readonly deps: EmailStatementDeps) {}

  async execute(input: EmailStatementInput): Promise<Result<{ to: string; expiresAt: Date }, EmailStatementError>> {
    const now = this.deps.clock.now();
    const period = monthPeriod(input.month, now);
    if (!period.ok) return period;
    let user: User | null;
    let claim: StatementClaim;
    let what: string;
    if ('merchantId' in input) {
      const merchant = UUID.test(input.merchantId) ? await this.deps.registry.findRegistered(input.merchantId) : undefined;
      if (!merchant) return err('merchant_not_found');
      user = await this.deps.accounts.findById(merchant.ownerId);
      claim = { kind: 'merchant', userId: merchant.ownerId, merchantId: merchant.id, month: input.month, language: user?.language ?? 'en' };
      what = `${merchant.businessName}, ${input.month}`;
    } else {
      const id = UUID.test(input.member) ? input.member : await this.byPhone(input.member);
      user = id ? await this.deps.accounts.findById(id) : null;
      claim = { kind: 'member', userId: user?.id ?? '', from: period.value.from, to: period.value.to };
      what = input.month;
    }
    if (!user) return err('account_not_found');
    if (!user.email) return err('no_email');
    const recipient = user;
    const expiresAt = new Date(now.getTime() + STATEMENT_LINK_DAYS * 86_400_000);
    const to = { email: user.email, firstName: user.firstName, language: user.language };
    const link = this.deps.links.linkFor(claim, expiresAt);
    await this.deps.uow.run(async () => {
      await this.deps.outbox.enqueue(oneTimeLinkEmail({ en: TEXTS.en(what), fr: TEXTS.fr(what), rw: TEXTS.rw(what), sw: TEXTS.sw(what) }, to, link));
      const subject = claim.kind === 'merchant' ? `merchant:${claim.merchantId}` : `user:${recipient.id}`;
      await this.deps.audit.record({ action: 'statement_sent', actor: input.sentBy, subject, details: { month: input.month, expiresAt: expiresAt.toISOString() } });
    });
    return ok({ to: to.email, expiresAt });
  }

  private async byPhone(text: string): Promise<string | null> {
    const phone = normalisePhoneNumber(text);
    return phone.ok ? this.deps.recipients.memberIdByPhone(phone.value) : null;
  }
}
