/**
 * Fake SMTP server: a minimal RFC 5321 server on 127.0.0.1 for tests, written on node:net, that
 * records every message it accepts. Plain text only (no STARTTLS), which nodemailer handles with
 * a `smtp://` URL: it upgrades only when the server advertises STARTTLS.
 *
 * Usage
 *   const smtp = await startFakeSmtpServer();                 // or { credentials: { user, pass } }
 *   const transport = new SmtpMailTransport({ url: smtp.url, from: 'Ikimina <no-reply@ikimina.rw>' });
 *   await transport.send({ to: 'aline@example.rw', subject: 'Murakaza neza', text: '…' });
 *   smtp.messages[0]        // { from, to, data, subject }
 *   smtp.rejectNextMessage() // the next message is refused with 550 after its DATA
 *   await smtp.stop();
 *
 * Guarantees
 * - Commands are accepted only in protocol order (greeting, [AUTH], MAIL, RCPT…, DATA); out of
 *   order they answer 503, and RSET or a new EHLO/HELO abandons the open transaction.
 * - With credentials configured, AUTH PLAIN is advertised and MAIL is refused (530) until the
 *   client has authenticated with them.
 * - A message is recorded only when it is answered 250, with its data un-dot-stuffed
 *   (RFC 5321 §4.5.2) and its Subject unfolded and decoded (RFC 2047).
 */
import { randomUUID } from 'node:crypto';
import { createServer, type AddressInfo, type Socket } from 'node:net';

export interface ReceivedMail {
  from: string;
  to: string[];
  /** The message as the client sent it (headers and body), dot-stuffing removed, CRLF line ends. */
  data: string;
  subject: string | undefined;
}

export interface FakeSmtpServer {
  /** `smtp://[user:pass@]127.0.0.1:<port>`: hand it to nodemailer as is. */
  url: string;
  port: number;
  readonly messages: readonly ReceivedMail[];
  rejectNextMessage(): void;
  stop(): Promise<void>;
}

export interface FakeSmtpServerOptions {
  credentials?: { user: string; pass: string };
}

const HOSTNAME = 'fake-smtp.local';
const MAX_MESSAGE_BYTES = 10 * 1024 * 1024;

interface Session {
  greeted: boolean;
  authenticated: boolean;
  awaitingAuthPlain: boolean;
  from: string | undefined;
  to: string[];
  /** Lines of the message while DATA is being received. */
  data: string[] | undefined;
  dataBytes: number;
}

