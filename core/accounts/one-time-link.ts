/**
 * EmailOneTimeLink: asking for a link by e-mail that works once — a sign-in link
 * (RequestSignInLink) or a password-reset link (RequestPasswordReset). Each kind names its attempt
 * limit, its link purpose, its lifetime, its page and its e-mail texts; the rule is written once.
 *
 * Guarantees
 * - The answer is the same whether or not an account has the address; only an existing account
 *   gets an e-mail. Counted against the attempt limits of the address and the client IP.
 * - The link carries 32 random bytes; only their hash is stored, with the kind's expiry.
 * - The link is built from the configured public base URL, never from the request, and carries
 *   its secret in the URL fragment (`#token=`): browsers never send a fragment to a server, so the
 *   secret stays out of access logs and Referer headers. The page reads it and POSTs it, so a mail
 *   scanner that prefetches the link cannot use it up.
 * - The stored link and its e-mail commit together; the outbox keeps the link sealed
 *   (core/notifications/outbox.ts).
 */
import { SECRET_PLACE, type OutgoingMessage, type Outbox } from '../notifications/outbox.ts';
import type { Clock, IdGenerator } from '../shared/clock.ts';
import { ok, type RateLimited, type Result } from '../shared/result.ts';
import type { UnitOfWork } from '../shared/unit-of-work.ts';
import type { AttemptAction, AttemptLimits } from './attempt-limits.ts';
import type { AccountRepository, SecretTokens, SignInLinkStore } from './ports.ts';
import { issueSignInLink, type SignInLinkPurpose } from './session.ts';
import { normalizeEmail, type Language } from './user.ts';

/** The texts of one kind of link e-mail, in one language. */
export interface LinkEmailTexts {
  subject: string;
  body: string;
  ignore: string;
}

export const GREETINGS: Record<Language, (name: string) => string> = {
  en: (name) => `Hello ${name},`,
  fr: (name) => `Bonjour ${name},`,
  rw: (name) => `Muraho ${name},`,
  sw: (name) => `Habari ${name},`,
};

export interface Recipient {
  email: string;
  firstName: string;
  language: Language;
}

/** `<base>/<page>#token=<token>`. */
export function oneTimeLinkUrl(publicBaseUrl: string, page: string, token: string): string {
  return `${publicBaseUrl.replace(/\/+$/, '')}/${page}#token=${token}`;
}

/** The e-mail carrying a link; the link is its secret, which the outbox seals. */
export function oneTimeLinkEmail(texts: Record<Language, LinkEmailTexts>, to: Recipient, link: string): OutgoingMessage {
  const t = texts[to.language];
  return {
    channel: 'email',
    recipient: to.email,
    subject: t.subject,
    body: `${GREETINGS[to.language](to.firstName)}\n\n${t.body}\n\n${SECRET_PLACE}\n\n${t.ignore}\n`,
    secret: link,
  };
}

export interface OneTimeLinkKind {
  attempt: AttemptAction;
  purpose: SignInLinkPurpose;
  ttlMinutes: number;
  /** The web client's page that reads the token (`auth/magic-link`). */
  page: string;
  texts: Record<Language, LinkEmailTexts>;
}

export interface EmailOneTimeLinkDeps {
  accounts: AccountRepository;
  links: SignInLinkStore;
  outbox: Outbox;
  secrets: SecretTokens;
  limits: AttemptLimits;
  uow: UnitOfWork;
  ids: IdGenerator;
  clock: Clock;
  publicBaseUrl: string;
}

export interface EmailOneTimeLinkInput {
  email: string;
  clientIp: string;
}

export abstract class EmailOneTimeLink {
  protected abstract readonly kind: OneTimeLinkKind;

  constructor(private readonly deps: EmailOneTimeLinkDeps) {}

  async execute(input: EmailOneTimeLinkInput): Promise<Result<void, never> | RateLimited> {
    const { accounts, links, outbox, secrets, limits, uow, ids, clock, publicBaseUrl } = this.deps;
    const { kind } = this;
    const email = normalizeEmail(input.email);
    const limited = await limits.check(kind.attempt, email, input.clientIp);
    if (limited) return limited;
    await uow.run(async () => {
      const user = await accounts.findByEmail(email);
      if (!user) return;
      const { token, link } = issueSignInLink(secrets, {
        id: ids.newId(),
        userId: user.id,
        purpose: kind.purpose,
        now: clock.now(),
        ttlMs: kind.ttlMinutes * 60_000,
        createdIp: input.clientIp,
      });
      await links.add(link);
      await outbox.enqueue(oneTimeLinkEmail(kind.texts, { ...user, email }, oneTimeLinkUrl(publicBaseUrl, kind.page, token)));
    });
    return ok(undefined);
  }
}
