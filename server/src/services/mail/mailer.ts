/**
 * Outgoing mail. With SMTP_URL set, nodemailer sends it; otherwise each message is written to
 * DATA_DIR/outbox/ as an .eml file and its links are logged, so password reset and one-time
 * passwords work on the embedded default without a mail server.
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
  let sequence = 0;
  return {
    async send(message) {
      const name = `${Date.now()}-${process.pid}-${++sequence}.eml`;
      const body = [
        `From: ${from}`,
        `To: ${message.to}`,
        `Subject: ${message.subject}`,
        `Date: ${new Date().toUTCString()}`,
        'Content-Type: text/plain; charset=utf-8',
        '',
        message.text,
      ].join('\r\n');
      writeFileSync(join(outboxDir, name), body);
      const links = message.text.match(/https?:\/\/\S+/g) ?? [];
      log(`[mail] to ${message.to}: ${message.subject}${links.length ? ` — ${links.join(' ')}` : ''} (outbox/${name})`);
    },
  };
}
