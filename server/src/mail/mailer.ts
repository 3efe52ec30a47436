/**
 * Outgoing mail. With SMTP_URL set, nodemailer sends it; otherwise nodemailer's stream transport
 * builds the same MIME message (MIME-Version, Message-ID, encoded non-ASCII headers, quoted-printable
 * body, CRLF lines), it is written to DATA_DIR/outbox/ as an .eml file and its links are logged, so
 * password reset and one-time passwords work on the embedded default without a mail server.
 */
import nodemailer from 'nodemailer';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async send(message) {
      await transport.sendMail({ from, ...message });
    },
  };
}

export function createOutboxMailer(outboxDir: string, from: string, log: (line: string) => void = console.log): Mailer {
  mkdirSync(outboxDir, { recursive: true });
  // CRLF line ends as RFC 5322 asks: `newline` covers what nodemailer writes, the body's own
  // line breaks are turned into CRLF before it is encoded.
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
  let sequence = 0;
  return {
    async send(message) {
      const name = `${Date.now()}-${process.pid}-${++sequence}.eml`;
      const { message: eml } = await transport.sendMail({ from, ...message, text: message.text.replace(/\r?\n/g, '\r\n') });
      if (!Buffer.isBuffer(eml)) throw new Error('the stream transport was asked for a buffer');
      writeFileSync(join(outboxDir, name), eml);
      const links = message.text.match(/https?:\/\/\S+/g) ?? [];
      log(`[mail] to ${message.to}: ${message.subject}${links.length ? ` — ${links.join(' ')}` : ''} (outbox/${name})`);
    },
  };
}
