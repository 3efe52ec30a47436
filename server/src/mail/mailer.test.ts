/** The embedded outbox writes real MIME messages (RFC 2045 / RFC 2047), readable by any mail client. */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createOutboxMailer } from './mailer.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function outbox() {
  const dir = mkdtempSync(join(tmpdir(), 'canopy-outbox-'));
  dirs.push(dir);
  const lines: string[] = [];
  return { dir, lines, mailer: createOutboxMailer(dir, 'Canopy <noreply@canopy.test>', (line) => lines.push(line)) };
}

/** Headers (unfolded) and the body of one .eml file. */
function readEml(file: string): { raw: string; headers: Map<string, string>; body: string } {
  const raw = readFileSync(file, 'latin1');
  const [head, ...rest] = raw.split('\r\n\r\n');
  const headers = new Map<string, string>();
  for (const line of head!.replace(/\r\n[ \t]+/g, ' ').split('\r\n')) {
    const colon = line.indexOf(':');
    headers.set(line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim());
  }
  return { raw, headers, body: rest.join('\r\n\r\n') };
}

/** RFC 2047 encoded words (B or Q) back to text. */
function decodeWords(value: string): string {
  return value.replace(/=\?utf-8\?([bq])\?([^?]*)\?=\s*/gi, (_, kind: string, text: string) =>
    kind.toLowerCase() === 'b'
      ? Buffer.from(text, 'base64').toString('utf8')
      : Buffer.from(
          text.replace(/_/g, ' ').replace(/=([0-9a-f]{2})/gi, (__, hex: string) => String.fromCharCode(parseInt(hex, 16))),
          'latin1',
        ).toString('utf8'),
  );
}

function decodeBody(body: string, encoding: string | undefined): string {
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') {
    const bytes = body.replace(/=\r\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  return body;
}

describe('the outbox mailer', () => {
  it('writes a MIME message with an encoded non-ASCII subject and body, and logs its links', async () => {
    const { dir, lines, mailer } = outbox();
    const link = `https://canopy.test/reset-password?token=${'x'.repeat(90)}&uid=42`;
    await mailer.send({ to: 'zoe@example.test', subject: 'Passwort zurücksetzen — Canopy', text: `Grüße aus Zürich.\n\nReset: ${link}\n` });

    const files = readdirSync(dir);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/\.eml$/);
    const { raw, headers, body } = readEml(join(dir, files[0]!));
    expect(headers.get('mime-version')).toBe('1.0');
    expect(headers.get('from')).toBe('Canopy <noreply@canopy.test>');
    expect(headers.get('message-id')).toMatch(/^<.+@.+>$/);
    expect(headers.get('date')).toBeTruthy();
    expect(headers.get('content-type')).toMatch(/^text\/plain; charset=utf-8/i);
    // Headers are 7-bit: the subject travels as RFC 2047 encoded words.
    expect(headers.get('subject')).toMatch(/^=\?UTF-8\?[BQ]\?/i);
    expect(decodeWords(headers.get('subject')!)).toBe('Passwort zurücksetzen — Canopy');
    expect(/[^\x00-\x7f]/.test(raw)).toBe(false);
    // CRLF line ends throughout, no line over RFC 5322's 998 characters.
    expect(raw.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    expect(Math.max(...raw.split('\r\n').map((line) => line.length))).toBeLessThanOrEqual(998);
    expect(decodeBody(body, headers.get('content-transfer-encoding')).replace(/\r\n/g, '\n')).toBe(`Grüße aus Zürich.\n\nReset: ${link}\n`);

    expect(lines).toEqual([`[mail] to zoe@example.test: Passwort zurücksetzen — Canopy — ${link} (outbox/${files[0]})`]);
  });

  it('writes one file per message', async () => {
    const { dir, mailer } = outbox();
    await mailer.send({ to: 'a@example.test', subject: 'One', text: 'first' });
    await mailer.send({ to: 'b@example.test', subject: 'Two', text: 'second' });
    const subjects = readdirSync(dir).map((f) => readEml(join(dir, f)).headers.get('subject'));
    expect(subjects.sort()).toEqual(['One', 'Two']);
  });
});
