/**
 * MailTransport: hands one e-mail to a mail service. Use cases never call it directly: they
 * write the message to the outbox in their own transaction, and the outbox dispatcher delivers
 * it through this port, so a crash neither loses nor doubles a message.
 */
export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface MailTransport {
  /** Resolves with the provider's message id; rejects when the service refused or is unreachable. */
  send(message: EmailMessage): Promise<{ providerMessageId: string }>;
}
