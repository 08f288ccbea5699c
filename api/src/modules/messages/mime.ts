import { randomBytes } from 'node:crypto';
import type { OutgoingMail } from './mail-transport.js';

/**
 * A message without attachments written as MIME in a few strings, for the SMTP transport: nodemailer's composer builds a
 * tree of streams per message, which filled the heap when writing to many applicants. The rest goes through nodemailer.
 */
type MimeMessage = Pick<OutgoingMail, 'to' | 'cc' | 'subject' | 'html' | 'text'> & {
  from: string;
  messageId: string;
  headers: Record<string, string>;
  date?: Date;
};

/** Printable ASCII only (no control characters, no 8-bit). */
const ASCII = /^[\x20-\x7e]*$/;
/** A bare address, or `Name <address>`, without characters that need quoting in a display name. */
const ADDRESS = /^\s*(?:([^"<>,;:@\\]*?)\s*<([^<>\s]+@[^<>\s]+)>|([^<>\s,;"]+@[^<>\s,;"]+))\s*$/;

/** The address alone (for the SMTP envelope) and the header form, or undefined when it is not a plain ASCII address. */
export function plainAddress(value: string): { address: string; header: string } | undefined {
  const m = ASCII.test(value) ? ADDRESS.exec(value) : null;
  if (!m) return undefined;
  const address = m[2] ?? m[3];
  const name = m[1]?.trim();
  return { address, header: name ? `"${name}" <${address}>` : address };
}

/** A header value: as it is when plain ASCII, else RFC 2047 encoded words of at most 75 characters, folded. */
export function headerValue(value: string): string {
  const oneLine = value.replace(/[\r\n]+/g, ' ');
  if (ASCII.test(oneLine) && !oneLine.includes('=?')) return oneLine;
  const words: string[] = [];
  let chunk = '';
  // 45 bytes of UTF-8 make 60 characters of base64: with `=?UTF-8?B?` and `?=`, 72 per word. Characters are never split.
  for (const ch of oneLine) {
    if (Buffer.byteLength(chunk + ch) > 45) {
      words.push(chunk);
      chunk = '';
    }
    chunk += ch;
  }
  if (chunk) words.push(chunk);
  return words.map((w) => `=?UTF-8?B?${Buffer.from(w, 'utf8').toString('base64')}?=`).join('\r\n ');
}

function base64Lines(text: string): string {
  return Buffer.from(text, 'utf8')
    .toString('base64')
    .replace(/.{76}(?=.)/g, '$&\r\n');
}

/** The message as MIME (multipart/alternative: text, then HTML), or undefined when it needs nodemailer. */
export function composeMime(mail: MimeMessage): { envelope: { from: string; to: string[] }; raw: Buffer } | undefined {
  const from = plainAddress(mail.from);
  const to = plainAddress(mail.to);
  const cc = mail.cc ? plainAddress(mail.cc) : undefined;
  if (!from || !to || (mail.cc && !cc)) return undefined;
  if (!ASCII.test(mail.messageId) || Object.entries(mail.headers).some(([k, v]) => !ASCII.test(k) || !ASCII.test(v))) return undefined;
  const boundary = `--_ic_${randomBytes(12).toString('hex')}`;
  const lines = [
    `From: ${from.header}`,
    `To: ${to.header}`,
    ...(cc ? [`Cc: ${cc.header}`] : []),
    `Subject: ${headerValue(mail.subject)}`,
    `Message-ID: ${mail.messageId}`,
    `Date: ${(mail.date ?? new Date()).toUTCString().replace(/GMT$/, '+0000')}`,
    'MIME-Version: 1.0',
    ...Object.entries(mail.headers).map(([k, v]) => `${k}: ${v}`),
    `Content-Type: multipart/alternative; boundary="${boundary}"`,
    '',
    `--${boundary}`,
    'Content-Type: text/plain; charset=utf-8',
    'Content-Transfer-Encoding: base64',
    '',
    base64Lines(mail.text),
    `--${boundary}`,
    'Content-Type: text/html; charset=utf-8',
    'Content-Transfer-Encoding: base64',
    '',
    base64Lines(mail.html),
    `--${boundary}--`,
    '',
  ];
  return {
    envelope: { from: from.address, to: cc ? [to.address, cc.address] : [to.address] },
    raw: Buffer.from(lines.join('\r\n'), 'utf8'),
  };
}
