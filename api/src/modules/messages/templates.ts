import { DEFAULT_TIME_ZONE, formatDateTimeWithZone, LANGUAGES, type Language, translate } from '@impact-calls/domain';
import { badRequest } from '../../common/http/app-error.js';
import type { MessageKind } from './message.entity.js';

/**
 * Message templates: a subject and an HTML body per kind and language, with `{{name}}` placeholders; administrators'
 * versions are rows of message_template. Rendering escapes every value but the product's own HTML (the answers summary).
 */

const WHO = ['recipientName', 'organizationName', 'callName'];

/** The placeholders each kind may use, in the order the console lists them. */
export const PLACEHOLDERS: Record<MessageKind, readonly string[]> = {
  'submission-confirmation': [...WHO, 'submissionCode', 'submittedAt', 'answersSummary', 'recapUrl', 'configurationName'],
  'submission-reopened': [...WHO, 'submissionCode', 'resumeUrl', 'configurationName'],
  'deadline-reminder': [...WHO, 'submissionCode', 'closingAt', 'daysLeft', 'resumeUrl', 'configurationName'],
  custom: [...WHO, 'configurationName'],
};

/** Kinds whose template administrators edit (a custom message's text is written for each sending). */
export const TEMPLATE_KINDS = ['submission-confirmation', 'submission-reopened', 'deadline-reminder'] as const;
export type TemplateKind = (typeof TEMPLATE_KINDS)[number];

/** Placeholders whose value is HTML made by the product (never administrator or applicant text). */
const HTML_VALUES = new Set(['answersSummary']);

export type TemplateText = Record<'subject' | 'html', string>;

export const BUILT_IN_TEMPLATES: Record<TemplateKind, Record<Language, TemplateText>> = {
  'submission-confirmation': {
    it: {
      subject: 'Candidatura inviata: {{callName}} ({{submissionCode}})',
      html:
        '<p>Gentile {{recipientName}},</p><p>la candidatura di <strong>{{organizationName}}</strong> al bando <strong>{{callName}}</strong> è stata inviata il {{submittedAt}} con il codice <strong>{{submissionCode}}</strong>.</p>' +
        '<h3>Riepilogo delle risposte</h3>{{answersSummary}}<p><a href="{{recapUrl}}">Consulta la candidatura (sola lettura)</a></p><p>Grazie per aver partecipato.</p>',
    },
    en: {
      subject: 'Application submitted: {{callName}} ({{submissionCode}})',
      html:
        '<p>Dear {{recipientName}},</p><p>the application of <strong>{{organizationName}}</strong> to <strong>{{callName}}</strong> was submitted on {{submittedAt}} with code <strong>{{submissionCode}}</strong>.</p>' +
        '<h3>Summary of your answers</h3>{{answersSummary}}<p><a href="{{recapUrl}}">View your application (read-only)</a></p><p>Thank you for applying.</p>',
    },
    fr: {
      subject: 'Candidature envoyée : {{callName}} ({{submissionCode}})',
      html:
        '<p>Bonjour {{recipientName}},</p><p>la candidature de <strong>{{organizationName}}</strong> à l’appel <strong>{{callName}}</strong> a été envoyée le {{submittedAt}} sous le code <strong>{{submissionCode}}</strong>.</p>' +
        '<h3>Résumé de vos réponses</h3>{{answersSummary}}<p><a href="{{recapUrl}}">Consulter la candidature (lecture seule)</a></p><p>Merci de votre participation.</p>',
    },
  },
  'submission-reopened': {
    it: {
      subject: 'Candidatura riaperta: {{callName}} ({{submissionCode}})',
      html:
        '<p>Gentile {{recipientName}},</p><p>la candidatura di <strong>{{organizationName}}</strong> al bando <strong>{{callName}}</strong> (codice {{submissionCode}}) è stata riaperta: puoi modificarla e inviarla di nuovo.</p>' +
        '<p><a href="{{resumeUrl}}">Riprendi la candidatura</a></p>',
    },
    en: {
      subject: 'Application reopened: {{callName}} ({{submissionCode}})',
      html:
        '<p>Dear {{recipientName}},</p><p>the application of <strong>{{organizationName}}</strong> to <strong>{{callName}}</strong> (code {{submissionCode}}) has been reopened: you can change it and submit it again.</p>' +
        '<p><a href="{{resumeUrl}}">Resume the application</a></p>',
    },
    fr: {
      subject: 'Candidature rouverte : {{callName}} ({{submissionCode}})',
      html:
        '<p>Bonjour {{recipientName}},</p><p>la candidature de <strong>{{organizationName}}</strong> à l’appel <strong>{{callName}}</strong> (code {{submissionCode}}) a été rouverte : vous pouvez la modifier et l’envoyer à nouveau.</p>' +
        '<p><a href="{{resumeUrl}}">Reprendre la candidature</a></p>',
    },
  },
  'deadline-reminder': {
    it: {
      subject: 'Promemoria: {{callName}} chiude tra {{daysLeft}} giorni',
      html:
        '<p>Gentile {{recipientName}},</p><p>la candidatura di <strong>{{organizationName}}</strong> al bando <strong>{{callName}}</strong> non è ancora stata inviata. Il bando chiude il {{closingAt}}.</p>' +
        '<p><a href="{{resumeUrl}}">Riprendi la candidatura</a></p>',
    },
    en: {
      subject: 'Reminder: {{callName}} closes in {{daysLeft}} days',
      html:
        '<p>Dear {{recipientName}},</p><p>the application of <strong>{{organizationName}}</strong> to <strong>{{callName}}</strong> has not been submitted yet. The call closes on {{closingAt}}.</p>' +
        '<p><a href="{{resumeUrl}}">Resume the application</a></p>',
    },
    fr: {
      subject: 'Rappel : {{callName}} ferme dans {{daysLeft}} jours',
      html:
        '<p>Bonjour {{recipientName}},</p><p>la candidature de <strong>{{organizationName}}</strong> à l’appel <strong>{{callName}}</strong> n’a pas encore été envoyée. L’appel ferme le {{closingAt}}.</p>' +
        '<p><a href="{{resumeUrl}}">Reprendre la candidature</a></p>',
    },
  },
};

