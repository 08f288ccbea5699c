import type { Provider } from '@nestjs/common';
import nodemailer, { type Transporter } from 'nodemailer';
import { SETTINGS, type Settings } from '../../config/settings.js';
import { composeMime } from './mime.js';

export interface OutgoingMail {
  /** The message's id: its Message-ID, so a mail program can tell a repeat from a new message. */
  id: string;
  to: string;
  cc?: string;
  subject: string;
  html: string;
  text: string;
  language: string;
  attachments: MailAttachment[];
}

export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

/** A failure the recipient's server answered for good (5xx): retrying cannot help. */
export class PermanentMailError extends Error {}

export interface MailTransport {
  /** `smtp`, or `outbox` (the development outbox: the message row is the delivery). */
  readonly name: 'smtp' | 'outbox';
  /** Messages it can carry at once (the SMTP pool's connections): the sender keeps no more in flight. */
  readonly connections: number;
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

export const MAIL_TRANSPORT = Symbol('MAIL_TRANSPORT');

/** nodemailer options from SMTP_URL: `smtp://user:pass@host:port` or `smtps://...`, with extra options as query parameters. */
export function smtpOptions(smtpUrl: string): Record<string, unknown> {
  const u = new URL(smtpUrl);
  const secure = u.protocol === 'smtps:';
  const extra: Record<string, unknown> = {};
  for (const [k, v] of u.searchParams) extra[k] = v === 'true' ? true : v === 'false' ? false : /^\d+$/.test(v) ? Number(v) : v;
  return {
    host: u.hostname,
    port: u.port ? Number(u.port) : secure ? 465 : 587,
    secure,
    auth: u.username ? { user: decodeURIComponent(u.username), pass: decodeURIComponent(u.password) } : undefined,
    // A pool kept open, not a connection per message: ten at once (`?maxConnections=` in SMTP_URL changes it).
    pool: true,
    maxConnections: 10,
    maxMessages: 1000,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
    ...extra,
  };
}

/**
 * Sends over a pool of SMTP connections, each message composed whole into one buffer and sent raw: nodemailer's composer
 * streams a message in many small chunks, each a socket write, the largest cost of sending many messages.
 */
export class SmtpTransport implements MailTransport {
  readonly name = 'smtp' as const;
  readonly connections: number;
  private readonly transporter: Transporter;
  private readonly composer: Transporter;

  constructor(
    smtpUrl: string,
    private readonly from: string,
    private readonly messageIdDomain: string,
  ) {
    const options = smtpOptions(smtpUrl);
    this.connections = Math.max(1, Number(options.maxConnections) || 1);
    this.transporter = nodemailer.createTransport(options as never);
    this.composer = nodemailer.createTransport({ streamTransport: true, buffer: true });
  }

  async send(mail: OutgoingMail): Promise<void> {
    const messageId = `<${mail.id}@${this.messageIdDomain}>`;
    const headers = { 'Content-Language': mail.language, 'Auto-Submitted': 'auto-generated' };
    // Text and HTML only (nearly every message): written as MIME here, in a few strings (mime.ts).
    const plain =
      mail.attachments.length || mail.html.includes('data:') ? undefined : composeMime({ ...mail, from: this.from, messageId, headers });
    const composed = plain ?? (await this.compose(mail, messageId, headers));
    try {
      await this.transporter.sendMail({ envelope: composed.envelope, raw: composed.raw });
    } catch (e) {
      const code = (e as { responseCode?: number }).responseCode;
      if (code !== undefined && code >= 500 && code < 600) throw new PermanentMailError((e as Error).message);
      throw e;
    }
  }

  /** nodemailer's composer: attachments, inline images, addresses that are not plain ASCII. */
  private async compose(mail: OutgoingMail, messageId: string, headers: Record<string, string>) {
    const composed = (await this.composer.sendMail({
      from: this.from,
      to: mail.to,
      cc: mail.cc,
      subject: mail.subject,
      html: mail.html,
      text: mail.text,
      messageId,
      headers,
      // The logo's data URL becomes an inline (cid) image; only when there is one, as the conversion copies the whole HTML.
      attachDataUrls: mail.html.includes('data:'),
      attachments: mail.attachments.map((a) => ({ filename: a.filename, contentType: a.contentType, content: a.content })),
    })) as unknown as { envelope: { from: string; to: string[] }; message: Buffer };
    return { envelope: composed.envelope, raw: composed.message };
  }

  close(): void {
    this.transporter.close();
    this.composer.close();
  }
}

/** Without SMTP_URL: the message row, rendered, is the development outbox that the console shows. */
const OUTBOX: MailTransport = { name: 'outbox', connections: 10, send: () => Promise.resolve(), close: () => undefined };

export const mailTransportProvider: Provider = {
  provide: MAIL_TRANSPORT,
  inject: [SETTINGS],
  useFactory: (settings: Settings): MailTransport =>
    settings.smtpUrl ? new SmtpTransport(settings.smtpUrl, settings.mailFrom, new URL(settings.publicUrl).hostname) : OUTBOX,
};
