/**
 * SmtpMailTransport: the MailTransport port over SMTP with nodemailer, configured by one URL
 * (`smtp://user:pass@host:587` upgrades with STARTTLS when offered, `smtps://…:465` is TLS from
 * the start).
 *
 * Guarantees
 * - `send` resolves only when the server accepted the message for its recipient, with the
 *   Message-ID nodemailer gave it; a refusal (of the recipient or the message), a failed login
 *   or an unreachable server rejects, so the outbox keeps the message and tries again.
 */
import { createTransport } from 'nodemailer';
import type { EmailMessage, MailTransport } from '../../core/notifications/mail-transport.ts';

export interface SmtpMailTransportOptions {
  url: string;
  /** The sender, e.g. `Ikimina <no-reply@ikimina.rw>`. */
  from: string;
}

export class SmtpMailTransport implements MailTransport {
  private readonly transporter: ReturnType<typeof createTransport>;
  private readonly from: string;

  constructor(options: SmtpMailTransportOptions) {
    this.transporter = createTransport(options.url);
    this.from = options.from;
  }

  async send(message: EmailMessage): Promise<{ providerMessageId: string }> {
    const info = await this.transporter.sendMail({
      from: this.from,
      to: message.to,
      subject: message.subject,
      text: message.text,
      ...(message.html === undefined ? {} : { html: message.html }),
    });
    // nodemailer resolves when at least one recipient was accepted; there is only one here, but a
    // refused one must never count as delivered.
    if (info.rejected.length > 0) throw new Error(`SMTP server refused recipient ${message.to}`);
    return { providerMessageId: info.messageId };
  }
}