const PLACEHOLDER = /\{\{\s*([A-Za-z0-9_.-]*)\s*\}\}/g;

export function placeholdersIn(text: string): string[] {
  return [...text.matchAll(PLACEHOLDER)].map((m) => m[1]);
}

/** Refuses (400, naming the field) a placeholder the kind does not have, or an HTML-valued one in a subject. */
export function checkPlaceholders(kind: MessageKind, fields: Record<string, string>): void {
  const allowed = new Set(PLACEHOLDERS[kind]);
  for (const [field, text] of Object.entries(fields)) {
    for (const name of placeholdersIn(text)) {
      if (!allowed.has(name) || (field === 'subject' && HTML_VALUES.has(name)))
        throw badRequest('pages.admin.messages.unknown-placeholder', `Unknown placeholder {{${name}}} in ${field}`, {
          errors: { [field]: `unknown placeholder {{${name}}}` },
          placeholder: name,
        });
    }
  }
}

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/** Placeholders replaced: HTML-escaped in HTML (but the product's own HTML values), as they are in text. */
export function fill(text: string, values: Record<string, string>, html: boolean): string {
  return text.replace(PLACEHOLDER, (_, name: string) => {
    const v = values[name] ?? '';
    return html && !HTML_VALUES.has(name) ? escapeHtml(v) : v;
  });
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", apos: "'", nbsp: ' ' };

/** The plain-text part of an HTML message: paragraphs, line breaks, list items and links kept readable. */
export function htmlToText(html: string): string {
  return html
    .replace(/<(head|style|script|title)[^>]*>[\s\S]*?<\/\1>/gi, '')
    .replace(/<img[^>]*alt="([^"]*)"[^>]*>/gi, '$1')
    .replace(/<a\s[^>]*href="([^"]*)"[^>]*>([\s\S]*?)<\/a>/gi, (_, href: string, label: string) => {
      const text = label.replace(/<[^>]+>/g, '').trim();
      return text && text !== href ? `${text} (${href})` : href;
    })
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<li[^>]*>/gi, '\n- ')
    .replace(/<\/(p|div|h[1-6]|ul|ol|table|tr|blockquote)>/gi, '\n\n')
    .replace(/<\/(td|th)>/gi, ' ')
    .replace(/<[^>]+>/g, '')
    .replace(/&(#\d+|#x[0-9a-f]+|[a-z]+|#39);/gi, (m, e: string) => {
      if (ENTITIES[e]) return ENTITIES[e];
      if (/^#x/i.test(e)) return String.fromCodePoint(parseInt(e.slice(2), 16));
      if (e.startsWith('#')) return String.fromCodePoint(Number(e.slice(1)));
      return m;
    })
    .split('\n')
    .map((l) => l.replace(/[ \t\u00a0]+/g, ' ').trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

export interface Branding {
  name: string;
  /** A data URL (PNG/JPEG/GIF/WebP); sent as an inline (cid) image over SMTP. */
  logo: string | null;
  logoWidth: number;
  logoHeight: number;
}

/** The branded layout around a message body (tables and inline styles: what mail programs render). */
export function layout(language: Language, subject: string, body: string, brand: Branding): string {
  const logo = brand.logo
    ? `<img src="${escapeHtml(brand.logo)}" alt="${escapeHtml(brand.name)}" width="${brand.logoWidth}" height="${brand.logoHeight}" style="display:block;border:0;max-width:200px;height:auto">`
    : '';
  const footer = escapeHtml(translate(language, 'messages.layout.footer', { name: brand.name }));
  return (
    `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(subject)}</title></head>` +
    '<body style="margin:0;padding:0;background:#f3f4f6;font-family:Arial,Helvetica,sans-serif;color:#1f2937">' +
    '<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f3f4f6"><tr><td align="center" style="padding:24px 12px">' +
    '<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:600px;background:#ffffff;border-radius:8px">' +
    `<tr><td style="padding:24px 24px 0">${logo}<div style="font-size:18px;font-weight:bold;margin-top:8px">${escapeHtml(brand.name)}</div></td></tr>` +
    `<tr><td style="padding:16px 24px 24px;font-size:15px;line-height:1.5">${body}</td></tr>` +
    `<tr><td style="padding:16px 24px;border-top:1px solid #e5e7eb;color:#6b7280;font-size:12px">${footer}</td></tr>` +
    '</table></td></tr></table></body></html>'
  );
}

/** A date and time as the apps and PDFs write it, in UTC named beside it: the product does not know a recipient's time zone. */
export function formatDate(language: Language, date: Date | string | null | undefined): string {
  return date ? formatDateTimeWithZone(date, language, DEFAULT_TIME_ZONE) : '';
}

export function asLanguage(value: string | null | undefined, fallback: Language): Language {
  return (LANGUAGES as readonly string[]).includes(value ?? '') ? (value as Language) : fallback;
}

export function render(language: Language, template: TemplateText, values: Record<string, string>, brand: Branding) {
  const subject = fill(template.subject, values, false)
    .replace(/[\r\n]+/g, ' ')
    .trim()
    .slice(0, 500);
  const body = fill(template.html, values, true);
  return {
    subject,
    html: layout(language, subject, body, brand),
    text: `${htmlToText(body)}\n\n-- \n${translate(language, 'messages.layout.footer', { name: brand.name })}`,
  };
}
