import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeSmtpServer, type FakeSmtpServer } from '../../tests/fakes/smtp-server.ts';
import { SmtpMailTransport } from './smtp-mail-transport.ts';

const FROM = 'Ikimina <no-reply@ikimina.rw>';

let smtp: FakeSmtpServer;

beforeAll(async () => {
  smtp = await startFakeSmtpServer();
});

afterAll(async () => {
  await smtp.stop();
});

describe('SmtpMailTransport', () => {
  it('hands the message to the server and resolves with its Message-ID', async () => {
    const transport = new SmtpMailTransport({ url: smtp.url, from: FROM });
    const before = smtp.messages.length;
    const { providerMessageId } = await transport.send({
      to: 'aline.uwase@example.rw',
      subject: 'Umusanzu wawe wakiriwe — 5 000 RWF',
      text: 'Muraho Aline,\nUmusanzu wawe wa 5 000 RWF wakiriwe.',
    });
    expect(smtp.messages).toHaveLength(before + 1);
    const received = smtp.messages.at(-1);
    expect(received?.from).toBe('no-reply@ikimina.rw');
    expect(received?.to).toEqual(['aline.uwase@example.rw']);
    expect(received?.subject).toBe('Umusanzu wawe wakiriwe — 5 000 RWF');
    expect(received?.data).toContain('Muraho Aline,\r\nUmusanzu wawe wa 5 000 RWF wakiriwe.');
    expect(providerMessageId).toMatch(/^<.+@.+>$/);
    expect(received?.data).toContain(`Message-ID: ${providerMessageId}\r\n`);
  });

  it('sends the HTML alternative when there is one', async () => {
    const transport = new SmtpMailTransport({ url: smtp.url, from: FROM });
    await transport.send({ to: 'jean@example.rw', subject: 'Inama', text: 'Inama ni kuwa gatanu.', html: '<p>Inama ni <b>kuwa gatanu</b>.</p>' });
    const data = smtp.messages.at(-1)?.data ?? '';
    expect(data).toMatch(/Content-Type: multipart\/alternative/);
    expect(data).toContain('Content-Type: text/html');
    expect(data).toContain('<p>Inama ni <b>kuwa gatanu</b>.</p>');
  });

  it('keeps lines that start with a dot intact through dot-stuffing', async () => {
    const transport = new SmtpMailTransport({ url: smtp.url, from: FROM });
    await transport.send({ to: 'jean@example.rw', subject: 'Dots', text: 'first\n.\n.hidden line\nlast' });
    expect(smtp.messages.at(-1)?.data).toContain('first\r\n.\r\n.hidden line\r\nlast');
  });

  it('rejects when the server refuses the message with 550, and nothing is recorded', async () => {
    const transport = new SmtpMailTransport({ url: smtp.url, from: FROM });
    const before = smtp.messages.length;
    smtp.rejectNextMessage();
    await expect(transport.send({ to: 'aline.uwase@example.rw', subject: 'Refused', text: 'no' })).rejects.toMatchObject({ responseCode: 550 });
    expect(smtp.messages).toHaveLength(before);
    await transport.send({ to: 'aline.uwase@example.rw', subject: 'Accepted again', text: 'yes' });
    expect(smtp.messages.at(-1)?.subject).toBe('Accepted again');
  });

  it('rejects when the server cannot be reached', async () => {
    const gone = await startFakeSmtpServer();
    await gone.stop();
    const transport = new SmtpMailTransport({ url: gone.url, from: FROM });
    await expect(transport.send({ to: 'aline.uwase@example.rw', subject: 'Lost', text: 'no' })).rejects.toThrow();
  });

  it('logs in with the credentials of the URL, and rejects when they are wrong', async () => {
    const guarded = await startFakeSmtpServer({ credentials: { user: 'ikimina', pass: 'p@ss word' } });
    try {
      await new SmtpMailTransport({ url: guarded.url, from: FROM }).send({ to: 'a@example.rw', subject: 'Logged in', text: 'ok' });
      expect(guarded.messages.map((message) => message.subject)).toEqual(['Logged in']);

      const wrong = guarded.url.replace('p%40ss%20word', 'nope');
      expect(wrong).not.toBe(guarded.url);
      await expect(new SmtpMailTransport({ url: wrong, from: FROM }).send({ to: 'a@example.rw', subject: 'Refused', text: 'no' })).rejects.toThrow();
      expect(guarded.messages).toHaveLength(1);
    } finally {
      await guarded.stop();
    }
  });
});