export async function startFakeSmtpServer(options: FakeSmtpServerOptions = {}): Promise<FakeSmtpServer> {
  const messages: ReceivedMail[] = [];
  const sockets = new Set<Socket>();
  let rejectNext = false;
  const { credentials } = options;

  function command(session: Session, line: string, reply: (text: string) => void, close: () => void): void {
    if (session.awaitingAuthPlain) {
      session.awaitingAuthPlain = false;
      return authPlain(session, line, reply);
    }
    const [verb = '', ...rest] = line.split(' ');
    const argument = rest.join(' ');
    switch (verb.toUpperCase()) {
      case 'EHLO':
        resetTransaction(session);
        session.greeted = true;
        return reply(
          [`${HOSTNAME} greets ${argument}`, '8BITMIME', `SIZE ${MAX_MESSAGE_BYTES}`, ...(credentials ? ['AUTH PLAIN'] : [])]
            .map((text, index, all) => `250${index === all.length - 1 ? ' ' : '-'}${text}`)
            .join('\r\n'),
        );
      case 'HELO':
        resetTransaction(session);
        session.greeted = true;
        return reply(`250 ${HOSTNAME}`);
      case 'AUTH': {
        if (!credentials) return reply('502 5.5.1 AUTH not available');
        if (!session.greeted) return reply('503 5.5.1 EHLO first');
        if (session.authenticated) return reply('503 5.5.1 Already authenticated');
        const [mechanism = '', initial] = argument.split(' ');
        if (mechanism.toUpperCase() !== 'PLAIN') return reply('504 5.5.4 Unrecognized authentication type');
        if (initial !== undefined) return authPlain(session, initial, reply);
        session.awaitingAuthPlain = true;
        return reply('334 ');
      }
      case 'MAIL': {
        if (!session.greeted) return reply('503 5.5.1 EHLO or HELO first');
        if (credentials && !session.authenticated) return reply('530 5.7.0 Authentication required');
        if (session.from !== undefined) return reply('503 5.5.1 Nested MAIL command');
        const address = /^FROM:\s*<([^>]*)>/i.exec(argument)?.[1];
        if (address === undefined) return reply('501 5.5.4 Syntax: MAIL FROM:<address>');
        session.from = address;
        return reply('250 2.1.0 OK');
      }
      case 'RCPT': {
        if (session.from === undefined) return reply('503 5.5.1 MAIL first');
        const address = /^TO:\s*<([^>]+)>/i.exec(argument)?.[1];
        if (address === undefined) return reply('501 5.5.4 Syntax: RCPT TO:<address>');
        session.to.push(address);
        return reply('250 2.1.5 OK');
      }
      case 'DATA':
        if (session.to.length === 0) return reply('503 5.5.1 RCPT first');
        session.data = [];
        session.dataBytes = 0;
        return reply('354 End data with <CR><LF>.<CR><LF>');
      case 'RSET':
        resetTransaction(session);
        return reply('250 2.0.0 OK');
      case 'NOOP':
        return reply('250 2.0.0 OK');
      case 'QUIT':
        reply('221 2.0.0 Bye');
        return close();
      default:
        return reply('500 5.5.2 Command not recognized');
    }
  }

  function authPlain(session: Session, encoded: string, reply: (text: string) => void): void {
    // RFC 4616: authzid NUL authcid NUL passwd
    const [, user, pass] = Buffer.from(encoded, 'base64').toString('utf8').split('\0');
    if (credentials && user === credentials.user && pass === credentials.pass) {
      session.authenticated = true;
      return reply('235 2.7.0 Authentication successful');
    }
    return reply('535 5.7.8 Authentication credentials invalid');
  }

  function dataLine(session: Session, data: string[], line: string, reply: (text: string) => void): void {
    if (line !== '.') {
      // Dot-stuffing: the client doubled every leading dot so a lone "." can end the data.
      const unstuffed = line.startsWith('.') ? line.slice(1) : line;
      session.dataBytes += Buffer.byteLength(unstuffed) + 2;
      data.push(unstuffed);
      return;
    }
    const from = session.from ?? '';
    const to = session.to;
    const tooLarge = session.dataBytes > MAX_MESSAGE_BYTES;
    resetTransaction(session);
    if (tooLarge) return reply('552 5.3.4 Message size exceeds fixed limit');
    if (rejectNext) {
      rejectNext = false;
      return reply('550 5.7.1 Message rejected');
    }
    const text = data.map((each) => `${each}\r\n`).join('');
    messages.push({ from, to, data: text, subject: subjectOf(text) });
    return reply(`250 2.0.0 OK queued as ${randomUUID()}`);
  }

  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
    socket.setEncoding('utf8');
    const session: Session = { greeted: false, authenticated: false, awaitingAuthPlain: false, from: undefined, to: [], data: undefined, dataBytes: 0 };
    const reply = (text: string): void => {
      if (!socket.destroyed) socket.write(`${text}\r\n`);
    };
    let pending = '';
    let closed = false;
    socket.on('data', (chunk: string) => {
      pending += chunk;
      let end: number;
      while (!closed && (end = pending.indexOf('\r\n')) >= 0) {
        const line = pending.slice(0, end);
        pending = pending.slice(end + 2);
        if (session.data !== undefined) dataLine(session, session.data, line, reply);
        else command(session, line, reply, () => {
          closed = true;
          socket.end();
        });
      }
    });
    reply(`220 ${HOSTNAME} ESMTP ready`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const userinfo = credentials ? `${encodeURIComponent(credentials.user)}:${encodeURIComponent(credentials.pass)}@` : '';

  return {
    url: `smtp://${userinfo}127.0.0.1:${port}`,
    port,
    messages,
    rejectNextMessage() {
      rejectNext = true;
    },
    stop: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        for (const socket of sockets) socket.destroy();
      }),
  };
}

function resetTransaction(session: Session): void {
  session.from = undefined;
  session.to = [];
  session.data = undefined;
  session.dataBytes = 0;
}

function subjectOf(message: string): string | undefined {
  const headerEnd = message.indexOf('\r\n\r\n');
  const headers = (headerEnd < 0 ? message : message.slice(0, headerEnd)).replace(/\r\n[ \t]/g, ' ');
  const subject = /^subject:[ \t]*(.*)$/im.exec(headers)?.[1];
  return subject === undefined ? undefined : decodeEncodedWords(subject);
}

/** RFC 2047 encoded words (`=?UTF-8?Q?…?=`, `=?UTF-8?B?…?=`); blanks between two of them vanish. */
function decodeEncodedWords(value: string): string {
  return value
    .replace(/(\?=)[ \t]+(?==\?)/g, '$1')
    .replace(/=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g, (_word, charset: string, encoding: string, text: string) => {
      const bytes =
        encoding.toUpperCase() === 'B'
          ? Buffer.from(text, 'base64')
          : Buffer.from(
              text.replace(/_/g, ' ').replace(/=([0-9A-Fa-f]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16))),
              'latin1',
            );
      return new TextDecoder(charset).decode(bytes);
    });
}
